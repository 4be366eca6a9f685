/**
 * Listing writes in batches (issue 31), on SQLite and PostgreSQL: the change events every write
 * records (new, price change, status change, back on the market, open house added, removed and
 * why), written exactly as stored being no write at all, a batch and its caller's work committed
 * together or not at all, sold listings kept for their page and out of the search, and the
 * demo's generated listings deleted by the first import.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateListings, type ListingRecord } from "../../server/content/data/listings-generator";
import { loadMunicipalities } from "../../server/content/data/municipalities";
import type { Storage } from "../../server/content/storage";
import { harnesses } from "./harness";

const LISTINGS = generateListings({ count: 40, seed: 17, municipalities: loadMunicipalities() });

describe.each(harnesses)("$label listing events and batches", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
    await store.listings.replaceAll(LISTINGS.slice(0, 30));
  });
  afterAll(() => db.cleanup());

  const events = async (after: number) =>
    (await other.listings.events(after)).map((e) => [e.uls, e.kind, e.data, e.source]);
  const last = async () => (await store.listings.events(0, 100_000)).at(-1)?.seq ?? 0;
  const feed = (l: ListingRecord, extra: Partial<ListingRecord> = {}): ListingRecord => ({
    ...l,
    status: "active",
    ...extra,
  });

  it("records what changed, in commit order, for the feed's writes and any other", async () => {
    const seq = await last();
    const [a, b, c] = LISTINGS.slice(30, 33) as [ListingRecord, ListingRecord, ListingRecord];
    const applied = await store.listings.applyChanges({ upserts: [feed(a), feed(b), feed(c)], source: "s" });
    expect(applied).toMatchObject({ created: [a.uls, b.uls, c.uls], updated: [], unchanged: [], events: 3 });
    await store.listings.applyChanges({
      source: "s",
      upserts: [
        feed(a, { price: a.price + 5000 }),
        feed(b, { status: "pending" }),
        feed(c, { open_houses: [{ start: "2030-01-05T18:00:00.000Z", end: "2030-01-05T20:00:00.000Z" }] }),
      ],
    });
    await store.listings.applyChanges({ source: "s", upserts: [feed(b, { status: "active" })] });
    await other.listings.applyChanges({
      source: "s",
      removals: [{ uls: c.uls, reason: "sold", doc: feed(c, { badge: "sold", status: "sold" }) }],
    });
    // Outside a feed: the store diffs what it had.
    await store.listings.upsert({ ...LISTINGS[0]!, price: LISTINGS[0]!.price - 1000 });
    await store.listings.remove(LISTINGS[1]!.uls);
    await store.listings.upsert(LISTINGS[1]!);
    expect(await events(seq)).toEqual([
      [a.uls, "new", { price: a.price, forSaleForRent: a.forSaleForRent }, "s"],
      [b.uls, "new", { price: b.price, forSaleForRent: b.forSaleForRent }, "s"],
      [c.uls, "new", { price: c.price, forSaleForRent: c.forSaleForRent }, "s"],
      [a.uls, "price_change", { old: a.price, new: a.price + 5000 }, "s"],
      [b.uls, "status_change", { old: "active", new: "pending" }, "s"],
      [c.uls, "open_house_added", { start: "2030-01-05T18:00:00.000Z", end: "2030-01-05T20:00:00.000Z" }, "s"],
      [b.uls, "status_change", { old: "pending", new: "active" }, "s"],
      [b.uls, "back_on_market", { after: "pending" }, "s"],
      [c.uls, "status_change", { old: "active", new: "sold" }, "s"],
      [c.uls, "removed", { reason: "sold" }, "s"],
      [LISTINGS[0]!.uls, "price_change", { old: LISTINGS[0]!.price, new: LISTINGS[0]!.price - 1000 }, null],
      [LISTINGS[1]!.uls, "removed", { reason: "removed" }, null],
      [LISTINGS[1]!.uls, "back_on_market", { after: "removed" }, null],
    ]);
    // Sold: out of the search, its page kept (sold); removed then listed again: listed.
    expect(await other.listings.get(c.uls)).toBeUndefined();
    expect(await other.listings.removed(c.uls)).toMatchObject({ reason: "sold", listing: { badge: "sold" } });
    expect((await other.listings.search({}, "newest", 0, 100)).some((l) => l.uls === c.uls)).toBe(false);
    expect(await other.listings.removed(LISTINGS[1]!.uls)).toBeUndefined();
  });

  it("leaves a listing written exactly as stored alone: no version, no event", async () => {
    const [a] = LISTINGS.slice(30, 31) as [ListingRecord];
    const version = await store.listings.version();
    const seq = await last();
    const stored = (await store.listings.get(a.uls))!;
    const applied = await store.listings.applyChanges({ upserts: [stored], source: "s" });
    expect(applied).toMatchObject({ unchanged: [a.uls], created: [], updated: [], events: 0 });
    expect(await store.listings.version()).toBe(version);
    expect(await last()).toBe(seq);
  });

  it("commits a batch with its caller's work, or neither", async () => {
    const fresh = LISTINGS[35]!;
    const version = await store.listings.version();
    await expect(
      store.listings.applyChanges({ upserts: [fresh], source: "s" }, async (trx) => {
        await store.feeds.setCursor("s", "sync", { after: "x" }, trx);
        throw new Error("killed mid-batch");
      }),
    ).rejects.toThrow("killed mid-batch");
    expect(await other.listings.get(fresh.uls)).toBeUndefined();
    expect(await other.feeds.cursor("s", "sync")).toBeUndefined();
    expect(await other.listings.version()).toBe(version);
    await store.listings.applyChanges({ upserts: [fresh], source: "s" }, async (trx) => {
      await store.feeds.setCursor("s", "sync", { after: "y" }, trx);
    });
    expect(await other.listings.get(fresh.uls)).toEqual(fresh);
    expect(await other.feeds.cursor("s", "sync")).toEqual({ after: "y" });
  });

  it("deletes the demo's generated listings, and only them", async () => {
    const [a, b] = LISTINGS.slice(30, 32) as [ListingRecord, ListingRecord];
    // The 30 loaded in bulk, one of them removed and listed again by a write outside any feed.
    expect(await store.listings.removeUnsourced()).toBe(30);
    const left = [a.uls, b.uls, LISTINGS[35]!.uls].sort();
    expect((await other.listings.search({}, "newest", 0, 1000)).map((l) => l.uls).sort()).toEqual(left);
    expect(await other.listings.count({})).toBe(3);
    expect(await other.listings.removed(LISTINGS[1]!.uls)).toBeUndefined();
  });
});
