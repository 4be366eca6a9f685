/**
 * Search filters (site.md §4 Property search): reading them from the URL query with
 * casts, merging with the block's defaults, comparing (arrays sorted first), writing
 * them back to the URL (never the map bounds), persisting them in sessionStorage, and
 * turning them into the query of GET /properties. Pure functions, unit-tested.
 */
import * as z from "zod/mini";

export const PROPERTY_TYPE_CODES = ["maison", "condo", "prop", "ferme", "chalet", "terrain", "comm"] as const;
export const ORDERS = ["newest", "oldest", "price_desc", "price_asc"] as const;
export type Order = (typeof ORDERS)[number];
/** Listings per page of the search's list. */
export const PAGE_SIZE = 25;

export interface SearchFilters {
  mun?: string[];
  type?: string[];
  price_min?: number;
  price_max?: number;
  bedrooms?: number;
  bathrooms?: number;
  forSaleForRent?: string;
  open_house?: boolean;
  /** "sold": sold listings (out of every search otherwise). */
  status?: string;
}

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The recognised query keys, in the order they are written back to the URL. */
export const FILTER_KEYS = [
  "mun",
  "type",
  "price_min",
  "price_max",
  "bedrooms",
  "bathrooms",
  "forSaleForRent",
  "open_house",
  "status",
] as const satisfies readonly (keyof SearchFilters)[];
export type FilterKey = (typeof FILTER_KEYS)[number];
const ARRAY_KEYS = new Set<FilterKey>(["mun", "type"]);
const NUMBER_KEYS = new Set<FilterKey>(["price_min", "price_max", "bedrooms", "bathrooms"]);

/** Casts one query value: mun and type → sorted string arrays, numbers → numbers, open_house → boolean. */
export function castFilter(key: FilterKey, values: readonly string[]): SearchFilters[FilterKey] | undefined {
  if (ARRAY_KEYS.has(key)) {
    const list = values
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
    return list.length ? [...new Set(list)].sort() : undefined;
  }
  const raw = values.at(-1);
  if (raw === undefined || raw === "") return undefined;
  if (NUMBER_KEYS.has(key)) {
    const n = Number(raw.replace(/[\s,]/g, ""));
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  }
  if (key === "open_house")
    return raw === "true" || raw === "1" ? true : raw === "false" || raw === "0" ? false : undefined;
  if (key === "status") return raw === "sold" ? raw : undefined;
  return raw;
}

/** The filters present in a query string, or undefined when no recognised key is present. */
export function filtersFromQuery(params: URLSearchParams): SearchFilters | undefined {
  const out: SearchFilters = {};
  let present = false;
  for (const key of FILTER_KEYS) {
    if (!params.has(key)) continue;
    present = true;
    const value = castFilter(key, params.getAll(key));
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return present ? out : undefined;
}

/** `reset_filters=true` in the query clears the filters. */
export const wantsReset = (params: URLSearchParams) => params.get("reset_filters") === "true";

/** Equality of two filter values; arrays are compared sorted. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const x = [...a].map(String).sort();
    const y = [...b].map(String).sort();
    return x.every((v, i) => v === y[i]);
  }
  return a === b;
}

export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return FILTER_KEYS.every((k) => sameValue(a[k], b[k]));
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === "" || v === false || (Array.isArray(v) && v.length === 0);

/** Drops empty values (false, empty arrays, undefined). */
export function compact(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = {};
  for (const key of FILTER_KEYS) {
    const v = filters[key];
    if (!isEmpty(v)) (out as Record<string, unknown>)[key] = Array.isArray(v) ? [...v].sort() : v;
  }
  return out;
}

/**
 * Applies `next` over `current`: a value is replaced only when it differs (arrays
 * compared sorted), so an unchanged filter set keeps its identity and loads nothing.
 */
export function mergeFilters(current: SearchFilters, next: SearchFilters): SearchFilters {
  let changed = false;
  const out: SearchFilters = { ...current };
  for (const key of FILTER_KEYS) {
    if (key in next && !sameValue(current[key], next[key])) {
      (out as Record<string, unknown>)[key] = next[key];
      changed = true;
    }
  }
  return changed ? compact(out) : current;
}

/** The starting filters: the defaults, merged with the query when it has a recognised key. */
export function initialFilters(
  defaults: SearchFilters,
  params: URLSearchParams,
  stored?: SearchFilters,
): SearchFilters {
  if (wantsReset(params)) return compact(defaults);
  const fromUrl = filtersFromQuery(params);
  if (fromUrl) return compact({ ...defaults, ...fromUrl });
  return compact(stored ?? defaults);
}

/**
 * Writes the non-empty filters into a copy of the query (in FILTER_KEYS order, arrays
 * comma-joined, open_house as true), dropping the filter keys that are now empty and
 * reset_filters. Bounds are never written. Other keys are kept.
 */
export function writeFiltersToQuery(params: URLSearchParams, filters: SearchFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of params)
    if (!(FILTER_KEYS as readonly string[]).includes(k) && k !== "reset_filters") out.append(k, v);
  const clean = compact(filters);
  for (const key of FILTER_KEYS) {
    const v = clean[key];
    if (v === undefined) continue;
    out.set(key, Array.isArray(v) ? v.join(",") : String(v));
  }
  return out;
}

/** Number of active criteria, as shown on the "more criteria" button. */
export function activeFilterCount(filters: SearchFilters, ignore: readonly FilterKey[] = []): number {
  const clean = compact(filters);
  let n = 0;
  for (const key of FILTER_KEYS) {
    if (ignore.includes(key) || clean[key] === undefined) continue;
    n += key === "mun" || key === "type" ? (clean[key] as string[]).length : 1;
  }
  return n;
}

/** Query of GET /properties for filters, optional bounds and zoom, and extra keys. */
export function apiQuery(
  filters: SearchFilters,
  extra: Record<string, string | number | undefined> = {},
  bounds?: MapBounds,
): URLSearchParams {
  const q = new URLSearchParams();
  const clean = compact(filters);
  for (const key of FILTER_KEYS) {
    const v = clean[key];
    if (v === undefined) continue;
    if (key === "open_house") q.set("open_house", "1");
    else q.set(key, Array.isArray(v) ? v.join(",") : String(v));
  }
  if (bounds) {
    q.set("SouthWest_lat", bounds.south.toFixed(6));
    q.set("SouthWest_lng", bounds.west.toFixed(6));
    q.set("NorthEast_lat", bounds.north.toFixed(6));
    q.set("NorthEast_lng", bounds.east.toFixed(6));
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) q.set(k, String(v));
  return q;
}

// ---- sessionStorage -----------------------------------------------------------------

export const STORAGE_KEY = "property-search-filters";
const storedSchema = z.object({
  mun: z.optional(z.array(z.string())),
  type: z.optional(z.array(z.string())),
  price_min: z.optional(z.number()),
  price_max: z.optional(z.number()),
  bedrooms: z.optional(z.number()),
  bathrooms: z.optional(z.number()),
  forSaleForRent: z.optional(z.string()),
  open_house: z.optional(z.boolean()),
  status: z.optional(z.literal("sold")),
});

export function readStoredFilters(storage: Pick<Storage, "getItem"> | undefined): SearchFilters | undefined {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? compact(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

export function storeFilters(storage: Pick<Storage, "setItem"> | undefined, filters: SearchFilters): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(compact(filters)));
  } catch {
    // Private mode or a full storage: the URL still carries the filters.
  }
}
