/**
 * The offline base map's data format (scripts/build-basemap.ts writes it, ./layer.ts draws it).
 *
 * Coordinates are integers on a grid of `precision` degrees: a line or ring is one flat array
 * `[x0, y0, dx1, dy1, dx2, dy2, …]` (x is longitude, y latitude; each pair after the first is
 * the step from the previous point), as TopoJSON encodes its arcs. Small integers make a file a
 * third of the size of GeoJSON's decimal pairs, and it stays valid JSON the browser parses
 * natively. Parsed with zod/mini like every answer from outside.
 */
import * as z from "zod/mini";

export const BASEMAP_FORMAT = "courtier-basemap";
export const BASEMAP_VERSION = 1;

// Only what the search page's zod/mini already uses (objects, arrays, literals): the schemas chunk
// it shares with the search stays the same size.
const encoded = z.array(z.number());
const place = z.object({ name: z.string(), lat: z.number(), lng: z.number(), population: z.number() });
const region = z.object({ fr: z.string(), en: z.string(), lat: z.number(), lng: z.number() });

export const baseMapSchema = z.object({
  format: z.literal(BASEMAP_FORMAT),
  version: z.literal(BASEMAP_VERSION),
  /** What the data comes from, for the attribution its licence asks for. */
  source: z.object({ name: z.string(), url: z.string(), licence: z.string() }),
  /** Degrees per grid step. */
  precision: z.number(),
  /** Nothing lies outside, and the map never shows past them. */
  bounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
  /**
   * Sea and lakes: rings filled together with the even-odd rule (islands are holes) and stroked
   * as shores. The sea is clipped to `bounds`.
   */
  water: z.array(encoded),
  rivers: z.array(encoded),
  /** Borders between provinces and states. */
  borders: z.array(encoded),
  /** The international border. */
  country: z.array(encoded),
  /** Municipalities, largest first. */
  places: z.array(place),
  /** Provinces and states, with their label's position. */
  regions: z.array(region),
});
export type BaseMapData = z.infer<typeof baseMapSchema>;

/** Encodes [lng, lat] points on the grid (consecutive duplicates dropped). */
export function encodeLine(points: readonly (readonly [number, number])[], precision: number): number[] {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const [lng, lat] of points) {
    const x = Math.round(lng / precision);
    const y = Math.round(lat / precision);
    if (out.length > 0 && x === px && y === py) continue;
    if (out.length === 0) out.push(x, y);
    else out.push(x - px, y - py);
    px = x;
    py = y;
  }
  return out;
}

/** Decodes a line or ring into [lng, lat] pairs. */
export function decodeLine(flat: readonly number[], precision: number): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    x += flat[i]!;
    y += flat[i + 1]!;
    points.push([x * precision, y * precision]);
  }
  return points;
}
