/**
 * A compact in-memory columnar index of the listing filter columns (typed arrays), built
 * from the durable store (SQLite or PostgreSQL: listings.ts) and rebuilt after
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
  /** 1 for a sold listing (its badge): out of a search unless its status is asked for. */
  sold?: number;
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
  /** "active": listings for sale or rent, "sold": sold ones; undefined: both. */
  status?: "active" | "sold";
  bounds?: { south: number; west: number; north: number; east: number };
}

export type IndexOrder = "newest" | "oldest" | "price_desc" | "price_asc";

/** A listing's row merged into an index (ListingIndex.withChanges): its listing date in ms, as the store reads it. */
export interface ChangedRow {
  id: number;
  uls: string;
  type: string;
  for_sale_for_rent: string;
  price: number;
  bedrooms: number;
  bathrooms: number;
  open_house: boolean;
  mun_code: string;
  lat: number;
  lng: number;
  listed_ms: number;
  /** The badge is "sold" (migration 93). */
  sold: boolean;
}

const TYPE_CODE = new Map<string, number>(PROPERTY_TYPES.map((t, i) => [t, i]));
const FLAG_RENT = 1;
const FLAG_OPEN_HOUSE = 2;
const FLAG_SOLD = 4;
/** The map's grid cells, in web-mercator pixels (the stores' default `cellPx`). */
export const GRID_CELL_PX = 80;
/**
 * Grid cells of GRID_CELL_PX at zoom 24, per mercator unit. A row's cell at any zoom z ≤ 24 is
 * its cell here shifted right by 24 − z: exactly `Math.floor(x * scale)` at that zoom (the scales
 * differ by powers of two, so the products round alike), and below 2^26 (x < 1).
 */
const FINE_SCALE = (256 * 2 ** 24) / GRID_CELL_PX;
const FINE_ZOOM = 24;
/** Spreads 13 bits over the even bits of 26 (Morton order: x bits even, y bits odd). */
const SPREAD = new Float64Array(1 << 13);
for (let v = 0; v < 1 << 13; v++) {
  let spread = 0;
  for (let bit = 0; bit < 13; bit++) if (v & (1 << bit)) spread += 2 ** (2 * bit);
  SPREAD[v] = spread;
}
/** Position on the Morton curve of fine cells below 2^26: every grid cell, at every zoom, is one stretch of it. */
function mortonKey(fx: number, fy: number): number {
  const low = SPREAD[fx & 0x1fff]! + 2 * SPREAD[fy & 0x1fff]!;
  const high = SPREAD[fx >>> 13]! + 2 * SPREAD[fy >>> 13]!;
  return high * 2 ** 26 + low;
}

/**
 * The filter columns again, sales then rentals, each in Morton order of their fine cell (`row`: the
 * row in id order). The grid scans these: the matches of one grid cell come one after another in
 * each part, so it adds them up in locals and writes a cell once per part, with no per-cell state
 * looked up for every row. (Rentals apart: their prices, a month's rent, sit below any sale's, and
 * a price floor would otherwise cut through most zones.)
 */
interface SpatialColumns {
  row: Int32Array;
  fineX: Int32Array;
  fineY: Int32Array;
  price: Float64Array;
  type: Uint8Array;
  bedrooms: Uint8Array;
  bathrooms: Uint8Array;
  flags: Uint8Array;
  mun: Uint16Array;
  lat: Float64Array;
  lng: Float64Array;
}

/** Rows of the spatial copy summarised together (a zone map). */
const ZONE_ROWS = 32;

/**
 * Per zone of ZONE_ROWS consecutive spatial rows: the range of every filter column, and the
 * totals the grid adds up. A zone whose ranges all pass the filters matches whole, and when its
 * rows lie in one grid cell (the first and the last do: Morton order) the grid takes its totals
 * instead of its rows; a zone whose price or position ranges miss the filters is skipped.
 */
