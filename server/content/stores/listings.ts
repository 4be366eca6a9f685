/**
 * Listings and municipalities. The database (SQLite or PostgreSQL) is the durable source, shared
 * by every process: indexed columns for every filter, a spatial index for map bounds (SQLite's
 * R*Tree, PostgreSQL's GiST: `dialect.spatial`), the listing document as JSON apart.
 *
 * Searches (counts, pages, points, grids) are answered from a columnar index in memory
 * (listing-index.ts), loaded into each process from one snapshot and rebuilt when the listings
 * version moves (a write by any process). How a search waits for it is the `index` option:
 * "wait" (the embedded store, whose 50,000 listings load in tens of milliseconds) answers from the
 * index, waiting for a rebuild; "memory" (PostgreSQL's default: a million take seconds) answers
 * from SQL until the index of the current version is ready; "sql" always from SQL. The SQL
 * answers have the index's semantics (filters, orders, ties by id, grid cells); documents are
 * always read from the database.
 */
import { type Expression, type ExpressionBuilder, expressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Municipality, PropertiesQuery, PropertyListing } from "../../../schema/api";
import { log } from "../../ops/log";
import type { ListingRecord } from "../data/listings-generator";
import type { Bounds, BulkType, Db, StoreDialect, Trx } from "../db/dialect";
import { bumpRevisions, Revisions } from "../db/queries";
import type { Database } from "../db/schema";
import { type ListingEvent, listingEventsOf, type RemovalReason, removalEventsOf } from "./listing-events";
import {
  type ChangedRow,
  clusterExpansion,
  gridCellId,
  gridCellKey,
  type ListingIndex,
  ListingIndexBuilder,
} from "./listing-index";

export type { Bounds, ListingEvent, ListingRecord, RemovalReason };

/** A listing taken off the market by a batch: sold (its page shows it sold) or removed (410); hidden leaves no page. */
export interface ListingRemoval {
  uls: string;
  reason: RemovalReason;
  /** The version its page keeps (a sold listing's last record); default: the one stored. */
  doc?: ListingRecord;
}

/** A batch of listing writes, applied in one transaction (ListingsStore.applyChanges). */
export interface ListingChanges {
  /** New listings, or new versions of listings by `uls`. */
  upserts?: readonly ListingRecord[];
  removals?: readonly ListingRemoval[];
  /** The feed writing (a site id); null or absent: not a feed (the demo's own listings, a script). */
  source?: string | null;
  /** When it happened (events' time, a removal's date); default now. */
  at?: string;
  /** Record change events (default true); false when hidden listings come back (nothing changed for a visitor's alert). */
  events?: boolean;
}

