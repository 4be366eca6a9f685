/**
 * A compact in-memory columnar index of the listing filter columns (typed arrays), built
 * from the durable store (SQLite, or PostgreSQL: listings.postgres.ts) and rebuilt after
 * every write (by any process); the store keeps the documents. It answers counts, filtered
 * sorted pages (a scan of a presorted order with early exit), map points and grids: over a
 * million listings a count is a few milliseconds (tight loops over the columns, no call per row).
 */
import { PROPERTY_TYPES, type PropertyListing } from "../../../schema/api";

export interface IndexRow {
  id: number;
  uls: string;
  type: string;
  for_sale_for_rent: string;
  price: number;
  bedrooms: number;
  bathrooms: number;
  open_house: number;
  mun_code: string;
  lat: number;
  lng: number;
  listed_at: string;
}

export interface IndexFilters {
  mun?: string[];
  price_min?: number;
  price_max?: number;
  forSaleForRent?: "buy" | "rent";
  type?: PropertyListing["type"][];
  bedrooms?: number;
  bathrooms?: number;
  open_house?: boolean;
  bounds?: { south: number; west: number; north: number; east: number };
}

export type IndexOrder = "newest" | "oldest" | "price_desc" | "price_asc";

const TYPE_CODE = new Map<string, number>(PROPERTY_TYPES.map((t, i) => [t, i]));
const FLAG_RENT = 1;
const FLAG_OPEN_HOUSE = 2;
/** Most grid cells kept in flat arrays per call (a wider grid is kept in a Map). */
const DENSE_GRID_CELLS = 1 << 16;

/** A compiled filter: returns true when row `i` matches. */
export type RowPredicate = (i: number) => boolean;

/** Filters as sentinels: every test is a comparison, whichever filters were given. */
interface Compiled {
  priceMin: number;
  priceMax: number;
  bedMin: number;
  bathMin: number;
  typeMask: number;
  munMask: Uint8Array | null;
  flagMask: number;
  flagWant: number;
  south: number;
  north: number;
  west: number;
  east: number;
  /** Which tests can fail (columns no filter reads are not loaded). */
  attrs: boolean;
  box: boolean;
  span: boolean;
  /** Some test beyond price and transaction can fail (those two alone are stretches of the price orders). */
  rest: boolean;
}

/** The columns of an index (ListingIndexBuilder fills them), rows in ascending id order. */
export interface IndexColumns {
  size: number;
  ids: Int32Array;
  uls: string[];
  price: Float64Array;
  type: Uint8Array;
  bedrooms: Uint8Array;
  bathrooms: Uint8Array;
  flags: Uint8Array;
  mun: Uint16Array;
  munCodes: Map<string, number>;
  lat: Float64Array;
  lng: Float64Array;
  listedAt: Float64Array;
}

/**
 * Fills the columns one row at a time, in ascending id order (ties of every order are broken by
 * id, which is then the row number), without an object per row: a million rows read from
 * PostgreSQL go straight into typed arrays.
 */
export class ListingIndexBuilder {
  private n = 0;
  private columns: IndexColumns;

  constructor(capacity = 1024) {
    this.columns = ListingIndexBuilder.allocate(Math.max(16, capacity), new Map());
  }

  private static allocate(capacity: number, munCodes: Map<string, number>): IndexColumns {
    return {
      size: 0,
      ids: new Int32Array(capacity),
      uls: new Array<string>(capacity),
      price: new Float64Array(capacity),
      type: new Uint8Array(capacity),
      bedrooms: new Uint8Array(capacity),
      bathrooms: new Uint8Array(capacity),
      flags: new Uint8Array(capacity),
      mun: new Uint16Array(capacity),
      munCodes,
      lat: new Float64Array(capacity),
      lng: new Float64Array(capacity),
      listedAt: new Float64Array(capacity),
    };
  }

