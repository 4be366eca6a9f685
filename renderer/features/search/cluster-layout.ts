/**
 * Where the search map's markers go at one zoom, so that none covers another: cluster circles
 * sized to their count and listing price tags. The service clusters points within a radius of
 * each other, but the circles it implies are wider than that radius (and the grid clusters of
 * uncommon filter sets sit at their points' centroids, which may be close to a neighbour's), so
 * the numbers overlapped. Here every marker is placed in screen pixels at the map's zoom and a
 * marker that would touch an already placed one is merged into it (counts add, the centre is
 * the weighted mean) until no two touch. Pure: the map calls it at each answer and each zoom.
 */
import { projectPx } from "../maps/projection";
import type { Marker } from "./api";

/** Gap kept between two markers, in pixels. */
export const MARKER_GAP = 4;
/** The listing price tag's box (SearchMap's divIcon). */
export const LISTING_SIZE = { width: 64, height: 26 } as const;
const MIN_DIAMETER = 32;
const MAX_DIAMETER = 76;
/** Average advance of a digit or a group separator of the cluster's 13 px bold label. */
const LABEL_CHAR_PX = 8;
const LABEL_PADDING_PX = 14;

/** The diameter of a cluster's circle: grows with the count, and always holds its label. */
export function clusterDiameter(count: number, label: string = String(count)): number {
  const byCount = 26 + 9 * Math.log10(Math.max(2, count));
  const byLabel = label.length * LABEL_CHAR_PX + LABEL_PADDING_PX;
  return Math.round(Math.min(MAX_DIAMETER, Math.max(MIN_DIAMETER, byCount, byLabel)));
}

export type PlacedMarker =
  | { kind: "listing"; marker: Extract<Marker, { kind: "listing" }>; x: number; y: number }
  | {
      kind: "cluster";
      /** Stable key: the service's cluster id, or the first merged listing's uls. */
      key: string;
      count: number;
      lat: number;
      lng: number;
      /** Zoom at which the cluster's points come apart: where a click takes the map. */
      expansionZoom: number;
      diameter: number;
      x: number;
      y: number;
    };

type Box = { x: number; y: number; halfW: number; halfH: number; round: boolean };

function boxOf(placed: PlacedMarker): Box {
  if (placed.kind === "cluster") {
    const r = placed.diameter / 2;
    return { x: placed.x, y: placed.y, halfW: r, halfH: r, round: true };
  }
  return { x: placed.x, y: placed.y, halfW: LISTING_SIZE.width / 2, halfH: LISTING_SIZE.height / 2, round: false };
}

/** Whether two markers' shapes come closer than MARKER_GAP (circles as circles, tags as boxes). */
export function touches(a: PlacedMarker, b: PlacedMarker): boolean {
  const p = boxOf(a);
  const q = boxOf(b);
  const dx = Math.abs(p.x - q.x);
  const dy = Math.abs(p.y - q.y);
  if (p.round && q.round) return Math.hypot(dx, dy) < p.halfW + q.halfW + MARKER_GAP;
  if (p.round !== q.round) {
    // Circle against box: distance from the circle's centre to the box.
    const circle = p.round ? p : q;
    const box = p.round ? q : p;
    const ox = Math.max(0, dx - box.halfW);
    const oy = Math.max(0, dy - box.halfH);
    return Math.hypot(ox, oy) < circle.halfW + MARKER_GAP;
  }
  return dx < p.halfW + q.halfW + MARKER_GAP && dy < p.halfH + q.halfH + MARKER_GAP;
}

/** The zoom at which two points `distancePx` apart at `zoom` are `neededPx` apart. */
function separationZoom(zoom: number, distancePx: number, neededPx: number, maxZoom: number): number {
  if (distancePx <= 0) return maxZoom;
  return Math.min(maxZoom, Math.max(zoom + 1, Math.ceil(zoom + Math.log2(neededPx / distancePx))));
}

/**
 * Places the service's markers at `zoom` with no two touching. `format` writes a count the
 * way its label shows it (the locale's grouping), which the circle must hold. Below
 * `maxZoom`, listings whose tags would touch merge into a cluster too (a click zooms in until
 * they come apart); at `maxZoom` nothing can come apart, so listings stay tags.
 */
export function layoutMarkers(
  markers: readonly Marker[],
  zoom: number,
  options: { maxZoom: number; format?: (count: number) => string },
): PlacedMarker[] {
  const format = options.format ?? String;
  const { maxZoom } = options;
  const items: PlacedMarker[] = markers.map((m) => {
    const { x, y } = projectPx(m.coords.lat, m.coords.lng, zoom);
    if (m.kind === "listing") return { kind: "listing", marker: m, x, y };
    return {
      kind: "cluster",
      key: `c${m.id}`,
      count: m.count,
      lat: m.coords.lat,
      lng: m.coords.lng,
      expansionZoom: Math.min(maxZoom, Math.max(zoom + 1, m.expansion_zoom)),
      diameter: clusterDiameter(m.count, format(m.count)),
      x,
      y,
    };
  });
  // Largest clusters first: they keep their place and absorb what touches them.
  items.sort((a, b) => countOf(b) - countOf(a));
  const lowest = Math.min(zoom + 1, maxZoom);
  const merge = (into: PlacedMarker, other: PlacedMarker): PlacedMarker => {
    const countA = countOf(into);
    const countB = countOf(other);
    const count = countA + countB;
    const [latA, lngA] = latLngOf(into);
    const [latB, lngB] = latLngOf(other);
    const lat = (latA * countA + latB * countB) / count;
    const lng = (lngA * countA + lngB * countB) / count;
    const { x, y } = projectPx(lat, lng, zoom);
    const diameter = clusterDiameter(count, format(count));
    const apart = separationZoom(zoom, Math.hypot(into.x - other.x, into.y - other.y), diameter, maxZoom);
    const expansionZoom = Math.min(
      into.kind === "cluster" ? into.expansionZoom : maxZoom,
      other.kind === "cluster" ? other.expansionZoom : maxZoom,
      apart,
    );
    return {
      kind: "cluster",
      key: into.kind === "cluster" ? into.key : `l${into.marker.uls}`,
      count,
      lat,
      lng,
      expansionZoom: Math.max(lowest, expansionZoom),
      diameter,
      x,
      y,
    };
  };
  const canMerge = (a: PlacedMarker, b: PlacedMarker) => a.kind === "cluster" || b.kind === "cluster" || zoom < maxZoom;

  // Invariant: no two placed markers touch. A merged cluster is larger and has moved, so it is
  // checked again against every placed marker until it touches none.
  const placed: PlacedMarker[] = [];
  for (const item of items) {
    let current = item;
    let index = placed.findIndex((p) => canMerge(p, current) && touches(p, current));
    while (index !== -1) {
      current = merge(placed[index]!, current);
      placed.splice(index, 1);
      index = placed.findIndex((p) => canMerge(p, current) && touches(p, current));
    }
    placed.push(current);
  }
  return placed;
}

function countOf(p: PlacedMarker): number {
  return p.kind === "cluster" ? p.count : 1;
}

function latLngOf(p: PlacedMarker): [number, number] {
  return p.kind === "cluster" ? [p.lat, p.lng] : [p.marker.coords.lat, p.marker.coords.lng];
}