/** What a batch did, by listing number. */
export interface AppliedChanges {
  created: string[];
  updated: string[];
  /** Written before exactly as given: nothing stored, no event. */
  unchanged: string[];
  removed: string[];
  /** The listings version the batch made (unchanged when it wrote nothing). */
  version: number;
  events: number;
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

export interface ListingsOptions {
  /** How searches use the in-memory index: see the top of this file (PostgresOptions.listingsIndex). */
  index?: "memory" | "wait" | "sql";
  /** Called when a build of the in-memory index fails (searches keep answering from SQL); default: a warning in the log. */
  onIndexError?: (error: unknown) => void;
}

const municipalityCollator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
const sortMunicipalities = (municipalities: Municipality[]) =>
  municipalities.sort(
    (a, b) => municipalityCollator.compare(a.DESCRIPTION, b.DESCRIPTION) || a.MUN_CODE.localeCompare(b.MUN_CODE),
  );

const ORDER_BY: Record<ListingOrder, RawBuilder<unknown>> = {
  newest: sql`l.listed_at DESC, l.id DESC`,
  oldest: sql`l.listed_at ASC, l.id ASC`,
  // Sales, then rentals, each by price (as the index: a monthly rent is not comparable with a sale price).
  price_asc: sql`(l.for_sale_for_rent = 'rent') ASC, l.price ASC, l.id ASC`,
  price_desc: sql`(l.for_sale_for_rent = 'rent') ASC, l.price DESC, l.id DESC`,
};

/** Rows per statement of a bulk load. */
const BATCH = 2000;
/** Answers kept per process: counts (a number each) and map grids (up to a few hundred cells each). */
const MEMO_COUNTS = 500;
const MEMO_GRIDS = 50;
/** Rows per query while the in-memory index loads (keyset pages: each query stays short). */
const INDEX_PAGE = 50_000;
/** Rows per statement of a batch of listing writes (13 parameters a row: far under both databases' limits). */
const WRITE_CHUNK = 400;
/** Listings versions the change log keeps; an index further behind is built again (pruned every 64 versions). */
const LOG_VERSIONS = 2000;
/**
 * A catch-up reads the changed rows and merges them (a few passes over the columns); past this
 * share of the listings a build from scratch costs about as much.
 */
const CATCH_UP_SHARE = 0.25;

/** The filter columns of the in-memory index, as it reads them (ChangedRow, ListingIndexBuilder). */
type IndexArrayRow = [
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  string,
  number,
  number,
  number,
  number,
];
const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** The columns of a bulk load of listings, with their types. */
const LISTING_COLUMNS: Readonly<Record<string, BulkType>> = {
  id: "integer",
  uls: "text",
  type: "text",
  for_sale_for_rent: "text",
  price: "float8",
  bedrooms: "integer",
  bathrooms: "integer",
  open_house: "boolean",
  mun_code: "text",
  lat: "float8",
  lng: "float8",
  listed_at: "timestamptz",
  sold: "boolean",
};

/** A listing's row of the bulk load, in the order of LISTING_COLUMNS. */
const loadRowOf = (id: number, l: ListingRecord) => [
  id,
  l.uls,
  l.type,
  l.forSaleForRent,
  l.price,
  l.specs.bed,
  l.specs.bath,
  Boolean(l.open_house),
  l.municipality.MUN_CODE,
  l.coords.lat,
  l.coords.lng,
  l.listed_at,
  l.badge === "sold",
];

const columnsOf = (listing: ListingRecord) => ({
  uls: listing.uls,
  type: listing.type,
  for_sale_for_rent: listing.forSaleForRent,
  price: listing.price,
  bedrooms: listing.specs.bed,
  bathrooms: listing.specs.bath,
  open_house: Boolean(listing.open_house),
  mun_code: listing.municipality.MUN_CODE,
  lat: listing.coords.lat,
  lng: listing.coords.lng,
  listed_at: listing.listed_at,
  sold: listing.badge === "sold",
});

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

type Listings = ExpressionBuilder<Database & { l: Database["listings"] }, "l">;

/** The filters as a condition over `listings l`, with the index's semantics. */
function listingWhere(
  eb: Listings,
  filters: ListingFilters,
  within: (bounds: Bounds) => Expression<SqlBool>,
): Expression<SqlBool> {
  const clauses: Expression<SqlBool>[] = [];
  if (filters.mun?.length) clauses.push(eb("l.mun_code", "in", filters.mun));
  if (filters.price_min !== undefined && filters.price_min > 0) clauses.push(eb("l.price", ">=", filters.price_min));
  if (filters.price_max !== undefined) clauses.push(eb("l.price", "<=", filters.price_max));
  // As the index: "rent" is a flag, every other value counts as a sale.
  if (filters.forSaleForRent === "rent") clauses.push(eb("l.for_sale_for_rent", "=", "rent"));
  if (filters.forSaleForRent === "buy") clauses.push(eb("l.for_sale_for_rent", "<>", "rent"));
  if (filters.type?.length) clauses.push(eb("l.type", "in", filters.type));
  if (filters.bedrooms) clauses.push(eb("l.bedrooms", ">=", filters.bedrooms));
  if (filters.bathrooms) clauses.push(eb("l.bathrooms", ">=", filters.bathrooms));
  // The flag as a condition: a boolean in PostgreSQL, 0 or 1 in SQLite.
  if (filters.open_house) clauses.push(sql<SqlBool>`l.open_house`);
  if (filters.status === "active") clauses.push(sql<SqlBool>`NOT l.sold`);
  if (filters.status === "sold") clauses.push(sql<SqlBool>`l.sold`);
  const b = filters.bounds;
  if (b) {
    // The spatial index finds candidates by box; the exact comparison keeps the edges inclusive
    // (and drops what PostGIS's single-precision boxes let through).
    clauses.push(within(b), eb.between("l.lat", b.south, b.north), eb.between("l.lng", b.west, b.east));
  }
  return eb.and(clauses);
}

export class ListingsStore {
  // Over a million listings a count or a grid from SQL reads every matching row (tens to hundreds
  // of ms, docs/scaling.md); the search page asks the same few of them for every visitor.
  private readonly counts = new VersionMemo<number>(MEMO_COUNTS);
  private readonly grids = new VersionMemo<GridMarker[]>(MEMO_GRIDS);
  private readonly mode: "memory" | "wait" | "sql";
  /** The columnar index and the listings version of the snapshot it was read from. */
  private memory: { version: number; index: ListingIndex } | undefined;
  private building: Promise<void> | undefined;
  private catching: Promise<boolean> | undefined;
  private municipalityCache: { version: number; list: Municipality[] } | undefined;
  /** Index builds and catch-ups finished, and the last one's duration (ms): for tests and the bench. */
  readonly indexStats = { builds: 0, lastBuildMs: 0, catchUps: 0, lastCatchUpMs: 0 };
  private readonly revisions: Revisions;

  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
    private readonly options: ListingsOptions = {},
  ) {
    this.mode = options.index ?? "memory";
    this.revisions = new Revisions(db, dialect);
  }

