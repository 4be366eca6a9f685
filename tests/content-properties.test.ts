import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPERTY_BADGES, propertiesMapAnswerSchema, propertiesPageAnswerSchema } from "../schema/api";
import { defaultPriceIncrements } from "../schema/search";
import { currentBadge, NEW_LISTING_DAYS } from "../server/content/data/listing-badge";
import {
  DEFAULT_LISTING_COUNT,
  generateListings,
  LISTING_REFERENCE_DATE,
  type ListingRecord,
} from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";
import { createTestService, getProtected, PROTECTED_BASE, type TestService } from "./helpers/content-service";

let ctx: TestService;
/** The same listings the service seeded (same generator, same seed). */
let all: ListingRecord[];
let active: ListingRecord[];
const get = (q: string) => getProtected(ctx.service, q);
const total = async (q: string) => (await get(`/properties?format=count${q ? `&${q}` : ""}`)).body.data.total as number;

beforeAll(async () => {
  ctx = await createTestService();
  all = generateListings({ municipalities: loadMunicipalities() });
  // What a search shows without a status: every listing but the sold ones.
  active = all.filter((l) => l.badge !== "sold");
});
afterAll(() => ctx.cleanup());

describe("GET /properties filters", () => {
  it("counts everything for sale or rent without filters; sold listings only when asked for", async () => {
    expect(all.length).toBe(DEFAULT_LISTING_COUNT);
    expect(DEFAULT_LISTING_COUNT).toBe(50_000);
    const sold = all.filter((l) => l.badge === "sold").length;
    expect(sold).toBeGreaterThan(0);
    expect(await total("")).toBe(50_000 - sold);
    expect(await total("status=active")).toBe(50_000 - sold);
    expect(await total("status=sold")).toBe(sold);
    const page = propertiesPageAnswerSchema.parse((await get("/properties?limit=100")).body).data.propertiesListing;
    expect(page.some((l) => l.badge === "sold")).toBe(false);
    const soldPage = propertiesPageAnswerSchema.parse((await get("/properties?status=sold&limit=100")).body).data
      .propertiesListing;
    expect(soldPage.length).toBe(Math.min(100, sold));
    expect(soldPage.every((l) => l.badge === "sold")).toBe(true);
    expect((await get("/properties?status=archived")).status).toBe(400);
  });

  it("covers every type and badge in the generated data (as shown at its reference date)", () => {
    expect(new Set(all.map((l) => l.type)).size).toBe(7);
    // "new" is not stored: it is the listing's age when asked (listing-badge.ts).
    const reference = Date.parse(LISTING_REFERENCE_DATE);
    const shown = all.map((l) => currentBadge(l.badge, l.listed_at, reference));
    for (const badge of PROPERTY_BADGES) expect(shown).toContain(badge);
    expect(all.some((l) => l.forSaleForRent === "rent")).toBe(true);
    expect(all.every((l) => l.carousel_images.length >= 1 && l.carousel_images.length <= 10)).toBe(true);
  });

  const cases: [string, string, (l: ListingRecord) => boolean][] = [
    ["mun list", "mun=66023,65005", (l) => ["66023", "65005"].includes(l.municipality.MUN_CODE)],
    ["mun repeated", "mun=66023&mun=65005", (l) => ["66023", "65005"].includes(l.municipality.MUN_CODE)],
    ["price_min", "price_min=500000", (l) => l.price >= 500_000],
    ["price_min null means 0", "price_min=null", () => true],
    ["price_max", "price_max=300000", (l) => l.price <= 300_000],
    ["price range", "price_min=250000&price_max=400000", (l) => l.price >= 250_000 && l.price <= 400_000],
    ["forSaleForRent", "forSaleForRent=rent", (l) => l.forSaleForRent === "rent"],
    ["type list", "type=condo,chalet", (l) => l.type === "condo" || l.type === "chalet"],
    ["bedrooms minimum", "bedrooms=4", (l) => l.specs.bed >= 4],
    ["bathrooms minimum", "bathrooms=2", (l) => l.specs.bath >= 2],
    ["open_house", "open_house=1", (l) => l.open_house],
    [
      "map bounds",
      "SouthWest_lat=45.4&SouthWest_lng=-73.9&NorthEast_lat=45.7&NorthEast_lng=-73.4",
      (l) => l.coords.lat >= 45.4 && l.coords.lat <= 45.7 && l.coords.lng >= -73.9 && l.coords.lng <= -73.4,
    ],
    [
      "combined",
      "forSaleForRent=buy&type=maison&bedrooms=3&price_max=600000&mun=66023,58227,65005",
      (l) =>
        l.forSaleForRent === "buy" &&
        l.type === "maison" &&
        l.specs.bed >= 3 &&
        l.price <= 600_000 &&
        ["66023", "58227", "65005"].includes(l.municipality.MUN_CODE),
    ],
  ];
  it.each(cases)("%s", async (_name, query, predicate) => {
    // Sold listings are out of every search that does not ask for them.
    const expected = all.filter((l) => l.badge !== "sold" && predicate(l));
    expect(expected.length).toBeGreaterThan(0);
    expect(await total(query)).toBe(expected.length);
    const page = await get(`/properties?${query}&limit=100`);
    expect(page.status).toBe(200);
    const listing = propertiesPageAnswerSchema.parse(page.body).data.propertiesListing;
    expect(listing.length).toBe(Math.min(100, expected.length));
    const byUls = new Map(all.map((l) => [l.uls, l]));
    for (const item of listing) expect(predicate(byUls.get(item.uls)!)).toBe(true);
  });
});

