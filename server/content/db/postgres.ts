/**
 * The PostgreSQL database (`pg`): the pool, Kysely on it, and PostgreSQL's side of every seam of
 * dialect.ts.
 */
import { type Compilable, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { log } from "../../ops/log";
import type { Bounds, BulkType, Db, IndexDefinition, StoreDialect } from "./dialect";
import type { Database } from "./schema";

export interface PostgresOptions {
  url: string;
  /** Connections per process; several web processes each have their own pool. */
  poolMax: number;
  connectTimeoutMs: number;
  /** Longest a statement may run before the server cancels it. */
  statementTimeoutMs: number;
  /**
   * How the listings store answers searches (LISTINGS_INDEX): "memory" from a columnar index per
   * process, from SQL while it is (re)built; "wait" the same but waiting for the index instead
   * (tests: every answer from the index); "sql" every search is a query. Default "memory".
   */
  listingsIndex?: "memory" | "wait" | "sql";
}

const OID = { bool: 16, int8: 20, json: 114, timestamptz: 1184, jsonb: 3802 } as const;
const parseTimestamptz = pg.types.getTypeParser(OID.timestamptz);

/**
 * Rows come back as SQLite's do (db/schema.ts), so one store reads both: bigint counters and
 * milliseconds (far below 2^53) as numbers, documents as their JSON text (parsed by the store,
 * as in SQLite), instants as ISO 8601 text, booleans as 0 or 1.
 */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    switch (oid) {
      case OID.int8:
        return (value: string) => Number(value);
      case OID.json:
      case OID.jsonb:
        return (value: string) => value;
      case OID.timestamptz:
        return (value: string) => {
          const date = parseTimestamptz(value) as Date;
          return Number.isNaN(date.getTime()) ? value : date.toISOString();
        };
      case OID.bool:
        return (value: string) => (value === "t" ? 1 : 0);
      default:
        return pg.types.getTypeParser(oid, format);
    }
  }) as typeof pg.types.getTypeParser,
};

export function createPool(options: PostgresOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs,
    application_name: "courtier-blocks",
    // A write is acknowledged once its commit is flushed, even where the server's default was lowered.
    options: "-c synchronous_commit=on",
    types,
  });
  // An idle connection the server closes (restart, failover) must not crash the process:
  // the pool drops it and the next query opens another.
  pool.on("error", (error) => log.warn("[postgres] idle connection lost", { reason: error.message }));
  return pool;
}

/** Key of the advisory lock that serialises migrations across processes ("cour", 1). */
const MIGRATION_LOCK = [0x636f7572, 1] as const;

const ARRAY_TYPES: Record<BulkType, string> = {
  integer: "int[]",
  text: "text[]",
  float8: "float8[]",
  boolean: "bool[]",
  timestamptz: "timestamptz[]",
  json: "json[]",
};

