/**
 * The offline base map's builder (scripts/build-basemap.ts) and its format
 * (renderer/features/maps/basemap/format.ts): valid, bounded, small, and reproducible.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { type BaseMapData, baseMapSchema, decodeLine, encodeLine } from "../renderer/features/maps/basemap/format";
import { BASEMAP_FILE, buildBaseMap, DEFAULT_OPTIONS, serializeBaseMap } from "../scripts/build-basemap";

let built: BaseMapData;
let text: string;
beforeAll(() => {
  built = buildBaseMap();
  text = serializeBaseMap(built);
});

describe("encodeLine / decodeLine", () => {
  it("round-trips points on the grid and drops repeated ones", () => {
    const points: [number, number][] = [
      [-73.5673, 45.5017],
      [-73.5673, 45.5017],
      [-71.208, 46.8139],
      [-75.7013, 45.4765],
    ];
    const flat = encodeLine(points, 0.001);
    // The first pair absolute, then steps: small integers.
    expect(flat).toEqual([-73567, 45502, 2359, 1312, -4493, -1337]);
    const back = decodeLine(flat, 0.001);
    expect(back).toHaveLength(3);
    for (const [i, [lng, lat]] of back.entries()) {
      const source = points[i === 0 ? 0 : i + 1]!;
      // Within half a grid step.
      expect(Math.abs(lng - source[0])).toBeLessThanOrEqual(0.0005 + 1e-9);
      expect(Math.abs(lat - source[1])).toBeLessThanOrEqual(0.0005 + 1e-9);
    }
  });
});

describe("buildBaseMap", () => {
  it("writes the format its reader parses", () => {
    const parsed = baseMapSchema.safeParse(JSON.parse(text));
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  });

  it("keeps every coordinate, place and region inside its bounds", () => {
    const { west, south, east, north } = built.bounds;
    expect([west, south, east, north]).toEqual(DEFAULT_OPTIONS.bounds);
    // The grid rounds to half a step at most.
    const slack = built.precision / 2 + 1e-9;
    let points = 0;
    for (const layer of [built.water, built.rivers, built.borders, built.country]) {
      for (const flat of layer) {
        expect(flat.length % 2, "pairs").toBe(0);
        for (const [lng, lat] of decodeLine(flat, built.precision)) {
          points++;
          expect(lng).toBeGreaterThanOrEqual(west - slack);
          expect(lng).toBeLessThanOrEqual(east + slack);
          expect(lat).toBeGreaterThanOrEqual(south - slack);
          expect(lat).toBeLessThanOrEqual(north + slack);
        }
      }
    }
    expect(points).toBeGreaterThan(1000);
    for (const { lat, lng } of [...built.places, ...built.regions]) {
      expect(lng >= west && lng <= east && lat >= south && lat <= north).toBe(true);
    }
  });

  it("has water, rivers, borders, the international border, places and regions of Québec", () => {
    expect(built.water.length).toBeGreaterThan(20);
    expect(built.rivers.length).toBeGreaterThan(10);
    expect(built.borders.length).toBeGreaterThan(5);
    expect(built.country.length).toBeGreaterThan(0);
    // Rings are closed polygons (≥ 3 points), lines have ≥ 2.
    for (const ring of built.water) expect(ring.length).toBeGreaterThanOrEqual(6);
    for (const line of [...built.rivers, ...built.borders]) expect(line.length).toBeGreaterThanOrEqual(4);
    // Largest first, with the project's municipalities.
    expect(built.places[0]?.name).toBe("Montréal");
    expect(built.places.map((p) => p.name)).toEqual(
      expect.arrayContaining(["Québec", "Lévis", "Gatineau", "Sherbrooke"]),
    );
    const populations = built.places.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(built.regions.find((r) => r.en === "Quebec")?.fr).toBe("Québec");
    expect(built.regions.map((r) => r.en)).toEqual(expect.arrayContaining(["Ontario", "New Brunswick", "Vermont"]));
  });

  it("is small enough to load with a map (under 100 KB, 30 KB gzipped)", () => {
    expect(text.length).toBeLessThan(100 * 1024);
    expect(zlib.gzipSync(text).length).toBeLessThan(30 * 1024);
  });

  it("gives the same bytes every time, and the committed file is its output (`npm run basemap`)", () => {
    expect(serializeBaseMap(buildBaseMap())).toBe(text);
    expect(fs.readFileSync(BASEMAP_FILE, "utf8")).toBe(text);
  });

  it("simplifies: a higher weight keeps fewer points", () => {
    const count = (data: BaseMapData) => data.water.reduce((n, flat) => n + flat.length, 0);
    expect(count(buildBaseMap({ ...DEFAULT_OPTIONS, minWeight: 1e-2 }))).toBeLessThan(count(built));
  });
});
