/**
 * The content client: the same HTTP contract whether the content service is
 * embedded (a Fetch handler called in process) or remote (CONTENT_API_URL).
 * Every answer is parsed with schema/ before use.
 */
import { z } from "zod";
import {
  type ArticleDetail,
  type ArticleSitemapEntry,
  articleDetailAnswerSchema,
  articleSitemapAnswerSchema,
  previewInfoSchema,
} from "../../schema/api";
import type { Locale } from "../../schema/common";
import { type FirstLoadData, firstLoadSchema, type PageData, pageDataSchema } from "../../schema/page";
import type { PreviewInfo } from "../../schema/preview";

export type Fetcher = (request: Request) => Promise<Response>;

export type PageResult = { kind: "page"; page: PageData } | { kind: "error"; status: number; message: string };

const pagesListSchema = z.object({
  pages: z.array(
    z.object({
      page_id: z.string(),
      paths: z.object({ fr: z.string(), en: z.string() }),
      title: z.object({ fr: z.string(), en: z.string() }),
      hidden: z.boolean().default(false),
      version: z.number(),
      updated_at: z.string().optional(),
    }),
  ),
});
export type PageSummary = z.infer<typeof pagesListSchema>["pages"][number];

export interface ContentClient {
  firstLoad(domainName: string): Promise<FirstLoadData>;
  getPage(site: FirstLoadData, path: string, locale: Locale, query?: Record<string, string>): Promise<PageResult>;
  listPages(site: FirstLoadData): Promise<PageSummary[]>;
  /** The page a preview link shows (issue 33); undefined for an unknown, expired or revoked link. */
  getPreview(
    site: FirstLoadData,
    token: string,
    locale: Locale,
  ): Promise<{ page: PageData; preview: PreviewInfo } | undefined>;
  /** One blog article (GET /article/{id}); undefined when it does not exist. */
  getArticle(site: FirstLoadData, id: number, locale: Locale): Promise<ArticleDetail | undefined>;
  /** Every blog article's slugs and dates, newest first (GET /articles/sitemap). */
  listArticles(site: FirstLoadData): Promise<ArticleSitemapEntry[]>;
  /** Raw access for resource routes that proxy a call. */
  fetch(path: string, init: RequestInit & { locale?: Locale }): Promise<Response>;
}

/**
 * Host names whose first load is kept: every site's domains (a thousand sites and more, see
 * docs/scaling.md) with room to spare, while a stream of made-up Host headers (each answered
 * with the default site) cannot grow the map without end.
 */
export const FIRST_LOAD_CACHE_SIZE = 10_000;

export function createContentClient(fetcher: Fetcher, baseUrl = "http://content.internal"): ContentClient {
  // Least recently used first (a Map keeps insertion order; a hit moves its key to the end).
  const firstLoadCache = new Map<string, Promise<FirstLoadData>>();
  // Parsed page answers by their entity tag, or their exact text when the service sends none:
  // an unchanged page is parsed once, not per request.
  const parsedPages = new Map<string, PageResult>();

  async function call(path: string, init: RequestInit & { locale?: Locale } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("accept", "application/json");
    if (init.locale) headers.set("content-language", init.locale);
    if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
    return fetcher(new Request(new URL(path, baseUrl), { ...init, headers }));
  }

  return {
    fetch: call,
    firstLoad(domainName) {
      const key = domainName.toLowerCase();
      let pending = firstLoadCache.get(key);
      if (pending) {
        firstLoadCache.delete(key);
        firstLoadCache.set(key, pending);
      } else {
        pending = (async () => {
          const response = await call("/api/swc/page", { method: "POST", body: JSON.stringify({ domain_name: key }) });
          if (!response.ok) throw new Error(`First load failed with status ${response.status}`);
          return firstLoadSchema.parse(await response.json());
        })();
        pending.catch(() => firstLoadCache.delete(key));
        firstLoadCache.set(key, pending);
        if (firstLoadCache.size > FIRST_LOAD_CACHE_SIZE) {
          firstLoadCache.delete(firstLoadCache.keys().next().value as string);
        }
      }
      return pending;
    },
    async getPage(site, path, locale, query) {
      const response = await call(`/api/swc/${site.microsite_id}/page/${site.site_id}`, {
        method: "POST",
        locale,
        headers: { "x-site-key": site.site_key },
        body: JSON.stringify({ path, query, production: site.production }),
      });
      // An answer already parsed: known by its entity tag without reading it, else by its text.
      const etag = response.ok ? response.headers.get("etag") : null;
      const tagged = etag ? parsedPages.get(etag) : undefined;
      if (tagged) {
        await response.body?.cancel();
        return tagged;
      }
      const text = await response.text();
      const known = response.ok && !etag ? parsedPages.get(text) : undefined;
      if (known) return known;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { kind: "error", status: 500, message: "Unexpected string output." };
      }
      if (typeof body === "string") return { kind: "error", status: 500, message: "Unexpected string output." };
      if (!response.ok) {
        return { kind: "error", status: response.status, message: "Unexpected status code." };
      }
      const parsed = pageDataSchema.safeParse(body);
      if (!parsed.success) {
        console.warn(`Page answer for ${path} failed validation: ${z.prettifyError(parsed.error)}`);
        return { kind: "error", status: 404, message: "This page could not be found" };
      }
      const result: PageResult = { kind: "page", page: parsed.data };
      if (parsedPages.size >= 500) parsedPages.delete(parsedPages.keys().next().value as string);
      parsedPages.set(etag ?? text, result);
      return result;
    },
    async getPreview(site, token, locale) {
      const response = await call(`/api/swc/${site.microsite_id}/preview`, {
        method: "POST",
        locale,
        headers: { "x-site-key": site.site_key },
        body: JSON.stringify({ token }),
      });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`Preview failed with status ${response.status}`);
      return z.object({ page: pageDataSchema, preview: previewInfoSchema }).parse(await response.json());
    },
    async getArticle(site, id, locale) {
      const response = await call(`/api/swc/${site.microsite_id}/article/${id}`, {
        locale,
        headers: { "x-site-key": site.site_key },
      });
      if (response.status === 404 || response.status === 400) return undefined;
      if (!response.ok) throw new Error(`Article ${id} failed with status ${response.status}`);
      return articleDetailAnswerSchema.parse(await response.json()).data;
    },
    async listArticles(site) {
      const response = await call(`/api/swc/${site.microsite_id}/articles/sitemap`, {
        headers: { "x-site-key": site.site_key },
      });
      if (!response.ok) throw new Error(`Listing articles failed with status ${response.status}`);
      return articleSitemapAnswerSchema.parse(await response.json()).data;
    },
    async listPages(site) {
      // The visible pages, with the public site key (the full list, hidden pages included, is for editors).
      const response = await call(`/api/swc/${site.microsite_id}/pages`, {
        headers: { "x-site-key": site.site_key },
      });
      if (!response.ok) throw new Error(`Listing pages failed with status ${response.status}`);
      return pagesListSchema.parse(await response.json()).pages;
    },
  };
}
