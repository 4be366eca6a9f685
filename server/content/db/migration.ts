/**
 * Schema migrations: applied once, in order of `version`, each inside a transaction with its
 * row in `schema_migrations`, by one runner for both databases (`migrate`). The list is
 * migrations.ts.
 */
import { sql } from "kysely";
import type { Db, StoreDialect, Trx } from "./dialect";

export type Migration = {
  version: number;
  /** Short snake_case name. */
  name: string;
} & (
  | {
      /** A baseline migration: the script each database ran (sqlite-migrations.ts, postgres-migrations.ts). */
      sql: { sqlite: string; postgres: string };
    }
  | {
      /** A migration written once: Kysely's schema builder with `dialect.types`, or a seam where SQL differs. */
      up(trx: Trx, dialect: StoreDialect): Promise<void>;
    }
);

/** A migration of the frozen per-database lists. */
export interface BaselineMigration {
  version: number;
  name: string;
  /** SQL run as one script in the migration's transaction. */
  up: string;
}

export interface MigrationReport {
  /** Versions applied by this call (empty when the schema was already current). */
  applied: number[];
  /** Highest version recorded in the database after the call. */
  current: number;
  /** Highest version this code knows. */
  latest: number;
}

/** Throws when a list is out of order or has a duplicate version: a mistake caught at start, not in production data. */
export function checkMigrations(migrations: readonly Pick<Migration, "version" | "name">[]): void {
  let previous = 0;
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version <= previous) {
      throw new Error(`Migration ${m.version} (${m.name}) is out of order after ${previous}`);
    }
    previous = m.version;
  }
}

export const latestVersion = (migrations: readonly Pick<Migration, "version">[]) => migrations.at(-1)?.version ?? 0;

/**
 * Applies the migrations this database lacks, each in its own write transaction that first
 * checks it was not applied meanwhile: SQLite's write transaction takes the write lock at its
 * start, PostgreSQL's whole pass holds an advisory lock, so two processes starting together
 * apply each migration once. A failing migration leaves nothing behind.
 */
export async function migrate(
  db: Db,
  dialect: StoreDialect,
  migrations: readonly Migration[],
): Promise<MigrationReport> {
  checkMigrations(migrations);
  return dialect.withMigrationLock(db, async (conn) => {
    await conn.schema
      .createTable("schema_migrations")
      .ifNotExists()
      .addColumn("version", "integer", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("applied_at", dialect.types.instant, (c) => c.notNull())
      .execute();
    const applied: number[] = [];
    for (const migration of migrations) {
      try {
        const ran = await conn.transaction().execute(async (trx) => {
          const done = await trx
            .selectFrom("schema_migrations")
            .select("version")
            .where("version", "=", migration.version)
            .executeTakeFirst();
          if (done) return false;
          if ("sql" in migration) await dialect.runScript(trx, migration.sql[dialect.name]);
          else await migration.up(trx, dialect);
          await trx
            .insertInto("schema_migrations")
            .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
            .execute();
          return true;
        });
        if (ran) applied.push(migration.version);
      } catch (error) {
        throw new Error(
          `${dialect.label} migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
    const { rows } = await sql<{ v: number | null }>`SELECT max(version) AS v FROM schema_migrations`.execute(conn);
    return { applied, current: rows[0]?.v ?? 0, latest: latestVersion(migrations) };
  });
}
