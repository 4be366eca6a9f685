/**
 * The listings store's contract, against SQLite and PostgreSQL: every filter, the four
 * orders with their tie-break, paging, map bounds, points, grid cells, documents,
 * municipalities and versions, checked against a plain reference (the spec written as a
 * filter and a sort over the records); then the two stores side by side on random
 * queries.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPERTY_TYPES } from "../../schema/api";
import { generateListings, type ListingRecord } from "../../server/content/data/listings-generator";
import { loadMunicipalities } from "../../server/content/data/municipalities";
import type { Storage } from "../../server/content/storage";
import type { ListingFilters, ListingOrder } from "../../server/content/stores/listings";
import { listingHarnesses, postgresHarness, postgresSqlHarness, sqliteHarness } from "./harness";

const COUNT = 1500;
const municipalities = loadMunicipalities();
const LISTINGS = generateListings({ count: COUNT, seed: 7, municipalities });
const MONTREAL = { south: 45.4, west: -73.9, north: 45.7, east: -73.4 };

/** The spec: which listings match a filter set. */
function matches(l: ListingRecord, f: ListingFilters): boolean {
  if (f.mun?.length && !f.mun.includes(l.municipality.MUN_CODE)) return false;
  if (f.price_min !== undefined && f.price_min > 0 && l.price < f.price_min) return false;
  if (f.price_max !== undefined && l.price > f.price_max) return false;
  if (f.forSaleForRent === "rent" && l.forSaleForRent !== "rent") return false;
  if (f.forSaleForRent === "buy" && l.forSaleForRent === "rent") return false;
  if (f.type?.length && !f.type.includes(l.type)) return false;
  if (f.bedrooms && l.specs.bed < f.bedrooms) return false;
  if (f.bathrooms && l.specs.bath < f.bathrooms) return false;
  if (f.open_house && !l.open_house) return false;
  if (f.status && (l.badge === "sold") !== (f.status === "sold")) return false;
  const b = f.bounds;
  if (b && (l.coords.lat < b.south || l.coords.lat > b.north || l.coords.lng < b.west || l.coords.lng > b.east))
    return false;
  return true;
}

/** The spec: the order of a result list (ties by id, i.e. load order); price orders list sales, then rentals. */
function expected(listings: readonly ListingRecord[], f: ListingFilters, order: ListingOrder): string[] {
  const rows = listings.map((l, i) => ({ l, id: i + 1 })).filter(({ l }) => matches(l, f));
  const key = (r: { l: ListingRecord }) =>
    order === "newest" || order === "oldest" ? Date.parse(r.l.listed_at) : r.l.price;
  const sign = order === "newest" || order === "price_desc" ? -1 : 1;
  const rent = (r: { l: ListingRecord }) => (order.startsWith("price") && r.l.forSaleForRent === "rent" ? 1 : 0);
  rows.sort((a, b) => rent(a) - rent(b) || sign * (key(a) - key(b) || a.id - b.id));
  return rows.map((r) => r.l.uls);
}

const FILTER_SETS: [string, ListingFilters][] = [
  ["none", {}],
  ["buy", { forSaleForRent: "buy" }],
  ["rent", { forSaleForRent: "rent" }],
  ["price range", { price_min: 200_000, price_max: 600_000 }],
  ["price_min 0 means no minimum", { price_min: 0, price_max: 300_000 }],
  ["types", { type: ["condo", "maison"] }],
  ["bedrooms and bathrooms", { bedrooms: 3, bathrooms: 2 }],
  ["open house", { open_house: true }],
  ["for sale or rent, not sold", { status: "active" }],
  ["sold", { status: "sold" }],
  ["sold houses for sale in a price range", { status: "sold", forSaleForRent: "buy", price_min: 200_000 }],
  ["municipalities", { mun: [LISTINGS[0]!.municipality.MUN_CODE, LISTINGS[1]!.municipality.MUN_CODE] }],
  ["unknown municipality", { mun: ["no-such-town"] }],
  ["Montréal bounds", { bounds: MONTREAL }],
  [
    "everything",
    { forSaleForRent: "buy", type: ["condo", "maison"], price_min: 150_000, bedrooms: 2, bounds: MONTREAL },
  ],
];
const ORDERS: ListingOrder[] = ["newest", "oldest", "price_asc", "price_desc"];

