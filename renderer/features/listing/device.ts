/**
 * React's view of what the visitor keeps on this device (./device-store.ts: favourites and
 * units, parsed with zod/mini). The store loads after hydration; until then, and on the
 * server, there are no favourites and areas are in square feet, which is also what the
 * server rendered. Every tab follows a change through the `storage` event and an event of
 * our own for the tab that made it.
 */
import { useSyncExternalStore } from "react";
import type { Listing } from "../search/api";

type Store = Pick<
  typeof import("./device-store"),
  "favouritesSnapshot" | "toggleFavourite" | "unitsSnapshot" | "setUnits"
>;
export type Units = "imperial" | "metric";
export type Favourite = { listing: Listing; saved_at: string };

let store: Store | undefined;
let loading: Promise<Store> | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
function load(): Promise<Store> {
  // Named one by one: what this view uses of the store (and what knip can see is used).
  loading ??= import("./device-store").then(
    ({ CHANGE_EVENT, favouritesSnapshot, toggleFavourite, unitsSnapshot, setUnits }) => {
      const loaded = { favouritesSnapshot, toggleFavourite, unitsSnapshot, setUnits };
      store = loaded;
      window.addEventListener("storage", notify);
      window.addEventListener(CHANGE_EVENT, notify);
      notify();
      return loaded;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void load();
  return () => listeners.delete(listener);
}

const NO_FAVOURITES: Favourite[] = [];
const favourites = () => store?.favouritesSnapshot() ?? NO_FAVOURITES;
const units = (): Units => store?.unitsSnapshot() ?? "imperial";

/** The favourites on this device; none on the server and until the store has loaded. */
export function useFavourites(): Favourite[] {
  return useSyncExternalStore(subscribe, favourites, () => NO_FAVOURITES);
}

/** Adds the listing (newest first) or removes it; resolves to whether it is now a favourite. */
export async function toggleFavourite(listing: Listing): Promise<boolean> {
  return (await load()).toggleFavourite(listing);
}

/** The visitor's unit system for areas: square feet (as listings are measured in Québec) until they choose m². */
export function useUnits(): [Units, (units: Units) => void] {
  const current = useSyncExternalStore(subscribe, units, () => "imperial" as const);
  return [current, (next) => void load().then((s) => s.setUnits(next))];
}
