/** The GET /articles request of the blog archive (site.md §7) and when to send it. */
import { FILTER_FETCH_DELAY_MS } from "./constants";

export type SortOrder = "desc" | "asc";

export interface ArticlesRequest {
  language: "fr" | "en";
  page: number;
  limit: number;
  order: SortOrder;
  /** Selected category ids; undefined when all are selected. */
  categories?: readonly number[];
  /** True on the archive's first call only. */
  withCategories: boolean;
}

/** Query parameters in the contract's names; categories omitted when all are selected. */
export function articlesQuery(request: ArticlesRequest): URLSearchParams {
  const query = new URLSearchParams({
    language: request.language,
    page: String(request.page),
    limit: String(request.limit),
    order: request.order,
  });
  if (request.categories?.length) query.set("categories", request.categories.join(","));
  if (request.withCategories) query.set("with_categories", "1");
  return query;
}

/** Why a fetch happens, which decides its delay (site.md §9). */
export type FetchReason = "first" | "next-page" | "filter" | "sort" | "reset";

export function fetchDelay(reason: FetchReason): number {
  return reason === "first" || reason === "next-page" ? 0 : FILTER_FETCH_DELAY_MS;
}
