/**
 * The PostgreSQL listings store as production runs it (LISTINGS_INDEX=memory): searches answer
 * from a columnar index in the process once it is built, and from SQL while it is (re)built after
 * a write. Never from an index older than the listings: every answer after a write by another
 * process (another pool on the same database) includes that write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateListings, type ListingRecord } from "../../server/content/data/listings-generator";
import { loadMunicipalities } from "../../server/content/data/municipalities";
import type { Storage } from "../../server/content/storage";
import type { GridMarker, ListingFilters } from "../../server/content/stores/listings";
import { postgresHarnessWith } from "./harness";

const LISTINGS = generateListings({ count: 400, seed: 23, municipalities: loadMunicipalities() });
const BOX = { south: 45.4, west: -73.9, north: 45.7, east: -73.4 };
const listed = (cells: GridMarker[]) => cells.reduce((n, c) => n + (c.kind === "cluster" ? c.count : 1), 0);

describe("PostgreSQL listings with the in-memory index (production mode)", () => {
  let db: Awaited<ReturnType<ReturnType<typeof postgresHarnessWith>["fresh"]>>;
  let reader: Storage;
  let writer: Storage;
  let sql: Storage;
  const store = () => reader.listings;

  beforeAll(async () => {
    db = await postgresHarnessWith("memory").fresh();
    reader = await db.open();
    writer = await db.open();
    // The same database answered by queries only: the reference.
    sql = await (await import("../../server/content/storage")).openPostgresStorage({
      url: db.url!,
      poolMax: 2,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 15000,
      listingsIndex: "sql",
    });
    await writer.listings.replaceAll(LISTINGS);
  });
  afterAll(async () => {
    await sql.close();
    await db.cleanup();
  });

  async function expectSameAsSql(filters: ListingFilters) {
    expect(await reader.listings.count(filters)).toBe(await sql.listings.count(filters));
    const [mine, theirs] = [
      await reader.listings.search(filters, "price_desc", 0, 12),
      await sql.listings.search(filters, "price_desc", 0, 12),
    ];
    expect(mine.map((l) => l.uls)).toEqual(theirs.map((l) => l.uls));
    expect(await reader.listings.points(filters)).toEqual(await sql.listings.points(filters));
    expect(listed(await reader.listings.grid(filters, 9))).toBe(await sql.listings.count(filters));
  }

  it("builds its index on warm-up, then answers from it as SQL does", async () => {
    const builds = store().indexStats.builds;
    await reader.listings.warm();
    expect(store().indexStats.builds).toBe(builds + 1);
    for (const filters of [{}, { forSaleForRent: "buy" }, { bounds: BOX, bedrooms: 2 }] as ListingFilters[]) {
      await expectSameAsSql(filters);
    }
    // Answered from memory: no further build while nothing changed.
    expect(store().indexStats.builds).toBe(builds + 1);
  });

  it("never answers from the old index after another process's write: it takes the writes in, not rebuilt", async () => {
    await reader.listings.warm();
    const filters: ListingFilters = { bounds: BOX, forSaleForRent: "buy" };
    let count = await reader.listings.count(filters);
    const builds = store().indexStats.builds;
    const catchUps = store().indexStats.catchUps;
    for (let round = 0; round < 6; round++) {
      const fresh: ListingRecord = {
        ...LISTINGS[round]!,
        uls: `9999880${round}`,
        forSaleForRent: "buy",
        price: 90_000_000 + round,
        coords: { lat: 45.5 + round / 100, lng: -73.6 },
      };
      await writer.listings.upsert(fresh);
      // The very next calls, while this process's index is a version behind, include the write.
      expect(await reader.listings.count(filters)).toBe(count + 1);
      expect((await reader.listings.search(filters, "price_desc", 0, 1))[0]?.uls).toBe(fresh.uls);
      expect((await reader.listings.points(filters)).some((p) => p.uls === fresh.uls)).toBe(true);
      expect(listed(await reader.listings.grid(filters, 9))).toBe(count + 1);
      count++;
      if (round % 2 === 1) {
        await writer.listings.remove(fresh.uls);
        expect(await reader.listings.count(filters)).toBe(count - 1);
        expect((await reader.listings.search(filters, "price_desc", 0, 1))[0]?.uls).not.toBe(fresh.uls);
        count--;
      }
    }
    // Each write was merged into the index (issue 31: a batch of changes, not a rebuild), and the
    // index answers as SQL does.
    await reader.listings.warm();
    expect(store().indexStats.builds).toBe(builds);
    expect(store().indexStats.catchUps).toBeGreaterThanOrEqual(catchUps + 6);
    await expectSameAsSql(filters);
    await expectSameAsSql({});
    await expectSameAsSql({ forSaleForRent: "rent", bedrooms: 1 });
  });

  it("is built again when it is further behind than the change log reaches", async () => {
    await reader.listings.warm();
    const builds = store().indexStats.builds;
    // 2,000 versions are kept (pruned every 64): this many single writes leave the index behind the floor.
    for (let round = 0; round < 2050; round++) {
      await writer.listings.upsert({ ...LISTINGS[7]!, price: 100_000 + round });
    }
    expect(await reader.listings.count({})).toBe(await sql.listings.count({}));
    await reader.listings.warm();
    expect(store().indexStats.builds).toBe(builds + 1);
    expect(
      (await reader.listings.search({}, "price_desc", 0, 400)).find((l) => l.uls === LISTINGS[7]!.uls)?.price,
    ).toBe(100_000 + 2049);
    await expectSameAsSql({ forSaleForRent: "buy" });
  });

  it("sees a bulk replacement by another process on the next call", async () => {
    await reader.listings.warm();
    expect(await reader.listings.count({})).toBeGreaterThan(10);
    await writer.listings.replaceAll(LISTINGS.slice(0, 10));
    expect(await reader.listings.count({})).toBe(10);
    expect((await reader.listings.search({}, "oldest", 0, 24)).length).toBe(10);
    await reader.listings.warm();
    expect(await reader.listings.count({})).toBe(10);
    expect((await reader.listings.points({})).map((p) => p.uls)).toEqual(LISTINGS.slice(0, 10).map((l) => l.uls));
  });
});
