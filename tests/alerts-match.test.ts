/**
 * The pure parts of the alerts (issue 32): which listing events are news for which saved
 * search (the search page's semantics, a price change into the range counted as new, a rise as
 * nothing, events before a subscription's start ignored), the items of one e-mail (one per
 * listing, capped), and digest times in Québec's time zone across daylight-saving changes.
 */
import { describe, expect, it } from "vitest";
import { type AlertItem, compileSearch, type EventWithSeq, matchEvents } from "../server/alerts/match";
import { nextDigestAt } from "../server/alerts/schedule";
import { itemsOf } from "../server/alerts/worker";
import type { ListingRecord } from "../server/content/data/listings-generator";
import type { ActiveAlert } from "../server/content/stores/alerts";

const listing = (uls: string, extra: Partial<ListingRecord> = {}): ListingRecord =>
  ({
    uls,
    type: "condo",
    forSaleForRent: "buy",
    price: 400_000,
    specs: { bed: 2, bath: 1, area: 900 },
    open_house: false,
    municipality: { MUN_CODE: "23027", DESCRIPTION: "Québec" },
    coords: { lat: 46.81, lng: -71.22 },
    address: { fr: "1, rue A", en: "1 A Street" },
    url: { fr: `/fr/propriete/x-${uls}`, en: `/en/property/x-${uls}` },
    carousel_images: [],
    property_image: "",
    badge: null,
    listed_at: "2026-11-01T00:00:00.000Z",
    ...extra,
  }) as ListingRecord;

const alert = (id: string, search: ActiveAlert["search"], from_seq = 0): ActiveAlert => ({
  id,
  site_id: "s",
  search,
  from_seq,
});

const records = (...listings: ListingRecord[]) => new Map(listings.map((l) => [l.uls, { listing: l, off: false }]));

describe("compileSearch", () => {
  const facts = {
    type: "condo",
    rent: false,
    price: 400_000,
    bed: 2,
    bath: 1,
    openHouse: false,
    mun: "23027",
    lat: 46.8,
    lng: -71.2,
  };
  it("has the search page's semantics", () => {
    expect(compileSearch({})(facts)).toBe(true);
    expect(compileSearch({ type: ["maison"] })(facts)).toBe(false);
    expect(compileSearch({ price_min: 0, price_max: 400_000 })(facts)).toBe(true);
    expect(compileSearch({ price_max: 399_999 })(facts)).toBe(false);
    expect(compileSearch({ bedrooms: 3 })(facts)).toBe(false);
    expect(compileSearch({ forSaleForRent: "rent" })(facts)).toBe(false);
    expect(compileSearch({ mun: ["23027", "66023"] })(facts)).toBe(true);
    expect(compileSearch({ open_house: true })(facts)).toBe(false);
    // Map edges are inclusive.
    expect(compileSearch({ bounds: { south: 46.8, west: -71.2, north: 47, east: -71 } })(facts)).toBe(true);
    expect(compileSearch({ bounds: { south: 46.81, west: -71.3, north: 47, east: -71 } })(facts)).toBe(false);
  });
});

