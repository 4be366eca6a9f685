/**
 * What a visitor keeps on this device, without an account: favourite listings and the unit
 * system for areas, in localStorage, parsed with zod/mini (a value written by another version
 * or by hand is dropped, never trusted). Loaded after hydration by ./device.ts, so the parser
 * is not part of the page's first JavaScript.
 */
import * as z from "zod/mini";
import { type Listing, listingSchema } from "../search/api";

export const FAVOURITES_KEY = "listing-favourites";
export const UNITS_KEY = "listing-units";
/** At most this many favourites are kept (oldest dropped): a device list, not a database. */
export const MAX_FAVOURITES = 100;
export const CHANGE_EVENT = "listing-device-change";

const favouritesSchema = z.array(z.object({ listing: listingSchema, saved_at: z.string() }));
export type Favourite = z.infer<typeof favouritesSchema>[number];
export type Units = "imperial" | "metric";
const unitsSchema = z.enum(["imperial", "metric"]);

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function parseFavourites(value: unknown): Favourite[] {
  const parsed = favouritesSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

// Snapshots must be stable between calls (useSyncExternalStore): cached by the raw text.
let favouritesCache: { raw: string | null; list: Favourite[] } = { raw: null, list: [] };
export function favouritesSnapshot(): Favourite[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(FAVOURITES_KEY);
  } catch {
    raw = null;
  }
  if (raw !== favouritesCache.raw) favouritesCache = { raw, list: parseFavourites(read(FAVOURITES_KEY)) };
  return favouritesCache.list;
}
/** Adds the listing (newest first) or removes it; returns whether it is now a favourite. */
export function toggleFavourite(listing: Listing): boolean {
  const list = favouritesSnapshot();
  const present = list.some((f) => f.listing.uls === listing.uls);
  const next = present
    ? list.filter((f) => f.listing.uls !== listing.uls)
    : [{ listing: listingSchema.parse(listing), saved_at: new Date().toISOString() }, ...list].slice(0, MAX_FAVOURITES);
  write(FAVOURITES_KEY, next);
  return !present;
}

export function unitsSnapshot(): Units {
  const parsed = unitsSchema.safeParse(read(UNITS_KEY));
  return parsed.success ? parsed.data : "imperial";
}

export function setUnits(units: Units): void {
  write(UNITS_KEY, unitsSchema.parse(units));
}
