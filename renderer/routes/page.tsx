/** Every /fr/* and /en/* path: a content page rendered from the content service's blocks. */
import { useEffect } from "react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { isLocale } from "../../schema/locales";
import { BlockList } from "../blocks/BlockList";
import { preloadBlocks } from "../blocks/registry";
import { pageTag, siteTag } from "../lib/cache-tags";
import { servicesContext } from "../lib/context";
import { localeCookieHeaders } from "../lib/locale.server";
import { allowPageCache } from "../lib/page-cache.server";
import { loadPage, type PageView } from "../lib/page-loader.server";
import { type PageViewText, pageViewText, readPageView } from "../lib/page-match";
import { PreloadModules, preloadModules } from "../lib/preload";
import { searchFirstPage } from "../lib/search-page.server";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/page";

/** Anonymous views of content pages (the search page's shell too) are served from the page cache. */
export const handle = { pageCache: true };

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const lang = params.lang;
  if (!isLocale(lang)) {
    throw data(
      { locale: "fr", status: 404, message: "This page could not be found", header: [], footer: [] },
      { status: 404 },
    );
  }
  const services = context.get(servicesContext);
  const view = await loadPage(url, lang, services);
  allowPageCache(context, lang, pageTags(view));
  // The search's first cards come with the page's HTML, not after its script (issue 34).
  const searchJson = await searchFirstPage(view, url, services);
  const text = cachedText(view);
  return data(searchJson ? { ...text, searchJson } : text, { headers: localeCookieHeaders(request, lang) });
}

function pageTags(view: PageView): string[] {
  const siteId = view.page.site_id;
  if (!siteId) return [];
  return view.page.page_id ? [siteTag(siteId), pageTag(siteId, view.page.page_id)] : [siteTag(siteId)];
}

// The view's text is made once per view, and the page loader keeps one view per content version.
const texts = new WeakMap<PageView, PageViewText>();
function cachedText(view: PageView): PageViewText {
  let text = texts.get(view);
  if (!text) {
    text = pageViewText(view);
    texts.set(view, text);
  }
  return text;
}

/**
 * Skip the fetch when the visitor switches to the alternate path of the page already
 * loaded (site.md §4): the page data already holds both languages.
 */
let lastView: PageView | undefined;
export async function clientLoader({ serverLoader, request, params }: Route.ClientLoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  if (
    lastView &&
    isLocale(params.lang) &&
    lastView.page.alternate_paths.some((a) => a.locale === params.lang && a.path === path)
  ) {
    lastView = { ...lastView, locale: params.lang, path };
    return lastView;
  }
  const loaded = await serverLoader();
  const view = readPageView(loaded) as PageView;
  preloadModules(view.modules);
  // Load the new page's block views before it renders, so navigation never suspends on them.
  await preloadBlocks([...view.header, ...view.content, ...view.footer].map((b) => b.block_type));
  lastView = view;
  // As loaded (the view's text, and the search's first page when there is one).
  return loaded;
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
  const view = readPageView(loaderData);
  if (!view) return [];
  const out = pageMeta(view);
  // Filtered search results: canonical stays the bare path, and the variants are not indexed.
  const query = new URLSearchParams(location.search);
  if (SEARCH_FILTER_KEYS.some((key) => query.has(key))) {
    return out.map((m) => ("name" in m && m.name === "robots" ? { name: "robots", content: "noindex, follow" } : m));
  }
  return out;
}

export default function PageRoute({ loaderData }: Route.ComponentProps) {
  const view = readPageView(loaderData) as PageView;
  const { locale, page } = view;
  const lastHeader = view.header.at(-1)?.block_type;
  const pageTitle = page.title?.[locale];
  useEffect(() => {
    lastView = view;
  }, [view]);
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
        {view.title[locale].index < 0 && pageTitle ? <h1 className="visually-hidden">{pageTitle}</h1> : null}
        <BlockList
          blocks={view.content}
          locale={locale}
          siteType={page.site_type}
          region="content"
          variantId={page.variant?.id}
          before={lastHeader}
          pageTitle={view.title[locale]}
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