  private grow(): void {
    const old = this.columns;
    const next = ListingIndexBuilder.allocate(old.ids.length * 2, old.munCodes);
    for (const key of [
      "ids",
      "price",
      "type",
      "bedrooms",
      "bathrooms",
      "flags",
      "mun",
      "lat",
      "lng",
      "listedAt",
    ] as const)
      (next[key] as Float64Array).set(old[key] as Float64Array);
    for (let i = 0; i < this.n; i++) next.uls[i] = old.uls[i]!;
    this.columns = next;
  }

  add(
    id: number,
    uls: string,
    type: string,
    forSaleForRent: string,
    price: number,
    bedrooms: number,
    bathrooms: number,
    openHouse: boolean,
    munCode: string,
    lat: number,
    lng: number,
    listedAtMs: number,
  ): void {
    const i = this.n;
    if (i > 0 && id <= this.columns.ids[i - 1]!)
      throw new Error("ListingIndexBuilder: rows must come in ascending id order");
    if (i === this.columns.ids.length) this.grow();
    const c = this.columns;
    c.ids[i] = id;
    c.uls[i] = uls;
    c.price[i] = price;
    c.type[i] = TYPE_CODE.get(type) ?? 255;
    c.bedrooms[i] = Math.min(255, bedrooms);
    c.bathrooms[i] = Math.min(255, bathrooms);
    c.flags[i] = (forSaleForRent === "rent" ? FLAG_RENT : 0) | (openHouse ? FLAG_OPEN_HOUSE : 0);
    let code = c.munCodes.get(munCode);
    if (code === undefined) {
      code = c.munCodes.size;
      c.munCodes.set(munCode, code);
    }
    c.mun[i] = code;
    c.lat[i] = lat;
    c.lng[i] = lng;
    c.listedAt[i] = listedAtMs;
    this.n++;
  }

  get size(): number {
    return this.n;
  }

  finish(): ListingIndex {
    const c = this.columns;
    const n = this.n;
    // Trimmed to the rows (a copy: the builder's spare capacity is not kept for the index's life).
    return new ListingIndex({
      size: n,
      ids: c.ids.slice(0, n),
      uls: c.uls.slice(0, n),
      price: c.price.slice(0, n),
      type: c.type.slice(0, n),
      bedrooms: c.bedrooms.slice(0, n),
      bathrooms: c.bathrooms.slice(0, n),
      flags: c.flags.slice(0, n),
      mun: c.mun.slice(0, n),
      munCodes: c.munCodes,
      lat: c.lat.slice(0, n),
      lng: c.lng.slice(0, n),
      listedAt: c.listedAt.slice(0, n),
    });
  }
}

/** Whether row `i` passes the compiled filters (small: inlined into the loops that call it). */
function test(q: Compiled, c: ListingIndex, i: number): boolean {
  const p = c.price[i]!;
  if (p < q.priceMin || p > q.priceMax) return false;
  if (q.attrs) {
    if ((c.flags[i]! & q.flagMask) !== q.flagWant) return false;
    if (((1 << c.type[i]!) & q.typeMask) === 0) return false;
    if (c.bedrooms[i]! < q.bedMin || c.bathrooms[i]! < q.bathMin) return false;
  }
  if (q.munMask !== null && q.munMask[c.mun[i]!] !== 1) return false;
  if (q.box) {
    const la = c.lat[i]!;
    if (la < q.south || la > q.north) return false;
  }
  if (q.span) {
    const ln = c.lng[i]!;
    if (ln < q.west || ln > q.east) return false;
  }
  return true;
}

