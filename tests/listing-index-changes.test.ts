/**
 * The columnar index takes a batch of changes without being built again (issue 31): an index
 * with changes merged in (ListingIndex.withChanges) answers every question exactly as one built
 * from scratch over the same rows: the four orders in full, counts, points and the map grid at
 * every zoom, on random batches of new, changed and removed listings (new ids at the end and in
 * gaps, as SQLite reuses a deleted largest id), over several batches in a row.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../server/content/data/listings-generator";
import {
  type ChangedRow,
  type IndexFilters,
  type IndexOrder,
  type IndexRow,
  ListingIndex,
} from "../server/content/stores/listing-index";

const TYPES = ["maison", "condo", "prop", "ferme", "chalet", "terrain", "comm"] as const;
const MUNS = ["66023", "23027", "25213", "58227", "94068", "37067"];
const ORDERS: IndexOrder[] = ["newest", "oldest", "price_asc", "price_desc"];

type Row = IndexRow & { listed_ms: number };

function randomRow(rng: ReturnType<typeof createRng>, id: number): Row {
  const rent = rng.next() < 0.25;
  // Few distinct prices, dates and places: ties in every order, many listings per grid cell.
  const listed = Date.UTC(2026, 9, 1 + rng.int(0, 20));
  return {
    id,
    uls: String(10_000_000 + id),
    type: rng.pick(TYPES),
    for_sale_for_rent: rent ? "rent" : "buy",
    price: rent ? rng.int(6, 30) * 100 : rng.int(10, 90) * 10_000,
    bedrooms: rng.int(0, 5),
    bathrooms: rng.int(0, 3),
    open_house: rng.next() < 0.1 ? 1 : 0,
    sold: rng.next() < 0.1 ? 1 : 0,
    mun_code: rng.pick(MUNS),
    lat: 45 + rng.int(0, 300) / 100,
    lng: -74 + rng.int(0, 300) / 100,
    listed_at: new Date(listed).toISOString(),
    listed_ms: listed,
  };
}

const changedRow = (r: Row): ChangedRow => ({
  id: r.id,
  uls: r.uls,
  type: r.type,
  for_sale_for_rent: r.for_sale_for_rent,
  price: r.price,
  bedrooms: r.bedrooms,
  bathrooms: r.bathrooms,
  open_house: Boolean(r.open_house),
  mun_code: r.mun_code,
  lat: r.lat,
  lng: r.lng,
  listed_ms: r.listed_ms,
  sold: Boolean(r.sold),
});

const FILTERS: IndexFilters[] = [
  {},
  { forSaleForRent: "buy" },
  { forSaleForRent: "rent", price_max: 2000 },
  { price_min: 300_000, price_max: 600_000, type: ["maison", "condo"] },
  { bedrooms: 2, bathrooms: 1, open_house: true },
  { mun: ["66023", "no-such-town"] },
  { status: "active" },
  { status: "sold", forSaleForRent: "buy" },
  { bounds: { south: 45.5, west: -73.5, north: 46.5, east: -72 } },
  { forSaleForRent: "buy", type: ["chalet"], bounds: { south: 45, west: -74, north: 46, east: -73 } },
];

/** Every answer of the index, as plain values. */
function answers(index: ListingIndex) {
  const uls = (rows: number[]) => rows.map((i) => index.uls[i]);
  return {
    size: index.size,
    orders: Object.fromEntries(ORDERS.map((o) => [o, uls(index.page({}, o, 0, index.size))])),
    filtered: FILTERS.map((f) => ({
      count: index.count(f),
      pages: ORDERS.map((o) => uls(index.page(f, o, 3, 17))),
      points: index.points(f),
      grids: [3, 6, 9, 12, 15, 22].map((zoom) => index.grid(f, zoom)),
      odd: index.grid(f, 7.5, 64),
    })),
  };
}

describe("ListingIndex.withChanges", () => {
  it("answers as an index built from scratch, batch after batch", () => {
    const rng = createRng(31);
    let rows = new Map<number, Row>();
    for (let id = 1; id <= 2000; id++) if (rng.next() < 0.9) rows.set(id, randomRow(rng, id));
    let index = ListingIndex.fromRows([...rows.values()]);
    let nextId = 2001;
    for (let batch = 0; batch < 8; batch++) {
      const ids = [...rows.keys()];
      const changed = new Map<number, Row>();
      const removed = new Set<number>();
      const size = batch === 7 ? 600 : rng.int(1, 80);
      for (let k = 0; k < size; k++) {
        const roll = rng.next();
        const id = rng.pick(ids);
        if (roll < 0.35) {
          // The same listing, some facts changed (same id: an upsert by uls keeps it).
          const before = rows.get(id)!;
          const next = { ...randomRow(rng, id), uls: before.uls };
          changed.set(id, next);
          removed.delete(id);
        } else if (roll < 0.55) {
          removed.add(id);
          changed.delete(id);
        } else if (roll < 0.85) {
          const id2 = nextId++;
          changed.set(id2, randomRow(rng, id2));
        } else {
          // A new listing in a gap below the largest id (SQLite reuses a deleted largest rowid).
          const gap = rng.int(1, nextId - 1);
          if (!rows.has(gap) && !changed.has(gap)) changed.set(gap, randomRow(rng, gap));
        }
      }
      for (const id of removed) rows.delete(id);
      for (const [id, row] of changed) rows.set(id, row);
      rows = new Map([...rows.entries()].sort((a, b) => a[0] - b[0]));
      const merged = index.withChanges(
        [...changed.values()].sort((a, b) => a.id - b.id).map(changedRow),
        [...removed].filter((id) => !changed.has(id)),
      );
      const scratch = ListingIndex.fromRows([...rows.values()]);
      expect(answers(merged), `batch ${batch}`).toEqual(answers(scratch));
      index = merged;
    }
  });

  it("leaves the index it came from as it was (a search may still be reading it)", () => {
    const rng = createRng(7);
    const rows = Array.from({ length: 300 }, (_, i) => randomRow(rng, i + 1));
    const index = ListingIndex.fromRows(rows);
    const before = answers(index);
    index.withChanges([changedRow({ ...randomRow(rng, 301), mun_code: "brand-new-town" })], [1, 2, 3]);
    expect(answers(index)).toEqual(before);
  });

  it("refuses changed rows out of id order", () => {
    const rng = createRng(9);
    const index = ListingIndex.fromRows([randomRow(rng, 1)]);
    expect(() => index.withChanges([changedRow(randomRow(rng, 5)), changedRow(randomRow(rng, 4))], [])).toThrow(
      /ascending id order/,
    );
  });
});
