/**
 * Listings and municipalities on PostgreSQL, the durable source shared by every process.
 * Searches (counts, pages, points, grids) are answered from the embedded store's columnar
 * index (listing-index.ts), loaded into each process from one snapshot and rebuilt when the
 * listings version moves (a write by any process); until the index of the current version is
 * ready they are queries on indexed columns (map bounds on the GiST index of migration 1:
 * PostGIS when the server has it, a `point` otherwise). Documents are always read from the
 * database. Results match the embedded store's (same filters, orders, ties by id, grid cells).
 */
import type pg from "pg";
import type { Municipality } from "../../../schema/api";
import { log } from "../../ops/log";
import { bumpRevisions, pgTransaction, readRevision } from "../db/postgres";
import { clusterExpansion, gridCellId, gridCellKey, type ListingIndex, ListingIndexBuilder } from "./listing-index";
import {
  type GridMarker,
  type ListingFilters,
  type ListingOrder,
  type ListingRecord,
  type ListingsStore,
  type MapPoint,
  sortMunicipalities,
} from "./listings";

type Spatial = "postgis" | "point";

const ORDER_BY: Record<ListingOrder, string> = {
  newest: "l.listed_at DESC, l.id DESC",
  oldest: "l.listed_at ASC, l.id ASC",
  // Sales, then rentals, each by price (as the embedded index: a monthly rent is not comparable
  // with a sale price).
  price_asc: "(l.for_sale_for_rent = 'rent') ASC, l.price ASC, l.id ASC",
  price_desc: "(l.for_sale_for_rent = 'rent') ASC, l.price DESC, l.id DESC",
};

/** Rows per INSERT of a bulk load (each column goes as one array parameter). */
const BATCH = 2000;
/** Answers kept per process: counts (a number each) and map grids (up to a few hundred cells each). */
const MEMO_COUNTS = 500;
const MEMO_GRIDS = 50;
/** Rows per query while the in-memory index loads (keyset pages: each query stays short). */
const INDEX_PAGE = 50_000;

/**
 * Answers derived from the listings, by listings version and question, least recently used
 * first. The version is read per call (one indexed row) and changes with every listing write by
 * any process, so an answer is never served after a write. Pending answers are shared: visitors
 * asking the same count at once make one query.
 */
class VersionMemo<T> {
  private readonly entries = new Map<string, Promise<T>>();
  constructor(private readonly capacity: number) {}

  get(version: number, question: string, compute: () => Promise<T>): Promise<T> {
    const key = `${version}|${question}`;
    let answer = this.entries.get(key);
    if (answer) {
      this.entries.delete(key);
    } else {
      answer = compute();
      answer.catch(() => this.entries.delete(key));
    }
    this.entries.set(key, answer);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return answer;
  }
}

