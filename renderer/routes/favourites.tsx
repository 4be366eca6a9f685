/**
 * The visitor's favourite listings (/fr/favoris, /en/favourites): kept on this device only
 * (localStorage, renderer/features/listing/device.ts), so the server renders the page's
 * frame and the list shows once the browser has read them. Not indexed: it differs per device.
 */
import "../messages/listing";
import "../messages/listing-later";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Block } from "../../schema/block";
import { isLocale } from "../../schema/locales";
import { parseBlocks } from "../../schema/parse";
import { BlockList } from "../blocks/BlockList";
import { useHydrated } from "../features/forms/useHydrated";
import { useFavourites } from "../features/listing/device";
import { FavouriteButton } from "../features/listing/parts";
import { PropertyCard } from "../features/search/PropertyCard";
import "../features/search/search.css";
import "../features/listing/listing.css";
import { SAME_ORIGIN_ASSETS, withAssetUrls } from "../../schema/assets";
import { servicesContext } from "../lib/context";
import { getI18n } from "../lib/i18n";
import { SiteProvider, useSite } from "../lib/site";
import { type SiteFacts, siteFactsOf, variantQuery, withAnswerVariant } from "../lib/site-facts";
import { withVariant } from "../ui/SmartLink";
import type { Route } from "./+types/favourites";
import { SEARCH_PATHS } from "./listing";

export const FAVOURITES_PATHS = { fr: "/fr/favoris", en: "/en/favourites" } as const;

interface FavouritesView {
  locale: "fr" | "en";
  header: Block[];
  footer: Block[];
  siteType: "broker" | "agency";
  micrositeId: string;
  siteKey: string;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const lang = params.lang;
  // /fr/favoris and /en/favourites only: the other language's word is not a page.
  if (!isLocale(lang) || url.pathname !== FAVOURITES_PATHS[lang]) {
    throw data(
      { locale: isLocale(lang) ? lang : "fr", status: 404, message: "errors.404-message", header: [], footer: [] },
      { status: 404 },
    );
  }
  const services = context.get(servicesContext);
  const site = await services.content.firstLoad(url.host);
  const home = await services.content.getPage(site, `/${lang}`, lang, variantQuery(url));
  const page = home.kind === "page" ? home.page : undefined;
  const bases = services.config.assets ?? SAME_ORIGIN_ASSETS;
  const blocks = (raw: readonly unknown[] | undefined) =>
    withAssetUrls(parseBlocks(raw, () => undefined).blocks, bases);
  return {
    locale: lang,
    header: blocks(page?.header),
    footer: blocks(page?.footer),
    siteType: page?.site_type ?? "broker",
    micrositeId: site.microsite_id,
    siteKey: site.site_key,
    // The shell reads the captcha key and the site's facts from here (no content page on this route).
    siteFacts: withAnswerVariant(siteFactsOf(site), page?.variant),
  } satisfies FavouritesView & { siteFacts: SiteFacts };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const view = loaderData as FavouritesView | undefined;
  if (!view) return [];
  return [
    { title: getI18n(view.locale).t("listing.favourites.title") },
    { name: "robots", content: "noindex, follow" },
  ];
}

function Favourites({ locale }: { locale: "fr" | "en" }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const favourites = useFavourites();
  const { variantId } = useSite();
  return (
    <div className="container favourites-page" data-scheme="normal">
      <h1 className="title-2">{t("listing.favourites.title")}</h1>
      <p className="text-body">{t("listing.favourites.intro")}</p>
      {!hydrated ? (
        <p aria-live="polite">{t("listing.favourites.loading")}</p>
      ) : favourites.length === 0 ? (
        <div className="favourites-empty">
          <p className="text-body">{t("listing.favourites.empty")}</p>
          <p>
            <a className="btn btn-primary" href={withVariant(SEARCH_PATHS[locale], variantId)}>
              {t("listing.favourites.search")}
            </a>
          </p>
        </div>
      ) : (
        <ul className="favourites-grid">
          {favourites.map(({ listing }) => (
            <li key={listing.uls}>
              <PropertyCard listing={listing} locale={locale} headingLevel={2} />
              <FavouriteButton listing={listing} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function FavouritesRoute({ loaderData }: Route.ComponentProps) {
  const view = loaderData as FavouritesView;
  const outer = useSite();
  return (
    <SiteProvider
      value={{
        ...outer,
        locale: view.locale,
        siteType: view.siteType,
        micrositeId: view.micrositeId,
        siteKey: view.siteKey,
        alternatePaths: FAVOURITES_PATHS,
      }}
    >
      <BlockList blocks={view.header} locale={view.locale} siteType={view.siteType} region="header" />
      <main id="main-content" tabIndex={-1}>
        <Favourites locale={view.locale} />
      </main>
      <BlockList blocks={view.footer} locale={view.locale} siteType={view.siteType} region="footer" />
    </SiteProvider>
  );
}
