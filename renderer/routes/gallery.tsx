/**
 * The block gallery for designers (/fr/qa/blocks, /en/qa/blocks): every registered block
 * rendered from its example, in one colour scheme or all three, and each block alone at
 * /{lang}/qa/blocks/{block_type}. Examples are validated and sanitised on the server like
 * any page, so what designers see is what visitors get.
 */
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Block } from "../../schema/block";
import { isLocale } from "../../schema/locales";
import { parseBlock } from "../../schema/parse";
import { blockRegistry, blockTypes } from "../../schema/registry";
import { COLOR_SCHEMES, type ColorScheme, isColorScheme } from "../../schema/theme-values";
import { BlockList } from "../blocks/BlockList";
import { servicesContext } from "../lib/context";
import { PreloadModules, preloadModules } from "../lib/preload";
import { sanitizeBlocks } from "../lib/sanitize.server";
import { siteFactsOf } from "../lib/site-facts";
import { InternalLink } from "../ui/SmartLink";
import type { Route } from "./+types/gallery";
import "../messages/media";

interface GalleryEntry {
  type: string;
  family: string;
  description: string;
  /** The example once per scheme shown. */
  variants: { scheme: ColorScheme; block: Block }[];
}

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const lang = params.lang;
  if (!isLocale(lang))
    throw data({ locale: "fr", status: 404, message: "This page could not be found" }, { status: 404 });
  const only = params.type;
  if (only !== undefined && !Object.hasOwn(blockRegistry, only)) {
    throw data({ locale: lang, status: 404, message: "This page could not be found" }, { status: 404 });
  }
  const requested = url.searchParams.get("scheme");
  const schemes: ColorScheme[] = isColorScheme(requested) ? [requested] : [...COLOR_SCHEMES];
  const frameHosts = context.get(servicesContext).config.embedFrameHosts;
  const entries: GalleryEntry[] = [];
  for (const type of only ? [only] : blockTypes) {
    const definition = blockRegistry[type]!;
    const variants = schemes.flatMap((scheme) => {
      const raw = {
        id: `${type}--${scheme}`,
        block_type: type,
        block_params: { ...(definition.example.block_params as object), color_scheme: scheme },
        fields: definition.example.fields,
      };
      const { block } = parseBlock(raw, 0, (message) => console.warn(`[gallery] ${message}`));
      return block ? [{ scheme, block: sanitizeBlocks([block], { frameHosts })[0]! }] : [];
    });
    entries.push({ type, family: definition.family, description: definition.description[lang], variants });
  }
  const services = context.get(servicesContext);
  // Blocks that load their own data (blog, listings, forms) call the site's content service.
  const siteFacts = siteFactsOf(await services.content.firstLoad(new URL(request.url).hostname));
  // Views, messages and the features' stylesheets (search, maps, forms) of the blocks shown.
  const modules = services.viewModules?.(only ? [only] : blockTypes, lang, "renderer/routes/gallery.tsx") ?? [];
  return {
    locale: lang,
    entries,
    scheme: isColorScheme(requested) ? requested : "all",
    only: only ?? null,
    siteFacts,
    modules,
  };
}

/** Client navigations (another scheme, one block): the views' chunks and stylesheets load first. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const loaded = await serverLoader();
  preloadModules(loaded.modules);
  return loaded;
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const title = loaded?.only ? `${loaded.only} · Galerie des blocs` : "Galerie des blocs";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, entries, scheme, only, modules } = loaderData;
  const base = `/${locale}/qa/blocks${only ? `/${only}` : ""}`;
  return (
    <main id="main-content" tabIndex={-1} className="gallery">
      <PreloadModules hrefs={modules} />
      <div className="container gallery__head">
        <h1 className="title-2">{only ?? t("gallery.title")}</h1>
        <p>{t("gallery.intro", { count: entries.length })}</p>
        <nav aria-label={t("gallery.schemes")} className="gallery__schemes">
          {(["all", ...COLOR_SCHEMES] as const).map((value) => (
            <InternalLink
              key={value}
              to={value === "all" ? base : `${base}?scheme=${value}`}
              aria-current={scheme === value ? "page" : undefined}
              className="btn btn-secondary"
            >
              {t(`gallery.scheme.${value}`)}
            </InternalLink>
          ))}
          {only ? (
            <InternalLink
              to={`/${locale}/qa/blocks${scheme === "all" ? "" : `?scheme=${scheme}`}`}
              className="btn btn-secondary"
            >
              {t("gallery.all-blocks")}
            </InternalLink>
          ) : null}
        </nav>
      </div>
      {entries.map((entry) => (
        <section
          key={entry.type}
          className="gallery__item"
          aria-labelledby={`gallery-${entry.type}`}
          data-gallery-type={entry.type}
        >
          <div className="container gallery__meta">
            <h2 id={`gallery-${entry.type}`} className="gallery__name">
              <InternalLink to={`/${locale}/qa/blocks/${entry.type}${scheme === "all" ? "" : `?scheme=${scheme}`}`}>
                {entry.type}
              </InternalLink>
            </h2>
            <p>
              <span className="gallery__family">{entry.family}</span> · {entry.description}
            </p>
            {entry.variants.length === 0 ? <p role="alert">{t("gallery.invalid-example")}</p> : null}
          </div>
          {entry.variants.map(({ scheme: variantScheme, block }) => (
            <div key={variantScheme} className="gallery__canvas" data-gallery-scheme={variantScheme}>
              <p className="gallery__scheme-label">{t(`gallery.scheme.${variantScheme}`)}</p>
              <BlockList blocks={[block]} locale={locale} siteType="broker" region="content" />
            </div>
          ))}
        </section>
      ))}
    </main>
  );
}
