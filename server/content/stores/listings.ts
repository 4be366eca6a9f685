/**
 * Listings and municipalities: the store's contract, and its embedded implementation:
 * SQLite tables (indexed columns for every filter, an R*Tree for map bounds, the listing
 * document as JSON; schema in db/sqlite-migrations.ts) as the durable source, and an
 * in-memory columnar index for the search reads. PostgreSQL: listings.postgres.ts.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Municipality, PropertiesQuery, PropertyListing } from "../../../schema/api";
import type { ListingRecord } from "../data/listings-generator";
import { bumpRevisions, readRevision, StatementCache, sqliteTransaction } from "../db/sqlite";
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
  /** "active": for sale or rent; "sold": sold listings (badge "sold"); undefined: both. */
  status?: "active" | "sold";
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

/** A cell of the map grid: one listing, or a cluster of several. */
export type GridMarker =
  | { kind: "listing"; uls: string; lat: number; lng: number; price: number; type: PropertyListing["type"] }
  | { kind: "cluster"; id: number; count: number; lat: number; lng: number; expansion: number };

export interface ListingsStore {
  /** Replaces every listing (seeding, imports); read once, in order, so a generator of a million does not sit in memory. */
  replaceAll(listings: Iterable<ListingRecord>): Promise<void>;
  /** Creates a listing or replaces the one with the same `uls`. */
  upsert(listing: ListingRecord): Promise<void>;
  size(): Promise<number>;
  count(filters: ListingFilters): Promise<number>;
  /** One page of matching listings: newest/oldest by listing date, price_asc/price_desc by price; ties by id. */
  search(filters: ListingFilters, order: ListingOrder, offset: number, limit: number): Promise<ListingRecord[]>;
  /** Every matching point, in id order, for map clustering. */
  points(filters: ListingFilters): Promise<MapPoint[]>;
  /** The matching listings grouped in cells of `cellPx` web-mercator pixels at `zoom` (see ListingIndex.gridClusters). */
  grid(filters: ListingFilters, zoom: number, cellPx?: number): Promise<GridMarker[]>;
  get(uls: string): Promise<ListingRecord | undefined>;
  /** Takes a listing off the market: it leaves every search, and `removed` keeps its last version. False if unknown. */
  remove(uls: string, removedAt?: string): Promise<boolean>;
  /** A listing taken off the market (its page answers 410 with similar ones), unless it is listed again. */
  removed(uls: string): Promise<{ listing: ListingRecord; removed_at: string } | undefined>;
  replaceMunicipalities(municipalities: readonly Municipality[]): Promise<void>;
  /** Sorted by DESCRIPTION in French collation (accents and case ignored, "Île" next to "Ile"). */
  municipalities(): Promise<Municipality[]>;
  /** Changes whenever listings or municipalities change, in any process; derived caches key on it. */
  version(): Promise<number>;
  /** Builds what searches read from memory (the columnar index) for the current version, ahead of the first visitor. */
  warm(): Promise<void>;
}

const INDEX_COLUMNS =
  "SELECT id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at, sold FROM listings ORDER BY id";

export const municipalityCollator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
export const sortMunicipalities = (municipalities: Municipality[]) =>
  municipalities.sort(
    (a, b) => municipalityCollator.compare(a.DESCRIPTION, b.DESCRIPTION) || a.MUN_CODE.localeCompare(b.MUN_CODE),
  );

/**
 * SQLite is the durable source; reads go through a columnar in-memory index
 * (listing-index.ts) rebuilt when the listings revision in the database changed (a write
 * by this process or another), and documents are read by id.
 */
export class SqliteListingsStore implements ListingsStore {
  private readonly sql: StatementCache;
  private municipalityCache: { version: number; list: Municipality[] } | undefined;
  private memory: { version: number; index: ListingIndex } | undefined;

  constructor(private readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async version(): Promise<number> {
    return readRevision(this.sql, "listings");
  }

  /** The in-memory index, rebuilt from SQLite when listings changed since it was built. */
  index(): ListingIndex {
    // The revision is read before the rows: a write landing in between makes the next call rebuild again, never miss it.
    const version = readRevision(this.sql, "listings");
    if (this.memory?.version !== version) {
      this.memory = {
        version,
        index: ListingIndex.fromRows(this.sql.get(INDEX_COLUMNS).all() as unknown as IndexRow[]),
      };
    }
    return this.memory.index;
  }

  async warm(): Promise<void> {
    this.index();
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
      listing.badge === "sold" ? 1 : 0,
    ] as const;
  }

  private insert(listing: ListingRecord): void {
    const result = this.sql
      .get(
        `INSERT INTO listings(uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at, sold)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(uls) DO UPDATE SET type = excluded.type, for_sale_for_rent = excluded.for_sale_for_rent, price = excluded.price,
         bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms, open_house = excluded.open_house, mun_code = excluded.mun_code,
         lat = excluded.lat, lng = excluded.lng, listed_at = excluded.listed_at, sold = excluded.sold
       RETURNING id`,
      )
      .get(...this.columns(listing)) as { id: number };
    this.sql.get("INSERT OR REPLACE INTO listing_docs(id, doc) VALUES(?, ?)").run(result.id, JSON.stringify(listing));
    this.sql
      .get("INSERT OR REPLACE INTO listings_rtree(id, min_lat, max_lat, min_lng, max_lng) VALUES(?, ?, ?, ?, ?)")
      .run(result.id, listing.coords.lat, listing.coords.lat, listing.coords.lng, listing.coords.lng);
  }