export class ListingIndex {
  readonly size: number;
  readonly ids: Int32Array;
  readonly uls: string[];
  readonly price: Float64Array;
  readonly type: Uint8Array;
  readonly bedrooms: Uint8Array;
  readonly bathrooms: Uint8Array;
  readonly flags: Uint8Array;
  readonly mun: Uint16Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  readonly listedAt: Float64Array;
  /** Web-mercator x and y of every row, computed once (the grid reads them for every matching row). */
  readonly mercX: Float64Array;
  readonly mercY: Float64Array;
  /** Where the listings are: mercator and degrees (empty: minimums above maximums). */
  private readonly extent = {
    minX: 1,
    maxX: 0,
    minY: 1,
    maxY: 0,
    minLat: Number.POSITIVE_INFINITY,
    maxLat: Number.NEGATIVE_INFINITY,
    minLng: Number.POSITIVE_INFINITY,
    maxLng: Number.NEGATIVE_INFINITY,
  };
  private readonly munCodes: Map<string, number>;
  /** Built on first use: the PostgreSQL store finds listings by uls in the database and never needs it. */
  private rowByUls: Map<string, number> | undefined;
  private readonly orders = new Map<IndexOrder, Int32Array>();
  /** Sales (every transaction but rent): they come first in the price orders. */
  private readonly sales: number;
  /** Matching rows of the current scan (one buffer: scans are synchronous and consumed at once). */
  private scratch: Int32Array | undefined;
  private lastScan: { key: string; length: number } | undefined;

  /** From rows read as objects (the embedded store's SQLite query), in ascending id order. */
  static fromRows(rows: readonly IndexRow[]): ListingIndex {
    const builder = new ListingIndexBuilder(rows.length);
    for (const r of rows) {
      builder.add(
        r.id,
        r.uls,
        r.type,
        r.for_sale_for_rent,
        r.price,
        r.bedrooms,
        r.bathrooms,
        Boolean(r.open_house),
        r.mun_code,
        r.lat,
        r.lng,
        Date.parse(r.listed_at),
      );
    }
    return builder.finish();
  }

  constructor(c: IndexColumns) {
    const n = c.size;
    this.size = n;
    this.ids = c.ids;
    this.uls = c.uls;
    this.price = c.price;
    this.type = c.type;
    this.bedrooms = c.bedrooms;
    this.bathrooms = c.bathrooms;
    this.flags = c.flags;
    this.mun = c.mun;
    this.munCodes = c.munCodes;
    this.lat = c.lat;
    this.lng = c.lng;
    this.listedAt = c.listedAt;
    this.mercX = new Float64Array(n);
    this.mercY = new Float64Array(n);
    const extent = this.extent;
    for (let i = 0; i < n; i++) {
      const la = c.lat[i]!;
      const ln = c.lng[i]!;
      if (la < extent.minLat) extent.minLat = la;
      if (la > extent.maxLat) extent.maxLat = la;
      if (ln < extent.minLng) extent.minLng = ln;
      if (ln > extent.maxLng) extent.maxLng = ln;
      const x = mercatorX(ln);
      const y = mercatorY(la);
      this.mercX[i] = x;
      this.mercY[i] = y;
      if (x < extent.minX) extent.minX = x;
      if (x > extent.maxX) extent.maxX = x;
      if (y < extent.minY) extent.minY = y;
      if (y > extent.maxY) extent.maxY = y;
    }
    // Rows are in id order, so a tie is broken by the row number.
    const { price, listedAt, flags } = this;
    let sales = 0;
    for (let i = 0; i < n; i++) if ((flags[i]! & FLAG_RENT) === 0) sales++;
    this.sales = sales;
    const base = new Int32Array(n);
    for (let i = 0; i < n; i++) base[i] = i;
    const byDateAsc = base.slice().sort((a, b) => listedAt[a]! - listedAt[b]! || a - b);
    // Price orders list sales, then rentals, each by price: a monthly rent is not comparable with
    // a sale price, and with no transaction chosen the two were interleaved (docs/decisions.md).
    this.orders.set("oldest", byDateAsc);
    this.orders.set("newest", byDateAsc.slice().reverse());
    this.orders.set(
      "price_asc",
      base.slice().sort((a, b) => (flags[a]! & FLAG_RENT) - (flags[b]! & FLAG_RENT) || price[a]! - price[b]! || a - b),
    );
    this.orders.set(
      "price_desc",
      base.sort((a, b) => (flags[a]! & FLAG_RENT) - (flags[b]! & FLAG_RENT) || price[b]! - price[a]! || b - a),
    );
  }

