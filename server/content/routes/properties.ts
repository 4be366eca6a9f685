/** Property calls: GET /properties (count, map, pages), GET /property/:uls/tooltip, GET /municipalities, GET /search-filters. */
import Supercluster, { type ClusterProperties } from "supercluster";
import {
  LISTINGS_PER_SITEMAP,
  listingSitemapAnswerSchema,
  municipalitiesAnswerSchema,
  type PropertiesQuery,
  type PropertyDetail,
  type PropertyMarker,
  propertiesCountAnswerSchema,
  propertiesMapAnswerSchema,
  propertiesPageAnswerSchema,
  propertiesQuerySchema,
  propertyDetailAnswerSchema,
  propertyListingSchema,
  propertyTooltipSchema,
  removedListingAnswerSchema,
  searchFiltersAnswerSchema,
  similarListingsAnswerSchema,
} from "../../../schema/api";
import { defaultPriceIncrements, MAX_MAP_MARKERS, propertyTypeOptions, SEARCH_PAGE_SIZE } from "../../../schema/search";
import { phoneDisplay } from "../../../schema/site-info";
import { withCurrentBadge } from "../data/listing-badge";
import { listingDescription } from "../data/listing-description";
import { HttpError, json, queryObject } from "../http";
import type { Route } from "../service";
import type { SiteRecord } from "../stores/content";
import type { Bounds, ListingFilters, ListingRecord, ListingsStore, MapPoint } from "../stores/listings";

const BOUND_KEYS = ["SouthWest_lat", "SouthWest_lng", "NorthEast_lat", "NorthEast_lng"] as const;

/** Parses the query of GET /properties; a malformed value is a 400 naming the parameter. */
export function parsePropertiesQuery(url: URL): PropertiesQuery {
  const parsed = propertiesQuerySchema.safeParse(queryObject(url));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "query");
      errors[key] ??= issue.message;
    }
    throw new HttpError(400, `Invalid query parameter: ${Object.keys(errors).join(", ")}`, errors);
  }
  const q = parsed.data;
  const given = BOUND_KEYS.filter((k) => q[k] !== undefined);
  if (given.length > 0 && given.length < BOUND_KEYS.length) {
    const missing = BOUND_KEYS.filter((k) => q[k] === undefined);
    throw new HttpError(
      400,
      `Invalid query parameter: ${missing.join(", ")}`,
      Object.fromEntries(missing.map((k) => [k, "required with the other map bounds"])),
    );
  }
  if (given.length === BOUND_KEYS.length) {
    if (q.SouthWest_lat! > q.NorthEast_lat!)
      throw new HttpError(400, "Invalid query parameter: SouthWest_lat", { SouthWest_lat: "above NorthEast_lat" });
    if (q.SouthWest_lng! > q.NorthEast_lng!)
      throw new HttpError(400, "Invalid query parameter: SouthWest_lng", { SouthWest_lng: "east of NorthEast_lng" });
  }
  if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
    throw new HttpError(400, "Invalid query parameter: price_max", { price_max: "below price_min" });
  }
  return q;
}

export function filtersOf(q: PropertiesQuery): ListingFilters {
  const bounds: Bounds | undefined =
    q.SouthWest_lat !== undefined
      ? { south: q.SouthWest_lat, west: q.SouthWest_lng!, north: q.NorthEast_lat!, east: q.NorthEast_lng! }
      : undefined;
  return {
    mun: q.mun?.length ? [...new Set(q.mun)].sort() : undefined,
    type: q.type?.length ? [...new Set(q.type)].sort() : undefined,
    forSaleForRent: q.forSaleForRent,
    price_min: q.price_min,
    price_max: q.price_max,
    bedrooms: q.bedrooms,
    bathrooms: q.bathrooms,
    open_house: q.open_house === "1" ? true : undefined,
    // Sold listings stay out of a search unless its status asks for them.
    status: q.status ?? "active",
    bounds,
  };
}

// ---- clustering -------------------------------------------------------------------

type PointProps = { uls: string; price: number; type: MapPoint["type"] };
type ClusterIndex = Supercluster<PointProps>;

/** Supercluster indexes per filter set (bounds excluded: moving the map reuses the index), least recently used first; filled by warmClusterIndexes. */
class ClusterCache {
  private readonly entries = new Map<string, ClusterIndex>();
  constructor(private readonly capacity = 20) {}

  /** The cached index of a filter set at a listings version, if built. */
  peek(version: number, filters: ListingFilters): ClusterIndex | undefined {
    const { bounds: _ignored, ...rest } = filters;
    return this.entries.get(`${version}|${JSON.stringify(rest)}`);
  }

