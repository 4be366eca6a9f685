/**
 * Where the search map's markers go at one zoom, so that none covers another: cluster circles
 * sized to their count and listing price tags. The service clusters points within a radius of
 * each other, but the circles drawn for them are wider than that radius (and the grid clusters
 * of uncommon filter sets sit at their points' centroids, which may lie close to a neighbour's),
 * so the numbers overlapped. Here every marker is placed in pixels at the map's zoom, and one
 * that would touch an already placed marker is merged into it (counts add, the centre is the
 * weighted mean) until it touches none. Pure: the map runs it for each answer and each zoom.
 */
import type { Marker } from "./api";

/** Gap kept between two markers, in pixels. */
export const MARKER_GAP = 4;
/** The listing price tag's size (SearchMap's divIcon). */
export const LISTING_SIZE = [64, 26] as const;

/** The diameter of a cluster's circle: grows with the count, and always holds its label. */
export function clusterDiameter(count: number, label = String(count)): number {
  // 8 px per digit or separator of the 13 px bold label, 14 px of padding.
  return Math.round(Math.min(76, Math.max(32, 26 + 9 * Math.log10(Math.max(2, count)), label.length * 8 + 14)));
}

/** Web-mercator pixels at a zoom (Leaflet's default CRS, 256-pixel tiles). */
export function projectPx(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

export interface PlacedMarker {
  /** The service's listing, when this is a single listing's price tag. */
  listing?: Extract<Marker, { kind: "listing" }>;
  /** Stable key: the service's cluster id, or the first merged listing's uls. */
  key: string;
  count: number;
  lat: number;
  lng: number;
  x: number;
  y: number;
  /** A cluster's circle (0 for a listing). */
  diameter: number;
  /** Zoom at which the cluster's points come apart: where a click takes the map. */
  expansionZoom: number;
}

/** Whether two markers come closer than MARKER_GAP (circles as circles, tags as boxes). */
export function touches(a: PlacedMarker, b: PlacedMarker): boolean {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  // Half sizes: a tag's box, a circle's radius.
  const aw = a.listing ? LISTING_SIZE[0] / 2 : a.diameter / 2;
  const ah = a.listing ? LISTING_SIZE[1] / 2 : aw;
  const bw = b.listing ? LISTING_SIZE[0] / 2 : b.diameter / 2;
  const bh = b.listing ? LISTING_SIZE[1] / 2 : bw;
  // Boxes apart: nothing touches (also the whole test for two tags).
  if (dx >= aw + bw + MARKER_GAP || dy >= ah + bh + MARKER_GAP) return false;
  if (a.listing && b.listing) return true;
  if (!a.listing && !b.listing) {
    const reach = aw + bw + MARKER_GAP;
    return dx * dx + dy * dy < reach * reach;
  }
  // A circle against a box: the distance from the circle's centre to the box.
  const ox = Math.max(0, dx - (a.listing ? aw : bw));
  const oy = Math.max(0, dy - (a.listing ? ah : bh));
  const reach = (a.listing ? bw : aw) + MARKER_GAP;
  return ox * ox + oy * oy < reach * reach;
}

/**
 * Places the service's markers at `zoom` with no two touching. `format` writes a count as its
 * label shows it (the locale's grouping), which the circle must hold. Below `maxZoom`, listings
 * whose tags would touch merge into a cluster too (a click zooms in until they come apart); at
 * `maxZoom` nothing can come apart, so listings stay tags there.
 */
export function layoutMarkers(
  markers: readonly Marker[],
  zoom: number,
  maxZoom: number,
  format: (count: number) => string = String,
): PlacedMarker[] {
  const lowest = Math.min(zoom + 1, maxZoom);
  const at = (m: Omit<PlacedMarker, "x" | "y">): PlacedMarker => ({ ...m, ...projectPx(m.lat, m.lng, zoom) });
  const items = markers
    .map((m) =>
      m.kind === "listing"
        ? at({ listing: m, key: m.uls, count: 1, ...m.coords, diameter: 0, expansionZoom: maxZoom })
        : at({
            key: `c${m.id}`,
            count: m.count,
            ...m.coords,
            diameter: clusterDiameter(m.count, format(m.count)),
            expansionZoom: Math.min(maxZoom, Math.max(lowest, m.expansion_zoom)),
          }),
    )
    // Largest clusters first: they keep their place and absorb what touches them.
    .sort((a, b) => b.count - a.count);
  const merge = (a: PlacedMarker, b: PlacedMarker): PlacedMarker => {
    const count = a.count + b.count;
    const diameter = clusterDiameter(count, format(count));
    // The zoom at which the two are a diameter apart.
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    const apart = distance > 0 ? Math.ceil(zoom + Math.log2(diameter / distance)) : maxZoom;
    return at({
      key: a.key,
      count,
      lat: (a.lat * a.count + b.lat * b.count) / count,
      lng: (a.lng * a.count + b.lng * b.count) / count,
      diameter,
      expansionZoom: Math.max(lowest, Math.min(a.expansionZoom, b.expansionZoom, apart)),
    });
  };
  const mergeable = (a: PlacedMarker, b: PlacedMarker) => !(a.listing && b.listing) || zoom < maxZoom;
  // Invariant: no two placed markers touch. A merged cluster is larger and has moved, so it is
  // checked again against every placed marker until it touches none.
  const placed: PlacedMarker[] = [];
  for (let current of items) {
    for (let i = placed.findIndex((p) => mergeable(p, current) && touches(p, current)); i !== -1; ) {
      current = merge(placed[i]!, current);
      placed.splice(i, 1);
      i = placed.findIndex((p) => mergeable(p, current) && touches(p, current));
    }
    placed.push(current);
  }
  return placed;
}
