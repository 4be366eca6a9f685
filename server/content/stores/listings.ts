/**
 * Listings and municipalities: indexed columns for every filter, an R*Tree for
 * map bounds, and the listing document as JSON.
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { Municipality, PropertiesQuery, PropertyListing } from "../../../schema/api";
import type { ListingRecord } from "../data/listings-generator";

export type { ListingRecord };

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface ListingFilters {
  mun?: string[];
  price_min?: number;
  price_max?: number;
  forSaleForRent?: "buy" | "rent";
  type?: PropertyListing["type"][];
  bedrooms?: number;
  bathrooms?: number;
  open_house?: boolean;
  bounds?: Bounds;
}

export type ListingOrder = NonNullable<PropertiesQuery["order_by"]>;

export interface MapPoint {
  uls: string;
  lat: number;
  lng: number;
  price: number;
  type: PropertyListing["type"];
}

export interface ListingsStore {
  /** Replaces every listing (seeding, imports). */
  replaceAll(listings: readonly ListingRecord[]): void;
  upsert(listing: ListingRecord): void;
  size(): number;
  count(filters: ListingFilters): number;
  search(filters: ListingFilters, order: ListingOrder, offset: number, limit: number): ListingRecord[];
  /** Every matching point, for map clustering. */
  points(filters: ListingFilters): MapPoint[];
  get(uls: string): ListingRecord | undefined;
  replaceMunicipalities(municipalities: readonly Municipality[]): void;
  municipalities(): Municipality[];
  /** Changes whenever listings change; caches key on it. */
  readonly version: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS listings (
  id INTEGER PRIMARY KEY,
  uls TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  for_sale_for_rent TEXT NOT NULL,
  price REAL NOT NULL,
  bedrooms INTEGER NOT NULL,
  bathrooms INTEGER NOT NULL,
  open_house INTEGER NOT NULL DEFAULT 0,
  mun_code TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  listed_at TEXT NOT NULL
);
-- Documents live apart so filter scans read a narrow table.
CREATE TABLE IF NOT EXISTS listing_docs (
  id INTEGER PRIMARY KEY,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS listings_listed_at ON listings(listed_at, id);
CREATE INDEX IF NOT EXISTS listings_price ON listings(price, id);
CREATE INDEX IF NOT EXISTS listings_fsfr_type_price ON listings(for_sale_for_rent, type, price);
CREATE INDEX IF NOT EXISTS listings_mun ON listings(mun_code);
CREATE INDEX IF NOT EXISTS listings_bedrooms ON listings(bedrooms);
CREATE INDEX IF NOT EXISTS listings_bathrooms ON listings(bathrooms);
CREATE INDEX IF NOT EXISTS listings_open_house ON listings(open_house) WHERE open_house = 1;
CREATE VIRTUAL TABLE IF NOT EXISTS listings_rtree USING rtree(id, min_lat, max_lat, min_lng, max_lng);
CREATE TABLE IF NOT EXISTS municipalities (
  mun_code TEXT PRIMARY KEY,
  description TEXT NOT NULL
);
`;

const ORDER_SQL: Record<ListingOrder, string> = {
  newest: "l.listed_at DESC, l.id DESC",
  oldest: "l.listed_at ASC, l.id ASC",
  price_desc: "l.price DESC, l.id DESC",
  price_asc: "l.price ASC, l.id ASC",
};

function whereClause(filters: ListingFilters): { sql: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (filters.mun?.length) {
    parts.push(`l.mun_code IN (${filters.mun.map(() => "?").join(",")})`);
    params.push(...filters.mun);
  }
  if (filters.type?.length) {
    parts.push(`l.type IN (${filters.type.map(() => "?").join(",")})`);
    params.push(...filters.type);
  }
  if (filters.forSaleForRent) {
    parts.push("l.for_sale_for_rent = ?");
    params.push(filters.forSaleForRent);
  }
  if (filters.price_min !== undefined && filters.price_min > 0) {
    parts.push("l.price >= ?");
    params.push(filters.price_min);
  }
  if (filters.price_max !== undefined) {
    parts.push("l.price <= ?");
    params.push(filters.price_max);
  }
  if (filters.bedrooms !== undefined && filters.bedrooms > 0) {
    parts.push("l.bedrooms >= ?");
    params.push(filters.bedrooms);
  }
  if (filters.bathrooms !== undefined && filters.bathrooms > 0) {
    parts.push("l.bathrooms >= ?");
    params.push(filters.bathrooms);
  }
  if (filters.open_house) parts.push("l.open_house = 1");
  if (filters.bounds) {
    const { south, west, north, east } = filters.bounds;
    // The R*Tree stores 32-bit floats rounded outwards: it narrows the candidates, the exact columns decide.
    parts.push(
      "l.id IN (SELECT id FROM listings_rtree WHERE max_lat >= ? AND min_lat <= ? AND max_lng >= ? AND min_lng <= ?)",
      "l.lat BETWEEN ? AND ?",
      "l.lng BETWEEN ? AND ?",
    );
    params.push(south, north, west, east, south, north, west, east);
  }
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

export class SqliteListingsStore implements ListingsStore {
  private statements = new Map<string, StatementSync>();
  private municipalityCache: Municipality[] | undefined;
  private currentVersion = 0;
  private readonly collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

  constructor(private readonly db: DatabaseSync) {
    db.exec(SCHEMA);
    this.currentVersion = this.size();
  }

  get version(): number {
    return this.currentVersion;
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private insert(listing: ListingRecord): void {
    const result = this.statement(
      `INSERT INTO listings(uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(uls) DO UPDATE SET type = excluded.type, for_sale_for_rent = excluded.for_sale_for_rent, price = excluded.price,
         bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms, open_house = excluded.open_house, mun_code = excluded.mun_code,
         lat = excluded.lat, lng = excluded.lng, listed_at = excluded.listed_at
       RETURNING id`,
    ).get(
      listing.uls,
      listing.type,
      listing.forSaleForRent,
      listing.price,
      listing.specs.bed,
      listing.specs.bath,
      listing.open_house ? 1 : 0,
      listing.municipality.MUN_CODE,
      listing.coords.lat,
      listing.coords.lng,
      listing.listed_at,
    ) as { id: number };
    this.statement("INSERT OR REPLACE INTO listing_docs(id, doc) VALUES(?, ?)").run(result.id, JSON.stringify(listing));
    this.statement(
      "INSERT OR REPLACE INTO listings_rtree(id, min_lat, max_lat, min_lng, max_lng) VALUES(?, ?, ?, ?, ?)",
    ).run(result.id, listing.coords.lat, listing.coords.lat, listing.coords.lng, listing.coords.lng);
  }

  private transaction(work: () => void): void {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      work();
      this.db.exec("COMMIT");
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
    this.currentVersion++;
  }

  replaceAll(listings: readonly ListingRecord[]): void {
    this.transaction(() => {
      this.db.exec("DELETE FROM listings; DELETE FROM listing_docs; DELETE FROM listings_rtree;");
      for (const listing of listings) this.insert(listing);
    });
    this.db.exec("ANALYZE");
    this.statements.clear();
  }

  upsert(listing: ListingRecord): void {
    this.transaction(() => this.insert(listing));
  }

  size(): number {
    return (this.statement("SELECT count(*) AS n FROM listings").get() as { n: number }).n;
  }

  count(filters: ListingFilters): number {
    const where = whereClause(filters);
    return (this.statement(`SELECT count(*) AS n FROM listings l ${where.sql}`).get(...where.params) as { n: number })
      .n;
  }

  search(filters: ListingFilters, order: ListingOrder, offset: number, limit: number): ListingRecord[] {
    const where = whereClause(filters);
    const rows = this.statement(
      `SELECT d.doc FROM listings l JOIN listing_docs d ON d.id = l.id ${where.sql} ORDER BY ${ORDER_SQL[order]} LIMIT ? OFFSET ?`,
    ).all(...where.params, limit, offset) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as ListingRecord);
  }

  points(filters: ListingFilters): MapPoint[] {
    const where = whereClause(filters);
    return this.statement(`SELECT l.uls, l.lat, l.lng, l.price, l.type FROM listings l ${where.sql}`).all(
      ...where.params,
    ) as unknown as MapPoint[];
  }

  get(uls: string): ListingRecord | undefined {
    const row = this.statement("SELECT d.doc FROM listings l JOIN listing_docs d ON d.id = l.id WHERE l.uls = ?").get(
      uls,
    ) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as ListingRecord) : undefined;
  }

  replaceMunicipalities(municipalities: readonly Municipality[]): void {
    this.transaction(() => {
      this.db.exec("DELETE FROM municipalities");
      const insert = this.statement("INSERT INTO municipalities(mun_code, description) VALUES(?, ?)");
      for (const m of municipalities) insert.run(m.MUN_CODE, m.DESCRIPTION);
    });
    this.municipalityCache = undefined;
  }

  /** Sorted by DESCRIPTION in French collation (accents and case ignored, "Île" next to "Ile"). */
  municipalities(): Municipality[] {
    if (!this.municipalityCache) {
      const rows = this.statement(
        "SELECT mun_code AS MUN_CODE, description AS DESCRIPTION FROM municipalities",
      ).all() as {
        MUN_CODE: string;
        DESCRIPTION: string;
      }[];
      this.municipalityCache = rows
        .map((r) => ({ MUN_CODE: r.MUN_CODE, DESCRIPTION: r.DESCRIPTION }))
        .sort((a, b) => this.collator.compare(a.DESCRIPTION, b.DESCRIPTION) || a.MUN_CODE.localeCompare(b.MUN_CODE));
    }
    return this.municipalityCache.map((m) => ({ ...m }));
  }
}