  /** A write: one transaction that also bumps the listings and content revisions. */
  private transaction(work: () => void): void {
    sqliteTransaction(this.db, () => {
      work();
      bumpRevisions(this.sql, "listings", "content");
    });
    this.memory = undefined;
  }

  /** Bulk load: one transaction, prepared statements, explicit ids, secondary indexes rebuilt after the insert. */
  async replaceAll(listings: Iterable<ListingRecord>): Promise<void> {
    this.transaction(() => {
      // The secondary indexes as the migrations made them: dropped, then made again after the load.
      const indexes = this.db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'listings' AND sql IS NOT NULL",
        )
        .all() as { name: string; sql: string }[];
      for (const { name } of indexes) this.db.exec(`DROP INDEX "${name}"`);
      this.db.exec("DELETE FROM listings; DELETE FROM listing_docs; DELETE FROM listings_rtree;");
      const row = this.db.prepare(
        "INSERT INTO listings(id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at, sold) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
      for (const index of indexes) this.db.exec(index.sql);
    });
    this.db.exec("ANALYZE");
    this.sql.clear();
  }

  async upsert(listing: ListingRecord): Promise<void> {
    this.transaction(() => this.insert(listing));
  }

  async size(): Promise<number> {
    return (this.sql.get("SELECT count(*) AS n FROM listings").get() as { n: number }).n;
  }

  async count(filters: ListingFilters): Promise<number> {
    return this.index().count(filters);
  }

  private docs(index: ListingIndex, rows: readonly number[]): ListingRecord[] {
    const byId = this.sql.get("SELECT doc FROM listing_docs WHERE id = ?");
    const out: ListingRecord[] = [];
    for (const i of rows) {
      // Missing only when another process replaced the listings since the index was read.
      const row = byId.get(index.ids[i]!) as { doc: string } | undefined;
      if (row) out.push(JSON.parse(row.doc) as ListingRecord);
    }
    return out;
  }

  async search(filters: ListingFilters, order: ListingOrder, offset: number, limit: number): Promise<ListingRecord[]> {
    const index = this.index();
    return this.docs(index, index.page(filters, order, offset, limit));
  }

  async points(filters: ListingFilters): Promise<MapPoint[]> {
    const index = this.index();
    return index.points(filters);
  }

  async grid(filters: ListingFilters, zoom: number, cellPx?: number): Promise<GridMarker[]> {
    const index = this.index();
    return index.grid(filters, zoom, cellPx);
  }

  async get(uls: string): Promise<ListingRecord | undefined> {
    const index = this.index();
    const row = index.rowOf(uls);
    return row === undefined ? undefined : this.docs(index, [row])[0];
  }

  async remove(uls: string, removedAt = new Date().toISOString()): Promise<boolean> {
    let done = false;
    this.transaction(() => {
      const row = this.sql
        .get("SELECT l.id, d.doc FROM listings l JOIN listing_docs d ON d.id = l.id WHERE l.uls = ?")
        .get(uls) as { id: number; doc: string } | undefined;
      if (!row) return;
      this.sql
        .get("INSERT OR REPLACE INTO removed_listings(uls, doc, removed_at) VALUES(?, ?, ?)")
        .run(uls, row.doc, removedAt);
      this.sql.get("DELETE FROM listings WHERE id = ?").run(row.id);
      this.sql.get("DELETE FROM listing_docs WHERE id = ?").run(row.id);
      this.sql.get("DELETE FROM listings_rtree WHERE id = ?").run(row.id);
      done = true;
    });
    return done;
  }

  async removed(uls: string): Promise<{ listing: ListingRecord; removed_at: string } | undefined> {
    if (this.index().rowOf(uls) !== undefined) return undefined;
    const row = this.sql.get("SELECT doc, removed_at FROM removed_listings WHERE uls = ?").get(uls) as
      | { doc: string; removed_at: string }
      | undefined;
    return row ? { listing: JSON.parse(row.doc) as ListingRecord, removed_at: row.removed_at } : undefined;
  }

  async replaceMunicipalities(municipalities: readonly Municipality[]): Promise<void> {
    this.transaction(() => {
      this.db.exec("DELETE FROM municipalities");
      const insert = this.sql.get("INSERT INTO municipalities(mun_code, description) VALUES(?, ?)");
      for (const m of municipalities) insert.run(m.MUN_CODE, m.DESCRIPTION);
    });
  }

  async municipalities(): Promise<Municipality[]> {
    const version = readRevision(this.sql, "listings");
    if (this.municipalityCache?.version !== version) {
      const rows = this.sql
        .get("SELECT mun_code AS MUN_CODE, description AS DESCRIPTION FROM municipalities")
        .all() as Municipality[];
      const list = sortMunicipalities(rows.map((r) => ({ MUN_CODE: r.MUN_CODE, DESCRIPTION: r.DESCRIPTION })));
      this.municipalityCache = { version, list };
    }
    return this.municipalityCache.list.map((m) => ({ ...m }));
  }
}
