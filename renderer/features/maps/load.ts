/**
 * Loads Leaflet on demand (browser only), in parts (./leaflet.ts says which). Each promise is
 * shared, so several maps on a page download a part once. Never call these during server
 * rendering.
 */

/** What every map uses of Leaflet (./leaflet.ts). */
export type LeafletApi = typeof import("./leaflet");
/** SiteMap's circle markers and tooltips (./leaflet-vector.ts). */
export type LeafletVectorApi = typeof import("./leaflet-vector");
/** Tile layers (./leaflet-tiles.ts). */

const pending = new Map<string, Promise<unknown>>();

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (typeof window === "undefined") return Promise.reject(new Error("Leaflet loads only in the browser."));
  let promise = pending.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    pending.set(key, promise);
    // A failed download (a deploy in between, a dropped connection) may be tried again.
    promise.catch(() => pending.delete(key));
  }
  return promise;
}

export const loadLeaflet = () => once("core", () => import("./leaflet"));
export const loadLeafletVector = () => once("vector", () => import("./leaflet-vector"));
export const loadLeafletTiles = () => once("tiles", () => import("./leaflet-tiles"));
