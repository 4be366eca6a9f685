/**
 * Loads Leaflet on demand (browser only). The promise is shared, so several maps on
 * a page download it once. Never call this during server rendering.
 */

/** What the maps use of Leaflet (./leaflet.ts). */
export type LeafletApi = typeof import("./leaflet");

let pending: Promise<LeafletApi> | undefined;

export function loadLeaflet(): Promise<LeafletApi> {
  if (typeof window === "undefined") return Promise.reject(new Error("Leaflet loads only in the browser."));
  pending ??= import("./leaflet");
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
