/**
 * What a visitor keeps on this device, without an account: favourite listings and the unit
 * system for areas (localStorage, parsed with zod/mini: a value written by another version
 * or by hand is dropped, never trusted), and where to go back to the search (sessionStorage,
 * written by the search page when a card is followed). Every tab follows a change through
 * the `storage` event and an event of our own for the tab that made it.
 */
import { useSyncExternalStore } from "react";
import * as z from "zod/mini";
import { type Listing, listingSchema } from "../search/api";

export const FAVOURITES_KEY = "listing-favourites";
export const UNITS_KEY = "listing-units";
/** At most this many favourites are kept (oldest dropped): a device list, not a database. */
export const MAX_FAVOURITES = 100;
const CHANGE_EVENT = "listing-device-change";

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
function favouritesSnapshot(): Favourite[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(FAVOURITES_KEY);
  } catch {
    raw = null;
  }
  if (raw !== favouritesCache.raw) favouritesCache = { raw, list: parseFavourites(read(FAVOURITES_KEY)) };
  return favouritesCache.list;
}
const NO_FAVOURITES: Favourite[] = [];

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The favourites on this device; none on the server and during hydration. */
export function useFavourites(): Favourite[] {
  return useSyncExternalStore(subscribe, favouritesSnapshot, () => NO_FAVOURITES);
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

export function removeFavourite(uls: string): void {
  write(
    FAVOURITES_KEY,
    favouritesSnapshot().filter((f) => f.listing.uls !== uls),
  );
}

function unitsSnapshot(): Units {
  const parsed = unitsSchema.safeParse(read(UNITS_KEY));
  return parsed.success ? parsed.data : "imperial";
}

/** The visitor's unit system for areas: square feet (as listings are measured in Québec) until they choose m². */
export function useUnits(): [Units, (units: Units) => void] {
  const units = useSyncExternalStore(subscribe, unitsSnapshot, () => "imperial" as const);
  return [units, (next) => write(UNITS_KEY, next)];
}