interface Zones {
  count: number;
  /** Zone z holds spatial rows [start[z], start[z + 1]); no zone spans sales and rentals. */
  start: Int32Array;
  priceMin: Float64Array;
  priceMax: Float64Array;
  latMin: Float64Array;
  latMax: Float64Array;
  lngMin: Float64Array;
  lngMax: Float64Array;
  /** Bit `1 << type` of every row's type. */
  types: Int32Array;
  bedrooms: Uint8Array;
  bathrooms: Uint8Array;
  bedroomsMax: Uint8Array;
  bathroomsMax: Uint8Array;
  flagsAnd: Uint8Array;
  flagsOr: Uint8Array;
  sumLat: Float64Array;
  sumLng: Float64Array;
  fineXMin: Int32Array;
  fineXMax: Int32Array;
  fineYMin: Int32Array;
  fineYMax: Int32Array;
  /** Lowest id-order row. */
  firstRow: Int32Array;
}

/** Matches of one grid cell next to each other in the spatial rows, added up (spatialGrid). */
interface Run {
  cx: number;
  cy: number;
  /** Spatial rows the matches lie among: [from, to) pairs (one per run added into it). */
  ranges: number[];
  count: number;
  sumLat: number;
  sumLng: number;
  /** Extremes of the matches' fine cells. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Lowest id-order row. */
  first: number;
}

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
    sold = false,
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
    c.flags[i] =
      (forSaleForRent === "rent" ? FLAG_RENT : 0) | (openHouse ? FLAG_OPEN_HOUSE : 0) | (sold ? FLAG_SOLD : 0);
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

/** The columns a filter reads, in id order (ListingIndex) or in spatial order (SpatialColumns). */
type FilterColumns = Pick<
  SpatialColumns,
  "price" | "flags" | "type" | "bedrooms" | "bathrooms" | "mun" | "lat" | "lng"
>;

/** Whether row `i` passes the compiled filters (small: inlined into the loops that call it). */
function test(q: Compiled, c: FilterColumns, i: number): boolean {
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

/** The presorted orders an index keeps (ListingIndex's constructor sorts them unless given). */
interface DerivedOrders {
  oldest: Int32Array;
  priceAsc: Int32Array;
  priceDesc: Int32Array;
  /** Rows in the grid's spatial order. */
  spatial: Int32Array;
}

type OrderColumns = Pick<IndexColumns, "listedAt" | "price" | "flags">;

/**
 * The presorted orders as comparators of rows (ties by row, i.e. by id): oldest first; sales then
 * rentals, each by price ascending, or descending (ties then by row descending). `newest` is
 * `oldest` reversed.
 */
const ORDER_COMPARATORS = {
  oldest:
    ({ listedAt }: OrderColumns) =>
    (a: number, b: number) =>
      listedAt[a]! - listedAt[b]! || a - b,
  priceAsc:
    ({ price, flags }: OrderColumns) =>
    (a: number, b: number) =>
      (flags[a]! & FLAG_RENT) - (flags[b]! & FLAG_RENT) || price[a]! - price[b]! || a - b,
  priceDesc:
    ({ price, flags }: OrderColumns) =>
    (a: number, b: number) =>
      (flags[a]! & FLAG_RENT) - (flags[b]! & FLAG_RENT) || price[b]! - price[a]! || b - a,
};

/** Writes one row of `r` at position `i` of the columns (ListingIndex.withChanges). */
function putRow(c: IndexColumns, i: number, r: ChangedRow): void {
  c.ids[i] = r.id;
  c.uls[i] = r.uls;
  c.price[i] = r.price;
  c.type[i] = TYPE_CODE.get(r.type) ?? 255;
  c.bedrooms[i] = Math.min(255, r.bedrooms);
  c.bathrooms[i] = Math.min(255, r.bathrooms);
  c.flags[i] =
    (r.for_sale_for_rent === "rent" ? FLAG_RENT : 0) | (r.open_house ? FLAG_OPEN_HOUSE : 0) | (r.sold ? FLAG_SOLD : 0);
  let code = c.munCodes.get(r.mun_code);
  if (code === undefined) {
    code = c.munCodes.size;
    c.munCodes.set(r.mun_code, code);
  }
  c.mun[i] = code;
  c.lat[i] = r.lat;
  c.lng[i] = r.lng;
  c.listedAt[i] = r.listed_ms;
}

/** The rows of an old order that are kept, renumbered, in the same order (`count` of them). */
function keptOf(sorted: Int32Array, renumbered: Int32Array, count: number): Int32Array {
  const out = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < sorted.length; i++) {
    const to = renumbered[sorted[i]!]!;
    if (to >= 0) out[k++] = to;
  }
  return out;
}