  rowOf(uls: string): number | undefined {
    if (!this.rowByUls) {
      this.rowByUls = new Map();
      for (let i = 0; i < this.size; i++) this.rowByUls.set(this.uls[i]!, i);
    }
    return this.rowByUls.get(uls);
  }

  private compile(filters: IndexFilters): Compiled {
    let typeMask = 0;
    if (filters.type?.length) for (const t of filters.type) typeMask |= 1 << (TYPE_CODE.get(t) ?? 31);
    else typeMask = -1;
    let munMask: Uint8Array | null = null;
    if (filters.mun?.length) {
      munMask = new Uint8Array(this.munCodes.size + 1);
      for (const code of filters.mun) {
        const c = this.munCodes.get(code);
        if (c !== undefined) munMask[c] = 1;
      }
    }
    const b = filters.bounds;
    const q = {
      priceMin: filters.price_min !== undefined && filters.price_min > 0 ? filters.price_min : -1,
      priceMax: filters.price_max ?? Number.POSITIVE_INFINITY,
      bedMin: filters.bedrooms ?? 0,
      bathMin: filters.bathrooms ?? 0,
      typeMask,
      munMask,
      flagMask: (filters.forSaleForRent ? FLAG_RENT : 0) | (filters.open_house ? FLAG_OPEN_HOUSE : 0),
      flagWant: (filters.forSaleForRent === "rent" ? FLAG_RENT : 0) | (filters.open_house ? FLAG_OPEN_HOUSE : 0),
      south: b ? b.south : Number.NEGATIVE_INFINITY,
      north: b ? b.north : Number.POSITIVE_INFINITY,
      west: b ? b.west : Number.NEGATIVE_INFINITY,
      east: b ? b.east : Number.POSITIVE_INFINITY,
      attrs: false,
      box: false,
      span: false,
      rest: false,
    };
    q.attrs = q.flagMask !== 0 || typeMask !== -1 || q.bedMin > 0 || q.bathMin > 0;
    // Bounds that hold every listing (a map of the whole province) test nothing.
    const e = this.extent;
    q.box = q.south > e.minLat || q.north < e.maxLat;
    q.span = q.west > e.minLng || q.east < e.maxLng;
    q.rest = typeMask !== -1 || q.bedMin > 0 || q.bathMin > 0 || Boolean(filters.open_house) || munMask !== null;
    q.rest ||= q.box || q.span;
    return q;
  }

  /** Compiles filters into one predicate over the columns (sentinels stand for absent filters). */
  predicate(filters: IndexFilters): RowPredicate {
    const q = this.compile(filters);
    return (i) => test(q, this, i);
  }

  /**
   * The matching rows in row order, written to `out` when given; returns how many. The one loop
   * every count, point list and grid runs over all rows: the columns and the filter's bounds are
   * locals (no property read, no call per row), a million rows in a few milliseconds.
   */
  private scanInto(q: Compiled, out: Int32Array | null): number {
    const { price, flags, type, bedrooms, bathrooms, mun, lat, lng, size } = this;
    const { priceMin, priceMax, flagMask, flagWant, typeMask, bedMin, bathMin, munMask, south, north, west, east } = q;
    // Columns no filter reads are not loaded (the branches are the same for every row).
    const { attrs, box, span } = q;
    let k = 0;
    for (let i = 0; i < size; i++) {
      const p = price[i]!;
      if (p < priceMin || p > priceMax) continue;
      if (attrs) {
        if ((flags[i]! & flagMask) !== flagWant) continue;
        if (((1 << type[i]!) & typeMask) === 0) continue;
        if (bedrooms[i]! < bedMin || bathrooms[i]! < bathMin) continue;
      }
      if (munMask !== null && munMask[mun[i]!] !== 1) continue;
      if (box) {
        const la = lat[i]!;
        if (la < south || la > north) continue;
      }
      if (span) {
        const ln = lng[i]!;
        if (ln < west || ln > east) continue;
      }
      if (out !== null) out[k] = i;
      k++;
    }
    return k;
  }

