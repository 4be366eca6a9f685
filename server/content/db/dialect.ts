/**
 * What differs between the two databases, and only that. Every store is written once against
 * a `Kysely<Database>` and receives this object for the few things the query builder cannot
 * spell the same way in both: each member is a small, named seam, implemented in db/sqlite.ts
 * (node:sqlite) and db/postgres.ts (`pg`). Anything not here is the same SQL on both.
 */
import type {
  ColumnDataType,
  ColumnDefinitionBuilder,
  Compilable,
  CompiledQuery,
  Expression,
  Kysely,
  QueryResult,
  RawBuilder,
  SelectQueryBuilder,
  SqlBool,
  Transaction,
} from "kysely";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

/** A map's bounds in degrees (inclusive edges). */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A column's type in a bulk load: PostgreSQL's array parameters are typed; SQLite ignores it. */
export type BulkType = "integer" | "text" | "float8" | "boolean" | "timestamptz" | "json";

/** A secondary index as the migrations made it: dropped before a bulk load, made again after. */
export interface IndexDefinition {
  name: string;
  sql: string;
}

export interface StoreDialect {
  readonly name: "sqlite" | "postgres";
  /** For messages: "SQLite", "PostgreSQL". */
  readonly label: string;

  // ---- expressions spelled differently -------------------------------------------------
  /** The larger of two numbers (SQLite's scalar `max`, PostgreSQL's `GREATEST`). */
  greatest(a: Expression<number> | number, b: Expression<number> | number): RawBuilder<number>;
  /** The smaller of two numbers (`min` / `LEAST`). */
  least(a: Expression<number> | number, b: Expression<number> | number): RawBuilder<number>;
  /** A text column compared byte by byte, whatever the database's locale (SQLite's own order, PostgreSQL's "C"). */
  bytewise(column: string): RawBuilder<string>;
  /** An instant column as milliseconds since the epoch. */
  epochMs(column: string): RawBuilder<number>;

  // ---- hot reads ------------------------------------------------------------------------
  /**
   * Runs a compiled SELECT at once when that is safe, else undefined (the caller goes through
   * Kysely). SQLite answers in microseconds, synchronously, so outside a transaction on its one
   * connection a read skips the query pipeline's awaits (more than the read itself costs);
   * inside one it must wait its turn, or it would see that transaction's uncommitted writes.
   * PostgreSQL: never (a round trip anyway).
   */
  readNow<R>(query: CompiledQuery<R>): QueryResult<R> | undefined;

  // ---- locks ----------------------------------------------------------------------------
  /**
   * Locks the rows a SELECT reads until the transaction ends (PostgreSQL's FOR UPDATE, or FOR
   * UPDATE SKIP LOCKED for a queue's claim). SQLite has no row locks and needs none: its write
   * transactions take the database's one write lock first (BEGIN IMMEDIATE).
   */
  forUpdate<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    skipLocked?: boolean,
  ): SelectQueryBuilder<DB, TB, O>;
  /** Locks a whole table against concurrent writers until the transaction ends (PostgreSQL); SQLite already is. */
  lockTable(trx: Trx, table: keyof Database): Promise<void>;

  // ---- errors ---------------------------------------------------------------------------
  /**
   * When `error` is a unique violation: what was violated (PostgreSQL: the constraint's name,
   * e.g. "pages_path_fr"; SQLite: its columns, e.g. "pages.site_id, pages.path_fr"). Else undefined.
   */
  uniqueViolation(error: unknown): string | undefined;

  // ---- transactions with a difference -----------------------------------------------------
  /**
   * A write transaction that is on disk when it resolves. PostgreSQL's connections always commit
   * so (`synchronous_commit = on`); SQLite's run at `synchronous = NORMAL` and switch to FULL for
   * this one transaction (the WAL is flushed at its commit).
   */
  durableTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one read-only snapshot where `arrays(query)` answers rows as arrays of column
   * values, not objects (the listings index reads every row: a million objects were avoided).
   */
  snapshotArrays<T>(
    db: Db,
    work: (arrays: (query: Compilable<unknown>) => Promise<unknown[][]>) => Promise<T>,
  ): Promise<T>;
  /** Plans the transaction's next queries without parallel workers (PostgreSQL); nothing in SQLite. */
  serialPlan(trx: Trx): Promise<void>;

  // ---- bulk loads of a whole table (the listings) ------------------------------------------
  readonly bulk: {
    /** The table's secondary indexes (not those of its constraints). */
    indexes(trx: Trx, table: keyof Database): Promise<IndexDefinition[]>;
    /** Empties the tables (PostgreSQL: TRUNCATE; SQLite: DELETE). */
    truncate(trx: Trx, tables: readonly (keyof Database)[]): Promise<void>;
    /** Inserts rows of values in the order of `columns` (PostgreSQL: one array parameter per column). */
    insert(
      trx: Trx,
      table: keyof Database,
      columns: Readonly<Record<string, BulkType>>,
      rows: unknown[][],
    ): Promise<void>;
    /** Makes indexes again after a load (PostgreSQL: with more memory and no statement timeout). */
    buildIndexes(trx: Trx, indexes: readonly IndexDefinition[]): Promise<void>;
    /** After rows were inserted with explicit ids: the next generated id follows the largest (PostgreSQL's sequence). */
    syncIdentity(trx: Trx, table: keyof Database, column: string): Promise<void>;
    /** Refreshes the planner's statistics after a load, outside any transaction. */
    analyze(tables: readonly (keyof Database)[]): Promise<void>;
  };

  // ---- map bounds -------------------------------------------------------------------------
  readonly spatial: {
    /**
     * The test of a listing (`listings l`) against map bounds, through the spatial index: the
     * R*Tree in SQLite; PostGIS or a `point` GiST index in PostgreSQL (migration 1 made one of them).
     */
    within(db: Db): Promise<(bounds: Bounds) => Expression<SqlBool>>;
    /** Keeps the index's entries of these listings (SQLite's R*Tree is a table of its own; nothing in PostgreSQL). */
    put(trx: Trx, points: readonly { id: number; lat: number; lng: number }[]): Promise<void>;
    remove(trx: Trx, ids: readonly number[]): Promise<void>;
    clear(trx: Trx): Promise<void>;
  };

  // ---- migrations ---------------------------------------------------------------------------
  /** Column types for migrations written with Kysely's schema builder. */
  readonly types: {
    json: ColumnDataType;
    instant: ColumnDataType;
    flag: ColumnDataType;
    /** Milliseconds since the epoch. */
    ms: ColumnDataType;
  };
  /**
   * An integer primary key the database numbers itself, in insertion order (SQLite's
   * AUTOINCREMENT, which never reuses a number; PostgreSQL's identity column).
   */
  serialKey(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /** Runs a script of several statements (the baseline migrations' SQL). */
  runScript(trx: Trx, script: string): Promise<void>;
  /** Runs a whole migration pass while no other process migrates (PostgreSQL: an advisory lock on one connection). */
  withMigrationLock<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T>;

  /** Closes the database (the file, or the pool). */
  close(): Promise<void>;
}
