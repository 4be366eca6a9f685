/**
 * The columnar index's map grid against its definition, written the plain way: each matching
 * listing falls in the cell `floor(mercator × 256 × 2^zoom / cellPx)`; a cell of one listing is
 * that listing, a cell of more is a cluster at their mean position that expands where their
 * extent covers half a cell (clusterExpansion). The index gets there from a spatial copy of its
 * rows and a zone map of it (whole zones from their totals, fine cells for positions and extents,
 * exact extents near a threshold: ListingIndex.spatialGrid), or in a Map for other cell sizes;
 * PostgreSQL's SQL grid follows the definition.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clusterExpansion,
  gridCellId,
  gridCellKey,
  type IndexFilters,
  type IndexRow,
  ListingIndex,
  mercatorX,
  mercatorY,
} from "../server/content/stores/listing-index";

const TYPES = ["maison", "condo", "plex", "terrain"] as const;

/** A house for sale at one point. */
const listingAt = (id: number, lat: number, lng: number): IndexRow => ({
  id,
  uls: `L${id}`,
  type: "maison",
  for_sale_for_rent: "buy",
  price: 300_000,
  bedrooms: 2,
  bathrooms: 1,
  open_house: 0,
  mun_code: "x",
  lat,
  lng,
  listed_at: "2026-10-01T00:00:00.000Z",
});

function reference(rows: IndexRow[], filters: IndexFilters, zoom: number, cellPx = 80) {
  const scale = (256 * 2 ** zoom) / cellPx;
  const index = ListingIndex.fromRows(rows);
  const matches = index.predicate(filters);
  const cells = new Map<number, { rows: number[] }>();
  rows.forEach((_, i) => {
    if (!matches(i)) return;
    const key = gridCellKey(Math.floor(mercatorX(rows[i]!.lng) * scale), Math.floor(mercatorY(rows[i]!.lat) * scale));
    const cell = cells.get(key) ?? { rows: [] };
    cell.rows.push(i);
    cells.set(key, cell);
  });
  return [...cells].map(([key, { rows: members }]) => {
    if (members.length === 1) return { kind: "listing", uls: rows[members[0]!]!.uls };
    const xs = members.map((i) => mercatorX(rows[i]!.lng));
    const ys = members.map((i) => mercatorY(rows[i]!.lat));
    return {
      kind: "cluster",
      id: gridCellId(key),
      count: members.length,
      lat: members.reduce((sum, i) => sum + rows[i]!.lat, 0) / members.length,
      lng: members.reduce((sum, i) => sum + rows[i]!.lng, 0) / members.length,
      expansion: clusterExpansion(zoom, cellPx, Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)),
    };
  });
}

/**
 * Listings around a few towns (dense cells, lone ones and cells that straddle lines), each town
 * spread over its own distance (so a cell of many zones has an extent the expansion depends on).
 */
const rowsArbitrary = fc
  .tuple(
    fc.array(fc.constantFrom(1, 0.01, 0.0001, 1e-7), { minLength: 4, maxLength: 4 }),
    fc.array(
      fc.record({
        town: fc.integer({ min: 0, max: 3 }),
        dlat: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
        dlng: fc.double({ min: -0.9, max: 0.9, noNaN: true }),
        price: fc.integer({ min: 50_000, max: 2_000_000 }),
        rent: fc.boolean(),
        type: fc.constantFrom(...TYPES),
        bedrooms: fc.integer({ min: 0, max: 5 }),
      }),
      { minLength: 1, maxLength: 600 },
    ),
  )
  .map(([spreads, drawn]) =>
    drawn.map((r, k): IndexRow => {
      const town = [
        [45.5, -73.6],
        [46.8, -71.2],
        [48.4, -68.5],
        [45.4, -75.7],
      ][r.town]!;
      return {
        id: k + 1,
        uls: `L${k + 1}`,
        type: r.type,
        for_sale_for_rent: r.rent ? "rent" : "buy",
        price: r.price,
        bedrooms: r.bedrooms,
        bathrooms: 1,
        open_house: 0,
        mun_code: String(r.town),
        lat: town[0]! + r.dlat * spreads[r.town]!,
        lng: town[1]! + r.dlng * spreads[r.town]!,
        listed_at: "2026-10-01T00:00:00.000Z",
      };
    }),
  );

