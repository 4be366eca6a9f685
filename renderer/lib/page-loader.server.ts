/** Loads a content page for a path (site.md §4 Page load) and shapes what the route renders. */
import { data, redirect } from "react-router";
import { type AssetBases, movesAssets, SAME_ORIGIN_ASSETS, withAssetUrls } from "../../schema/assets";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/common";
import type { PageData } from "../../schema/page";
import { parseBlocks } from "../../schema/parse";
import { withFallbackText } from "../../schema/translations";
import { pageTitleOf, withTitleRichText } from "../blocks/page-title";
import type { AppServices } from "./context";
import { hasVideoSource } from "./media";
import { sanitizeBlocks } from "./sanitize.server";
import { themeStyleText } from "./theme";
import { VIDEO_PLAYER } from "./view-modules.server";

export interface PageView {
  locale: Locale;
  path: string;
  page: Omit<PageData, "content" | "header" | "footer" | "override">;
  header: Block[];
  content: Block[];
  footer: Block[];
  /** Property search hides the footer (site.md §2). */
  hideFooter: boolean;
  origin: string;
  exposeErrors: boolean;
  /** Chunk URLs to preload for this page's blocks and messages. */
  modules: string[];
  /**
   * Per language (a language switch reuses the view): the content block carrying the page's
   * h1 (-1: none, the page prints a hidden one) and whether its headings are shifted up a
   * level (blocks/page-title.ts). Worked out here so the rule's tables stay on the server.
   */
  title: Record<Locale, { index: number; shift: boolean }>;
  /** The theme's CSS variables (lib/theme.ts), written here so the presets stay on the server. */
  themeStyle: string;
}

export interface ErrorView {
  locale: Locale;
  status: number;
  message: string;
  header: Block[];
  footer: Block[];
  page?: PageView["page"];
  /** The site's theme when the error page has its page data (else the root's default). */
  themeStyle?: string;
  debug?: string;
}

export const PROPERTY_SEARCH_PATHS = new Set(["/fr/proprietes", "/en/properties"]);

export function normalisePath(pathname: string): string {
  const clean = pathname.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  return clean === "" ? "/" : clean;
}

// Validated blocks by the identity of their raw list: the content client reuses parsed
// answers, so an unchanged page's blocks are validated and sanitised once.
const validated = new WeakMap<readonly unknown[], Block[]>();
const NO_BLOCKS: Block[] = [];

// Blocks with their asset URLs resolved, by bases (one per process) and validated list.
const resolved = new WeakMap<AssetBases, WeakMap<Block[], Block[]>>();

/** `variantId`: the answer's variant (a raw list belongs to one answer, so to one variant). */
function blocksOf(
  raw: readonly unknown[] | undefined,
  label: string,
  path: string,
  variantId: string | undefined,
  bases: AssetBases = SAME_ORIGIN_ASSETS,
  frameHosts: readonly string[] = [],
): Block[] {
  if (!raw) return NO_BLOCKS;
  let clean = validated.get(raw);
  if (!clean) {
    const { blocks } = parseBlocks(raw, (message) => console.warn(`[page ${path}] ${label}: ${message}`));
    // A text one language left empty shows the other's (the spec's fallback, field by field).
    clean = sanitizeBlocks(blocks, { variantId, frameHosts }).map(withFallbackText);
    validated.set(raw, clean);
  }
  if (!movesAssets(bases)) return clean;
  let byBlocks = resolved.get(bases);
  if (!byBlocks) {
    byBlocks = new WeakMap();
    resolved.set(bases, byBlocks);
  }
  let out = byBlocks.get(clean);
  if (!out) {
    out = withAssetUrls(clean, bases);
    byBlocks.set(clean, out);
  }
  return out;
}

/**
 * Every block_type in a list of blocks, nested ones included (blocks inside fields), and
 * VIDEO_PLAYER when one of them has a video source: what the page's views need.
 */
export function blockTypes(blocks: readonly unknown[]): Set<string> {
  const types = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.block_type === "string") types.add(record.block_type);
      // A media value with a video source: the page needs the lazily loaded player.
      if ((Array.isArray(record.sources) || Array.isArray(record.external_sources)) && hasVideoSource(record))
        types.add(VIDEO_PLAYER);
      for (const child of Object.values(record)) if (child && typeof child === "object") visit(child);
    }
  };
  visit(blocks);
  return types;
}

// Per validated list, which lives as long as its content version (see blocksOf).
const listTypes = new WeakMap<readonly Block[], Set<string>>();
/** The modulepreload URLs of a page's blocks and messages (none without a client build). */
export function pageModules(
  services: AppServices,
  lists: readonly (readonly Block[])[],
  locale: Locale,
  /** The route's source file when it is not the content page's, e.g. "renderer/routes/blog-post.tsx". */
  route?: string,
): string[] {
  if (!services.viewModules) return [];
  const types = new Set<string>();
  for (const list of lists) {
    let known = listTypes.get(list);
    if (!known) {
      known = blockTypes(list);
      listTypes.set(list, known);
    }
    for (const type of known) types.add(type);
  }
  return services.viewModules(types, locale, route);
}

