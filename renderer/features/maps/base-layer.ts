/**
 * What every map draws under its markers: the configured tiles (MAP_TILE_URL) when there are
 * some, otherwise the offline base map of Québec (./basemap/layer.ts), whose code and data load
 * only now, with the map: no page without a map pays for them, and the search page's initial
 * JavaScript stays as it was.
 */
import type * as Leaflet from "leaflet";
import type { Locale } from "../../../schema/locales";
import { type LeafletApi, loadLeafletTiles } from "./load";

export interface BaseLayerOptions {
  tileUrl: string;
  tileAttribution: string;
  locale: Locale;
  /** The map's translate function (the base map's own messages load with it). */
  t: (key: string, values?: Record<string, unknown>) => string;
}

/** Adds the base layer to a new map; returns what removes it (the map may go first). */
export function addBaseLayer(L: LeafletApi, map: Leaflet.Map, options: BaseLayerOptions): () => void {
  let remove: (() => void) | undefined;
  let cancelled = false;
  const { tileUrl, tileAttribution } = options;
  const added = tileUrl
    ? loadLeafletTiles().then(({ tileLayer }) => {
        if (cancelled) return;
        const attribution = L.attributionControl({ prefix: LEAFLET_LINK }).addTo(map);
        const tiles = tileLayer(tileUrl, { attribution: tileAttribution }).addTo(map);
        remove = () => {
          tiles.remove();
          attribution.remove();
        };
      })
    : import("./basemap/layer").then(async ({ attachBaseMap, loadBaseMap }) => {
        const data = await loadBaseMap();
        if (!cancelled) remove = attachBaseMap(L, map, data, options);
      });
  added.catch((error: unknown) => console.warn("The map's background could not load:", error));
  return () => {
    cancelled = true;
    remove?.();
  };
}

export const LEAFLET_LINK = '<a href="https://leafletjs.com">Leaflet</a>';
