/**
 * Matching listing change events against saved searches (issue 32). Pure: the worker reads a page
 * of events, the listings they name and the active subscriptions, and writes what this returns.
 *
 * A search is the search page's own query, replayed with the index's semantics (store's
 * `listingWhere`): cities, types, sale or rent, price range (a minimum of 0 is none), bedrooms and
 * bathrooms at least, open houses, the map area with inclusive edges. What counts, per event:
 * - new, back on the market, an open house added: when the listing matches;
 * - a price change: a drop of a listing that matches; a change that brings it into the search's
 *   range is news as a new listing for that search (FEEDS.md §5); a rise is nobody's news;
 * - a status change (under contract, sold, active again): when the listing matches;
 * - removed: nothing (a sold listing's status change already said it).
 * Events older than a subscription's start (`from_seq`) are not its news.
 */
import type { SavedSearch } from "../../schema/alerts";
import type { ListingRecord } from "../content/data/listings-generator";
import type { ActiveAlert, AlertMatch } from "../content/stores/alerts";
import type { ListingEvent } from "../content/stores/listing-events";

/** What an alert's e-mail shows of a listing, frozen when it matched (a retry sends the same words). */
export interface AlertItem {
  uls: string;
  /** new, price_drop, status_change, back_on_market, open_house. */
  kind: AlertItemKind;
  price: number;
  old_price?: number;
  rent: boolean;
  address: { fr: string; en: string };
  url: { fr: string; en: string };
  city: string;
  type: ListingRecord["type"];
  bed: number;
  bath: number;
  status?: string;
  open_house?: { start: string | null; end: string | null };
  /** The listing's first photo: a site path or an absolute URL, with its size when known. */
  photo?: { url: string; width?: number; height?: number };
}

/** The generator's pictures (public/images/listings/*.svg) are all this size. */
const GENERATED_PICTURE = { width: 800, height: 600 };

/** A listing's first photo as its data gives it: the feed's photos (with sizes), else its pictures. */
export function firstPhoto(listing: ListingRecord): AlertItem["photo"] {
  const photo = listing.photos?.[0];
  if (photo?.url) {
    return {
      url: photo.url,
      ...(photo.width && photo.height ? { width: photo.width, height: photo.height } : {}),
    };
  }
  const url = listing.property_image || listing.carousel_images?.[0];
  if (!url) return undefined;
  return url.startsWith("/images/listings/") ? { url, ...GENERATED_PICTURE } : { url };
}
export type AlertItemKind = "new" | "price_drop" | "status_change" | "back_on_market" | "open_house";

interface Facts {
  type: string;
  rent: boolean;
  price: number;
  bed: number;
  bath: number;
  openHouse: boolean;
  mun: string;
  lat: number;
  lng: number;
}

const factsOf = (l: ListingRecord): Facts => ({
  type: l.type,
  rent: l.forSaleForRent === "rent",
  price: l.price,
  bed: l.specs.bed,
  bath: l.specs.bath,
  openHouse: Boolean(l.open_house) || Boolean(l.open_houses?.length),
  mun: l.municipality.MUN_CODE,
  lat: l.coords.lat,
  lng: l.coords.lng,
});

/** A search as a test of a listing's facts, its sets built once. */
export function compileSearch(search: SavedSearch): (facts: Facts) => boolean {
  const mun = search.mun?.length ? new Set(search.mun) : undefined;
  const type = search.type?.length ? new Set<string>(search.type) : undefined;
  const min = search.price_min && search.price_min > 0 ? search.price_min : undefined;
  const max = search.price_max;
  const { bedrooms, bathrooms, forSaleForRent, open_house, bounds } = search;
  return (f) =>
    (mun === undefined || mun.has(f.mun)) &&
    (type === undefined || type.has(f.type)) &&
    (forSaleForRent === undefined || (forSaleForRent === "rent") === f.rent) &&
    (min === undefined || f.price >= min) &&
    (max === undefined || f.price <= max) &&
    (!bedrooms || f.bed >= bedrooms) &&
    (!bathrooms || f.bath >= bathrooms) &&
    (!open_house || f.openHouse) &&
    (bounds === undefined ||
      (f.lat >= bounds.south && f.lat <= bounds.north && f.lng >= bounds.west && f.lng <= bounds.east));
}

