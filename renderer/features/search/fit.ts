/** The search map's fit to a new filter set's results (SearchBlock asks, SearchMap moves). */
import type { Marker } from "./api";
import type { MapBounds } from "./filters";

/** The grid cell of the search's map clusters, in web-mercator pixels (server: GRID_CELL_PX). */
const CLUSTER_CELL_PX = 80;

/**
 * The box of every result of a search, from its map answer: listing markers where they are; a
 * cluster's listings all share one cell of CLUSTER_CELL_PX at the zoom before the one that
 * splits it, so its centre padded by a cell at that zoom holds them (a town's listings are one
 * cluster at the province's zoom: its centre alone would be a point). Undefined when empty.
 */
export function resultsBounds(markers: readonly Marker[]): MapBounds | undefined {
  if (!markers.length) return undefined;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const m of markers) {
    const { lat, lng } = m.coords;
    const lngPad = m.kind === "cluster" ? (CLUSTER_CELL_PX * 360) / (256 * 2 ** Math.max(0, m.expansion_zoom - 1)) : 0;
    const latPad = lngPad * Math.cos((lat * Math.PI) / 180);
    south = Math.min(south, lat - latPad);
    north = Math.max(north, lat + latPad);
    west = Math.min(west, lng - lngPad);
    east = Math.max(east, lng + lngPad);
  }
  return {
    south: Math.max(-85, south),
    west: Math.max(-180, west),
    north: Math.min(85, north),
    east: Math.min(180, east),
  };
}
