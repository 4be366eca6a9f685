/**
 * A schema migration: applied once, in order of `version`, inside a transaction, and
 * recorded in `schema_migrations`. Each dialect has its own list
 * (sqlite-migrations.ts, postgres-migrations.ts) with the same versions and names, so
 * both stores always have the same shape; a test checks that the lists agree.
 */
export interface Migration {
  version: number;
  /** Short snake_case name, the same in both dialects. */
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
export function checkMigrations(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version <= previous) {
      throw new Error(`Migration ${m.version} (${m.name}) is out of order after ${previous}`);
    }
    previous = m.version;
  }
}

export const latestVersion = (migrations: readonly Migration[]) => migrations.at(-1)?.version ?? 0;
