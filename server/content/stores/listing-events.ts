/**
 * What changed per listing, as the saved-search alerts (issue 32) read it: the diff of a listing's
 * stored record and the one replacing it. Pure: the listings store calls it inside the write's
 * transaction and stores the events with the write (stores/listings.ts `applyChanges`).
 */
import type { ListingRecord } from "../data/listings-generator";

export type ListingEventKind =
  | "new"
  | "price_change"
  | "status_change"
  | "back_on_market"
  | "open_house_added"
  | "removed";

/** Why a listing leaves the search: sold (its page shows it sold), removed (410), hidden (no page: its feed is not current). */
export type RemovalReason = "sold" | "removed" | "hidden";

export type ListingStatus = "active" | "pending" | "sold";

export interface ListingEvent {
  uls: string;
  kind: ListingEventKind;
  /**
   * new: { price, forSaleForRent }; price_change: { old, new }; status_change: { old, new };
   * back_on_market: { after } ("removed", "sold" or "pending"); open_house_added: { start, end };
   * removed: { reason }.
   */
  data: Record<string, unknown>;
}

/** A listing's status: its own, else sold when its badge says so, else active (generated listings). */
export const statusOf = (listing: ListingRecord): ListingStatus =>
  listing.status ?? (listing.badge === "sold" ? "sold" : "active");

/** Open houses as keys (start|end); a generated listing's flag is one open house without times. */
function openHousesOf(listing: ListingRecord): Map<string, { start: string | null; end: string | null }> {
  const out = new Map<string, { start: string | null; end: string | null }>();
  if (listing.open_houses?.length) {
    for (const o of listing.open_houses) out.set(`${o.start}|${o.end}`, { start: o.start, end: o.end });
  } else if (listing.open_house) out.set("flag", { start: null, end: null });
  return out;
}

/**
 * The events of one listing write: `previous` is the listing as stored (undefined when it is not
 * on the market), `wasOff` whether it was taken off the market before (sold or removed) and how.
 */
export function listingEventsOf(
  next: ListingRecord,
  previous: ListingRecord | undefined,
  wasOff: RemovalReason | undefined,
): ListingEvent[] {
  const uls = next.uls;
  if (!previous) {
    if (wasOff && wasOff !== "hidden") return [{ uls, kind: "back_on_market", data: { after: wasOff } }];
    return [{ uls, kind: "new", data: { price: next.price, forSaleForRent: next.forSaleForRent } }];
  }
  const events: ListingEvent[] = [];
  if (previous.price !== next.price) {
    events.push({ uls, kind: "price_change", data: { old: previous.price, new: next.price } });
  }
  const [before, after] = [statusOf(previous), statusOf(next)];
  if (before !== after) {
    events.push({ uls, kind: "status_change", data: { old: before, new: after } });
    if (before === "pending" && after === "active") {
      events.push({ uls, kind: "back_on_market", data: { after: before } });
    }
  }
  const had = openHousesOf(previous);
  for (const [key, o] of openHousesOf(next)) {
    if (!had.has(key)) events.push({ uls, kind: "open_house_added", data: { start: o.start, end: o.end } });
  }
  return events;
}

/** The events of a listing taken off the market (none when it is only hidden: nothing happened to it). */
export function removalEventsOf(previous: ListingRecord, reason: RemovalReason): ListingEvent[] {
  if (reason === "hidden") return [];
  const uls = previous.uls;
  const events: ListingEvent[] = [];
  const before = statusOf(previous);
  if (reason === "sold" && before !== "sold") {
    events.push({ uls, kind: "status_change", data: { old: before, new: "sold" } });
  }
  events.push({ uls, kind: "removed", data: { reason } });
  return events;
}
