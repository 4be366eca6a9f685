/** The PostgreSQL database (`pg`): the pool, migrations under an advisory lock, transactions. */
import pg from "pg";
import { log } from "../../ops/log";
import { checkMigrations, latestVersion, type Migration, type MigrationReport } from "./migration";
import { POSTGRES_MIGRATIONS } from "./postgres-migrations";

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

/** Something that runs a query: the pool, or one client inside a transaction. */
export type Queryable = Pick<pg.Pool, "query">;

// bigint columns (counters, revisions, sequences) hold values far below 2^53: numbers, not strings.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
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

/**
 * Applies the migrations this database lacks. One process at a time holds the advisory
 * lock; each migration runs in its own transaction with its schema_migrations row, so a
 * failed migration leaves nothing behind and a second process finds the work done.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
): Promise<MigrationReport> {
  checkMigrations(migrations);
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1, $2)", [...MIGRATION_LOCK]);
    try {
      await client.query(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
      );
      const done = new Set(
        (await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version),
      );
      const applied: number[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(migration.up);
          await client.query("INSERT INTO schema_migrations(version, name) VALUES($1, $2)", [
            migration.version,
            migration.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw new Error(
            `PostgreSQL migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`,
            { cause: error },
          );
        }
        applied.push(migration.version);
      }
      const current = (await client.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations"))
        .rows[0]?.v;
      return { applied, current: current ?? 0, latest: latestVersion(migrations) };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1, $2)", [...MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `work` in a transaction on one client of the pool; rolled back when it throws. `begin`
 * names another kind of transaction (a read-only snapshot: "BEGIN ISOLATION LEVEL …").
 */
export async function pgTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = "BEGIN",
): Promise<T> {
  const client = await pool.connect();
  // A connection that cannot even roll back is broken: the pool drops it instead of lending it again.
  let broken: Error | undefined;
  try {
    await client.query(begin);
    try {
      const result = await work(client);
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
}

export { isStoreUnavailable, sqlState } from "./errors";

export async function bumpRevisions(db: Queryable, ...names: ("content" | "listings")[]): Promise<void> {
  await db.query("UPDATE revisions SET n = n + 1 WHERE name = ANY($1::text[])", [names]);
}

export async function readRevision(db: Queryable, name: "content" | "listings"): Promise<number> {
  const row = (await db.query<{ n: number }>("SELECT n FROM revisions WHERE name = $1", [name])).rows[0];
  return row?.n ?? 0;
}