  /**
   * The matching rows into the scratch buffer, valid until a scan of other filters. The last
   * filters' rows are kept: a map answer counts, then grids the same filters (one scan, not two).
   */
  private scan(filters: IndexFilters): { rows: Int32Array; length: number } {
    const key = JSON.stringify(filters);
    if (this.lastScan?.key !== key) {
      this.scratch ??= new Int32Array(this.size);
      this.lastScan = { key, length: this.scanInto(this.compile(filters), this.scratch) };
    }
    return { rows: this.scratch!, length: this.lastScan.length };
  }

  count(filters: IndexFilters): number {
    if (this.lastScan?.key === JSON.stringify(filters)) return this.lastScan.length;
    const q = this.compile(filters);
    // Price and transaction alone: the length of their stretches of the price order (binary searches).
    if (!q.rest) {
      let total = 0;
      for (const [start, end] of this.stretches(q, "price_asc", this.orders.get("price_asc")!)) total += end - start;
      return total;
    }
    return this.scan(filters).length;
  }

  /**
   * Rows of one page in the given order: a scan of the presorted order that stops once the page
   * is full. In a price order the scan starts and ends where the price range and the transaction
   * do (binary searches): a page of houses under 800,000 $ sorted by price, highest first, no
   * longer steps through every dearer listing first.
   */
  page(filters: IndexFilters, order: IndexOrder, offset: number, limit: number): number[] {
    const q = this.compile(filters);
    const sorted = this.orders.get(order)!;
    const out: number[] = [];
    let skipped = 0;
    for (const [start, end] of this.stretches(q, order, sorted)) {
      for (let k = start; k < end && out.length < limit; k++) {
        const i = sorted[k]!;
        if (!test(q, this, i)) continue;
        if (skipped < offset) skipped++;
        else out.push(i);
      }
    }
    return out;
  }

  /** The stretches of a presorted order that can hold matches, in order. */
  private stretches(q: Compiled, order: IndexOrder, sorted: Int32Array): [number, number][] {
    if (order !== "price_asc" && order !== "price_desc") return [[0, sorted.length]];
    const { price } = this;
    // Sales come first, then rentals (each by price); a transaction filter keeps one of them.
    const blocks: [number, number][] = [];
    const rent = (q.flagMask & FLAG_RENT) !== 0 ? (q.flagWant & FLAG_RENT) !== 0 : undefined;
    if (rent !== true) blocks.push([0, this.sales]);
    if (rent !== false) blocks.push([this.sales, sorted.length]);
    // First position in [lo, hi) where `past` holds (it holds from there to hi).
    const first = (lo: number, hi: number, past: (p: number) => boolean) => {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (past(price[sorted[mid]!]!)) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    };
    return blocks.map(([lo, hi]): [number, number] =>
      order === "price_asc"
        ? [first(lo, hi, (p) => p >= q.priceMin), first(lo, hi, (p) => p > q.priceMax)]
        : [first(lo, hi, (p) => p <= q.priceMax), first(lo, hi, (p) => p < q.priceMin)],
    );
  }

  /** Every matching row, in id order. */
  rows(filters: IndexFilters): Int32Array {
    const { rows, length } = this.scan(filters);
    return rows.slice(0, length);
  }

  /** Every matching point, in id order (the stores' `points`). */
  points(filters: IndexFilters): IndexPoint[] {
    const { rows, length } = this.scan(filters);
    const out = new Array<IndexPoint>(length);
    for (let k = 0; k < length; k++) out[k] = this.pointOf(rows[k]!);
    return out;
  }

  /** The grid of the stores' `grid`: cells, with a lone listing's point. */
  grid(filters: IndexFilters, zoom: number, cellPx?: number): IndexGridCell[] {
    return this.gridClusters(filters, zoom, cellPx).map((f) =>
      f.kind === "cluster" ? f : { kind: "listing", ...this.pointOf(f.row) },
    );
  }

  private pointOf(i: number): IndexPoint {
    return { uls: this.uls[i]!, lat: this.lat[i]!, lng: this.lng[i]!, price: this.price[i]!, type: this.typeOf(i) };
  }

