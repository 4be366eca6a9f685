/**
 * Counts and map grids are kept per listings version in each process (PostgreSQL store, issue 19):
 * asked again they answer the same, and a write by another process (another Storage on the same
 * database) is seen on the next call, in the count and in the grid. Run on both stores: the
 * embedded one answers the same way from its in-memory index.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateListings, type ListingRecord } from "../../server/content/data/listings-generator";
import { loadMunicipalities } from "../../server/content/data/municipalities";
import type { Storage } from "../../server/content/storage";
import type { GridMarker } from "../../server/content/stores/listings";
import { listingHarnesses } from "./harness";

const LISTINGS = generateListings({ count: 300, seed: 11, municipalities: loadMunicipalities() });
const BOX = { south: 45.4, west: -73.9, north: 45.7, east: -73.4 };
const listed = (cells: GridMarker[]) => cells.reduce((n, c) => n + (c.kind === "cluster" ? c.count : 1), 0);

describe.each(listingHarnesses)("$label: counts and grids after a write elsewhere", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
    await store.listings.replaceAll(LISTINGS);
  });
  afterAll(() => db.cleanup());

  it("answers the same when asked again, and sees the other process's write on the next call", async () => {
    const filters = { bounds: BOX, forSaleForRent: "buy" as const };
    const count = await store.listings.count(filters);
    const grid = await store.listings.grid(filters, 9);
    expect(count).toBeGreaterThan(0);
    expect(listed(grid)).toBe(count);
    // Asked together and again: one answer.
    const [a, b] = await Promise.all([store.listings.count(filters), store.listings.count(filters)]);
    expect([a, b]).toEqual([count, count]);
    expect(await store.listings.grid(filters, 9)).toEqual(grid);

    // Another process lists a house in the box, far from every other (its own grid cell at z9).
    const fresh: ListingRecord = {
      ...LISTINGS[0]!,
      uls: "99999977",
      forSaleForRent: "buy",
      coords: { lat: 45.69, lng: -73.41 },
    };
    await other.listings.upsert(fresh);
    expect(await store.listings.count(filters)).toBe(count + 1);
    const after = await store.listings.grid(filters, 9);
    expect(listed(after)).toBe(count + 1);

    // And takes it off the market again.
    await other.listings.remove(fresh.uls);
    expect(await store.listings.count(filters)).toBe(count);
    expect(listed(await store.listings.grid(filters, 9))).toBe(count);
  });
});