describe("the Nouveau badge", () => {
  it("marks the listings of the last week when asked, not most of the newest hundred", async () => {
    const newest = propertiesPageAnswerSchema.parse((await get("/properties?limit=100")).body).data.propertiesListing;
    expect(newest).toHaveLength(100);
    const now = Date.now();
    const isRecent = (l: (typeof newest)[number]) => now - Date.parse(l.listed_at!) < NEW_LISTING_DAYS * 86_400_000;
    // The demo was seeded now: its newest listings are days old, some of them new, not all.
    const marked = newest.filter((l) => l.badge === "new");
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.length).toBeLessThan(60);
    expect(marked.every(isRecent)).toBe(true);
    expect(newest.filter((l) => !isRecent(l)).length).toBeGreaterThan(30);
    // An older listing never says it; a recent one says it unless a badge that lasts comes first.
    for (const l of newest) {
      if (!isRecent(l)) expect(l.badge).not.toBe("new");
      else expect(["new", "open_house", "new_build", "foreclosed"]).toContain(l.badge);
    }
  });
});

describe("GET /properties ordering and paging", () => {
  it("defaults to newest and 25 per page", async () => {
    const { body } = await get("/properties");
    expect(body.data.total).toBe(active.length);
    expect(body.data.propertiesListing).toHaveLength(25);
    const dates = body.data.propertiesListing.map((l: ListingRecord) => l.listed_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const newest = [...active].sort((a, b) => b.listed_at.localeCompare(a.listed_at))[0]!;
    expect(body.data.propertiesListing[0].uls).toBe(newest.uls);
  });

  it.each([
    ["oldest", (a: ListingRecord, b: ListingRecord) => a.listed_at.localeCompare(b.listed_at)],
    ["price_asc", (a: ListingRecord, b: ListingRecord) => a.price - b.price],
    ["price_desc", (a: ListingRecord, b: ListingRecord) => b.price - a.price],
  ] as const)("orders by %s", async (order, compare) => {
    const { body } = await get(`/properties?order_by=${order}&limit=50`);
    const items = body.data.propertiesListing as ListingRecord[];
    for (let i = 1; i < items.length; i++) expect(compare(items[i - 1]!, items[i]!)).toBeLessThanOrEqual(0);
  });

  it.each([
    ["price_asc", 1],
    ["price_desc", -1],
  ] as const)("%s lists sales, then rentals, each by price, when no transaction is chosen", async (order, sign) => {
    // A municipality small enough for one page, with sales and rentals.
    const byMun = Map.groupBy(all, (l) => l.municipality.MUN_CODE);
    const [mun, listings] = [...byMun].find(
      ([, ls]) =>
        ls.length <= 100 &&
        ls.some((l) => l.forSaleForRent === "rent") &&
        ls.filter((l) => l.forSaleForRent === "buy").length > 1,
    )!;
    const expected = [...listings]
      .sort(
        (a, b) =>
          Number(a.forSaleForRent === "rent") - Number(b.forSaleForRent === "rent") || sign * (a.price - b.price),
      )
      .map((l) => `${l.forSaleForRent} ${l.price}`);
    const { body } = await get(`/properties?mun=${mun}&order_by=${order}&limit=100`);
    const items = body.data.propertiesListing as ListingRecord[];
    expect(items.map((l) => `${l.forSaleForRent} ${l.price}`)).toEqual(expected);
    // Across the whole set too: the last sale comes before the first rental, on two pages.
    const sales = await total("forSaleForRent=buy");
    const page = Math.floor(sales / 50) + 1;
    const edge = (await get(`/properties?order_by=${order}&page=${page}&limit=50`)).body.data
      .propertiesListing as ListingRecord[];
    const firstRent = edge.findIndex((l) => l.forSaleForRent === "rent");
    expect(firstRent).toBe(sales % 50);
    expect(edge.slice(firstRent).every((l) => l.forSaleForRent === "rent")).toBe(true);
  });

  it("pages without overlap", async () => {
    const first = (await get("/properties?order_by=price_asc&page=1&limit=20")).body.data.propertiesListing;
    const second = (await get("/properties?order_by=price_asc&page=2&limit=20")).body.data.propertiesListing;
    const both = (await get("/properties?order_by=price_asc&page=1&limit=40")).body.data.propertiesListing;
    expect([...first, ...second].map((l: ListingRecord) => l.uls)).toEqual(both.map((l: ListingRecord) => l.uls));
    const beyond = await get("/properties?page=3000&limit=25");
    expect(beyond.body.data).toEqual({ total: active.length, propertiesListing: [] });
  });
});

describe("GET /properties bad queries", () => {
  it.each([
    ["bedrooms=abc", "bedrooms"],
    ["type=villa", "type"],
    ["order_by=cheapest", "order_by"],
    ["price_min=-5", "price_min"],
    ["limit=1000", "limit"],
    ["forSaleForRent=lease", "forSaleForRent"],
    ["open_house=true", "open_house"],
    ["SouthWest_lat=45", "NorthEast_lat"],
    ["SouthWest_lat=46&SouthWest_lng=-74&NorthEast_lat=45&NorthEast_lng=-73", "SouthWest_lat"],
    ["mun=<script>", "mun"],
    ["format=csv", "format"],
  ])("%s answers 400 naming %s", async (query, param) => {
    const { status, body } = await get(`/properties?${query}`);
    expect(status).toBe(400);
    expect(body.status).toBe("error");
    expect(body.message).toContain(param);
    expect(body.errors).toHaveProperty(param);
  });

  it("refuses a wrong site key", async () => {
    const response = await ctx.service.handle(
      new Request(`${PROTECTED_BASE}/properties`, { headers: { "x-site-key": "sk_wrong_key_000000000" } }),
    );
    expect(response.status).toBe(401);
  });
});

describe("GET /properties format=map", () => {
  it("sends plain markers for a small result", async () => {
    const { body } = await get("/properties?format=map&type=ferme&forSaleForRent=rent&listingLimit=5");
    const data = propertiesMapAnswerSchema.parse(body).data;
    expect(data.total).toBe(active.filter((l) => l.type === "ferme" && l.forSaleForRent === "rent").length);
    expect(data.total).toBeLessThanOrEqual(300);
    expect(data.propertiesMap).toHaveLength(data.total);
    expect(data.propertiesMap.every((m) => m.kind === "listing")).toBe(true);
    expect(data.propertiesListing).toHaveLength(5);
  });

  it("clusters a large result to at most 300 markers that account for every listing", async () => {
    const { body } = await get("/properties?format=map");
    const data = propertiesMapAnswerSchema.parse(body).data;
    expect(data.total).toBe(active.length);
    expect(data.propertiesMap.length).toBeLessThanOrEqual(300);
    expect(data.propertiesMap.some((m) => m.kind === "cluster")).toBe(true);
    const count = data.propertiesMap.reduce((sum, m) => sum + (m.kind === "cluster" ? m.count : 1), 0);
    expect(count).toBe(active.length);
    expect(data.propertiesListing).toHaveLength(25);
  });

  it("clusters at the given zoom within bounds, never above 300 markers", async () => {
    const bounds = "SouthWest_lat=44.5&SouthWest_lng=-80.42&NorthEast_lat=62.98&NorthEast_lng=-55.33";
    for (const zoom of [4, 8, 12, 16, 22]) {
      const { body } = await get(`/properties?format=map&zoom=${zoom}&${bounds}`);
      const data = propertiesMapAnswerSchema.parse(body).data;
      expect(data.propertiesMap.length).toBeLessThanOrEqual(300);
      for (const m of data.propertiesMap) {
        if (m.kind === "cluster") expect(m.expansion_zoom).toBeGreaterThan(0);
      }
    }
    const near = await get(
      "/properties?format=map&zoom=13&SouthWest_lat=45.5&SouthWest_lng=-73.6&NorthEast_lat=45.52&NorthEast_lng=-73.55",
    );
    const data = propertiesMapAnswerSchema.parse(near.body).data;
    for (const m of data.propertiesMap) {
      expect(m.coords.lat).toBeGreaterThanOrEqual(45.49);
      expect(m.coords.lat).toBeLessThanOrEqual(45.53);
    }
  });
});

describe("tooltip, municipalities, search filters", () => {
  it("answers a listing's tooltip", async () => {
    const listing = all[10]!;
    const { status, body } = await get(`/property/${listing.uls}/tooltip`);
    expect(status).toBe(200);
    expect(body).toEqual({
      uls: listing.uls,
      address: listing.address,
      carousel_images: listing.carousel_images,
      price: listing.price,
      specs: listing.specs,
      type: listing.type,
      url: listing.url,
    });
  });

  it("answers 404 for an unknown listing", async () => {
    const { status, body } = await get("/property/99999999999/tooltip");
    expect(status).toBe(404);
    expect(body.status).toBe("error");
  });

  it("lists municipalities on the unprotected client, sorted in French", async () => {
    const response = await ctx.service.handle(new Request("http://localhost/api/swc/municipalities"));
    expect(response.status).toBe(200);
    const { municipalities } = (await response.json()) as { municipalities: { DESCRIPTION: string }[] };
    expect(municipalities.length).toBeGreaterThanOrEqual(100);
    const names = municipalities.map((m) => m.DESCRIPTION);
    expect([...names].sort(new Intl.Collator("fr").compare)).toEqual(names);
    expect(names.indexOf("Lévis")).toBeLessThan(names.indexOf("Longueuil"));
    expect(names.indexOf("Laval")).toBeLessThan(names.indexOf("Lévis"));
  });

  it("answers the search filters with the default price increments", async () => {
    const { status, body } = await get("/search-filters");
    expect(status).toBe(200);
    expect(body.property_types.map((t: { code: string }) => t.code)).toEqual([
      "maison",
      "condo",
      "prop",
      "ferme",
      "chalet",
      "terrain",
      "comm",
    ]);
    expect(body.price_increments).toEqual(defaultPriceIncrements());
    const increments = defaultPriceIncrements();
    expect(increments.slice(0, 3)).toEqual([0, 25_000, 50_000]);
    expect(increments).toContain(500_000);
    expect(increments).toContain(550_000);
    expect(increments).not.toContain(525_000);
    expect(increments.slice(-6)).toEqual([1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000, 10_000_000]);
    expect(body.municipalities.length).toBeGreaterThan(100);
  });
});