  typeOf(i: number): PropertyListing["type"] {
    return PROPERTY_TYPES[this.type[i]!] ?? "maison";
  }

  /**
   * Grid clustering of the matching rows at one zoom (cells of `cellPx` web-mercator
   * pixels): one scan, then one pass over the matches into flat per-cell arrays (a Map when
   * the cells the matches may fall in are too many); used for filter sets that have no cluster
   * index. Cells come in the order of their first listing.
   */
  gridClusters(filters: IndexFilters, zoom: number, cellPx = 80): GridFeature[] {
    // The scan's loop (the filter's columns as locals), then a pass over the matches: testing the
    // filters in the grid's own pass was no faster (15.4 against 14.3 ms over a million).
    const { rows, length } = this.scan(filters);
    if (length === 0) return [];
    const scale = (256 * 2 ** zoom) / cellPx;
    const b = filters.bounds;
    const { extent } = this;
    // The cells the matches can fall in: the listings' extent, within the bounds; one cell of
    // margin each side, and any row outside after all sends the grid to the Map.
    const x0 = b ? Math.max(extent.minX, mercatorX(b.west)) : extent.minX;
    const x1 = b ? Math.min(extent.maxX, mercatorX(b.east)) : extent.maxX;
    const y0 = b ? Math.max(extent.minY, mercatorY(b.north)) : extent.minY;
    const y1 = b ? Math.min(extent.maxY, mercatorY(b.south)) : extent.maxY;
    const c0 = Math.floor(x0 * scale) - 1;
    const r0 = Math.floor(y0 * scale) - 1;
    const cols = Math.floor(x1 * scale) + 2 - c0;
    const rowsN = Math.floor(y1 * scale) + 2 - r0;
    if (cols > 0 && rowsN > 0 && cols * rowsN <= DENSE_GRID_CELLS) {
      const dense = this.denseGrid(rows, length, scale, c0, r0, cols, rowsN, zoom, cellPx);
      if (dense) return dense;
    }
    return this.mapGrid(rows, length, scale, zoom, cellPx);
  }

  private denseGrid(
    rows: Int32Array,
    length: number,
    scale: number,
    c0: number,
    r0: number,
    cols: number,
    rowsN: number,
    zoom: number,
    cellPx: number,
  ): GridFeature[] | undefined {
    const cells = cols * rowsN;
    const n = new Int32Array(cells);
    const first = new Int32Array(cells);
    // Per cell, side by side: sum of latitudes, of longitudes, min x, max x, min y, max y.
    const acc = new Float64Array(cells * 6);
    // A cell whose listings spread over a quarter of a cell or more expands to the next zoom
    // whatever else falls in it (clusterExpansion: ceil(log2(cellPx / 2 / extent)) ≤ 1; exact,
    // powers of two): its extremes stop being tracked, the costliest part of the loop.
    const spread = cellPx / 4 / (256 * 2 ** zoom);
    const settled = new Uint8Array(cells);
    const seen: number[] = [];
    const { mercX, mercY, lat, lng } = this;
    for (let k = 0; k < length; k++) {
      const i = rows[k]!;
      const x = mercX[i]!;
      const y = mercY[i]!;
      const cx = Math.floor(x * scale) - c0;
      const cy = Math.floor(y * scale) - r0;
      if (cx < 0 || cx >= cols || cy < 0 || cy >= rowsN) return undefined;
      const c = cy * cols + cx;
      const a = c * 6;
      if (n[c] === 0) {
        seen.push(c);
        first[c] = i;
        acc[a + 2] = x;
        acc[a + 3] = x;
        acc[a + 4] = y;
        acc[a + 5] = y;
      } else if (settled[c] === 0) {
        let moved = false;
        if (x < acc[a + 2]!) {
          acc[a + 2] = x;
          moved = true;
        } else if (x > acc[a + 3]!) {
          acc[a + 3] = x;
          moved = true;
        }
        if (y < acc[a + 4]!) {
          acc[a + 4] = y;
          moved = true;
        } else if (y > acc[a + 5]!) {
          acc[a + 5] = y;
          moved = true;
        }
        if (moved && (acc[a + 3]! - acc[a + 2]! >= spread || acc[a + 5]! - acc[a + 4]! >= spread)) settled[c] = 1;
      }
      n[c]!++;
      acc[a]! += lat[i]!;
      acc[a + 1]! += lng[i]!;
    }
    return seen.map((c): GridFeature => {
      const count = n[c]!;
      if (count === 1) return { kind: "listing", row: first[c]! };
      const a = c * 6;
      const key = gridCellKey(c0 + (c % cols), r0 + Math.floor(c / cols));
      const expansion =
        settled[c] === 1
          ? Math.min(22, zoom + 1)
          : clusterExpansion(zoom, cellPx, acc[a + 3]! - acc[a + 2]!, acc[a + 5]! - acc[a + 4]!);
      return { kind: "cluster", id: gridCellId(key), count, lat: acc[a]! / count, lng: acc[a + 1]! / count, expansion };
    });
  }

