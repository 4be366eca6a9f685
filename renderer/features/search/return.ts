/**
 * Back to the search from a listing: when a visitor follows a card, the search page keeps
 * its path (the filters are in its query), its scroll position, how many cards were
 * loaded, its mode (list, map) and the map's view in session storage; the listing's "Retour à la recherche" opens that path, and the
 * search loads as many cards again before scrolling back (parsed with zod/mini).
 */
import * as z from "zod/mini";

export const SEARCH_RETURN_KEY = "search-return";
const searchReturnSchema = z.object({
  /** Path and query of the search page (its filters are in the query). */
  path: z.string().check(z.regex(/^\/(fr|en)\/[^/]/)),
  scrollY: z.number().check(z.minimum(0)),
  /** Cards loaded when the visitor left: the search loads as many again before scrolling. */
  count: z.number().check(z.int(), z.minimum(0)),
  /** List, map or both: a visitor who left from the map comes back to it. */
  mode: z.optional(z.enum(["both", "list", "map"])),
  /** The map's view when the visitor left (its bounds and zoom). */
  view: z.optional(
    z.object({
      bounds: z.object({
        south: z.number().check(z.gte(-90), z.lte(90)),
        west: z.number().check(z.gte(-180), z.lte(180)),
        north: z.number().check(z.gte(-90), z.lte(90)),
        east: z.number().check(z.gte(-180), z.lte(180)),
      }),
      zoom: z.number().check(z.int(), z.gte(0), z.lte(22)),
    }),
  ),
});
export type SearchReturn = z.infer<typeof searchReturnSchema>;

export function readSearchReturn(): SearchReturn | undefined {
  try {
    const raw = sessionStorage.getItem(SEARCH_RETURN_KEY);
    const parsed = searchReturnSchema.safeParse(raw ? JSON.parse(raw) : undefined);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeSearchReturn(value: SearchReturn): void {
  try {
    sessionStorage.setItem(SEARCH_RETURN_KEY, JSON.stringify(value));
  } catch {
    // Without session storage the back link still opens the search with its stored filters.
  }
}
