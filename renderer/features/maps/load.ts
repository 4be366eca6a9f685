/**
 * Loads Leaflet on demand (browser only). The promise is shared, so several maps on
 * a page download it once. Never call this during server rendering.
 */
import type * as Leaflet from "leaflet";

let pending: Promise<typeof Leaflet> | undefined;

export function loadLeaflet(): Promise<typeof Leaflet> {
  if (typeof window === "undefined") return Promise.reject(new Error("Leaflet loads only in the browser."));
  pending ??= import("leaflet").then((module) => {
    const L = (module as unknown as { default?: typeof Leaflet }).default ?? (module as unknown as typeof Leaflet);
    return L;
  });
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
