/** Loads a content page for a path (site.md §4 Page load) and shapes what the route renders. */
import { data, redirect } from "react-router";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/common";
import type { PageData } from "../../schema/page";
import { parseBlocks } from "../../schema/parse";
import { VIDEO_PLAYER } from "../../server/view-modules";
import type { AppServices } from "./context";
import { hasVideoSource } from "./media";
import { sanitizeBlocks } from "./sanitize.server";

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
}

export interface ErrorView {
  locale: Locale;
  status: number;
  message: string;
  header: Block[];
  footer: Block[];
  page?: PageView["page"];
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

function blocksOf(raw: readonly unknown[] | undefined, label: string, path: string): Block[] {
  if (!raw) return [];
  const known = validated.get(raw);
  if (known) return known;
  const { blocks } = parseBlocks(raw, (message) => console.warn(`[page ${path}] ${label}: ${message}`));
  const clean = sanitizeBlocks(blocks);
  validated.set(raw, clean);
  return clean;
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

/** The modulepreload URLs of a page's blocks and messages (none without a client build). */
export function pageModules(
  services: AppServices,
  blocks: readonly Block[],
  locale: Locale,
  /** The route's source file when it is not the content page's, e.g. "renderer/routes/blog-post.tsx". */
  route?: string,
): string[] {
  return services.viewModules?.(blockTypes(blocks), locale, route) ?? [];
}

/**
 * `url` is React Router's normalised URL (the loader's `url` argument): on a client
 * navigation the request is `/fr/a-propos.data?_routes=…`, which is not the page's path.
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
  const { content, header, footer, override, ...page } = result.page;
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
  const headerBlocks = blocksOf(header, "header", path);
  const footerBlocks = blocksOf(override?.footer ?? footer, "footer", path);
  if (page.status >= 400) {
    const known = [403, 404, 500, 503].includes(page.status);
    throw data(
      {
        locale,
        status: page.status,
        message: known ? `errors.${page.status}-message` : "Unexpected status code.",
        header: headerBlocks,
        footer: footerBlocks,
        page,
      } satisfies ErrorView,
      { status: page.status },
    );
  }
  const seo = override?.seo ? { ...page.seo, ...override.seo } : page.seo;
  const contentBlocks = blocksOf(content, "content", path);
  const hideFooter = PROPERTY_SEARCH_PATHS.has(path);
  const shownFooter = hideFooter ? [] : footerBlocks;
  return {
    locale,
    path,
    page: { ...page, seo: seo as PageData["seo"] },
    header: headerBlocks,
    content: contentBlocks,
    footer: shownFooter,
    hideFooter,
    origin: services.config.publicOrigin || url.origin,
    exposeErrors: services.config.exposeErrors,
    modules: pageModules(services, [...headerBlocks, ...contentBlocks, ...shownFooter], locale),
  };
}
