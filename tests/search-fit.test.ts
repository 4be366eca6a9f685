/** The search map's fit to a new filter set's results: every listing of its answer inside the box. */
import { describe, expect, it } from "vitest";
import type { Marker } from "../renderer/features/search/api";
import { resultsBounds } from "../renderer/features/search/fit";

/** Web-mercator pixel of a point at a zoom (256-pixel tiles). */
function pixel(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

describe("resultsBounds", () => {
  it("is undefined without results and a point for one listing", () => {
    expect(resultsBounds([])).toBeUndefined();
    const one: Marker = { kind: "listing", uls: "1", coords: { lat: 46.8, lng: -71.2 }, price: 1, type: "condo" };
    expect(resultsBounds([one])).toEqual({ south: 46.8, west: -71.2, north: 46.8, east: -71.2 });
  });

  it("holds every listing of a cluster that shares one 80-pixel cell at the zoom before its expansion", () => {
    // Listings of one grid cell at zoom 9 (they split at 10), the cluster at their mean.
    const zoom = 9;
    const scale = 256 * 2 ** zoom;
    const cell = { x: Math.floor(pixel(46.81, -71.21, zoom).x / 80), y: Math.floor(pixel(46.81, -71.21, zoom).y / 80) };
    const listings: { lat: number; lng: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const x = (cell.x + ((i * 37) % 100) / 100) * 80;
      const y = (cell.y + ((i * 61) % 100) / 100) * 80;
      const lng = (x / scale) * 360 - 180;
      const n = Math.PI - (2 * Math.PI * y) / scale;
      const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
      listings.push({ lat, lng });
    }
    const mean = {
      lat: listings.reduce((a, l) => a + l.lat, 0) / listings.length,
      lng: listings.reduce((a, l) => a + l.lng, 0) / listings.length,
    };
    const box = resultsBounds([{ kind: "cluster", id: 1, coords: mean, count: 50, expansion_zoom: zoom + 1 }])!;
    for (const l of listings) {
      expect(l.lat).toBeGreaterThanOrEqual(box.south);
      expect(l.lat).toBeLessThanOrEqual(box.north);
      expect(l.lng).toBeGreaterThanOrEqual(box.west);
      expect(l.lng).toBeLessThanOrEqual(box.east);
    }
    // Not the province: a few cells wide.
    expect(box.east - box.west).toBeLessThan(1);
  });
});