describe.each(listingHarnesses)("$label listings store", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
    await store.listings.replaceMunicipalities(
      municipalities.map((m) => ({ MUN_CODE: m.MUN_CODE, DESCRIPTION: m.DESCRIPTION })),
    );
    await store.listings.replaceAll(LISTINGS);
  });
  afterAll(() => db.cleanup());

  it("holds every listing, each document as loaded", async () => {
    expect(await store.listings.size()).toBe(COUNT);
    for (const listing of [LISTINGS[0]!, LISTINGS[COUNT - 1]!, LISTINGS[700]!]) {
      expect(await store.listings.get(listing.uls)).toEqual(listing);
    }
    expect(await store.listings.get("00000000")).toBeUndefined();
  });

  it.each(FILTER_SETS)("counts and pages in every order: %s", async (_name, filters) => {
    for (const order of ORDERS) {
      const all = expected(LISTINGS, filters, order);
      expect(await store.listings.count(filters)).toBe(all.length);
      const first = await store.listings.search(filters, order, 0, 24);
      expect(
        first.map((l) => l.uls),
        order,
      ).toEqual(all.slice(0, 24));
      const third = await store.listings.search(filters, order, 48, 24);
      expect(
        third.map((l) => l.uls),
        `${order} page 3`,
      ).toEqual(all.slice(48, 72));
    }
  });

  it("pages past the end are empty, and the last page is short", async () => {
    const all = expected(LISTINGS, { forSaleForRent: "rent" }, "price_asc");
    const last = await store.listings.search({ forSaleForRent: "rent" }, "price_asc", all.length - 5, 24);
    expect(last.map((l) => l.uls)).toEqual(all.slice(-5));
    expect(await store.listings.search({ forSaleForRent: "rent" }, "price_asc", all.length + 10, 24)).toEqual([]);
  });

  it("keeps map bounds inclusive at their edges", async () => {
    const target = LISTINGS[42]!;
    const edge = {
      south: target.coords.lat,
      north: target.coords.lat,
      west: target.coords.lng,
      east: target.coords.lng,
    };
    const found = await store.listings.search({ bounds: edge }, "newest", 0, 50);
    expect(found.map((l) => l.uls)).toContain(target.uls);
    expect(await store.listings.count({ bounds: edge })).toBe(expected(LISTINGS, { bounds: edge }, "newest").length);
    const beside = { ...edge, west: target.coords.lng + 1e-6, east: target.coords.lng + 1 };
    expect((await store.listings.search({ bounds: beside }, "newest", 0, 1000)).map((l) => l.uls)).not.toContain(
      target.uls,
    );
  });

  it("gives every matching point in id order", async () => {
    const filters: ListingFilters = { forSaleForRent: "buy", bounds: MONTREAL };
    const points = await store.listings.points(filters);
    const want = LISTINGS.filter((l) => matches(l, filters));
    expect(points.map((p) => p.uls)).toEqual(want.map((l) => l.uls));
    expect(points[0]).toEqual({
      uls: want[0]!.uls,
      lat: want[0]!.coords.lat,
      lng: want[0]!.coords.lng,
      price: want[0]!.price,
      type: want[0]!.type,
    });
  });

  it("groups matching listings in grid cells that account for each of them", async () => {
    const filters: ListingFilters = { forSaleForRent: "buy" };
    const cells = await store.listings.grid(filters, 6);
    const total = cells.reduce((n, c) => n + (c.kind === "cluster" ? c.count : 1), 0);
    expect(total).toBe(await store.listings.count(filters));
    const matching = new Set(LISTINGS.filter((l) => matches(l, filters)).map((l) => l.uls));
    for (const cell of cells) {
      if (cell.kind === "listing") expect(matching.has(cell.uls)).toBe(true);
      else expect(cell.expansion).toBeGreaterThan(6);
    }
    // Zoomed far in, every listing is its own cell.
    const close = await store.listings.grid({ bounds: MONTREAL, open_house: true }, 22);
    expect(close.every((c) => c.kind === "listing")).toBe(true);
  });

  it("sorts municipalities in French collation", async () => {
    const names = (await store.listings.municipalities()).map((m) => m.DESCRIPTION);
    expect(names).toHaveLength(municipalities.length);
    const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it("adds and replaces a listing by uls, and another instance sees it on its next read", async () => {
    const version = await store.listings.version();
    // The other instance has read (and indexed) the listings before the write.
    expect(await other.listings.count({})).toBe(COUNT);
    const fresh: ListingRecord = {
      ...LISTINGS[0]!,
      uls: "99999991",
      price: 1,
      listed_at: "2030-01-01T00:00:00.000Z",
      forSaleForRent: "buy",
    };
    await store.listings.upsert(fresh);
    expect(await store.listings.version()).not.toBe(version);
    expect(await other.listings.version()).toBe(await store.listings.version());
    expect(await other.listings.count({})).toBe(COUNT + 1);
    expect((await other.listings.search({}, "newest", 0, 1))[0]?.uls).toBe("99999991");
    expect((await other.listings.search({ forSaleForRent: "buy" }, "price_asc", 0, 1))[0]?.uls).toBe("99999991");
    expect(await other.listings.get("99999991")).toEqual(fresh);

    await other.listings.upsert({ ...fresh, price: 99_000_000 });
    expect(await store.listings.count({})).toBe(COUNT + 1);
    expect((await store.listings.search({}, "price_desc", 0, 1))[0]?.uls).toBe("99999991");
    expect((await store.listings.get("99999991"))?.price).toBe(99_000_000);
  });

  it("takes a listing off the market: out of every read, kept as removed, listed again by an upsert", async () => {
    const gone = LISTINGS[5]!;
    const before = await store.listings.count({});
    expect(await store.listings.removed(gone.uls)).toBeUndefined();
    expect(await store.listings.remove("no-such-listing")).toBe(false);
    expect(await store.listings.remove(gone.uls, "2026-11-20T10:00:00.000Z")).toBe(true);
    // Another process sees it gone on its next read, from the search index as from documents.
    expect(await other.listings.get(gone.uls)).toBeUndefined();
    expect(await other.listings.count({})).toBe(before - 1);
    expect((await other.listings.points({})).some((p) => p.uls === gone.uls)).toBe(false);
    const removed = await other.listings.removed(gone.uls);
    expect(removed?.listing).toEqual(gone);
    expect(removed && Date.parse(removed.removed_at)).toBe(Date.parse("2026-11-20T10:00:00.000Z"));
    expect(await store.listings.remove(gone.uls)).toBe(false);
    await store.listings.upsert(gone);
    expect(await other.listings.removed(gone.uls)).toBeUndefined();
    expect(await other.listings.get(gone.uls)).toEqual(gone);
  });

  it("replaces every listing at once", async () => {
    await other.listings.replaceAll(LISTINGS.slice(0, 10));
    expect(await store.listings.size()).toBe(10);
    expect(await store.listings.count({})).toBe(10);
    expect(await store.listings.get(LISTINGS[20]!.uls)).toBeUndefined();
    expect((await store.listings.search({}, "oldest", 0, 24)).map((l) => l.uls)).toEqual(
      expected(LISTINGS.slice(0, 10), {}, "oldest"),
    );
    await store.listings.replaceAll(LISTINGS);
    expect(await other.listings.count({})).toBe(COUNT);
  });
});

