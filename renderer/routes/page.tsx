/** Every /fr/* and /en/* path: a content page rendered from the content service's blocks. */
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { isLocale } from "../../schema/locales";
import { BlockList } from "../blocks/BlockList";
import { preloadBlocks } from "../blocks/registry";
import { servicesContext } from "../lib/context";
import { LOCALE_COOKIE, localeCookie, readCookie } from "../lib/locale";
import { loadPage, type PageView } from "../lib/page-loader.server";
import { PreloadModules, preloadModules } from "../lib/preload";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/page";

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const lang = params.lang;
  if (!isLocale(lang)) {
    throw data(
      { locale: "fr", status: 404, message: "This page could not be found", header: [], footer: [] },
      { status: 404 },
    );
  }
  const view = await loadPage(url, lang, context.get(servicesContext));
  const headers = new Headers();
  if (readCookie(request.headers.get("cookie"), LOCALE_COOKIE) !== lang)
    headers.append("set-cookie", localeCookie(lang));
  return data(view, { headers });
}

/**
 * Client navigations: the new page's chunks are announced and its block views loaded before it
 * renders, so navigation never suspends on them. The page's data holds the fields of its own
 * language only (localiseBlocks), so switching language fetches the alternate path's data too.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const view = (await serverLoader()) as PageView;
  preloadModules(view.modules);
  await preloadBlocks([...view.header, ...view.content, ...view.footer].map((b) => b.block_type));
  return view;
}
clientLoader.hydrate = false as const;

/**
 * Blocks own their query keys (search filters, blog category): a query change on the same
 * path does not reload the page, unless it changes the content variant.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("variant") === nextUrl.searchParams.get("variant")
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

const SEARCH_FILTER_KEYS = [
  "mun",
  "type",
  "price_min",
  "price_max",
  "bedrooms",
  "bathrooms",
  "forSaleForRent",
  "open_house",
];

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const out = pageMeta(loaderData as PageView);
  // Filtered search results: canonical stays the bare path, and the variants are not indexed.
  const query = new URLSearchParams(location.search);
  if (SEARCH_FILTER_KEYS.some((key) => query.has(key))) {
    return out.map((m) => ("name" in m && m.name === "robots" ? { name: "robots", content: "noindex, follow" } : m));
  }
  return out;
}

export default function PageRoute({ loaderData }: Route.ComponentProps) {
  const view = loaderData as PageView;
  const { locale, page } = view;
  const lastHeader = view.header.at(-1)?.block_type;
  return (
    <>
      <PreloadModules hrefs={view.modules} />
      <BlockList
        blocks={view.header}
        locale={locale}
        siteType={page.site_type}
        region="header"
        variantId={page.variant?.id}
        after={view.content[0]}
      />
      <main id="main-content" tabIndex={-1}>
        <BlockList
          blocks={view.content}
          locale={locale}
          siteType={page.site_type}
          region="content"
          variantId={page.variant?.id}
          before={lastHeader}
        />
      </main>
      {view.hideFooter ? null : (
        <BlockList
          blocks={view.footer}
          locale={locale}
          siteType={page.site_type}
          region="footer"
          variantId={page.variant?.id}
        />
      )}
    </>
  );
}