/** Two sorted lists of rows merged into one (stable: `a` first on ties, which the comparators never have). */
function mergeSorted(a: Int32Array, b: Int32Array, compare: (x: number, y: number) => number): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
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
  /** The grid's copy of the filter columns, in spatial order, and its zone map. */
  private readonly spatial: SpatialColumns;
  private readonly zones: Zones;
  /** Where the listings are: mercator and degrees (empty: minimums above maximums). */
  private readonly extent = {
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

  /** From rows as objects, in ascending id order (tests; the store fills a ListingIndexBuilder from arrays). */
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
        Boolean(r.sold),
      );
    }
    return builder.finish();
  }

  /**
   * `derived`: the presorted orders and the spatial order, when they are already known (a batch of
   * changes merged into an index: `withChanges`); otherwise sorted here.
   */
  constructor(c: IndexColumns, derived?: DerivedOrders) {
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
    const extent = this.extent;
    const fineX = new Int32Array(n);
    const fineY = new Int32Array(n);
    const key = derived ? undefined : new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const la = c.lat[i]!;
      const ln = c.lng[i]!;
      if (la < extent.minLat) extent.minLat = la;
      if (la > extent.maxLat) extent.maxLat = la;
      if (ln < extent.minLng) extent.minLng = ln;
      if (ln > extent.maxLng) extent.maxLng = ln;
      fineX[i] = Math.floor(mercatorX(ln) * FINE_SCALE);
      fineY[i] = Math.floor(mercatorY(la) * FINE_SCALE);
      if (key) key[i] = mortonKey(fineX[i]!, fineY[i]!);
    }
    // Rows are in id order, so a tie is broken by the row number.
    const { flags } = this;
    let sales = 0;
    for (let i = 0; i < n; i++) if ((flags[i]! & FLAG_RENT) === 0) sales++;
    this.sales = sales;
    this.spatial = this.spatialColumns(fineX, fineY, derived?.spatial ?? this.spatialOrder(key!));
    this.zones = zonesOf(this.spatial, [
      [0, this.sales],
      [this.sales, n],
    ]);
    if (derived) {
      this.orders.set("oldest", derived.oldest);
      this.orders.set("newest", derived.oldest.slice().reverse());
      this.orders.set("price_asc", derived.priceAsc);
      this.orders.set("price_desc", derived.priceDesc);
      return;
    }
    const base = new Int32Array(n);
    for (let i = 0; i < n; i++) base[i] = i;
    const byDateAsc = base.slice().sort(ORDER_COMPARATORS.oldest(this));
    // Price orders list sales, then rentals, each by price: a monthly rent is not comparable with
    // a sale price, and with no transaction chosen the two were interleaved (docs/decisions.md).
    this.orders.set("oldest", byDateAsc);
    this.orders.set("newest", byDateAsc.slice().reverse());
    this.orders.set("price_asc", base.slice().sort(ORDER_COMPARATORS.priceAsc(this)));
    this.orders.set("price_desc", base.sort(ORDER_COMPARATORS.priceDesc(this)));
  }

  /** Rows in the grid's order: sales then rentals, each by the Morton key of its fine cell, ties by row. */
  private spatialOrder(key: Float64Array): Int32Array {
    const n = this.size;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const flags = this.flags;
    order.sort((a, b) => (flags[a]! & FLAG_RENT) - (flags[b]! & FLAG_RENT) || key[a]! - key[b]! || a - b);
    return order;
  }

  /**
   * This index with a batch of changes merged in, without sorting anything again: `changed` are
   * the current rows of listings written since (new or replaced, ascending id), `removed` the ids
   * gone. Rows stay in id order; every presorted order (and the grid's spatial order) is this
   * one's without the old rows of those ids, renumbered, merged with the changed rows sorted
   * alone. The result answers exactly as an index built from scratch over the same rows (a test
   * compares them); it costs a few passes over the columns instead of sorting a million rows
   * five times (docs/decisions.md, "Listings from the boards").
   */
  withChanges(changed: readonly ChangedRow[], removed: Iterable<number>): ListingIndex {
    const touched = new Set<number>(removed);
    for (const row of changed) touched.add(row.id);
    for (let k = 1; k < changed.length; k++) {
      if (changed[k]!.id <= changed[k - 1]!.id)
        throw new Error("withChanges: changed rows must come in ascending id order");
    }
    const old = this.size;
    const capacity = old + changed.length;
    const c: IndexColumns = {
      size: 0,
      ids: new Int32Array(capacity),
      uls: new Array<string>(capacity),
      price: new Float64Array(capacity),
      type: new Uint8Array(capacity),
      bedrooms: new Uint8Array(capacity),
      bathrooms: new Uint8Array(capacity),
      flags: new Uint8Array(capacity),
      mun: new Uint16Array(capacity),
      // A copy: this index may still answer a search meanwhile (codes are only ever added).
      munCodes: new Map(this.munCodes),
      lat: new Float64Array(capacity),
      lng: new Float64Array(capacity),
      listedAt: new Float64Array(capacity),
    };
    // Old row → new row (-1: gone or replaced); the new rows of the changed listings, in id order.
    const renumbered = new Int32Array(old).fill(-1);
    const fresh = new Int32Array(changed.length);
    let n = 0;
    let j = 0;
    for (let i = 0; i <= old; i++) {
      const id = i < old ? this.ids[i]! : Number.POSITIVE_INFINITY;
      while (j < changed.length && changed[j]!.id < id) {
        const r = changed[j]!;
        putRow(c, n, r);
        fresh[j++] = n++;
      }
      if (i === old) break;
      if (touched.has(id)) continue;
      c.ids[n] = id;
      c.uls[n] = this.uls[i]!;
      c.price[n] = this.price[i]!;
      c.type[n] = this.type[i]!;
      c.bedrooms[n] = this.bedrooms[i]!;
      c.bathrooms[n] = this.bathrooms[i]!;
      c.flags[n] = this.flags[i]!;
      c.mun[n] = this.mun[i]!;
      c.lat[n] = this.lat[i]!;
      c.lng[n] = this.lng[i]!;
      c.listedAt[n] = this.listedAt[i]!;
      renumbered[i] = n++;
    }
    const columns: IndexColumns = {
      ...c,
      size: n,
      ids: c.ids.slice(0, n),
      uls: c.uls.slice(0, n),
      price: c.price.slice(0, n),
      type: c.type.slice(0, n),
      bedrooms: c.bedrooms.slice(0, n),
      bathrooms: c.bathrooms.slice(0, n),
      flags: c.flags.slice(0, n),
      mun: c.mun.slice(0, n),
      lat: c.lat.slice(0, n),
      lng: c.lng.slice(0, n),
      listedAt: c.listedAt.slice(0, n),
    };
    const merged = (sorted: Int32Array, compare: (a: number, b: number) => number) =>
      mergeSorted(keptOf(sorted, renumbered, n - fresh.length), fresh.slice().sort(compare), compare);
    const oldest = merged(this.orders.get("oldest")!, ORDER_COMPARATORS.oldest(columns));
    const priceAsc = merged(this.orders.get("price_asc")!, ORDER_COMPARATORS.priceAsc(columns));
    const priceDesc = merged(this.orders.get("price_desc")!, ORDER_COMPARATORS.priceDesc(columns));
    // The spatial order's key (the Morton key of the fine cell) of every new row: the old rows'
    // from this index's spatial copy, the changed rows' from their position.
    const key = new Float64Array(n);
    const { row, fineX, fineY } = this.spatial;
    for (let k = 0; k < old; k++) {
      const to = renumbered[row[k]!]!;
      if (to >= 0) key[to] = mortonKey(fineX[k]!, fineY[k]!);
    }
    for (const r of fresh) {
      key[r] = mortonKey(
        Math.floor(mercatorX(columns.lng[r]!) * FINE_SCALE),
        Math.floor(mercatorY(columns.lat[r]!) * FINE_SCALE),
      );
    }
    const flags = columns.flags;
    const spatial = merged(
      row,
      (a, b) => (flags[a]! & FLAG_RENT) - (flags[b]! & FLAG_RENT) || key[a]! - key[b]! || a - b,
    );
    return new ListingIndex(columns, { oldest, priceAsc, priceDesc, spatial });
  }

  private spatialColumns(fineX: Int32Array, fineY: Int32Array, order: Int32Array): SpatialColumns {
    const n = this.size;
    const out: SpatialColumns = {
      row: order,
      fineX: new Int32Array(n),
      fineY: new Int32Array(n),
      price: new Float64Array(n),
      type: new Uint8Array(n),
      bedrooms: new Uint8Array(n),
      bathrooms: new Uint8Array(n),
      flags: new Uint8Array(n),
      mun: new Uint16Array(n),
      lat: new Float64Array(n),
      lng: new Float64Array(n),
    };
    for (let k = 0; k < n; k++) {
      const i = order[k]!;
      out.fineX[k] = fineX[i]!;
      out.fineY[k] = fineY[i]!;
      out.price[k] = this.price[i]!;
      out.type[k] = this.type[i]!;
      out.bedrooms[k] = this.bedrooms[i]!;
      out.bathrooms[k] = this.bathrooms[i]!;
      out.flags[k] = this.flags[i]!;
      out.mun[k] = this.mun[i]!;
      out.lat[k] = this.lat[i]!;
      out.lng[k] = this.lng[i]!;
    }
    return out;
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
      flagMask:
        (filters.forSaleForRent ? FLAG_RENT : 0) |
        (filters.open_house ? FLAG_OPEN_HOUSE : 0) |
        (filters.status ? FLAG_SOLD : 0),
      flagWant:
        (filters.forSaleForRent === "rent" ? FLAG_RENT : 0) |
        (filters.open_house ? FLAG_OPEN_HOUSE : 0) |
        (filters.status === "sold" ? FLAG_SOLD : 0),
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
    q.rest =
      typeMask !== -1 ||
      q.bedMin > 0 ||
      q.bathMin > 0 ||
      Boolean(filters.open_house) ||
      Boolean(filters.status) ||
      munMask !== null;
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
   * filters' rows are kept: a map answer counts, then lists the same filters' points (one scan).
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
   * Grid clustering of the matching rows at one zoom (cells of `cellPx` web-mercator pixels),
   * for filter sets that have no cluster index. Cells come in the order of their first listing.
   */
  gridClusters(filters: IndexFilters, zoom: number, cellPx = GRID_CELL_PX): GridFeature[] {
    if (cellPx === GRID_CELL_PX && Number.isInteger(zoom) && zoom >= 0 && zoom <= FINE_ZOOM)
      return this.spatialGrid(this.compile(filters), zoom);
    return this.mapGrid(filters, zoom, cellPx);
  }

  /**
   * The grid in one pass over the spatial copy, testing the filters as it goes: the matches of a
   * cell come one after another, so a cell is added up in locals (count, sums, the extremes of its
   * fine cells and its first row) and written when the next cell starts. Zones (the zone map) that
   * match whole within one cell are added from their totals, zones that cannot match are skipped:
   * over a million listings, a province-wide map with a price floor reads 31,000 zones and the
   * rows of the few the floor cuts through (rentals near it), not a million rows. The expansion
   * zoom depends on the extent only through a power of two, so the fine cells' extent (±1 fine
   * cell, under a metre) decides it but for a few cells near a threshold, whose exact extent is
   * then read from their rows.
   */
  private spatialGrid(q: Compiled, zoom: number): GridFeature[] {
    const spatial = this.spatial;
    const { row, fineX, fineY, lat, lng } = spatial;
    const zones = this.zones;
    const { priceMin, priceMax, flagMask, flagWant, typeMask, bedMin, bathMin, munMask, south, north, west, east } = q;
    const { attrs, box, span } = q;
    const shift = FINE_ZOOM - zoom;
    const size = this.size;
    const runs: Run[] = [];
    // The cell being added up (column, row; -1: none yet), where its first match is, and its totals.
    let cx = -1;
    let cy = -1;
    let start = 0;
    let count = 0;
    let sumLat = 0;
    let sumLng = 0;
    let x0 = 0;
    let x1 = 0;
    let y0 = 0;
    let y1 = 0;
    let first = 0;
    for (let z = 0; z < zones.count; z++) {
      const from = zones.start[z]!;
      const to = zones.start[z + 1]!;
      // A zone no row of which can match: skipped.
      if (zones.priceMax[z]! < priceMin || zones.priceMin[z]! > priceMax) continue;
      if (box && (zones.latMax[z]! < south || zones.latMin[z]! > north)) continue;
      if (span && (zones.lngMax[z]! < west || zones.lngMin[z]! > east)) continue;
      if (
        attrs &&
        ((zones.types[z]! & typeMask) === 0 ||
          zones.bedroomsMax[z]! < bedMin ||
          zones.bathroomsMax[z]! < bathMin ||
          (zones.flagsOr[z]! & flagWant) !== flagWant ||
          (zones.flagsAnd[z]! & flagMask & ~flagWant) !== 0)
      )
        continue;
      const whole =
        munMask === null &&
        zones.priceMin[z]! >= priceMin &&
        zones.priceMax[z]! <= priceMax &&
        (!box || (zones.latMin[z]! >= south && zones.latMax[z]! <= north)) &&
        (!span || (zones.lngMin[z]! >= west && zones.lngMax[z]! <= east)) &&
        (!attrs ||
          ((zones.flagsAnd[z]! & flagMask) === flagWant &&
            (zones.flagsOr[z]! & flagMask) === flagWant &&
            (zones.types[z]! & ~typeMask) === 0 &&
            zones.bedrooms[z]! >= bedMin &&
            zones.bathrooms[z]! >= bathMin));
      if (whole) {
        const zx = fineX[from]! >> shift;
        const zy = fineY[from]! >> shift;
        if (zx === fineX[to - 1]! >> shift && zy === fineY[to - 1]! >> shift) {
          if (zx !== cx || zy !== cy) {
            if (count > 0) runs.push({ cx, cy, ranges: [start, from], count, sumLat, sumLng, x0, x1, y0, y1, first });
            cx = zx;
            cy = zy;
            start = from;
            count = 0;
            sumLat = 0;
            sumLng = 0;
            x0 = zones.fineXMin[z]!;
            x1 = zones.fineXMax[z]!;
            y0 = zones.fineYMin[z]!;
            y1 = zones.fineYMax[z]!;
            first = zones.firstRow[z]!;
          }
          count += to - from;
          sumLat += zones.sumLat[z]!;
          sumLng += zones.sumLng[z]!;
          x0 = Math.min(x0, zones.fineXMin[z]!);
          x1 = Math.max(x1, zones.fineXMax[z]!);
          y0 = Math.min(y0, zones.fineYMin[z]!);
          y1 = Math.max(y1, zones.fineYMax[z]!);
          first = Math.min(first, zones.firstRow[z]!);
          continue;
        }
      }
      for (let k = from; k < to; k++) {
        if (!whole && !test(q, spatial, k)) continue;
        const fx = fineX[k]!;
        const fy = fineY[k]!;
        if (fx >> shift === cx && fy >> shift === cy) {
          count++;
          sumLat += lat[k]!;
          sumLng += lng[k]!;
          if (fx < x0) x0 = fx;
          else if (fx > x1) x1 = fx;
          if (fy < y0) y0 = fy;
          else if (fy > y1) y1 = fy;
          if (row[k]! < first) first = row[k]!;
          continue;
        }
        if (count > 0) runs.push({ cx, cy, ranges: [start, k], count, sumLat, sumLng, x0, x1, y0, y1, first });
        cx = fx >> shift;
        cy = fy >> shift;
        start = k;
        count = 1;
        sumLat = lat[k]!;
        sumLng = lng[k]!;
        x0 = fx;
        x1 = fx;
        y0 = fy;
        y1 = fy;
        first = row[k]!;
      }
    }
    if (count > 0) runs.push({ cx, cy, ranges: [start, size], count, sumLat, sumLng, x0, x1, y0, y1, first });
    return this.cellsOf(runs, q, zoom);
  }

  /**
   * The grid's features from its runs: a cell's matches are one run among the sales and one among
   * the rentals (or one run across both, for the cell where the sales end), added together here;
   * cells in the order of their first listing (their lowest row: rows are in id order).
   */
  private cellsOf(runs: Run[], q: Compiled, zoom: number): GridFeature[] {
    const byCell = new Map<number, Run>();
    const cells: Run[] = [];
    for (const run of runs) {
      const key = gridCellKey(run.cx, run.cy);
      const cell = byCell.get(key);
      if (!cell) {
        byCell.set(key, run);
        cells.push(run);
        continue;
      }
      cell.ranges.push(...run.ranges);
      cell.count += run.count;
      cell.sumLat += run.sumLat;
      cell.sumLng += run.sumLng;
      cell.x0 = Math.min(cell.x0, run.x0);
      cell.x1 = Math.max(cell.x1, run.x1);
      cell.y0 = Math.min(cell.y0, run.y0);
      cell.y1 = Math.max(cell.y1, run.y1);
      cell.first = Math.min(cell.first, run.first);
    }
    cells.sort((a, b) => a.first - b.first);
    return cells.map(
      (cell): GridFeature =>
        cell.count === 1
          ? { kind: "listing", row: cell.first }
          : {
              kind: "cluster",
              id: gridCellId(gridCellKey(cell.cx, cell.cy)),
              count: cell.count,
              lat: cell.sumLat / cell.count,
              lng: cell.sumLng / cell.count,
              expansion: this.expansionOf(q, zoom, cell),
            },
    );
  }

  /**
   * A cluster's expansion zoom from the extent of its fine cells (the true extent is within one fine
   * cell of it); near a power-of-two threshold, from the exact extent of its listings: the matches
   * in the cell among its spatial rows.
   */
  private expansionOf(q: Compiled, zoom: number, cell: Run): number {
    const fine = Math.max(cell.x1 - cell.x0, cell.y1 - cell.y0);
    // clusterExpansion falls as the extent grows: equal at both ends, it is that across.
    const wide = clusterExpansion(zoom, GRID_CELL_PX, (fine + 1.001) / FINE_SCALE, 0);
    const narrow = clusterExpansion(zoom, GRID_CELL_PX, Math.max(0, fine - 1.001) / FINE_SCALE, 0);
    if (wide === narrow) return wide;
    const { row, fineX, fineY } = this.spatial;
    const shift = FINE_ZOOM - zoom;
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < cell.ranges.length; r += 2) {
      for (let k = cell.ranges[r]!; k < cell.ranges[r + 1]!; k++) {
        const i = row[k]!;
        if (fineX[k]! >> shift !== cell.cx || fineY[k]! >> shift !== cell.cy || !test(q, this, i)) continue;
        const x = mercatorX(this.lng[i]!);
        const y = mercatorY(this.lat[i]!);
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
    return clusterExpansion(zoom, GRID_CELL_PX, maxX - minX, maxY - minY);
  }

  /** The grid for another cell size or a zoom between integers: the matches' cells in a Map. */
  private mapGrid(filters: IndexFilters, zoom: number, cellPx: number): GridFeature[] {
    const { rows, length } = this.scan(filters);
    const scale = (256 * 2 ** zoom) / cellPx;
    const cells = new Map<
      number,
      { n: number; lat: number; lng: number; row: number; minX: number; maxX: number; minY: number; maxY: number }
    >();
    const { lat, lng } = this;
    for (let k = 0; k < length; k++) {
      const i = rows[k]!;
      const x = mercatorX(lng[i]!);
      const y = mercatorY(lat[i]!);
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

/** The zone map of spatial columns (Zones), zones of ZONE_ROWS within each part [from, to). */
function zonesOf(c: SpatialColumns, parts: [number, number][]): Zones {
  const starts: number[] = [];
  for (const [from, to] of parts) for (let k = from; k < to; k += ZONE_ROWS) starts.push(k);
  const count = starts.length;
  starts.push(parts.at(-1)![1]);
  const zones: Zones = {
    count,
    start: Int32Array.from(starts),
    priceMin: new Float64Array(count),
    priceMax: new Float64Array(count),
    latMin: new Float64Array(count),
    latMax: new Float64Array(count),
    lngMin: new Float64Array(count),
    lngMax: new Float64Array(count),
    types: new Int32Array(count),
    bedrooms: new Uint8Array(count),
    bathrooms: new Uint8Array(count),
    bedroomsMax: new Uint8Array(count),
    bathroomsMax: new Uint8Array(count),
    flagsAnd: new Uint8Array(count),
    flagsOr: new Uint8Array(count),
    sumLat: new Float64Array(count),
    sumLng: new Float64Array(count),
    fineXMin: new Int32Array(count),
    fineXMax: new Int32Array(count),
    fineYMin: new Int32Array(count),
    fineYMax: new Int32Array(count),
    firstRow: new Int32Array(count),
  };
  for (let z = 0; z < count; z++) {
    const from = zones.start[z]!;
    const to = zones.start[z + 1]!;
    let priceMin = Number.POSITIVE_INFINITY;
    let priceMax = Number.NEGATIVE_INFINITY;
    let latMin = Number.POSITIVE_INFINITY;
    let latMax = Number.NEGATIVE_INFINITY;
    let lngMin = Number.POSITIVE_INFINITY;
    let lngMax = Number.NEGATIVE_INFINITY;
    let types = 0;
    let bedrooms = 255;
    let bathrooms = 255;
    let bedroomsMax = 0;
    let bathroomsMax = 0;
    let flagsAnd = 255;
    let flagsOr = 0;
    let sumLat = 0;
    let sumLng = 0;
    let xMin = Number.POSITIVE_INFINITY;
    let xMax = Number.NEGATIVE_INFINITY;
    let yMin = Number.POSITIVE_INFINITY;
    let yMax = Number.NEGATIVE_INFINITY;
    let firstRow = Number.POSITIVE_INFINITY;
    for (let k = from; k < to; k++) {
      priceMin = Math.min(priceMin, c.price[k]!);
      priceMax = Math.max(priceMax, c.price[k]!);
      latMin = Math.min(latMin, c.lat[k]!);
      latMax = Math.max(latMax, c.lat[k]!);
      lngMin = Math.min(lngMin, c.lng[k]!);
      lngMax = Math.max(lngMax, c.lng[k]!);
      types |= 1 << c.type[k]!;
      bedrooms = Math.min(bedrooms, c.bedrooms[k]!);
      bathrooms = Math.min(bathrooms, c.bathrooms[k]!);
      bedroomsMax = Math.max(bedroomsMax, c.bedrooms[k]!);
      bathroomsMax = Math.max(bathroomsMax, c.bathrooms[k]!);
      flagsAnd &= c.flags[k]!;
      flagsOr |= c.flags[k]!;
      sumLat += c.lat[k]!;
      sumLng += c.lng[k]!;
      xMin = Math.min(xMin, c.fineX[k]!);
      xMax = Math.max(xMax, c.fineX[k]!);
      yMin = Math.min(yMin, c.fineY[k]!);
      yMax = Math.max(yMax, c.fineY[k]!);
      firstRow = Math.min(firstRow, c.row[k]!);
    }
    zones.priceMin[z] = priceMin;
    zones.priceMax[z] = priceMax;
    zones.latMin[z] = latMin;
    zones.latMax[z] = latMax;
    zones.lngMin[z] = lngMin;
    zones.lngMax[z] = lngMax;
    zones.types[z] = types;
    zones.bedrooms[z] = bedrooms;
    zones.bathrooms[z] = bathrooms;
    zones.bedroomsMax[z] = bedroomsMax;
    zones.bathroomsMax[z] = bathroomsMax;
    zones.flagsAnd[z] = flagsAnd;
    zones.flagsOr[z] = flagsOr;
    zones.sumLat[z] = sumLat;
    zones.sumLng[z] = sumLng;
    zones.fineXMin[z] = xMin;
    zones.fineXMax[z] = xMax;
    zones.fineYMin[z] = yMin;
    zones.fineYMax[z] = yMax;
    zones.firstRow[z] = firstRow;
  }
  return zones;
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