/** A WHERE clause over `listings l` and its parameters, numbered from `$1`. */
export function listingWhere(filters: ListingFilters, spatial: Spatial): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.mun?.length) clauses.push(`l.mun_code = ANY(${p(filters.mun)}::text[])`);
  if (filters.price_min !== undefined && filters.price_min > 0) clauses.push(`l.price >= ${p(filters.price_min)}`);
  if (filters.price_max !== undefined) clauses.push(`l.price <= ${p(filters.price_max)}`);
  // As the embedded index: "rent" is a flag, every other value counts as a sale.
  if (filters.forSaleForRent === "rent") clauses.push("l.for_sale_for_rent = 'rent'");
  if (filters.forSaleForRent === "buy") clauses.push("l.for_sale_for_rent <> 'rent'");
  if (filters.type?.length) clauses.push(`l.type = ANY(${p(filters.type)}::text[])`);
  if (filters.bedrooms) clauses.push(`l.bedrooms >= ${p(filters.bedrooms)}`);
  if (filters.bathrooms) clauses.push(`l.bathrooms >= ${p(filters.bathrooms)}`);
  if (filters.open_house) clauses.push("l.open_house");
  if (filters.status === "active") clauses.push("NOT l.sold");
  if (filters.status === "sold") clauses.push("l.sold");
  const b = filters.bounds;
  if (b) {
    const [s, w, n, e] = [p(b.south), p(b.west), p(b.north), p(b.east)];
    // The index finds candidates by box; the exact comparison keeps the edges inclusive and
    // drops what PostGIS's single-precision boxes let through.
    clauses.push(
      spatial === "postgis"
        ? `ST_SetSRID(ST_MakePoint(l.lng, l.lat), 4326) && ST_MakeEnvelope(${w}::float8, ${s}::float8, ${e}::float8, ${n}::float8, 4326)`
        : `point(l.lng, l.lat) <@ box(point(${w}::float8, ${s}::float8), point(${e}::float8, ${n}::float8))`,
      `l.lat BETWEEN ${s} AND ${n} AND l.lng BETWEEN ${w} AND ${e}`,
    );
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

export interface PostgresListingsOptions {
  /** See PostgresOptions.listingsIndex. */
  index?: "memory" | "wait" | "sql";
  /** Called when a build of the in-memory index fails (searches keep answering from SQL); default: a warning in the log. */
  onIndexError?: (error: unknown) => void;
}

export class PostgresListingsStore implements ListingsStore {
  private spatialMode: Promise<Spatial> | undefined;
  // Over a million listings a count or a grid reads every matching row (tens to hundreds of ms,
  // docs/scaling.md); the search page asks the same few of them for every visitor.
  private readonly counts = new VersionMemo<number>(MEMO_COUNTS);
  private readonly grids = new VersionMemo<GridMarker[]>(MEMO_GRIDS);
  private readonly mode: "memory" | "wait" | "sql";
  /** The columnar index and the listings version of the snapshot it was read from. */
  private memory: { version: number; index: ListingIndex } | undefined;
  private building: Promise<void> | undefined;
  /** Index builds finished, and the last one's duration (ms): for tests and the bench. */
  readonly indexStats = { builds: 0, lastBuildMs: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PostgresListingsOptions = {},
  ) {
    this.mode = options.index ?? "memory";
  }

  /** Which spatial index migration 1 made (read once). */
  spatial(): Promise<Spatial> {
    this.spatialMode ??= this.pool
      .query<{ value: string }>("SELECT value FROM meta WHERE key = 'listings_spatial'")
      .then(({ rows }) => (rows[0]?.value === "postgis" ? "postgis" : "point"));
    return this.spatialMode;
  }

  private async where(filters: ListingFilters) {
    return listingWhere(filters, await this.spatial());
  }

  version(): Promise<number> {
    return readRevision(this.pool, "listings");
  }

  /**
   * The in-memory index when it holds `version` or later (versions only grow), else undefined
   * and a build is under way: the caller answers from SQL, which is current. Never an index
   * older than the version the call read, so no answer after a write is stale. Mode "wait"
   * waits for the build instead.
   */
  private async indexAt(version: number): Promise<ListingIndex | undefined> {
    if (this.mode === "sql") return undefined;
    for (;;) {
      const memory = this.memory;
      if (memory && memory.version >= version) return memory.index;
      // Outdated, it will never answer again (versions only grow): its memory is let go before
      // the next one is built, not held beside it.
      if (memory) this.memory = undefined;
      const build = this.startBuild();
      if (this.mode !== "wait") return undefined;
      await build;
      // A build that failed leaves none: answer from SQL rather than loop.
      if (!this.memory) return undefined;
    }
  }

  /** One build at a time; a call that finds it outdated when done starts the next. */
  private startBuild(): Promise<void> {
    this.building ??= this.loadIndex()
      .then((loaded) => {
        if (!this.memory || loaded.version > this.memory.version) this.memory = loaded;
      })
      .catch((error: unknown) => {
        if (this.options.onIndexError) this.options.onIndexError(error);
        else
          log.warn("[listings] in-memory search index not built; searches answer from SQL", {
            reason: error instanceof Error ? error.message : String(error),
          });
      })
      .finally(() => {
        this.building = undefined;
      });
    return this.building;
  }

  /** Builds the index of the current version now (start-up: before the cluster indexes are made from it). */
  async warm(): Promise<void> {
    if (this.mode === "sql") return;
    const version = await this.version();
    while (!this.memory || this.memory.version < version) {
      const before = this.memory;
      await this.startBuild();
      if (this.memory === before) return; // failed: reported, searches stay on SQL
    }
  }

  /**
   * Reads the filter columns of every listing in one REPEATABLE READ snapshot, with the
   * listings version of that same snapshot, in keyset pages straight into typed arrays (no
   * object per row).
   */
  private async loadIndex(): Promise<{ version: number; index: ListingIndex }> {
    const started = performance.now();
    return pgTransaction(
      this.pool,
      async (client) => {
        const version = await readRevision(client, "listings");
        const { rows: sized } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM listings");
        const builder = new ListingIndexBuilder(sized[0]!.n);
        let after = 0;
        for (;;) {
          const { rows } = await client.query<
            [number, string, string, string, number, number, number, boolean, string, number, number, number, boolean]
          >({
            text: `SELECT id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng,
                 (extract(epoch FROM listed_at) * 1000)::float8, sold
               FROM listings WHERE id > $1 ORDER BY id LIMIT ${INDEX_PAGE}`,
            values: [after],
            rowMode: "array",
          });
          for (const r of rows)
            builder.add(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12]);
          if (rows.length < INDEX_PAGE) break;
          after = rows[rows.length - 1]![0];
        }
        const index = builder.finish();
        this.indexStats.builds++;
        this.indexStats.lastBuildMs = performance.now() - started;
        return { version, index };
      },
      "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
    );
  }

  /** Documents by id, in the order of `ids` (a listing removed since the index was read is left out). */
  private async docs(ids: readonly number[]): Promise<ListingRecord[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<{ id: number; doc: ListingRecord }>(
      "SELECT id, doc FROM listing_docs WHERE id = ANY($1::int[])",
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r.doc]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Bulk load in one transaction: the secondary indexes (not those of constraints) are dropped,
   * the rows inserted in batches, then the indexes made again in one pass each, as the
   * embedded store does; building an index once is several times faster than updating it per
   * row (a million listings: docs/scaling.md). Readers wait for the commit (TRUNCATE's lock).
   */
  async replaceAll(listings: Iterable<ListingRecord>): Promise<void> {
    await pgTransaction(this.pool, async (client) => {
      await client.query("TRUNCATE listings, listing_docs");
      const { rows: indexes } = await client.query<{ name: string; sql: string }>(
        `SELECT indexname AS name, indexdef AS sql FROM pg_indexes
         WHERE schemaname = current_schema() AND tablename = 'listings'
           AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'listings'::regclass)`,
      );
      for (const { name } of indexes) await client.query(`DROP INDEX "${name.replaceAll('"', '""')}"`);
      let batch: ListingRecord[] = [];
      let next = 1;
      for (const listing of listings) {
        batch.push(listing);
        if (batch.length === BATCH) {
          await this.insertBatch(client, batch, next);
          next += batch.length;
          batch = [];
        }
      }
      if (batch.length) await this.insertBatch(client, batch, next);
      // For this transaction only: more memory for the index builds, and no statement timeout
      // (building the map's index over a million rows may take longer than a request may).
      await client.query("SET LOCAL maintenance_work_mem = '256MB'");
      await client.query("SET LOCAL statement_timeout = 0");
      for (const { sql } of indexes) await client.query(sql);
      await client.query(
        "SELECT setval(pg_get_serial_sequence('listings', 'id'), GREATEST((SELECT max(id) FROM listings), 1))",
      );
      await bumpRevisions(client, "listings", "content");
    });
    // VACUUM too: it marks the pages all-visible, so counts read the indexes alone (index-only
    // scans). Outside the transaction (VACUUM cannot run in one), without the statement timeout.
    const client = await this.pool.connect();
    try {
      await client.query("SET statement_timeout = 0");
      await client.query("VACUUM ANALYZE listings, listing_docs");
    } finally {
      await client.query("RESET statement_timeout").catch(() => {});
      client.release();
    }
  }

  private async insertBatch(client: pg.PoolClient, batch: readonly ListingRecord[], firstId: number): Promise<void> {
    const ids = batch.map((_, i) => firstId + i);
    await client.query(
      `INSERT INTO listings(id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at, sold)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::int[], $7::int[], $8::bool[],
         $9::text[], $10::float8[], $11::float8[], $12::timestamptz[], $13::bool[])`,
      [
        ids,
        batch.map((l) => l.uls),
        batch.map((l) => l.type),
        batch.map((l) => l.forSaleForRent),
        batch.map((l) => l.price),
        batch.map((l) => l.specs.bed),
        batch.map((l) => l.specs.bath),
        batch.map((l) => Boolean(l.open_house)),
        batch.map((l) => l.municipality.MUN_CODE),
        batch.map((l) => l.coords.lat),
        batch.map((l) => l.coords.lng),
        batch.map((l) => l.listed_at),
        batch.map((l) => l.badge === "sold"),
      ],
    );
    await client.query("INSERT INTO listing_docs(id, doc) SELECT * FROM unnest($1::int[], $2::json[])", [
      ids,
      batch.map((l) => JSON.stringify(l)),
    ]);
  }

  async upsert(listing: ListingRecord): Promise<void> {
    await pgTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO listings(uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at, sold)
         VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT(uls) DO UPDATE SET type = EXCLUDED.type, for_sale_for_rent = EXCLUDED.for_sale_for_rent,
           price = EXCLUDED.price, bedrooms = EXCLUDED.bedrooms, bathrooms = EXCLUDED.bathrooms,
           open_house = EXCLUDED.open_house, mun_code = EXCLUDED.mun_code, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
           listed_at = EXCLUDED.listed_at, sold = EXCLUDED.sold
         RETURNING id`,
        [
          listing.uls,
          listing.type,
          listing.forSaleForRent,
          listing.price,
          listing.specs.bed,
          listing.specs.bath,
          Boolean(listing.open_house),
          listing.municipality.MUN_CODE,
          listing.coords.lat,
          listing.coords.lng,
          listing.listed_at,
          listing.badge === "sold",
        ],
      );
      await client.query(
        "INSERT INTO listing_docs(id, doc) VALUES($1, $2) ON CONFLICT(id) DO UPDATE SET doc = EXCLUDED.doc",
        [rows[0]!.id, JSON.stringify(listing)],
      );
      await bumpRevisions(client, "listings", "content");
    });
  }

  async size(): Promise<number> {
    return (await this.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM listings")).rows[0]!.n;
  }

  async count(filters: ListingFilters): Promise<number> {
    const version = await this.version();
    return this.counts.get(version, JSON.stringify(filters), async () => {
      const index = await this.indexAt(version);
      if (index) return index.count(filters);
      const where = await this.where(filters);
      const { rows } = await this.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM listings l ${where.sql}`,
        where.params,
      );
      return rows[0]!.n;
    });
  }

  async search(filters: ListingFilters, order: ListingOrder, offset: number, limit: number): Promise<ListingRecord[]> {
    const index = await this.indexAt(await this.version());
    if (index) return this.docs(index.page(filters, order, offset, limit).map((i) => index.ids[i]!));
    const where = await this.where(filters);
    const n = where.params.length;
    // No parallel plan: the box is tested twice (GiST `&&`, exact BETWEENs) and the planner
    // multiplies the two selectivities (391 rows expected in a Montréal box for 32,674), so it
    // expects a long walk of the order's index and starts workers: 51 ms, 46 of them before the
    // first row, for a page that stops after 24 rows (2.6 ms alone; EXPLAIN ANALYZE, 1M listings).
    const { rows } = await pgTransaction(this.pool, async (client) => {
      await client.query("SET LOCAL max_parallel_workers_per_gather = 0");
      return client.query<{ doc: ListingRecord }>(
        `SELECT d.doc FROM (
           SELECT l.id, l.listed_at, l.price, l.for_sale_for_rent FROM listings l ${where.sql} ORDER BY ${ORDER_BY[order]} LIMIT $${n + 1} OFFSET $${n + 2}
         ) l JOIN listing_docs d ON d.id = l.id ORDER BY ${ORDER_BY[order]}`,
        [...where.params, limit, offset],
      );
    });
    return rows.map((r) => r.doc);
  }

  async points(filters: ListingFilters): Promise<MapPoint[]> {
    const index = await this.indexAt(await this.version());
    if (index) return index.points(filters);
    const where = await this.where(filters);
    const { rows } = await this.pool.query<MapPoint>(
      `SELECT l.uls, l.lat, l.lng, l.price, l.type FROM listings l ${where.sql} ORDER BY l.id`,
      where.params,
    );
    return rows;
  }

  /** Grid clustering in the database: one GROUP BY over the matching rows, the same cells as ListingIndex.gridClusters. */
  async grid(filters: ListingFilters, zoom: number, cellPx = 80): Promise<GridMarker[]> {
    const version = await this.version();
    return this.grids.get(version, JSON.stringify([filters, zoom, cellPx]), async () => {
      const index = await this.indexAt(version);
      return index ? index.grid(filters, zoom, cellPx) : this.gridOf(filters, zoom, cellPx);
    });
  }

  private async gridOf(filters: ListingFilters, zoom: number, cellPx: number): Promise<GridMarker[]> {
    const where = await this.where(filters);
    const scale = (256 * 2 ** zoom) / cellPx;
    const n = where.params.length;
    const { rows } = await this.pool.query<{
      cx: number;
      cy: number;
      count: number;
      lat: number;
      lng: number;
      min_x: number;
      max_x: number;
      min_y: number;
      max_y: number;
      uls: string;
      price: number;
      type: MapPoint["type"];
      first_lat: number;
      first_lng: number;
    }>(
      // The first listing of a cell (by id) is found by min(id) and one join, not by ordered
      // array_agg: five arrays of every matching row sorted per cell made a new filter set over
      // a million listings a 9 s sort on disk; a hash aggregate of scalars stays in memory.
      `WITH m AS (
         SELECT l.id, l.lat, l.lng,
           (l.lng + 180) / 360 AS x,
           0.5 - ln((1 + sin(radians(GREATEST(-85, LEAST(85, l.lat))))) / (1 - sin(radians(GREATEST(-85, LEAST(85, l.lat)))))) / (4 * pi()) AS y
         FROM listings l ${where.sql}
       ), g AS (
         SELECT floor(x * $${n + 1})::bigint AS cx, floor(y * $${n + 1})::bigint AS cy, count(*)::int AS count,
           avg(lat) AS lat, avg(lng) AS lng, min(x) AS min_x, max(x) AS max_x, min(y) AS min_y, max(y) AS max_y,
           min(id) AS first_id
         FROM m GROUP BY 1, 2
       )
       SELECT g.cx, g.cy, g.count, g.lat, g.lng, g.min_x, g.max_x, g.min_y, g.max_y,
         f.uls, f.price, f.type, f.lat AS first_lat, f.lng AS first_lng
       FROM g JOIN listings f ON f.id = g.first_id`,
      [...where.params, scale],
    );
    return rows.map((r): GridMarker => {
      if (r.count === 1) {
        return { kind: "listing", uls: r.uls, lat: r.first_lat, lng: r.first_lng, price: r.price, type: r.type };
      }
      return {
        kind: "cluster",
        id: gridCellId(gridCellKey(r.cx, r.cy)),
        count: r.count,
        lat: r.lat,
        lng: r.lng,
        expansion: clusterExpansion(zoom, cellPx, r.max_x - r.min_x, r.max_y - r.min_y),
      };
    });
  }

  async get(uls: string): Promise<ListingRecord | undefined> {
    const { rows } = await this.pool.query<{ doc: ListingRecord }>(
      "SELECT d.doc FROM listings l JOIN listing_docs d ON d.id = l.id WHERE l.uls = $1",
      [uls],
    );
    return rows[0]?.doc;
  }

  async remove(uls: string, removedAt = new Date().toISOString()): Promise<boolean> {
    return pgTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO removed_listings(uls, doc, removed_at)
         SELECT l.uls, d.doc, $2::timestamptz FROM listings l JOIN listing_docs d ON d.id = l.id WHERE l.uls = $1::text
         ON CONFLICT(uls) DO UPDATE SET doc = EXCLUDED.doc, removed_at = EXCLUDED.removed_at
         RETURNING (SELECT id FROM listings WHERE uls = $1::text) AS id`,
        [uls, removedAt],
      );
      const id = rows[0]?.id;
      if (id === undefined) return false;
      await client.query("DELETE FROM listing_docs WHERE id = $1", [id]);
      await client.query("DELETE FROM listings WHERE id = $1", [id]);
      await bumpRevisions(client, "listings", "content");
      return true;
    });
  }

  async removed(uls: string): Promise<{ listing: ListingRecord; removed_at: string } | undefined> {
    const { rows } = await this.pool.query<{ doc: ListingRecord; removed_at: Date }>(
      "SELECT doc, removed_at FROM removed_listings r WHERE uls = $1 AND NOT EXISTS (SELECT 1 FROM listings l WHERE l.uls = r.uls)",
      [uls],
    );
    const row = rows[0];
    return row ? { listing: row.doc, removed_at: row.removed_at.toISOString() } : undefined;
  }

  async replaceMunicipalities(municipalities: readonly Municipality[]): Promise<void> {
    await pgTransaction(this.pool, async (client) => {
      await client.query("DELETE FROM municipalities");
      await client.query(
        "INSERT INTO municipalities(mun_code, description) SELECT * FROM unnest($1::text[], $2::text[])",
        [municipalities.map((m) => m.MUN_CODE), municipalities.map((m) => m.DESCRIPTION)],
      );
      await bumpRevisions(client, "listings", "content");
    });
  }

  async municipalities(): Promise<Municipality[]> {
    const { rows } = await this.pool.query<Municipality>(
      'SELECT mun_code AS "MUN_CODE", description AS "DESCRIPTION" FROM municipalities',
    );
    return sortMunicipalities(rows);
  }
}