  async get(store: ListingsStore, filters: ListingFilters): Promise<ClusterIndex> {
    const { bounds: _ignored, ...rest } = filters;
    const key = `${await store.version()}|${JSON.stringify(rest)}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const points = await store.points(rest);
    const index = new Supercluster<PointProps>({ radius: 60, maxZoom: 16, minPoints: 2 });
    index.load(
      points.map((p) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] },
        properties: { uls: p.uls, price: p.price, type: p.type },
      })),
    );
    this.entries.set(key, index);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return index;
  }
}
const clusterCaches = new WeakMap<ListingsStore, ClusterCache>();
function clusterCacheOf(store: ListingsStore): ClusterCache {
  let cache = clusterCaches.get(store);
  if (!cache) {
    cache = new ClusterCache();
    clusterCaches.set(store, cache);
  }
  return cache;
}

/**
 * Builds the store's in-memory search index, then the cluster indexes of the most common
 * filter sets (none, buy, rent) from it, ahead of the first visitor, off the request path.
 * Returns the time it took.
 */
export async function warmClusterIndexes(store: ListingsStore): Promise<number> {
  const started = performance.now();
  await store.warm();
  const cache = clusterCacheOf(store);
  for (const filters of [{}, { forSaleForRent: "buy" }, { forSaleForRent: "rent" }] as ListingFilters[]) {
    await cache.get(store, filtersOf(propertiesQuerySchema.parse(filters)));
  }
  return performance.now() - started;
}

/** Zoom at which the bounds fill a map about 1024 px wide (web-mercator tiles of 256 px). */
export function fitZoom(bounds: Bounds | undefined): number {
  if (!bounds) return 3;
  const lngSpan = Math.max(bounds.east - bounds.west, 1e-6);
  const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360));
  const latSpan = Math.max(Math.abs(y(bounds.north) - y(bounds.south)), 1e-6);
  const zoomLng = Math.log2((1024 * 360) / (256 * lngSpan));
  const zoomLat = Math.log2((768 * 2 * Math.PI) / (256 * latSpan));
  return Math.max(0, Math.min(16, Math.floor(Math.min(zoomLng, zoomLat))));
}

async function markersOf(
  store: ListingsStore,
  filters: ListingFilters,
  total: number,
  zoom?: number,
): Promise<PropertyMarker[]> {
  if (zoom === undefined && total <= MAX_MAP_MARKERS) {
    return (await store.points(filters)).map((p) => ({
      kind: "listing",
      uls: p.uls,
      coords: { lat: p.lat, lng: p.lng },
      price: p.price,
      type: p.type,
    }));
  }
  const cache = clusterCacheOf(store);
  const index = cache.peek(await store.version(), filters);
  const b = filters.bounds;
  const z = zoom ?? fitZoom(b);
  if (!index) {
    // Only the common filter sets (none, buy, rent) get a supercluster index, built at start:
    // building one takes ~100 ms over 50,000 listings and would block the event loop. Any
    // other filter set is clustered on a grid in one scan of the columnar index (a few ms).
    return gridMarkers(store, filters, z);
  }
  const bbox: [number, number, number, number] = b ? [b.west, b.south, b.east, b.north] : [-180, -85, 180, 85];
  const features = fittingClusters(index, bbox, z);
  return features.map((f): PropertyMarker => {
    const [rawLng, rawLat] = f.geometry.coordinates as [number, number];
    const props = f.properties as PointProps | ClusterProperties;
    if ("cluster" in props && props.cluster) {
      return {
        kind: "cluster",
        id: props.cluster_id,
        coords: { lat: round6(rawLat), lng: round6(rawLng) },
        count: props.point_count,
        expansion_zoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), 22),
      };
    }
    const p = props as PointProps;
    return {
      kind: "listing",
      uls: p.uls,
      coords: { lat: round6(rawLat), lng: round6(rawLng) },
      price: p.price,
      type: p.type,
    };
  });
}

/**
 * The clusters of the deepest zoom, at most `zoom`, that has at most MAX_MAP_MARKERS of them in
 * the box. Searched upwards from zoom 0: each level has no fewer clusters than the one above it,
 * so the first level over the limit ends the search, and every answer built is small but the
 * last. (Downwards from a deep zoom, each step built its whole answer: 30,000 points in a
 * Montréal box at a million listings, about 70 ms; tests/properties-markers.test.ts checks
 * both searches pick the same level.)
 */
export function fittingClusters<P extends GeoJSON.GeoJsonProperties>(
  index: Pick<Supercluster<P>, "getClusters">,
  bbox: [number, number, number, number],
  zoom: number,
): ReturnType<Supercluster<P>["getClusters"]> {
  let fit = index.getClusters(bbox, 0);
  if (fit.length > MAX_MAP_MARKERS) return fit;
  for (let z = 1; z <= zoom; z++) {
    const features = index.getClusters(bbox, z);
    if (features.length > MAX_MAP_MARKERS) break;
    fit = features;
  }
  return fit;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

async function gridMarkers(store: ListingsStore, filters: ListingFilters, zoom: number): Promise<PropertyMarker[]> {
  let z = zoom;
  let features = await store.grid(filters, z);
  while (features.length > MAX_MAP_MARKERS && z > 0) {
    z--;
    features = await store.grid(filters, z);
  }
  return features.map((f): PropertyMarker => {
    if (f.kind === "cluster") {
      return {
        kind: "cluster",
        id: f.id,
        coords: { lat: round6(f.lat), lng: round6(f.lng) },
        count: f.count,
        expansion_zoom: f.expansion,
      };
    }
    return { kind: "listing", uls: f.uls, coords: { lat: f.lat, lng: f.lng }, price: f.price, type: f.type };
  });
}

// The badge as of now: "Nouveau" only for the listing's first days (listing-badge.ts).
const toListing = (record: ListingRecord) => propertyListingSchema.parse(withCurrentBadge(record, Date.now()));

/**
 * A listing's description for its page: an imported listing's remarks as the feed gave them (one
 * language shown on both pages, said so: never machine-translated), none when it gave none; a
 * generated listing's written from its facts.
 */
function descriptionOf(listing: ListingRecord): Pick<PropertyDetail, "description" | "description_lang"> {
  const { remarks } = listing;
  if (remarks?.fr || remarks?.en) {
    const fr = remarks.fr ? "fr" : "en";
    const en = remarks.en ? "en" : "fr";
    return {
      description: { fr: (remarks.fr ?? remarks.en)!, en: (remarks.en ?? remarks.fr)! },
      ...(fr !== "fr" || en !== "en" ? { description_lang: { fr, en } } : {}),
    };
  }
  if (listing.description) return { description: listing.description };
  if (listing.provenance) return {};
  return { description: listingDescription(listing) };
}

/** The answer of GET /property/:uls: the listing with what its page adds (description, the site's broker). */
const detailOf = (listing: ListingRecord, broker: PropertyDetail["broker"]) =>
  propertyDetailAnswerSchema.parse({ ...withCurrentBadge(listing, Date.now()), ...descriptionOf(listing), broker });

export const SIMILAR_COUNT = 4;

/**
 * Listings like this one, best first: same type and transaction, price within 25 % and
 * nearby (about 30 km), newest first; widened to 50 % and about 100 km, then to the whole
 * region's type, when too few match. Sold ones are left out (nothing to visit).
 */
export async function similarListings(store: ListingsStore, listing: ListingRecord, limit = SIMILAR_COUNT) {
  const found = new Map<string, ListingRecord>();
  const box = (deg: number): Bounds => {
    const lngDeg = deg / Math.max(0.2, Math.cos((listing.coords.lat * Math.PI) / 180));
    return {
      south: listing.coords.lat - deg,
      north: listing.coords.lat + deg,
      west: listing.coords.lng - lngDeg,
      east: listing.coords.lng + lngDeg,
    };
  };
  const steps: ListingFilters[] = [0.25, 0.5].flatMap((spread, i) => [
    {
      type: [listing.type],
      forSaleForRent: listing.forSaleForRent,
      price_min: Math.floor(listing.price * (1 - spread)),
      price_max: Math.ceil(listing.price * (1 + spread)),
      bounds: box(i === 0 ? 0.27 : 0.9),
    },
  ]);
  steps.push({ type: [listing.type], forSaleForRent: listing.forSaleForRent, bounds: box(2) });
  for (const filters of steps) {
    for (const candidate of await store.search(filters, "newest", 0, limit * 3)) {
      if (candidate.uls === listing.uls || candidate.badge === "sold" || found.has(candidate.uls)) continue;
      found.set(candidate.uls, candidate);
      if (found.size >= limit) return [...found.values()].map(toListing);
    }
  }
  return [...found.values()].map(toListing);
}

/**
 * The broker's card of a listing: on a broker's own site her phone and agency are the site's
 * information (changed once, shown everywhere); an agency's card names one of its brokers.
 */
function brokerCard(site: SiteRecord | undefined) {
  const broker = site?.broker;
  if (!broker || !site?.info || site.site_type !== "broker") return broker;
  return {
    ...broker,
    phone: site.info.phone,
    phone_display: phoneDisplay(site.info.phone),
    agency: site.info.agency_name,
  };
}

export const propertyRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/properties",
    clients: ["protected"],
    handler: async ({ url, storage }) => {
      const { listings } = storage;
      const q = parsePropertiesQuery(url);
      const filters = filtersOf(q);
      const order = q.order_by ?? "newest";
      const total = await listings.count(filters);
      if (q.format === "count") return json(propertiesCountAnswerSchema.parse({ data: { total } }));
      if (q.format === "map") {
        const propertiesListing = (await listings.search(filters, order, 0, q.listingLimit ?? SEARCH_PAGE_SIZE)).map(
          toListing,
        );
        const propertiesMap = await markersOf(listings, filters, total, q.zoom);
        return json(propertiesMapAnswerSchema.parse({ data: { total, propertiesMap, propertiesListing } }));
      }
      const limit = q.limit ?? SEARCH_PAGE_SIZE;
      const offset = ((q.page ?? 1) - 1) * limit;
      const propertiesListing =
        offset < total ? (await listings.search(filters, order, offset, limit)).map(toListing) : [];
      return json(propertiesPageAnswerSchema.parse({ data: { total, propertiesListing } }));
    },
  },
  {
    method: "GET",
    pattern: "/properties/sitemap",
    clients: ["protected"],
    handler: async ({ url, storage }) => {
      const page = Number(url.searchParams.get("page") ?? "1");
      if (!Number.isInteger(page) || page < 1)
        throw new HttpError(400, "Invalid query parameter: page", { page: "format" });
      const total = await storage.listings.count({});
      const pages = Math.ceil(total / LISTINGS_PER_SITEMAP);
      const records =
        page <= pages
          ? await storage.listings.search({}, "oldest", (page - 1) * LISTINGS_PER_SITEMAP, LISTINGS_PER_SITEMAP)
          : [];
      const data = records
        .filter((l) => l.badge !== "sold")
        .map((l) => ({ uls: l.uls, url: l.url, listed_at: l.listed_at }));
      return json(listingSitemapAnswerSchema.parse({ pages, data }), 200, { "cache-control": "public, max-age=600" });
    },
  },
  {
    method: "GET",
    pattern: "/property/:uls",
    clients: ["protected"],
    handler: async ({ params, storage, site }) => {
      const uls = params.uls ?? "";
      const listing = await storage.listings.get(uls);
      if (!listing) {
        const removed = await storage.listings.removed(uls);
        if (!removed) throw new HttpError(404, "Unknown listing");
        // Sold: out of the search, its page shows it sold (the listing pages' rule: no price).
        if (removed.reason === "sold") return json(detailOf({ ...removed.listing, badge: "sold" }, brokerCard(site)));
        // Gone, not missing: the page says so and offers listings like it.
        return json(
          removedListingAnswerSchema.parse({
            status: "error",
            message: "Listing removed",
            removed: true,
            similar: await similarListings(storage.listings, removed.listing),
          }),
          410,
        );
      }
      return json(detailOf(listing, brokerCard(site)));
    },
  },
  {
    method: "GET",
    pattern: "/property/:uls/similar",
    clients: ["protected"],
    handler: async ({ params, storage }) => {
      const listing = await storage.listings.get(params.uls ?? "");
      if (!listing) throw new HttpError(404, "Unknown listing");
      return json(similarListingsAnswerSchema.parse({ data: await similarListings(storage.listings, listing) }));
    },
  },
  {
    method: "GET",
    pattern: "/property/:uls/tooltip",
    clients: ["protected"],
    handler: async ({ params, storage }) => {
      const listing = await storage.listings.get(params.uls ?? "");
      if (!listing) throw new HttpError(404, "Unknown listing");
      return json(
        propertyTooltipSchema.parse({
          uls: listing.uls,
          address: listing.address,
          carousel_images: listing.carousel_images,
          price: listing.price,
          specs: listing.specs,
          type: listing.type,
          url: listing.url,
        }),
      );
    },
  },
  {
    method: "GET",
    pattern: "/municipalities",
    clients: ["unprotected", "protected"],
    handler: async ({ storage }) =>
      json(municipalitiesAnswerSchema.parse({ municipalities: await storage.listings.municipalities() })),
  },
  {
    method: "GET",
    pattern: "/search-filters",
    clients: ["protected"],
    handler: async ({ storage }) =>
      json(
        searchFiltersAnswerSchema.parse({
          municipalities: await storage.listings.municipalities(),
          property_types: propertyTypeOptions(),
          price_increments: defaultPriceIncrements(),
        }),
      ),
  },
];
