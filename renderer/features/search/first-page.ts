/**
 * The search's first page of results, rendered by the server with the page (issue 34): the
 * page's loader asks the content service for it with the filters the block starts from (its
 * defaults and the URL's), so the first cards and their photos are in the HTML, painted
 * before the page's script has run. The block starts from it when its own first request would
 * be the same (no filters kept from earlier in the visit, no map bounds yet), and asks again
 * otherwise.
 */
import type { Listing, Municipality } from "./api";
import { apiQuery, PAGE_SIZE, type SearchFilters } from "./filters";

export interface SearchFirstPage {
  /** The query of GET /properties it answers (firstPageQuery). */
  query: string;
  total: number;
  propertiesListing: Listing[];
  /** The filters' options (GET /search-filters): the form the filter buttons open before the script runs lists them. */
  municipalities: Municipality[];
  price_increments: number[];
}

/** The query of a search's first page, newest first, without map bounds (as the block asks it). */
export const firstPageQuery = (filters: SearchFilters) =>
  apiQuery(filters, { order_by: "newest", limit: PAGE_SIZE }).toString();

/** The block's params without those that are not filters: its default filters. */
export function blockFilterDefaults(params: Record<string, unknown>): SearchFilters {
  const {
    show_map: _m,
    color_scheme: _c,
    bg_color_primary: _b1,
    bg_color_secondary: _b2,
    text_color: _t,
    anchor: _a,
    ...defaults
  } = params;
  return defaults as SearchFilters;
}

// One parse per text: the route's data keeps the same string while the page is shown.
let parsed: { text: string; page: SearchFirstPage } | undefined;

/** The first page from the page route's data (`searchJson`), if the server rendered one. */
export function readFirstPage(data: unknown): SearchFirstPage | undefined {
  const text = (data as { searchJson?: unknown } | null | undefined)?.searchJson;
  if (typeof text !== "string") return undefined;
  if (parsed?.text !== text) parsed = { text, page: JSON.parse(text) as SearchFirstPage };
  return parsed.page;
}