/** Kysely on a pool, and PostgreSQL's seams. */
export function postgresDatabase(pool: pg.Pool): { db: Db; dialect: StoreDialect } {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let spatial: Promise<"postgis" | "point"> | undefined;
  let closed = false;

  const dialect: StoreDialect = {
    name: "postgres",
    label: "PostgreSQL",

    greatest: (a, b) => sql<number>`GREATEST(${a}, ${b})`,
    least: (a, b) => sql<number>`LEAST(${a}, ${b})`,
    bytewise: (column) => sql<string>`${sql.ref(column)} COLLATE "C"`,
    epochMs: (column) => sql<number>`(extract(epoch FROM ${sql.ref(column)}) * 1000)::float8`,

    readNow: () => undefined,

    forUpdate: (query, skipLocked = false) => (skipLocked ? query.forUpdate().skipLocked() : query.forUpdate()),
    async lockTable(trx, table) {
      await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    },

    uniqueViolation(error) {
      const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
      return code === "23505" ? String(constraint ?? "") : undefined;
    },

    durableTransaction: (db, work) => db.transaction().execute(work),

    async snapshotArrays(_db, work) {
      const client = await pool.connect();
      // A connection that cannot even roll back is broken: the pool drops it instead of lending it again.
      let broken: Error | undefined;
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        try {
          const result = await work(async (query: Compilable<unknown>) => {
            const compiled = query.compile();
            const { rows } = await client.query<unknown[]>({
              text: compiled.sql,
              values: [...compiled.parameters],
              rowMode: "array",
            });
            return rows;
          });
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },

    async serialPlan(trx) {
      await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
    },

    bulk: {
      async indexes(trx, table) {
        const { rows } = await sql<IndexDefinition>`SELECT indexname AS name, indexdef AS sql FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = ${table}
            AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = ${table}::regclass)`.execute(trx);
        return rows;
      },
      async truncate(trx, tables) {
        await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
      },
      async insert(trx, table, columns, rows) {
        if (rows.length === 0) return;
        // One array parameter per column: one statement, whatever the number of rows.
        const names = Object.keys(columns);
        const arrays = names.map((_, i) => rows.map((row) => row[i]));
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
          SELECT * FROM unnest(${sql.join(
            names.map((name, i) => sql`${arrays[i]}::${sql.raw(ARRAY_TYPES[columns[name]!])}`),
          )})`.execute(trx);
      },
      async buildIndexes(trx, indexes) {
        // For this transaction only: more memory for the index builds, and no statement timeout
        // (building the map's index over a million rows may take longer than a request may).
        await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
        await sql`SET LOCAL statement_timeout = 0`.execute(trx);
        for (const index of indexes) await sql.raw(index.sql).execute(trx);
      },
      async syncIdentity(trx, table, column) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}),
          GREATEST((SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}), 1))`.execute(trx);
      },
      async analyze(tables) {
        // VACUUM too: it marks the pages all-visible, so counts read the indexes alone (index-only
        // scans). Outside any transaction (VACUUM cannot run in one), without the statement timeout.
        const client = await pool.connect();
        try {
          await client.query("SET statement_timeout = 0");
          await client.query(`VACUUM ANALYZE ${tables.map((t) => `"${t}"`).join(", ")}`);
        } finally {
          await client.query("RESET statement_timeout").catch(() => {});
          client.release();
        }
      },
    },

    spatial: {
      within(db) {
        // Migration 1 made a PostGIS index when the server had PostGIS, else one on `point`.
        spatial ??= db
          .selectFrom("meta")
          .select("value")
          .where("key", "=", "listings_spatial")
          .executeTakeFirst()
          .then((row) => (row?.value === "postgis" ? "postgis" : "point"));
        return spatial.then((mode) => (b: Bounds) => {
          const [s, w, n, e] = [b.south, b.west, b.north, b.east].map((v) => sql`${v}::float8`);
          return mode === "postgis"
            ? sql<boolean>`ST_SetSRID(ST_MakePoint(l.lng, l.lat), 4326) && ST_MakeEnvelope(${w}, ${s}, ${e}, ${n}, 4326)`
            : sql<boolean>`point(l.lng, l.lat) <@ box(point(${w}, ${s}), point(${e}, ${n}))`;
        });
      },
      async put() {},
      async remove() {},
      async clear() {},
    },

    types: { json: "json", instant: "timestamptz", flag: "boolean", ms: "bigint" },
    serialKey: (column) => column.primaryKey().generatedByDefaultAsIdentity(),
    async runScript(trx, script) {
      // Without parameters `pg` sends the simple protocol, which runs several statements.
      await sql.raw(script).execute(trx);
    },
    withMigrationLock: (db, work) =>
      db.connection().execute(async (conn) => {
        await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK[0]}, ${MIGRATION_LOCK[1]})`.execute(conn);
        try {
          return await work(conn);
        } finally {
          await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK[0]}, ${MIGRATION_LOCK[1]})`.execute(conn);
        }
      }),

    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
  return { db, dialect };
}