const filtersArbitrary: fc.Arbitrary<IndexFilters> = fc.record(
  {
    price_min: fc.integer({ min: 0, max: 1_500_000 }),
    forSaleForRent: fc.constantFrom("buy" as const, "rent" as const),
    bedrooms: fc.integer({ min: 0, max: 4 }),
    bounds: fc.constantFrom(
      { south: 44.5, west: -80.42, north: 62.98, east: -55.33 },
      { south: 45.3, west: -74, north: 45.8, east: -73.2 },
    ),
  },
  { requiredKeys: [] },
);

describe("ListingIndex.grid", () => {
  it("gives the cells, counts, positions and expansions of the grid's definition at every zoom and cell size", () => {
    fc.assert(
      fc.property(
        rowsArbitrary,
        filtersArbitrary,
        fc.integer({ min: 0, max: 22 }),
        // The map's cells (the spatial copy) and another size (the Map of cells).
        fc.constantFrom(80, 80, 80, 64),
        (rows, filters, zoom, cellPx) => {
          const index = ListingIndex.fromRows(rows);
          const got = index
            .grid(filters, zoom, cellPx)
            .map((cell) => (cell.kind === "listing" ? { kind: "listing", uls: cell.uls } : { ...cell }));
          const want = reference(rows, filters, zoom, cellPx);
          // Same cells in the same order (of their first listing), same counts and expansions.
          expect(got.map((c) => ("id" in c ? [c.id, c.count, c.expansion] : c.uls))).toEqual(
            want.map((c) => ("id" in c ? [c.id, c.count, c.expansion] : c.uls)),
          );
          got.forEach((cell, k) => {
            if (!("lat" in cell)) return;
            expect(cell.lat).toBeCloseTo(want[k]!.lat!, 9);
            expect(cell.lng).toBeCloseTo(want[k]!.lng!, 9);
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it("gives the exact expansion of clusters whose extent lies at a power-of-two threshold", () => {
    // Two listings of one cell, `dx` apart in mercator x, right around where the expansion zoom
    // steps: the extent of the cell's fine cells cannot tell, their exact positions must.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 9 }),
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        fc.double({ min: 0.05, max: 0.4, noNaN: true }),
        (zoom, step, off, at) => {
          const cell = 80 / (256 * 2 ** zoom);
          const dx = (40 / (2 ** step * 256 * 2 ** zoom)) * (1 + off);
          const x = (Math.floor(mercatorX(-72) / cell) + at) * cell;
          const rows = [x, x + dx].map((mx, k) => listingAt(k + 1, 46.5, mx * 360 - 180));
          const got = ListingIndex.fromRows(rows).grid({}, zoom);
          const want = reference(rows, {}, zoom);
          expect(got.map((c) => (c.kind === "cluster" ? c.expansion : c.uls))).toEqual(
            want.map((c) => ("expansion" in c ? c.expansion : c.uls)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("expands a cell whose listings lie close together past the next zoom, and one spread over the cell to the next", () => {
    // Two listings 10 m apart, and two towns 240 km apart in one cell, at zoom 5 (cells of about 3.5°).
    const index = ListingIndex.fromRows([
      listingAt(1, 45.5, -73.6),
      listingAt(2, 45.5001, -73.6001),
      listingAt(3, 48, -70.9),
      listingAt(4, 48.3, -67.7),
    ]);
    const cells = index.grid({}, 5).filter((c) => c.kind === "cluster");
    expect(cells.map((c) => c.kind === "cluster" && c.count)).toEqual([2, 2]);
    const [close, far] = cells as { expansion: number }[];
    expect(close!.expansion).toBeGreaterThan(12);
    expect(far!.expansion).toBe(6);
  });
});
