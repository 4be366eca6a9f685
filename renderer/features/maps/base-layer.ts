/**
 * What every map draws under its markers: the configured tiles (MAP_TILE_URL) when there are
 * some, otherwise the offline base map of Québec (./basemap/layer.ts), whose code and data load
 * only now, with the map: no page without a map pays for them, and the search page's initial
 * JavaScript stays as it was.
 */
import type * as Leaflet from "leaflet";
import type { Locale } from "../../../schema/locales";
import type { LeafletApi } from "./load";

export interface BaseLayerOptions {
  tileUrl: string;
  tileAttribution: string;
  locale: Locale;
  /** The map's translate function (the base map's own messages load with it). */
  t: (key: string, values?: Record<string, unknown>) => string;
}

/** Adds the base layer to a new map; returns what removes it (the map may go first). */
export function addBaseLayer(L: LeafletApi, map: Leaflet.Map, options: BaseLayerOptions): () => void {
  if (options.tileUrl) {
    const attribution = L.control.attribution({ prefix: LEAFLET_LINK }).addTo(map);
    const tiles = L.tileLayer(options.tileUrl, { attribution: options.tileAttribution }).addTo(map);
    return () => {
      tiles.remove();
      attribution.remove();
    };
  }
  let detach: (() => void) | undefined;
  let cancelled = false;
  import("./basemap/layer")
    .then(async ({ attachBaseMap, loadBaseMap }) => {
      const data = await loadBaseMap();
      if (!cancelled) detach = attachBaseMap(L, map, data, options);
    })
    .catch((error: unknown) => console.warn("The offline base map could not load:", error));
  return () => {
    cancelled = true;
    detach?.();
  };
}

export const LEAFLET_LINK = '<a href="https://leafletjs.com">Leaflet</a>';