  /** Changes whenever listings or municipalities change, in any process; derived caches key on it. */
  version(): Promise<number> {
    return this.revisions.read("listings");
  }

  /** The filters as a condition over `listings l`. */
  private async where(filters: ListingFilters): Promise<Expression<SqlBool>> {
    const within = await this.dialect.spatial.within(this.db);
    return listingWhere(expressionBuilder<Database & { l: Database["listings"] }, "l">(), filters, within);
  }

  /**
   * The in-memory index when it holds `version` or later (versions only grow), else undefined
   * and a build is under way: the caller answers from SQL, which is current. Never an index
   * older than the version the call read, so no answer after a write is stale. Mode "wait"
   * waits for the build instead.
   */
  private async indexAt(version: number, wait = this.mode === "wait"): Promise<ListingIndex | undefined> {
    if (this.mode === "sql") return undefined;
    for (;;) {
      const memory = this.memory;
      if (memory && memory.version >= version) return memory.index;
      // A batch of writes is merged into the index it has, in every mode: tens of milliseconds
      // at a million listings, less than the SQL answer of a new filter set would take.
      if (memory && (await this.startCatchUp(memory))) continue;
      // Outdated, it will never answer again (versions only grow): its memory is let go before
      // the next one is built, not held beside it.
      if (this.memory && this.memory.version < version) this.memory = undefined;
      if (this.memory) continue;
      const build = this.startBuild();
      if (!wait) return undefined;
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

  /**
   * Brings an outdated index up to date from the change log (one at a time): true when it did.
   * False when it cannot (the log no longer reaches back to it, or the batch is so large a build
   * costs as much), and the caller builds anew.
   */
  private startCatchUp(memory: { version: number; index: ListingIndex }): Promise<boolean> {
    this.catching ??= this.catchUp(memory)
      .then((caught) => {
        if (!caught) return false;
        if (!this.memory || caught.version > this.memory.version) this.memory = caught;
        return true;
      })
      .catch((error: unknown) => {
        log.warn("[listings] the in-memory search index could not take the latest changes; building it again", {
          reason: error instanceof Error ? error.message : String(error),
        });
        return false;
      })
      .finally(() => {
        this.catching = undefined;
      });
    return this.catching;
  }

  /**
   * The index at the current version: the rows the change log names since its version, read in
   * one snapshot with that version, merged into it (ListingIndex.withChanges).
   */
  private async catchUp(memory: {
    version: number;
    index: ListingIndex;
  }): Promise<{ version: number; index: ListingIndex } | undefined> {
    const started = performance.now();
    const caught = await this.dialect.snapshotArrays(this.db, async (arrays) => {
      const revisions = await arrays(
        this.db.selectFrom("revisions").select(["name", "n"]).where("name", "in", ["listings", "listings_log_floor"]),
      );
      const version = Number(revisions.find((r) => r[0] === "listings")?.[1] ?? 0);
      const floor = Number(revisions.find((r) => r[0] === "listings_log_floor")?.[1] ?? Number.POSITIVE_INFINITY);
      if (memory.version < floor) return undefined;
      if (version <= memory.version) return memory;
      const ids = (
        await arrays(
          this.db
            .selectFrom("listing_changes")
            .select("listing_id")
            .distinct()
            .where("version", ">", memory.version)
            .where("version", "<=", version),
        )
      ).map((r) => Number(r[0]));
      if (ids.length > Math.max(1000, memory.index.size * CATCH_UP_SHARE)) return undefined;
      ids.sort((a, b) => a - b);
      const changed: ChangedRow[] = [];
      for (const part of chunks(ids, 1000)) {
        const rows = (await arrays(this.indexColumns().where("id", "in", part).orderBy("id"))) as IndexArrayRow[];
        for (const r of rows) {
          changed.push({
            id: r[0],
            uls: r[1],
            type: r[2],
            for_sale_for_rent: r[3],
            price: r[4],
            bedrooms: r[5],
            bathrooms: r[6],
            open_house: Boolean(r[7]),
            mun_code: r[8],
            lat: r[9],
            lng: r[10],
            listed_ms: r[11],
            sold: Boolean(r[12]),
          });
        }
      }
      const present = new Set(changed.map((r) => r.id));
      const removed = ids.filter((id) => !present.has(id));
      return { version, index: memory.index.withChanges(changed, removed) };
    });
    if (caught && caught !== memory) {
      this.indexStats.catchUps++;
      this.indexStats.lastCatchUpMs = performance.now() - started;
    }
    return caught;
  }

  /** The filter columns the index reads, in its order (IndexArrayRow). */
  private indexColumns() {
    return this.db
      .selectFrom("listings")
      .select([
        "id",
        "uls",
        "type",
        "for_sale_for_rent",
        "price",
        "bedrooms",
        "bathrooms",
        "open_house",
        "mun_code",
        "lat",
        "lng",
        this.dialect.epochMs("listed_at").as("listed_ms"),
        "sold",
      ]);
  }

  /** Builds what searches read from memory (the columnar index) for the current version, ahead of the first visitor. */
  async warm(): Promise<void> {
    if (this.mode === "sql") return;
    await this.indexAt(await this.version(), true);
  }

  /**
   * Reads the filter columns of every listing in one read-only snapshot, with the listings
   * version of that same snapshot, in keyset pages straight into typed arrays (no object per row).
   */
  private async loadIndex(): Promise<{ version: number; index: ListingIndex }> {
    const started = performance.now();
    const loaded = await this.dialect.snapshotArrays(this.db, async (arrays) => {
      const [versionRow] = await arrays(this.db.selectFrom("revisions").select("n").where("name", "=", "listings"));
      const [sized] = await arrays(this.db.selectFrom("listings").select((eb) => eb.fn.countAll().as("n")));
      const builder = new ListingIndexBuilder(Number(sized?.[0] ?? 0));
      let after = 0;
      for (;;) {
        const rows = (await arrays(
          this.indexColumns().where("id", ">", after).orderBy("id").limit(INDEX_PAGE),
        )) as IndexArrayRow[];
        for (const r of rows) {
          builder.add(
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            r[6],
            Boolean(r[7]),
            r[8],
            r[9],
            r[10],
            r[11],
            Boolean(r[12]),
          );
        }
        if (rows.length < INDEX_PAGE) break;
        after = rows[rows.length - 1]![0];
      }
      return { version: Number(versionRow?.[0] ?? 0), index: builder.finish() };
    });
    this.indexStats.builds++;
    this.indexStats.lastBuildMs = performance.now() - started;
    return loaded;
  }

  /** Documents by id, in the order of `ids` (a listing removed since the index was read is left out). */
  private async docs(ids: readonly number[]): Promise<ListingRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom("listing_docs").select(["id", "doc"]).where("id", "in", ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r.doc]));
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc === undefined ? [] : [JSON.parse(doc) as ListingRecord];
    });
  }

  /**
   * Replaces every listing (seeding, imports) in one transaction; read once, in order, so a
   * generator of a million does not sit in memory. The secondary indexes (not those of
   * constraints) are dropped, the rows inserted in batches, then the indexes made again in one
   * pass each: building an index once is several times faster than updating it per row (a
   * million listings: docs/scaling.md). Readers see the old listings until the commit.
   */
  async replaceAll(listings: Iterable<ListingRecord>): Promise<void> {
    const { bulk, spatial } = this.dialect;
    await this.db.transaction().execute(async (trx) => {
      const indexes = await bulk.indexes(trx, "listings");
      for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
      await bulk.truncate(trx, ["listings", "listing_docs"]);
      await spatial.clear(trx);
      let batch: ListingRecord[] = [];
      let next = 1;
      const flush = async () => {
        const ids = batch.map((_, i) => next + i);
        await bulk.insert(
          trx,
          "listings",
          LISTING_COLUMNS,
          batch.map((listing, i) => loadRowOf(ids[i]!, listing)),
        );
        await bulk.insert(
          trx,
          "listing_docs",
          { id: "integer", doc: "json" },
          batch.map((listing, i) => [ids[i], JSON.stringify(listing)]),
        );
        await spatial.put(
          trx,
          batch.map((l, i) => ({ id: ids[i]!, lat: l.coords.lat, lng: l.coords.lng })),
        );
        next += batch.length;
        batch = [];
      };
      for (const listing of listings) {
        batch.push(listing);
        if (batch.length === BATCH) await flush();
      }
      if (batch.length) await flush();
      await bulk.buildIndexes(trx, indexes);
      await bulk.syncIdentity(trx, "listings", "id");
      await this.restartChangeLog(trx);
      await bumpRevisions(trx, "content");
    });
    await bulk.analyze(["listings", "listing_docs"]);
  }

  /** Creates a listing or replaces the one with the same `uls`. */
  async upsert(listing: ListingRecord): Promise<void> {
    await this.applyChanges({ upserts: [listing] });
  }

  /**
   * Writes a batch of listings in one transaction: new and changed listings, listings taken off
   * the market, the change log entries of the in-memory indexes (one listings version for the
   * batch) and the change events of each listing (stores/listing-events.ts). A listing written
   * exactly as stored is left alone (no version, no event). `within` runs in the same
   * transaction after the writes (a feed advances its cursor there, so a sync killed at any
   * moment has written a batch and its cursor together, or neither).
   *
   * The batch first locks the listings revision's row (PostgreSQL; SQLite's write transactions
   * are exclusive anyway), so listing writes are serial: events are numbered in commit order and
   * the diff reads what the previous batch committed.
   */
  async applyChanges(
    changes: ListingChanges,
    within?: (trx: Trx, applied: AppliedChanges) => Promise<void>,
  ): Promise<AppliedChanges> {
    const at = changes.at ?? new Date().toISOString();
    const source = changes.source ?? null;
    // The last version of each listing wins within a batch.
    const upserts = [...new Map((changes.upserts ?? []).map((l) => [l.uls, l])).values()];
    const removals = [...new Map((changes.removals ?? []).map((r) => [r.uls, r])).values()].filter(
      (r) => !upserts.some((l) => l.uls === r.uls),
    );
    return this.db.transaction().execute(async (trx) => {
      const current = await this.dialect
        .forUpdate(trx.selectFrom("revisions").select("n").where("name", "=", "listings"))
        .executeTakeFirstOrThrow();
      const applied: AppliedChanges = {
        created: [],
        updated: [],
        unchanged: [],
        removed: [],
        version: Number(current.n),
        events: 0,
      };
      const stored = new Map<string, { id: number; doc: string; source: string | null }>();
      for (const part of chunks([...upserts.map((l) => l.uls), ...removals.map((r) => r.uls)], 500)) {
        const rows = await trx
          .selectFrom("listings as l")
          .innerJoin("listing_docs as d", "d.id", "l.id")
          .select(["l.id", "l.uls", "l.source", "d.doc"])
          .where("l.uls", "in", part)
          .execute();
        for (const r of rows) stored.set(r.uls, { id: r.id, doc: r.doc, source: r.source });
      }
      const offBefore = new Map<string, RemovalReason>();
      const absent = upserts.filter((l) => !stored.has(l.uls)).map((l) => l.uls);
      for (const part of chunks(absent, 500)) {
        const rows = await trx
          .selectFrom("removed_listings")
          .select(["uls", "reason"])
          .where("uls", "in", part)
          .execute();
        for (const r of rows) offBefore.set(r.uls, r.reason as RemovalReason);
      }
      const events: ListingEvent[] = [];
      const writes: { listing: ListingRecord; doc: string }[] = [];
      for (const listing of upserts) {
        const doc = JSON.stringify(listing);
        const before = stored.get(listing.uls);
        if (before && before.doc === doc && before.source === source) {
          applied.unchanged.push(listing.uls);
          continue;
        }
        writes.push({ listing, doc });
        (before ? applied.updated : applied.created).push(listing.uls);
        const previous = before ? (JSON.parse(before.doc) as ListingRecord) : undefined;
        events.push(...listingEventsOf(listing, previous, offBefore.get(listing.uls)));
      }
      const gone = removals.flatMap((r) => {
        const before = stored.get(r.uls);
        if (!before) return [];
        const previous = JSON.parse(before.doc) as ListingRecord;
        events.push(...removalEventsOf(previous, r.reason));
        return [{ ...r, id: before.id, doc: r.doc ? JSON.stringify(r.doc) : before.doc }];
      });
      applied.removed = gone.map((r) => r.uls);
      if (writes.length === 0 && gone.length === 0) {
        if (within) await within(trx, applied);
        return applied;
      }
      const bumped = await trx
        .updateTable("revisions")
        .set((eb) => ({ n: eb("n", "+", 1) }))
        .where("name", "=", "listings")
        .returning("n")
        .executeTakeFirstOrThrow();
      const version = Number(bumped.n);
      applied.version = version;
      const touched: number[] = [];
      for (const part of chunks(writes, WRITE_CHUNK)) {
        const ids = await trx
          .insertInto("listings")
          .values(part.map(({ listing }) => ({ ...columnsOf(listing), source })))
          .onConflict((oc) =>
            oc.column("uls").doUpdateSet((eb) => ({
              type: eb.ref("excluded.type"),
              for_sale_for_rent: eb.ref("excluded.for_sale_for_rent"),
              price: eb.ref("excluded.price"),
              bedrooms: eb.ref("excluded.bedrooms"),
              bathrooms: eb.ref("excluded.bathrooms"),
              open_house: eb.ref("excluded.open_house"),
              mun_code: eb.ref("excluded.mun_code"),
              lat: eb.ref("excluded.lat"),
              lng: eb.ref("excluded.lng"),
              listed_at: eb.ref("excluded.listed_at"),
              sold: eb.ref("excluded.sold"),
              source: eb.ref("excluded.source"),
            })),
          )
          .returning(["id", "uls"])
          .execute();
        const idOf = new Map(ids.map((r) => [r.uls, r.id]));
        const rows = part.map(({ listing, doc }) => ({ id: idOf.get(listing.uls)!, doc, listing }));
        await trx
          .insertInto("listing_docs")
          .values(rows.map(({ id, doc }) => ({ id, doc })))
          .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })))
          .execute();
        await this.dialect.spatial.put(
          trx,
          rows.map(({ id, listing }) => ({ id, lat: listing.coords.lat, lng: listing.coords.lng })),
        );
        touched.push(...rows.map((r) => r.id));
      }
      for (const part of chunks(gone, WRITE_CHUNK)) {
        const kept = part.filter((r) => r.reason !== "hidden");
        if (kept.length) {
          await trx
            .insertInto("removed_listings")
            .values(kept.map((r) => ({ uls: r.uls, doc: r.doc, removed_at: at, reason: r.reason, source })))
            .onConflict((oc) =>
              oc.column("uls").doUpdateSet((eb) => ({
                doc: eb.ref("excluded.doc"),
                removed_at: eb.ref("excluded.removed_at"),
                reason: eb.ref("excluded.reason"),
                source: eb.ref("excluded.source"),
              })),
            )
            .execute();
        }
        const ids = part.map((r) => r.id);
        await trx.deleteFrom("listing_docs").where("id", "in", ids).execute();
        await trx.deleteFrom("listings").where("id", "in", ids).execute();
        await this.dialect.spatial.remove(trx, ids);
        touched.push(...ids);
      }
      for (const part of chunks([...new Set(touched)], 1000)) {
        await trx
          .insertInto("listing_changes")
          .values(part.map((id) => ({ version, listing_id: id })))
          .execute();
      }
      if (changes.events !== false) {
        for (const part of chunks(events, WRITE_CHUNK)) {
          await trx
            .insertInto("listing_events")
            .values(part.map((e) => ({ uls: e.uls, kind: e.kind, data: JSON.stringify(e.data), source, at })))
            .execute();
        }
        applied.events = events.length;
      }
      if (version % 64 === 0) await this.pruneChangeLog(trx, version);
      await bumpRevisions(trx, "content");
      if (within) await within(trx, applied);
      return applied;
    });
  }

  /** Drops change log entries older than LOG_VERSIONS versions; an index that far behind is built again. */
  private async pruneChangeLog(trx: Trx, version: number): Promise<void> {
    const floor = version - LOG_VERSIONS;
    if (floor <= 0) return;
    await trx.deleteFrom("listing_changes").where("version", "<=", floor).execute();
    await trx
      .updateTable("revisions")
      .set({ n: floor })
      .where("name", "=", "listings_log_floor")
      .where("n", "<", floor)
      .execute();
  }

  /**
   * Deletes the demo's generated listings (those no feed wrote) and their taken-off pages: a
   * broker's first import replaces the fiction. One bulk write: the indexes are built again.
   * Returns how many listings went.
   */
  async removeUnsourced(): Promise<number> {
    const count = await this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom("listings").select("id").where("source", "is", null).execute()).map(
        (r) => r.id,
      );
      for (const part of chunks(ids, 1000)) {
        await trx.deleteFrom("listing_docs").where("id", "in", part).execute();
        await trx.deleteFrom("listings").where("id", "in", part).execute();
        await this.dialect.spatial.remove(trx, part);
      }
      await trx.deleteFrom("removed_listings").where("source", "is", null).execute();
      await this.restartChangeLog(trx);
      await bumpRevisions(trx, "content");
      return ids.length;
    });
    await this.dialect.bulk.analyze(["listings", "listing_docs"]);
    return count;
  }

  /** A bulk write: a new listings version the change log starts from (every index older than it is built again). */
  private async restartChangeLog(trx: Trx): Promise<void> {
    const { n } = await trx
      .updateTable("revisions")
      .set((eb) => ({ n: eb("n", "+", 1) }))
      .where("name", "=", "listings")
      .returning("n")
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("listing_changes").execute();
    await trx.updateTable("revisions").set({ n }).where("name", "=", "listings_log_floor").execute();
  }

  /** The number of the last listing change event (0: none yet). */
  async lastEventSeq(): Promise<number> {
    const row = await this.db
      .selectFrom("listing_events")
      .select((eb) => eb.fn.max("seq").as("seq"))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /**
   * Listing change events after `afterSeq`, oldest first (the saved-search alerts read them in
   * pages; `seq` is in commit order).
   */
  async events(
    afterSeq = 0,
    limit = 500,
  ): Promise<(ListingEvent & { seq: number; at: string; source: string | null })[]> {
    const rows = await this.db
      .selectFrom("listing_events")
      .select(["seq", "uls", "kind", "data", "source", "at"])
      .where("seq", ">", afterSeq)
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: r.seq,
      uls: r.uls,
      kind: r.kind as ListingEvent["kind"],
      data: r.data ? (JSON.parse(r.data) as Record<string, unknown>) : {},
      source: r.source,
      at: r.at,
    }));
  }

  async size(): Promise<number> {
    const row = await this.db
      .selectFrom("listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async count(filters: ListingFilters): Promise<number> {
    const version = await this.version();
    return this.counts.get(version, JSON.stringify(filters), async () => {
      const index = await this.indexAt(version);
      if (index) return index.count(filters);
      const row = await this.db
        .selectFrom("listings as l")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(await this.where(filters))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    });
  }

  /** One page of matching listings: newest/oldest by listing date, price_asc/price_desc by price; ties by id. */
  async search(filters: ListingFilters, order: ListingOrder, offset: number, limit: number): Promise<ListingRecord[]> {
    const index = await this.indexAt(await this.version());
    if (index) return this.docs(index.page(filters, order, offset, limit).map((i) => index.ids[i]!));
    const where = await this.where(filters);
    const rows = await this.db
      .transaction()
      .setAccessMode("read only")
      .execute(async (trx) => {
        // No parallel plan: the box is tested twice (GiST `&&`, exact BETWEENs) and PostgreSQL's
        // planner multiplies the two selectivities (391 rows expected in a Montréal box for
        // 32,674), so it expects a long walk of the order's index and starts workers: 51 ms, 46 of
        // them before the first row, for a page that stops after 24 rows (2.6 ms alone; EXPLAIN
        // ANALYZE, 1M listings).
        await this.dialect.serialPlan(trx);
        return trx
          .selectFrom((eb) =>
            eb
              .selectFrom("listings as l")
              .select(["l.id", "l.listed_at", "l.price", "l.for_sale_for_rent"])
              .where(where)
              .orderBy(ORDER_BY[order])
              .limit(limit)
              .offset(offset)
              .as("l"),
          )
          .innerJoin("listing_docs as d", "d.id", "l.id")
          .select("d.doc")
          .orderBy(ORDER_BY[order])
          .execute();
      });
    return rows.map((r) => JSON.parse(r.doc) as ListingRecord);
  }

  /** Every matching point, in id order, for map clustering. */
  async points(filters: ListingFilters): Promise<MapPoint[]> {
    const index = await this.indexAt(await this.version());
    if (index) return index.points(filters);
    const rows = await this.db
      .selectFrom("listings as l")
      .select(["l.uls", "l.lat", "l.lng", "l.price", "l.type"])
      .where(await this.where(filters))
      .orderBy("l.id")
      .execute();
    return rows.map((r) => ({ ...r, type: r.type as MapPoint["type"] }));
  }

  /** The matching listings grouped in cells of `cellPx` web-mercator pixels at `zoom` (see ListingIndex.gridClusters). */
  async grid(filters: ListingFilters, zoom: number, cellPx = 80): Promise<GridMarker[]> {
    const version = await this.version();
    return this.grids.get(version, JSON.stringify([filters, zoom, cellPx]), async () => {
      const index = await this.indexAt(version);
      return index ? index.grid(filters, zoom, cellPx) : this.gridOf(filters, zoom, cellPx);
    });
  }

  /** Grid clustering in the database: one GROUP BY over the matching rows, the same cells as the index's. */
  private async gridOf(filters: ListingFilters, zoom: number, cellPx: number): Promise<GridMarker[]> {
    const where = await this.where(filters);
    const scale = (256 * 2 ** zoom) / cellPx;
    const { greatest, least } = this.dialect;
    const lat = greatest(-85, least(85, sql.ref("l.lat")));
    const cell = (axis: "x" | "y") => sql`cast(floor(${sql.ref(axis)} * cast(${scale} as double precision)) as bigint)`;
    // The first listing of a cell (by id) is found by min(id) and one join, not by ordered
    // array_agg: five arrays of every matching row sorted per cell made a new filter set over
    // a million listings a 9 s sort on disk; a hash aggregate of scalars stays in memory.
    const { rows } = await sql<{
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
    }>`WITH m AS (
         SELECT l.id, l.lat, l.lng,
           (l.lng + 180) / 360 AS x,
           0.5 - ln((1 + sin(radians(${lat}))) / (1 - sin(radians(${lat})))) / (4 * pi()) AS y
         FROM listings l WHERE ${where}
       ), g AS (
         SELECT ${cell("x")} AS cx, ${cell("y")} AS cy, count(*) AS count,
           avg(lat) AS lat, avg(lng) AS lng, min(x) AS min_x, max(x) AS max_x, min(y) AS min_y, max(y) AS max_y,
           min(id) AS first_id
         FROM m GROUP BY 1, 2
       )
       SELECT g.cx, g.cy, g.count, g.lat, g.lng, g.min_x, g.max_x, g.min_y, g.max_y,
         f.uls, f.price, f.type, f.lat AS first_lat, f.lng AS first_lng
       FROM g JOIN listings f ON f.id = g.first_id`.execute(this.db);
    return rows.map((r): GridMarker => {
      if (Number(r.count) === 1) {
        return { kind: "listing", uls: r.uls, lat: r.first_lat, lng: r.first_lng, price: r.price, type: r.type };
      }
      return {
        kind: "cluster",
        id: gridCellId(gridCellKey(Number(r.cx), Number(r.cy))),
        count: Number(r.count),
        lat: r.lat,
        lng: r.lng,
        expansion: clusterExpansion(zoom, cellPx, r.max_x - r.min_x, r.max_y - r.min_y),
      };
    });
  }

  async get(uls: string): Promise<ListingRecord | undefined> {
    const row = await this.db
      .selectFrom("listings as l")
      .innerJoin("listing_docs as d", "d.id", "l.id")
      .select("d.doc")
      .where("l.uls", "=", uls)
      .executeTakeFirst();
    return row ? (JSON.parse(row.doc) as ListingRecord) : undefined;
  }

  /**
   * The records of several listings at once, on the market or taken off it (sold, removed): what
   * the saved-search alerts match a batch of change events against.
   */
  async records(uls: readonly string[]): Promise<Map<string, { listing: ListingRecord; off: boolean }>> {
    const out = new Map<string, { listing: ListingRecord; off: boolean }>();
    const unique = [...new Set(uls)];
    for (const part of chunks(unique, 500)) {
      const gone = await this.db
        .selectFrom("removed_listings")
        .select(["uls", "doc"])
        .where("uls", "in", part)
        .execute();
      for (const r of gone) out.set(r.uls, { listing: JSON.parse(r.doc) as ListingRecord, off: true });
      const rows = await this.db
        .selectFrom("listings as l")
        .innerJoin("listing_docs as d", "d.id", "l.id")
        .select(["l.uls", "d.doc"])
        .where("l.uls", "in", part)
        .execute();
      for (const r of rows) out.set(r.uls, { listing: JSON.parse(r.doc) as ListingRecord, off: false });
    }
    return out;
  }

  /** Takes a listing off the market: it leaves every search, and `removed` keeps its last version. False if unknown. */
  async remove(uls: string, removedAt = new Date().toISOString()): Promise<boolean> {
    const applied = await this.applyChanges({ removals: [{ uls, reason: "removed" }], at: removedAt });
    return applied.removed.length > 0;
  }

  /**
   * A listing taken off the market, unless it is listed again: sold (its page shows it sold) or
   * removed (its page answers 410 with similar ones).
   */
  async removed(
    uls: string,
  ): Promise<{ listing: ListingRecord; removed_at: string; reason: "sold" | "removed" } | undefined> {
    const row = await this.db
      .selectFrom("removed_listings as r")
      .select(["r.doc", "r.removed_at", "r.reason"])
      .where("r.uls", "=", uls)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("listings as l").select("l.id").whereRef("l.uls", "=", "r.uls"))))
      .executeTakeFirst();
    return row
      ? {
          listing: JSON.parse(row.doc) as ListingRecord,
          removed_at: row.removed_at,
          reason: row.reason === "sold" ? "sold" : "removed",
        }
      : undefined;
  }

  async replaceMunicipalities(municipalities: readonly Municipality[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("municipalities").execute();
      for (let i = 0; i < municipalities.length; i += 1000) {
        await trx
          .insertInto("municipalities")
          .values(municipalities.slice(i, i + 1000).map((m) => ({ mun_code: m.MUN_CODE, description: m.DESCRIPTION })))
          .execute();
      }
      await bumpRevisions(trx, "listings", "content");
    });
  }

  /** Sorted by DESCRIPTION in French collation (accents and case ignored, "Île" next to "Ile"). */
  async municipalities(): Promise<Municipality[]> {
    const version = await this.version();
    if (this.municipalityCache?.version !== version) {
      const rows = await this.db.selectFrom("municipalities").select(["mun_code", "description"]).execute();
      const list = sortMunicipalities(rows.map((r) => ({ MUN_CODE: r.mun_code, DESCRIPTION: r.description })));
      this.municipalityCache = { version, list };
    }
    return this.municipalityCache.list.map((m) => ({ ...m }));
  }
}