describe.each([
  ["its in-memory index", postgresHarness],
  ["SQL", postgresSqlHarness],
])("SQLite and PostgreSQL answering from %s give the same answers", (_name, pgHarness) => {
  let dbs: Awaited<ReturnType<typeof sqliteHarness.fresh>>[];
  let lite: Storage;
  let postgres: Storage;

  beforeAll(async () => {
    dbs = [await sqliteHarness.fresh(), await pgHarness.fresh()];
    lite = await dbs[0]!.open();
    postgres = await dbs[1]!.open();
    await Promise.all([lite.listings.replaceAll(LISTINGS), postgres.listings.replaceAll(LISTINGS)]);
  });
  afterAll(async () => {
    for (const db of dbs) await db.cleanup();
  });

  const filtersArbitrary: fc.Arbitrary<ListingFilters> = fc.record(
    {
      forSaleForRent: fc.constantFrom("buy" as const, "rent" as const),
      price_min: fc.integer({ min: 0, max: 900_000 }),
      price_max: fc.integer({ min: 300_000, max: 3_000_000 }),
      type: fc.subarray([...PROPERTY_TYPES], { minLength: 1, maxLength: 3 }),
      bedrooms: fc.integer({ min: 1, max: 5 }),
      bathrooms: fc.integer({ min: 1, max: 3 }),
      open_house: fc.constant(true),
      status: fc.constantFrom("active" as const, "sold" as const),
      bounds: fc
        // No NaN: the API's zod schema refuses it before a store sees it (fast-check makes NaN unless told).
        .tuple(
          fc.double({ min: 44.5, max: 50, noNaN: true }),
          fc.double({ min: -80, max: -65, noNaN: true }),
          fc.double({ min: 0.05, max: 6, noNaN: true }),
        )
        .map(([south, west, span]) => ({ south, west, north: south + span, east: west + span })),
    },
    { requiredKeys: [] },
  );

  it("on random filter sets, orders and pages", async () => {
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary,
        fc.constantFrom(...ORDERS),
        fc.integer({ min: 0, max: 60 }),
        async (filters, order, offset) => {
          const [a, b] = await Promise.all([
            lite.listings.search(filters, order, offset, 12),
            postgres.listings.search(filters, order, offset, 12),
          ]);
          expect(b.map((l) => l.uls)).toEqual(a.map((l) => l.uls));
          expect(await postgres.listings.count(filters)).toBe(await lite.listings.count(filters));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("in map points", async () => {
    for (const filters of [{}, { forSaleForRent: "rent" }, { bounds: MONTREAL, type: ["condo"] }] as ListingFilters[]) {
      expect(await postgres.listings.points(filters)).toEqual(await lite.listings.points(filters));
    }
  });

  it("in grid cells at every zoom", async () => {
    for (const zoom of [3, 6, 9, 12]) {
      for (const filters of [{}, { forSaleForRent: "rent" }, { bounds: MONTREAL }] as ListingFilters[]) {
        const key = (c: { kind: string; id?: number; uls?: string }) =>
          c.kind === "cluster" ? `c${c.id}` : `l${c.uls}`;
        const a = (await lite.listings.grid(filters, zoom)).sort((x, y) => key(x).localeCompare(key(y)));
        const b = (await postgres.listings.grid(filters, zoom)).sort((x, y) => key(x).localeCompare(key(y)));
        expect(b.map(key), `zoom ${zoom}`).toEqual(a.map(key));
        b.forEach((cell, i) => {
          const mine = a[i]!;
          if (cell.kind === "cluster" && mine.kind === "cluster") {
            expect(cell.count).toBe(mine.count);
            expect(cell.expansion).toBe(mine.expansion);
            expect(cell.lat).toBeCloseTo(mine.lat, 9);
            expect(cell.lng).toBeCloseTo(mine.lng, 9);
          } else expect(cell).toEqual(mine);
        });
      }
    }
  });
});
