/**
 * The listing feed sync (issue 31) against the suite's OData server (scripts/odata-test-server.ts)
 * on SQLite and PostgreSQL: a full load through short server-driven pages, incremental runs with
 * more records sharing a timestamp than a page holds, a record changed while the sync pages,
 * deletions from EntityEvent, from a status and from DDF's key list, 429 with Retry-After, an
 * expired token, a refused secret, records the mapping skips, the lease, and a feed hidden when
 * it is not current.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { feedFixtures, logEvent, touch } from "../../scripts/feed-fixtures";
import { type Row, startTestFeed, type TestFeed, type TestFeedOptions } from "../../scripts/odata-test-server";
import { generateListings } from "../../server/content/data/listings-generator";
import { loadMunicipalities } from "../../server/content/data/municipalities";
import type { Storage } from "../../server/content/storage";
import { forgetTokens } from "../../server/feeds/odata";
import type { FeedConfig } from "../../server/feeds/settings";
import { enforceFreshness, type SyncOptions, syncFeed } from "../../server/feeds/sync";
import { harnesses } from "./harness";

const COUNT = 120;
const SOURCE = "demo-broker";

function feedOf(server: TestFeed, kind: FeedConfig["kind"], overrides: Partial<FeedConfig> = {}): FeedConfig {
  return {
    source: SOURCE,
    kind,
    baseUrl: server.url,
    tokenUrl: server.tokenUrl,
    clientId: server.clientId,
    clientSecret: server.clientSecret,
    mine: { offices: ["O2"], agents: [] },
    intervalMinutes: 15,
    photos: "hotlink",
    remarksLanguage: kind === "centris" ? "fr" : "en",
    origin: "environment",
    ...overrides,
  };
}

const later = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes)).toISOString();

describe.each(harnesses)("$label feed sync", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let storage: Storage;
  let server: TestFeed | undefined;

  beforeEach(async () => {
    forgetTokens();
    db = await harness.fresh();
    storage = await db.open();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await db.cleanup();
  });

  async function serve(data: Record<string, Row[]>, options: TestFeedOptions = {}) {
    server = await startTestFeed(data, { pageSize: 25, ...options });
    return server;
  }

  const sync = (feed: FeedConfig, extra: Partial<SyncOptions> = {}) =>
    syncFeed({
      storage,
      feed,
      owner: "test",
      trigger: "cli",
      force: true,
      client: { minIntervalMs: 0, backoffMs: 5 },
      adapter: { pageSize: 30, keyPageSize: 50 },
      ...extra,
    }).then((outcome) => {
      if (!outcome.claimed) throw new Error(`not claimed: ${outcome.reason}`);
      return outcome.run;
    });

  const activeOf = (data: Record<string, Row[]>) => data.Property!.filter((p) => p.StandardStatus === "Active");
  const ulsOf = (row: Row) => String(row.ListingId);

  it("loads every listing once through short pages, replaces the demo's, keeps no private field, then finds nothing new", async () => {
    // The demo's generated listings, which the first import replaces.
    await storage.listings.replaceAll(generateListings({ count: 30, seed: 5, municipalities: loadMunicipalities() }));
    await storage.listings.warm();
    const data = feedFixtures({ kind: "reso", count: COUNT });
    const feed = feedOf(await serve(data), "reso");
    const run = await sync(feed);
    expect(run.status).toBe("succeeded");
    expect(run.kind).toBe("full");
    const active = activeOf(data);
    expect(run.created).toBe(active.length);
    expect(run.report.demo_removed).toBe(30);
    expect(await storage.listings.count({})).toBe(active.length);
    expect(await storage.listings.size()).toBe(active.length);
    // Every active record is a listing, once.
    const found = await storage.listings.search({}, "oldest", 0, 1000);
    expect(found.map((l) => l.uls).sort()).toEqual(active.map(ulsOf).sort());

    const record = active.find((p) => p.ListOfficeKey === "O2" && p.PropertySubType === "Single Family Residence")!;
    const listing = (await storage.listings.get(ulsOf(record)))!;
    expect(listing).toMatchObject({
      type: "maison",
      price: record.ListPrice,
      forSaleForRent: "buy",
      coords: { lat: record.Latitude, lng: record.Longitude },
      municipality: { DESCRIPTION: record.City },
      status: "active",
      mine: true,
      brokerage: record.ListOfficeName,
      provenance: {
        kind: "reso",
        office: { name: record.ListOfficeName },
        brokers: [{ name: record.ListAgentFullName }],
      },
      remarks: { en: record.PublicRemarks },
    });
    expect(listing.address.fr).toContain(String(record.StreetNumber));
    expect(listing.url.fr).toMatch(new RegExp(`^/fr/propriete/maison-a-vendre-.*-${listing.uls}$`));
    const media = data.Media!.filter((m) => m.ResourceRecordKey === record.ListingKey);
    expect(listing.photos).toEqual(
      media.map((m) => ({ url: m.MediaURL, width: 1200, height: 800, caption: m.ShortDescription })),
    );
    expect(listing.carousel_images[0]).toBe(media[0]!.MediaURL);
    const text = JSON.stringify(await storage.listings.search({}, "newest", 0, 1000));
    for (const secret of ["Lockbox", "Private Owner", "Exclusive Right", "2.5%"]) expect(text).not.toContain(secret);
    expect((await storage.listings.events()).filter((e) => e.kind === "new")).toHaveLength(active.length);
    // Sold ones never reach the search.
    const sold = data.Property!.filter((p) => p.StandardStatus === "Closed");
    expect(sold.length).toBeGreaterThan(0);
    for (const p of sold) expect(await storage.listings.get(ulsOf(p))).toBeUndefined();

    const again = await sync(feed);
    expect(again).toMatchObject({ status: "succeeded", kind: "incremental", created: 0, updated: 0, removed: 0 });
    expect((await storage.listings.events()).length).toBe(active.length);
  });

  it("takes each of more records sharing one timestamp than a page holds, once", async () => {
    const data = feedFixtures({ kind: "reso", count: COUNT });
    const feed = feedOf(await serve(data), "reso");
    await sync(feed);
    await storage.listings.warm();
    const stats = { ...storage.listings.indexStats };
    const before = await storage.listings.events();
    const changed = activeOf(data).slice(0, 75);
    const at = later(0);
    for (const p of changed) touch(p, at, { ListPrice: Number(p.ListPrice ?? p.LeaseAmount) + 1000 });
    for (const p of changed) if (p.LeaseAmount) p.LeaseAmount = Number(p.LeaseAmount) + 1000;
    const run = await sync(feed);
    expect(run).toMatchObject({ status: "succeeded", created: 0, updated: 75, removed: 0, skipped: 0 });
    const events = (await storage.listings.events(before.at(-1)!.seq)).filter((e) => e.kind === "price_change");
    expect(events.map((e) => e.uls).sort()).toEqual(changed.map(ulsOf).sort());
    for (const e of events) expect(Number(e.data.new) - Number(e.data.old)).toBe(1000);
    // The search answers them at once, from an index that took the batches in without being built again.
    const top = await storage.listings.search({ forSaleForRent: "buy" }, "price_desc", 0, 1);
    const sales = activeOf(data).filter((p) => !String(p.PropertyType).includes("Lease"));
    expect(top[0]?.price).toBe(Math.max(...sales.map((p) => Number(p.ListPrice))));
    expect(storage.listings.indexStats.builds).toBe(stats.builds);
    expect(storage.listings.indexStats.catchUps).toBeGreaterThan(stats.catchUps);
  });

  it("misses no record when another changes while the sync pages (a skip-based next link would)", async () => {
    const data = feedFixtures({ kind: "reso", count: COUNT });
    let moveOne: (() => void) | undefined;
    const feed = feedOf(
      await serve(data, {
        onRequest: ({ resource, query }) => {
          if (resource === "Property" && query.get("$orderby")?.startsWith("ModificationTimestamp,")) moveOne?.();
        },
      }),
      "reso",
    );
    await sync(feed);
    const changed = activeOf(data).slice(0, 60);
    for (const [i, p] of changed.entries()) {
      touch(p, later(i), { ListPrice: 1_000_000 + i, LeaseAmount: null, PropertyType: "Residential" });
    }
    let requests = 0;
    // On the second page, the first record of the first page changes again: it moves to the end,
    // and every row behind it moves up one (a next link by $skip would skip a row).
    moveOne = () => {
      if (++requests === 2) touch(changed[0]!, later(90), { ListPrice: 2_000_000 });
    };
    const run = await sync(feed);
    expect(run.status).toBe("succeeded");
    for (const [i, p] of changed.entries()) {
      expect((await storage.listings.get(ulsOf(p)))?.price, ulsOf(p)).toBe(i === 0 ? 2_000_000 : 1_000_000 + i);
    }
  });

  it("removes listings by EntityEvent and by status: sold pages stay sold, others answer 410, withheld leave", async () => {
    const data = feedFixtures({ kind: "reso", count: COUNT });
    const feed = feedOf(await serve(data), "reso");
    await sync(feed);
    const [gone, sold, expired, pending, withheld] = activeOf(data);
    data.Property = data.Property!.filter((p) => p !== gone);
    logEvent(data, String(gone!.ListingKey));
    touch(sold!, later(1), { StandardStatus: "Closed" });
    touch(expired!, later(2), { StandardStatus: "Expired" });
    touch(pending!, later(3), { StandardStatus: "Active Under Contract" });
    touch(withheld!, later(4), { InternetEntireListingDisplayYN: false });
    const before = (await storage.listings.events()).at(-1)!.seq;
    const run = await sync(feed);
    expect(run).toMatchObject({ status: "succeeded", removed: 4 });
    expect(await storage.listings.get(ulsOf(gone!))).toBeUndefined();
    expect((await storage.listings.removed(ulsOf(gone!)))?.reason).toBe("removed");
    expect(await storage.listings.removed(ulsOf(sold!))).toMatchObject({ reason: "sold", listing: { badge: "sold" } });
    expect((await storage.listings.removed(ulsOf(expired!)))?.reason).toBe("removed");
    expect(await storage.listings.get(ulsOf(pending!))).toMatchObject({ status: "pending" });
    expect(await storage.listings.get(ulsOf(withheld!))).toBeUndefined();
    expect(await storage.listings.removed(ulsOf(withheld!))).toBeUndefined();
    const events = (await storage.listings.events(before)).map((e) => [e.uls, e.kind, e.data]);
    expect(events).toEqual(
      expect.arrayContaining([
        [ulsOf(gone!), "removed", { reason: "removed" }],
        [ulsOf(sold!), "status_change", { old: "active", new: "sold" }],
        [ulsOf(sold!), "removed", { reason: "sold" }],
        [ulsOf(expired!), "removed", { reason: "removed" }],
        [ulsOf(pending!), "status_change", { old: "active", new: "pending" }],
      ]),
    );
    // Hidden, not removed: no event for the withheld one.
    expect(events.some(([uls]) => uls === ulsOf(withheld!))).toBe(false);

    // Back on the market: listed again, with the event saying so.
    touch(pending!, later(5), { StandardStatus: "Active" });
    touch(expired!, later(6), { StandardStatus: "Active" });
    const after = (await storage.listings.events()).at(-1)!.seq;
    await sync(feed);
    expect((await storage.listings.events(after)).map((e) => [e.uls, e.kind])).toEqual(
      expect.arrayContaining([
        [ulsOf(pending!), "back_on_market"],
        [ulsOf(expired!), "back_on_market"],
      ]),
    );
  });

  it("DDF: names from Member and Office, the REALTOR.ca link, and removals found by the key list", async () => {
    const data = feedFixtures({ kind: "ddf", count: 60 });
    const feed = feedOf(await serve(data), "ddf");
    let clock = Date.UTC(2026, 10, 20, 12);
    const now = () => clock;
    await sync(feed, { now });
    const record = activeOf(data).find((p) => p.CommonInterest === "Condo/Strata")!;
    expect(await storage.listings.get(ulsOf(record))).toMatchObject({
      type: "condo",
      provenance: {
        kind: "ddf",
        link: record.MoreInformationLink,
        office: { name: expect.stringMatching(/\w/) },
        brokers: [{ name: expect.stringMatching(/ /) }],
      },
    });
    const gone = activeOf(data)[3]!;
    data.Property = data.Property!.filter((p) => p !== gone);
    // DDF says nothing of a deletion: the next run within 12 hours keeps it…
    clock += 3_600_000;
    await sync(feed, { now });
    expect(await storage.listings.get(ulsOf(gone))).toBeDefined();
    // …the first after them compares every key (PropertyReplication()).
    clock += 12 * 3_600_000;
    const run = await sync(feed, { now });
    expect(run.removed).toBe(1);
    expect(await storage.listings.get(ulsOf(gone))).toBeUndefined();
    expect(server!.log.some((r) => r.resource === "PropertyReplication()")).toBe(true);
  });

  it("Centris: French and English remarks from Translations, OACIQ titles", async () => {
    const data = feedFixtures({ kind: "centris", count: 40 });
    const feed = feedOf(await serve(data), "centris");
    await sync(feed);
    const record = activeOf(data)[0]!;
    const translations = data.Translations!.filter((t) => t.ResourceRecordKey === record.ListingKey);
    expect(await storage.listings.get(ulsOf(record))).toMatchObject({
      remarks: {
        fr: translations.find((t) => t.LanguageCode === "fr")!.Value,
        en: translations.find((t) => t.LanguageCode === "en")!.Value,
      },
      provenance: {
        kind: "centris",
        office: { licence: { fr: "Agence immobilière", en: "Real estate agency" } },
        brokers: [{ title: { fr: "Courtier immobilier résidentiel", en: "Residential real estate broker" } }],
      },
    });
  });

  it("waits out 429 Retry-After and refreshes an expired token, losing nothing", async () => {
    const data = feedFixtures({ kind: "reso", count: 80 });
    let expired = false;
    const feed = feedOf(
      await serve(data, {
        throttleEvery: 20,
        retryAfterS: 1,
        onRequest: ({ count }) => {
          if (count === 12 && !expired) {
            expired = true;
            server!.expireTokens();
          }
        },
      }),
      "reso",
    );
    const run = await sync(feed);
    expect(run.status).toBe("succeeded");
    expect(run.created).toBe(activeOf(data).length);
    expect(server!.log.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(server!.log.filter((r) => r.status === 401).length).toBe(1);
    expect(run.report.waited_s).toBeGreaterThanOrEqual(1);
    expect(server!.tokensIssued()).toBe(2);
  });

  it("says a refused secret in its report and writes nothing", async () => {
    const data = feedFixtures({ kind: "reso", count: 20 });
    const feed = feedOf(await serve(data), "reso", { clientSecret: "wrong" });
    const run = await sync(feed);
    expect(run).toMatchObject({ status: "failed", error_code: "secret_refused", created: 0 });
    expect((await storage.feeds.runs(SOURCE))[0]).toMatchObject({ status: "failed", error_code: "secret_refused" });
    expect((await storage.feeds.state(SOURCE))?.failures).toBe(1);
    expect(await storage.listings.size()).toBe(0);
  });

  it("skips a record the mapping refuses, with its key and reason, and syncs the rest", async () => {
    const data = feedFixtures({ kind: "reso", count: 30 });
    const [badPrice, nowhere] = activeOf(data);
    badPrice!.ListPrice = "twelve";
    badPrice!.LeaseAmount = null;
    Object.assign(nowhere!, { City: "Atlantis", Latitude: null, Longitude: null });
    const feed = feedOf(await serve(data), "reso");
    const run = await sync(feed);
    expect(run.status).toBe("succeeded");
    expect(run.skipped).toBe(2);
    expect(run.report.skips).toEqual(
      expect.arrayContaining([
        { key: String(badPrice!.ListingKey), reason: expect.stringMatching(/ListPrice/) },
        { key: String(nowhere!.ListingKey), reason: 'municipality not found for City "Atlantis"' },
      ]),
    );
    expect(run.created).toBe(activeOf(data).length - 2);
  });

  it("runs one sync of a feed at a time, whoever asks", async () => {
    const data = feedFixtures({ kind: "reso", count: 40 });
    const feed = feedOf(await serve(data), "reso");
    const [a, b] = await Promise.all([
      syncFeed({ storage, feed, owner: "one", trigger: "cli", force: true, client: { minIntervalMs: 0 } }),
      syncFeed({ storage, feed, owner: "two", trigger: "cli", force: true, client: { minIntervalMs: 0 } }),
    ]);
    expect([a.claimed, b.claimed].sort()).toEqual([false, true]);
    expect((a.claimed ? b : a) as { reason: string }).toMatchObject({ reason: "running" });
  });

  it("hides a feed not current within its provider's limit, and shows it again after a good run", async () => {
    const data = feedFixtures({ kind: "reso", count: 30 });
    const feed = feedOf(await serve(data), "reso");
    await sync(feed);
    const listed = activeOf(data).length;
    expect(await enforceFreshness(storage, feed, Date.now() + 23 * 3_600_000)).toBe(false);
    const events = (await storage.listings.events()).length;
    expect(await enforceFreshness(storage, feed, Date.now() + 25 * 3_600_000)).toBe(true);
    expect(await storage.listings.count({})).toBe(0);
    expect(await storage.listings.removed(ulsOf(activeOf(data)[0]!))).toBeUndefined();
    const run = await sync(feed);
    expect(run.report.notes).toContain("shown_again");
    expect(await storage.listings.count({})).toBe(listed);
    expect((await storage.feeds.state(SOURCE))?.hidden).toBe(false);
    expect((await storage.listings.events()).length).toBe(events);
  });
});
