/**
 * The search's small fetch client (browser → /api/swc/{micrositeId}/…) with the
 * x-site-key and content-language headers; answers parsed with zod/mini to keep the
 * search page's JavaScript small.
 */
import * as z from "zod/mini";
import type { Locale } from "../../../schema/common";
import type { TooltipData } from "./tooltip-cache";

const localized = z.object({ fr: z.string(), en: z.string() });
const coords = z.object({ lat: z.number(), lng: z.number() });
const specs = z.object({ bed: z.number(), bath: z.number(), area: z.number() });
export const listingSchema = z.object({
  uls: z.string(),
  type: z.string(),
  address: localized,
  price: z.number(),
  forSaleForRent: z.string(),
  url: localized,
  carousel_images: z.array(z.string()),
  property_image: z.string(),
  specs,
  badge: z.nullable(z.string()),
  // The answer also has municipality and listed_at, which no view reads: zod drops them.
  coords,
  brokerage: z.optional(z.string()),
});
export type Listing = z.infer<typeof listingSchema>;
const markerSchema = z.union([
  z.object({ kind: z.literal("listing"), uls: z.string(), coords, price: z.number(), type: z.string() }),
  z.object({ kind: z.literal("cluster"), id: z.number(), coords, count: z.number(), expansion_zoom: z.number() }),
]);
export type Marker = z.infer<typeof markerSchema>;
const countSchema = z.object({ data: z.object({ total: z.number() }) });
const mapSchema = z.object({
  data: z.object({
    total: z.number(),
    propertiesMap: z.array(markerSchema),
    propertiesListing: z.array(listingSchema),
  }),
});
const pageSchema = z.object({ data: z.object({ total: z.number(), propertiesListing: z.array(listingSchema) }) });
const tooltipSchema = z.object({
  uls: z.string(),
  address: localized,
  carousel_images: z.array(z.string()),
  price: z.number(),
  specs,
  type: z.string(),
  url: localized,
});
const municipalitySchema = z.object({ MUN_CODE: z.string(), DESCRIPTION: z.string() });
export type Municipality = z.infer<typeof municipalitySchema>;
const filtersSchema = z.object({
  municipalities: z.array(municipalitySchema),
  property_types: z.array(z.object({ code: z.string(), label: localized })),
  price_increments: z.array(z.number()),
});

export interface SearchApiSite {
  micrositeId?: string;
  siteKey?: string;
  locale: Locale;
}

async function get<T>(site: SearchApiSite, path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
  if (!site.micrositeId) throw new Error("No microsite");
  const response = await fetch(`/api/swc/${encodeURIComponent(site.micrositeId)}${path}`, {
    headers: { accept: "application/json", "x-site-key": site.siteKey ?? "", "content-language": site.locale },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return schema.parse(await response.json());
}

export const searchApi = {
  count: (site: SearchApiSite, q: URLSearchParams, signal?: AbortSignal) =>
    get(site, `/properties?format=count&${q}`, countSchema, signal).then((a) => a.data.total),
  map: (site: SearchApiSite, q: URLSearchParams, signal?: AbortSignal) =>
    get(site, `/properties?format=map&${q}`, mapSchema, signal).then((a) => a.data),
  page: (site: SearchApiSite, q: URLSearchParams, signal?: AbortSignal) =>
    get(site, `/properties?${q}`, pageSchema, signal).then((a) => a.data),
  tooltip: (site: SearchApiSite, uls: string): Promise<TooltipData> =>
    get(site, `/property/${encodeURIComponent(uls)}/tooltip`, tooltipSchema),
  filters: (site: SearchApiSite) => {
    // Municipalities and price steps change with the feed, not with the visitor's filters:
    // fetched once per visit and site language (site.md §9); a failure is asked again.
    const key = `${site.micrositeId}|${site.locale}`;
    let answer = filtersOnce.get(key);
    if (!answer) {
      answer = get(site, "/search-filters", filtersSchema);
      filtersOnce.set(key, answer);
      answer.catch(() => filtersOnce.delete(key));
    }
    return answer;
  },
};

const filtersOnce = new Map<string, Promise<z.infer<typeof filtersSchema>>>();
