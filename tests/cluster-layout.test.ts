/** The search map's marker layout (renderer/features/search/cluster-layout.ts). */
import { describe, expect, it } from "vitest";
import type { Marker } from "../renderer/features/search/api";
import {
  clusterDiameter,
  layoutMarkers,
  MARKER_GAP,
  type PlacedMarker,
  projectPx,
  touches,
} from "../renderer/features/search/cluster-layout";

const fr = new Intl.NumberFormat("fr-CA");
const cluster = (id: number, lat: number, lng: number, count: number, expansion_zoom = 12): Marker => ({
  kind: "cluster",
  id,
  coords: { lat, lng },
  count,
  expansion_zoom,
});
const listing = (uls: string, lat: number, lng: number): Marker => ({
  kind: "listing",
  uls,
  coords: { lat, lng },
  price: 425_000,
  type: "maison",
});

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function overlapping(placed: PlacedMarker[], zoom: number, maxZoom: number): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, b] = [placed[i]!, placed[j]!];
      // Two listings may touch only at the deepest zoom, where nothing can come apart.
      if (a.listing && b.listing && zoom >= maxZoom) continue;
      if (touches(a, b)) pairs.push(`${a.key} and ${b.key}`);
    }
  }
  return pairs;
}

describe("clusterDiameter", () => {
  it("grows with the count and always holds its grouped label", () => {
    const sizes = [2, 9, 10, 99, 100, 999, 1_000, 12_345, 50_000].map((n) => clusterDiameter(n, fr.format(n)));
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes[0]).toBeGreaterThanOrEqual(32);
    expect(clusterDiameter(50_000, fr.format(50_000))).toBeGreaterThan(clusterDiameter(50, "50"));
    // "50 000" is six characters: 8 px each and 14 px of padding fit in the circle.
    expect(clusterDiameter(50_000, fr.format(50_000))).toBeGreaterThanOrEqual(6 * 8 + 14);
  });
});

describe("layoutMarkers", () => {
  it("merges clusters whose circles would touch and keeps the total count", () => {
    // Montréal and Laval are ~15 km apart: far apart at zoom 12, a few pixels apart at zoom 6.
    const markers = [cluster(1, 45.5017, -73.5673, 12_000), cluster(2, 45.6066, -73.7124, 3_000)];
    expect(layoutMarkers(markers, 12, 18)).toHaveLength(2);
    const merged = layoutMarkers(markers, 6, 18, fr.format);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.count).toBe(15_000);
    // The merged centre is the weighted mean, nearer the larger cluster.
    expect(merged[0]?.lat).toBeCloseTo((45.5017 * 12_000 + 45.6066 * 3_000) / 15_000, 6);
    expect(merged[0]?.diameter).toBe(clusterDiameter(15_000, fr.format(15_000)));
    // A click zooms in at least one level.
    expect(merged[0]?.expansionZoom).toBeGreaterThanOrEqual(7);
  });

  it("places no two markers touching, whatever the zoom (random Québec clusters and listings)", () => {
    const next = random(42);
    const markers: Marker[] = [];
    for (let i = 0; i < 300; i++) {
      const lat = 45 + next() * 2;
      const lng = -74.5 + next() * 3;
      markers.push(
        next() < 0.5 ? cluster(i, lat, lng, 2 + Math.floor(next() ** 3 * 20_000)) : listing(`L${i}`, lat, lng),
      );
    }
    const total = markers.reduce((n, m) => n + (m.kind === "cluster" ? m.count : 1), 0);
    for (const zoom of [4, 6, 8, 10, 12, 14, 16, 18]) {
      const placed = layoutMarkers(markers, zoom, 18, fr.format);
      expect(overlapping(placed, zoom, 18), `zoom ${zoom}`).toEqual([]);
      expect(
        placed.reduce((n, p) => n + p.count, 0),
        `count at zoom ${zoom}`,
      ).toBe(total);
      for (const p of placed) {
        if (p.listing) continue;
        expect(p.expansionZoom).toBeGreaterThan(Math.min(zoom, 17));
        expect(p.expansionZoom).toBeLessThanOrEqual(18);
      }
    }
  });

  it("keeps the gap between touching circles, and listing tags apart from circles", () => {
    const a: PlacedMarker = { key: "a", count: 10, lat: 0, lng: 0, x: 0, y: 0, diameter: 40, expansionZoom: 10 };
    const far = { ...a, key: "b", x: 40 + MARKER_GAP };
    const near = { ...a, key: "c", x: 40 + MARKER_GAP - 1 };
    expect(touches(a, far)).toBe(false);
    expect(touches(a, near)).toBe(true);
    const tag: PlacedMarker = {
      ...a,
      key: "t",
      count: 1,
      diameter: 0,
      listing: listing("T", 0, 0) as never,
      x: 20 + 32 + MARKER_GAP,
      y: 0,
    };
    expect(touches(a, tag)).toBe(false);
    expect(touches(a, { ...tag, x: tag.x - 2 })).toBe(true);
  });

  it("leaves listings as price tags at the deepest zoom, and merges them into a cluster above it", () => {
    // Two condos in one building.
    const markers = [listing("A", 45.5, -73.56), listing("B", 45.5, -73.56001)];
    const deepest = layoutMarkers(markers, 18, 18);
    expect(deepest.map((p) => p.listing?.uls)).toEqual(["A", "B"]);
    const above = layoutMarkers(markers, 15, 18);
    expect(above).toHaveLength(1);
    expect(above[0]?.listing).toBeUndefined();
    expect(above[0]?.count).toBe(2);
  });

  it("projects as Leaflet's spherical mercator (EPSG:3857) does", () => {
    expect(projectPx(0, 0, 0)).toEqual({ x: 128, y: 128 });
    // Leaflet: x = R·λ, y = R·ln(tan(π/4 + φ/2)), then scaled by 256·2^z / (2πR) around the centre.
    const leaflet = (lat: number, lng: number, zoom: number) => {
      const scale = 256 * 2 ** zoom;
      const y = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
      return { x: scale * (lng / 360 + 0.5), y: scale * (0.5 - y / (2 * Math.PI)) };
    };
    for (const [lat, lng, zoom] of [
      [45.5017, -73.5673, 10],
      [46.8139, -71.208, 14],
      [62.98, -55.33, 4],
    ] as const) {
      const ours = projectPx(lat, lng, zoom);
      const theirs = leaflet(lat, lng, zoom);
      expect(ours.x).toBeCloseTo(theirs.x, 6);
      expect(ours.y).toBeCloseTo(theirs.y, 6);
    }
  });
});
