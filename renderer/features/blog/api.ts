/**
 * The browser side of GET /articles (site.md §7): the protected core client's path
 * (/api/swc/{microsite_id}/articles) with x-site-key and content-language headers;
 * the answer is parsed with zod/mini to keep full zod out of the public bundle.
 */
import * as z from "zod/mini";
import type { SiteInfo } from "../../lib/site";
import { type ArticlesRequest, articlesQuery } from "./request";

const localized = z.object({ fr: z.string(), en: z.string() });
export const categoryAnswer = z.object({ id: z.number(), label: localized, articles_count: z.number() });
export const articleAnswer = z.object({
  id: z.number(),
  slug: z.object({ fr: z.nullable(z.string()), en: z.nullable(z.string()) }),
  title: z.string(),
  excerpt: z.string(),
  thumbnails: z.object({ url_small: z.string(), url_large: z.string() }),
  author: z.object({ name: z.string(), thumbnail: z.optional(z.string()) }),
  category: z.string(),
  published_at: z.string(),
  read_time: z.number(),
});
export const articlesAnswer = z.object({
  data: z.object({
    categories: z.optional(z.array(categoryAnswer)),
    articles: z.array(articleAnswer),
    total: z.number(),
  }),
});
export type BlogCategory = z.infer<typeof categoryAnswer>;
export type BlogArticle = z.infer<typeof articleAnswer>;
export type ArticlesAnswer = z.infer<typeof articlesAnswer>["data"];

export function articlesUrl(site: Pick<SiteInfo, "micrositeId">, request: ArticlesRequest): string {
  return `/api/swc/${encodeURIComponent(site.micrositeId ?? "")}/articles?${articlesQuery(request)}`;
}

/** Fetches one page of articles; undefined when there is no usable answer (nothing happens then). */
export async function fetchArticles(
  site: Pick<SiteInfo, "micrositeId" | "siteKey" | "locale">,
  request: ArticlesRequest,
  signal?: AbortSignal,
): Promise<ArticlesAnswer | undefined> {
  if (!site.micrositeId) return undefined;
  try {
    const response = await fetch(articlesUrl(site, request), {
      signal,
      headers: { accept: "application/json", "x-site-key": site.siteKey ?? "", "content-language": site.locale },
    });
    if (!response.ok) return undefined;
    const parsed = articlesAnswer.safeParse(await response.json());
    return parsed.success ? parsed.data.data : undefined;
  } catch {
    return undefined;
  }
}