describe("matchEvents", () => {
  const cheap = alert("cheap", { price_max: 450_000 });
  const any = alert("any", {});
  const late = alert("late", {}, 5);

  it("tells a new listing to the searches it fits, from their start on", () => {
    const events: EventWithSeq[] = [{ seq: 3, uls: "1", kind: "new", data: {} }];
    const matches = matchEvents(events, records(listing("1")), [cheap, any, late]);
    expect(matches.map((m) => [m.subscription_id, m.kind])).toEqual([
      ["cheap", "new"],
      ["any", "new"],
    ]);
    expect(matches[0]!.data).toMatchObject({ uls: "1", price: 400_000, address: { fr: "1, rue A" } });
  });

  it("counts a price change into the range as new, a drop as a drop, a rise as nothing", () => {
    const into: EventWithSeq = { seq: 7, uls: "2", kind: "price_change", data: { old: 500_000, new: 440_000 } };
    const drop: EventWithSeq = { seq: 8, uls: "2", kind: "price_change", data: { old: 440_000, new: 420_000 } };
    const rise: EventWithSeq = { seq: 9, uls: "2", kind: "price_change", data: { old: 420_000, new: 430_000 } };
    const out: EventWithSeq = { seq: 10, uls: "2", kind: "price_change", data: { old: 430_000, new: 460_000 } };
    const matches = matchEvents([into, drop, rise, out], records(listing("2", { price: 460_000 })), [cheap, any]);
    expect(matches.map((m) => [m.subscription_id, m.seq, m.kind, m.data.price, m.data.old_price])).toEqual([
      ["cheap", 7, "new", 440_000, undefined],
      ["any", 7, "price_drop", 440_000, 500_000],
      ["cheap", 8, "price_drop", 420_000, 440_000],
      ["any", 8, "price_drop", 420_000, 440_000],
    ]);
  });

  it("tells status changes and open houses, not removals nor listings gone since", () => {
    const events: EventWithSeq[] = [
      { seq: 11, uls: "3", kind: "status_change", data: { old: "active", new: "pending" } },
      {
        seq: 12,
        uls: "3",
        kind: "open_house_added",
        data: { start: "2026-12-01T18:00:00Z", end: "2026-12-01T20:00:00Z" },
      },
      { seq: 13, uls: "3", kind: "removed", data: { reason: "removed" } },
      { seq: 14, uls: "4", kind: "new", data: {} },
      { seq: 15, uls: "5", kind: "new", data: {} },
    ];
    const map = records(listing("3"));
    map.set("4", { listing: listing("4"), off: true });
    const matches = matchEvents(events, map, [any]);
    expect(matches.map((m) => [m.seq, m.kind])).toEqual([
      [11, "status_change"],
      [12, "open_house"],
    ]);
    expect(matches[0]!.data.status).toBe("pending");
    expect(matches[1]!.data.open_house).toEqual({ start: "2026-12-01T18:00:00Z", end: "2026-12-01T20:00:00Z" });
  });
});

describe("itemsOf", () => {
  const item = (uls: string, kind: AlertItem["kind"], price: number, old?: number) =>
    ({ uls, kind, price, ...(old ? { old_price: old } : {}) }) as AlertItem;
  it("shows one item per listing, the first news and the latest facts, capped", () => {
    const matches = [
      { subscription_id: "a", seq: 1, uls: "1", kind: "new", data: { ...item("1", "new", 500) } },
      { subscription_id: "a", seq: 2, uls: "2", kind: "price_drop", data: { ...item("2", "price_drop", 300, 350) } },
      { subscription_id: "a", seq: 3, uls: "1", kind: "price_drop", data: { ...item("1", "price_drop", 450, 500) } },
      { subscription_id: "a", seq: 4, uls: "2", kind: "price_drop", data: { ...item("2", "price_drop", 280, 300) } },
      { subscription_id: "a", seq: 5, uls: "3", kind: "new", data: { ...item("3", "new", 100) } },
    ];
    const { items, more } = itemsOf(matches, 2);
    expect(items).toEqual([
      { uls: "1", kind: "new", price: 450 },
      { uls: "2", kind: "price_drop", price: 280, old_price: 350 },
    ]);
    expect(more).toBe(1);
  });
});

describe("nextDigestAt", () => {
  const schedule = { timeZone: "America/Toronto", hour: 7, weekday: 1 };
  it("is 7:00 in Québec the next day, across daylight-saving changes", () => {
    // Saturday 1 November 2025, 10:00 EDT: next is Sunday 2 November 7:00 EST (the change is at 2:00 that night).
    expect(new Date(nextDigestAt("daily", Date.parse("2025-11-01T14:00:00Z"), schedule)!).toISOString()).toBe(
      "2025-11-02T12:00:00.000Z",
    );
    // Before 7:00 local: today.
    expect(new Date(nextDigestAt("daily", Date.parse("2026-03-08T10:00:00Z"), schedule)!).toISOString()).toBe(
      "2026-03-08T11:00:00.000Z",
    );
    // At 7:00 exactly: tomorrow (strictly after).
    expect(new Date(nextDigestAt("daily", Date.parse("2026-06-10T11:00:00Z"), schedule)!).toISOString()).toBe(
      "2026-06-11T11:00:00.000Z",
    );
    expect(nextDigestAt("instant", Date.now(), schedule)).toBeNull();
  });
  it("is Monday 7:00 for weekly digests", () => {
    // Wednesday 25 November 2026 → Monday 30 November 2026, 7:00 EST.
    expect(new Date(nextDigestAt("weekly", Date.parse("2026-11-25T15:00:00Z"), schedule)!).toISOString()).toBe(
      "2026-11-30T12:00:00.000Z",
    );
  });
});
