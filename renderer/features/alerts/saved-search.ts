/**
 * The search page's filters and map area as the alert the dialog saves (issue 32): the keys the
 * saved search knows, nothing else (its schema is strict, an unknown key would be refused).
 */
import type { SavedSearch } from "../../../schema/alerts-shared";
import { type MapBounds, PROPERTY_TYPE_CODES, type SearchFilters } from "../search/filters";

// The search page's type codes (filters.ts), the same list as the saved search's (schema/api.ts).
const TYPES = new Set<string>(PROPERTY_TYPE_CODES);

/**
 * Undefined when the search shows sold listings: an alert tells of listings for sale or rent
 * (new ones, price drops), so a search of sold ones has no alert to offer.
 */
export function savedSearchFrom(filters: SearchFilters, bounds?: MapBounds): SavedSearch | undefined {
  if (filters.status === "sold") return undefined;
  const search: SavedSearch = {};
  if (filters.mun?.length) search.mun = filters.mun;
  const type = filters.type?.filter((t): t is NonNullable<SavedSearch["type"]>[number] => TYPES.has(t));
  if (type?.length) search.type = type;
  if (filters.price_min !== undefined) search.price_min = filters.price_min;
  if (filters.price_max !== undefined) search.price_max = filters.price_max;
  if (filters.bedrooms !== undefined) search.bedrooms = filters.bedrooms;
  if (filters.bathrooms !== undefined) search.bathrooms = filters.bathrooms;
  if (filters.forSaleForRent === "buy" || filters.forSaleForRent === "rent")
    search.forSaleForRent = filters.forSaleForRent;
  if (filters.open_house) search.open_house = true;
  if (bounds) search.bounds = bounds;
  return search;
}