  private mapGrid(rows: Int32Array, length: number, scale: number, zoom: number, cellPx: number): GridFeature[] {
    const cells = new Map<
      number,
      { n: number; lat: number; lng: number; row: number; minX: number; maxX: number; minY: number; maxY: number }
    >();
    const { mercX, mercY, lat, lng } = this;
    for (let k = 0; k < length; k++) {
      const i = rows[k]!;
      const x = mercX[i]!;
      const y = mercY[i]!;
      const key = gridCellKey(Math.floor(x * scale), Math.floor(y * scale));
      const cell = cells.get(key);
      if (cell) {
        cell.n++;
        cell.lat += lat[i]!;
        cell.lng += lng[i]!;
        if (x < cell.minX) cell.minX = x;
        if (x > cell.maxX) cell.maxX = x;
        if (y < cell.minY) cell.minY = y;
        if (y > cell.maxY) cell.maxY = y;
      } else cells.set(key, { n: 1, lat: lat[i]!, lng: lng[i]!, row: i, minX: x, maxX: x, minY: y, maxY: y });
    }
    const out: GridFeature[] = [];
    for (const [key, c] of cells) {
      if (c.n === 1) {
        out.push({ kind: "listing", row: c.row });
        continue;
      }
      const expansion = clusterExpansion(zoom, cellPx, c.maxX - c.minX, c.maxY - c.minY);
      out.push({ kind: "cluster", id: gridCellId(key), count: c.n, lat: c.lat / c.n, lng: c.lng / c.n, expansion });
    }
    return out;
  }
}

export interface IndexPoint {
  uls: string;
  lat: number;
  lng: number;
  price: number;
  type: PropertyListing["type"];
}
export type IndexGridCell =
  | ({ kind: "listing" } & IndexPoint)
  | { kind: "cluster"; id: number; count: number; lat: number; lng: number; expansion: number };

export type GridFeature =
  | { kind: "listing"; row: number }
  | { kind: "cluster"; id: number; count: number; lat: number; lng: number; expansion: number };

/** Key of a grid cell from its column and row (gridClusters), and the cluster id made from it. */
export const gridCellKey = (column: number, row: number) => column * 4_194_304 + row;
export const gridCellId = (key: number) => key % 2_147_483_647;

/** Smallest zoom at which a cell's points (spread over dx × dy in mercator units) cover half a cell: where clicking it should take the map. */
export function clusterExpansion(zoom: number, cellPx: number, dx: number, dy: number): number {
  const extent = Math.max(dx, dy, 1e-12) * 256 * 2 ** zoom;
  return Math.min(22, Math.max(zoom + 1, zoom + Math.ceil(Math.log2(cellPx / 2 / extent))));
}

/** Web-mercator x and y in [0, 1). */
export const mercatorX = (lng: number) => (lng + 180) / 360;
export function mercatorY(lat: number): number {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}
