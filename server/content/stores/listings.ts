/**
 * Listings and municipalities: SQLite tables (indexed columns for every filter, an
 * R*Tree for map bounds, the listing document as JSON) as the durable source, and an
 * in-memory columnar index for the search reads.
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { Municipality, PropertiesQuery, PropertyListing } from "../../../schema/api";
import type { ListingRecord } from "../data/listings-generator";
import { type IndexRow, ListingIndex } from "./listing-index";

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
  /** The in-memory columnar index the reads use (grid clustering reads it directly). */
  index(): ListingIndex;
}

const TABLES = `
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
CREATE VIRTUAL TABLE IF NOT EXISTS listings_rtree USING rtree(id, min_lat, max_lat, min_lng, max_lng);
CREATE TABLE IF NOT EXISTS municipalities (
  mun_code TEXT PRIMARY KEY,
  description TEXT NOT NULL
);
`;
/** Secondary indexes: dropped before a bulk load and created after it (much faster than maintaining them row by row). */
const SECONDARY_INDEXES: readonly [name: string, definition: string][] = [
  ["listings_listed_at", "listings(listed_at, id)"],
  ["listings_price", "listings(price, id)"],
  ["listings_fsfr_type_price", "listings(for_sale_for_rent, type, price)"],
  ["listings_mun", "listings(mun_code)"],
  ["listings_bedrooms", "listings(bedrooms)"],
  ["listings_bathrooms", "listings(bathrooms)"],
  ["listings_open_house", "listings(open_house) WHERE open_house = 1"],
];
const CREATE_INDEXES = SECONDARY_INDEXES.map(([name, def]) => `CREATE INDEX IF NOT EXISTS ${name} ON ${def};`).join(
  "\n",
);
const DROP_INDEXES = SECONDARY_INDEXES.map(([name]) => `DROP INDEX IF EXISTS ${name};`).join("\n");

const INDEX_COLUMNS =
  "SELECT id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at FROM listings ORDER BY id";

/**
 * SQLite is the durable source; reads go through a columnar in-memory index
 * (listing-index.ts) rebuilt lazily after every write, and documents are read by id.
 */
export class SqliteListingsStore implements ListingsStore {
  private statements = new Map<string, StatementSync>();
  private municipalityCache: Municipality[] | undefined;
  private currentVersion = 0;
  private memory: ListingIndex | undefined;
  private readonly collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

  constructor(private readonly db: DatabaseSync) {
    db.exec(TABLES);
    db.exec(CREATE_INDEXES);
    this.currentVersion = this.size();
  }

  get version(): number {
    return this.currentVersion;
  }

  /** The in-memory index, rebuilt from SQLite when a write made it stale. */
  index(): ListingIndex {
    this.memory ??= new ListingIndex(this.statement(INDEX_COLUMNS).all() as unknown as IndexRow[]);
    return this.memory;
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

  private columns(listing: ListingRecord) {
    return [
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
    ] as const;
  }

  private insert(listing: ListingRecord): void {
    const result = this.statement(
      `INSERT INTO listings(uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(uls) DO UPDATE SET type = excluded.type, for_sale_for_rent = excluded.for_sale_for_rent, price = excluded.price,
         bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms, open_house = excluded.open_house, mun_code = excluded.mun_code,
         lat = excluded.lat, lng = excluded.lng, listed_at = excluded.listed_at
       RETURNING id`,
    ).get(...this.columns(listing)) as { id: number };
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
    this.memory = undefined;
  }

  /** Bulk load: one transaction, prepared statements, explicit ids, secondary indexes rebuilt after the insert. */
  replaceAll(listings: readonly ListingRecord[]): void {
    this.transaction(() => {
      this.db.exec(`${DROP_INDEXES}\nDELETE FROM listings; DELETE FROM listing_docs; DELETE FROM listings_rtree;`);
      const row = this.db.prepare(
        "INSERT INTO listings(id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const doc = this.db.prepare("INSERT INTO listing_docs(id, doc) VALUES(?, ?)");
      const box = this.db.prepare(
        "INSERT INTO listings_rtree(id, min_lat, max_lat, min_lng, max_lng) VALUES(?, ?, ?, ?, ?)",
      );
      let id = 0;
      for (const listing of listings) {
        id++;
        row.run(id, ...this.columns(listing));
        doc.run(id, JSON.stringify(listing));
        box.run(id, listing.coords.lat, listing.coords.lat, listing.coords.lng, listing.coords.lng);
      }
      this.db.exec(CREATE_INDEXES);
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
    return this.index().count(filters);
  }

  private docs(rows: readonly number[]): ListingRecord[] {
    const index = this.index();
    const byId = this.statement("SELECT doc FROM listing_docs WHERE id = ?");
    return rows.map((i) => JSON.parse((byId.get(index.ids[i]!) as { doc: string }).doc) as ListingRecord);
  }

  search(filters: ListingFilters, order: ListingOrder, offset: number, limit: number): ListingRecord[] {
    return this.docs(this.index().page(filters, order, offset, limit));
  }

  points(filters: ListingFilters): MapPoint[] {
    const index = this.index();
    return index.rows(filters).map((i) => ({
      uls: index.uls[i]!,
      lat: index.lat[i]!,
      lng: index.lng[i]!,
      price: index.price[i]!,
      type: index.typeOf(i),
    }));
  }

  get(uls: string): ListingRecord | undefined {
    const row = this.index().rowOf(uls);
    return row === undefined ? undefined : this.docs([row])[0];
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