function itemOf(listing: ListingRecord, price: number, kind: AlertItemKind, event: ListingEvent): AlertItem {
  const item: AlertItem = {
    uls: listing.uls,
    kind,
    price,
    rent: listing.forSaleForRent === "rent",
    address: listing.address,
    url: listing.url,
    city: listing.municipality.DESCRIPTION,
    type: listing.type,
    bed: listing.specs.bed,
    bath: listing.specs.bath,
  };
  const photo = firstPhoto(listing);
  if (photo) item.photo = photo;
  if (kind === "price_drop") item.old_price = Number(event.data.old);
  if (kind === "status_change") item.status = String(event.data.new);
  if (kind === "open_house") {
    item.open_house = {
      start: typeof event.data.start === "string" ? event.data.start : null,
      end: typeof event.data.end === "string" ? event.data.end : null,
    };
  }
  return item;
}

export type EventWithSeq = ListingEvent & { seq: number };

/**
 * The matches of a page of events: for each event, each active subscription it is news for.
 * `records` holds the listings the events name (on the market or off it); an event whose listing
 * is unknown (deleted since) matches nothing.
 */
export function matchEvents(
  events: readonly EventWithSeq[],
  records: ReadonlyMap<string, { listing: ListingRecord; off: boolean }>,
  alerts: readonly ActiveAlert[],
): AlertMatch[] {
  // Searches by property type (most name one or two): an event is tested against the searches of
  // its listing's type and those of any type, not against every subscription.
  const anyType: { alert: ActiveAlert; test: (facts: Facts) => boolean }[] = [];
  const byType = new Map<string, typeof anyType>();
  for (const alert of alerts) {
    const entry = { alert, test: compileSearch(alert.search) };
    if (!alert.search.type?.length) anyType.push(entry);
    else
      for (const type of new Set(alert.search.type)) {
        const list = byType.get(type);
        if (list) list.push(entry);
        else byType.set(type, [entry]);
      }
  }
  const out: AlertMatch[] = [];
  for (const event of events) {
    const record = records.get(event.uls);
    if (!record || event.kind === "removed") continue;
    const { listing } = record;
    const facts = factsOf(listing);
    let kind: AlertItemKind | undefined;
    let before: Facts | undefined;
    switch (event.kind) {
      case "new":
        // A listing off the market since (sold, removed) is no longer news.
        if (record.off) continue;
        kind = "new";
        break;
      case "back_on_market":
        if (record.off) continue;
        kind = "back_on_market";
        break;
      case "open_house_added":
        if (record.off) continue;
        kind = "open_house";
        break;
      case "status_change":
        kind = "status_change";
        break;
      case "price_change": {
        if (record.off) continue;
        const old = Number(event.data.old);
        const now = Number(event.data.new);
        if (!Number.isFinite(old) || !Number.isFinite(now)) continue;
        // The event's new price, not the listing's latest (a later event tells that one).
        facts.price = now;
        before = { ...facts, price: old };
        kind = "price_drop";
        break;
      }
    }
    if (!kind) continue;
    // What the e-mail shows, made once per event and kind (thousands of searches may share it).
    const items = new Map<AlertItemKind, Record<string, unknown>>();
    const itemFor = (itemKind: AlertItemKind) => {
      let item = items.get(itemKind);
      if (!item) {
        item = itemOf(listing, facts.price, itemKind, event) as unknown as Record<string, unknown>;
        items.set(itemKind, item);
      }
      return item;
    };
    for (const candidates of [byType.get(facts.type), anyType]) {
      if (!candidates) continue;
      for (const { alert, test } of candidates) {
        if (event.seq <= alert.from_seq || !test(facts)) continue;
        let itemKind = kind;
        if (before) {
          // Into the range by this change: new for this search. Out of it or a rise: nothing.
          if (!test(before)) itemKind = "new";
          else if (facts.price >= before.price) continue;
        }
        out.push({
          subscription_id: alert.id,
          seq: event.seq,
          uls: event.uls,
          kind: itemKind,
          data: itemFor(itemKind),
        });
      }
    }
  }
  return out;
}