// Views by page answer: the content client keeps one parsed answer per content version, so a
// page that did not change is shaped once per language, path and origin, not per request.
const views = new WeakMap<AppServices, WeakMap<PageData, Map<string, PageView>>>();

function cachedView(services: AppServices, answer: PageData, key: string, build: () => PageView): PageView {
  let byAnswer = views.get(services);
  if (!byAnswer) {
    byAnswer = new WeakMap();
    views.set(services, byAnswer);
  }
  let byKey = byAnswer.get(answer);
  if (!byKey) {
    byKey = new Map();
    byAnswer.set(answer, byKey);
  }
  let view = byKey.get(key);
  if (!view) {
    view = build();
    // A few paths (trailing slashes) and origins (Host headers) per page: bounded all the same.
    if (byKey.size >= 64) byKey.clear();
    byKey.set(key, view);
  }
  return view;
}

/**
 * `url` is the page's URL: a loader's normalised `url`, never `request.url`, which carries React
 * Router's `.data` suffix and `_routes` parameter on client navigations.
 */
export async function loadPage(url: URL, locale: Locale, services: AppServices): Promise<PageView> {
  const path = normalisePath(url.pathname);
  const site = await services.content.firstLoad(url.host);
  const query = Object.fromEntries(url.searchParams);
  const result = await services.content.getPage(site, path, locale, query);
  if (result.kind === "error") {
    throw data({ locale, status: result.status, message: result.message, header: [], footer: [] } satisfies ErrorView, {
      status: result.status,
    });
  }
  return viewOfAnswer(services, result.page, url, locale, path);
}

/**
 * The view of a page answer: blocks validated, sanitised and with their fallback texts, asset
 * URLs resolved, the title's block, the modules to preload. Throws a redirect or an error view
 * for answers that are not a page. A preview (issue 33) shapes its draft's answer here too.
 */
export function viewOfAnswer(
  services: AppServices,
  answer: PageData,
  url: URL,
  locale: Locale,
  path: string,
): PageView {
  const { content, header, footer, override, ...answerFields } = answer;
  const bases = services.config.assets ?? SAME_ORIGIN_ASSETS;
  const frameHosts = services.config.embedFrameHosts;
  // Share images and the favicon point where the site's assets are served from.
  const page = withAssetUrls(answerFields, bases);
  if (page.status === 301 || page.status === 302) {
    if (!page.location) {
      throw data(
        {
          locale,
          status: 500,
          message: "Unexpected redirection response.",
          header: [],
          footer: [],
        } satisfies ErrorView,
        {
          status: 500,
        },
      );
    }
    throw redirect(page.location, page.status);
  }
  const variantId = page.variant?.id;
  const headerBlocks = blocksOf(header, "header", path, variantId, bases, frameHosts);
  const footerBlocks = blocksOf(override?.footer ?? footer, "footer", path, variantId, bases, frameHosts);
  if (page.status >= 400) {
    const known = [403, 404, 410, 500, 503].includes(page.status);
    throw data(
      {
        locale,
        status: page.status,
        message: known ? `errors.${page.status}-message` : "Unexpected status code.",
        header: headerBlocks,
        footer: footerBlocks,
        page,
        themeStyle: themeStyleText(page.theme),
      } satisfies ErrorView,
      { status: page.status },
    );
  }
  const origin = services.config.publicOrigin || url.origin;
  return cachedView(services, answer, `${locale}\n${path}\n${origin}`, () => {
    const seo = override?.seo ? { ...page.seo, ...withAssetUrls(override.seo, bases) } : page.seo;
    const contentBlocks = blocksOf(content, "content", path, variantId, bases, frameHosts);
    // Property search hides the footer (site.md §2): neither its data nor its views are sent.
    const hideFooter = PROPERTY_SEARCH_PATHS.has(path);
    const shownFooter = hideFooter ? [] : footerBlocks;
    const title = { fr: pageTitleOf(contentBlocks, "fr"), en: pageTitleOf(contentBlocks, "en") };
    return {
      locale,
      path,
      page: { ...page, seo: seo as PageData["seo"] },
      header: headerBlocks,
      content: withTitleRichText(contentBlocks, title),
      footer: shownFooter,
      hideFooter,
      origin,
      exposeErrors: services.config.exposeErrors,
      modules: pageModules(services, [headerBlocks, contentBlocks, shownFooter], locale),
      title,
      themeStyle: themeStyleText(page.theme),
    };
  });
}
