/** The embedded database: node:sqlite in WAL mode, one file in DATA_DIR, migrated at open. */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { checkMigrations, latestVersion, type Migration, type MigrationReport } from "./migration";
import { SQLITE_MIGRATIONS } from "./sqlite-migrations";

export const SQLITE_FILE = "content.sqlite";

/** Opens (creating when missing) the database file with the connection settings every process uses. */
export function openSqliteFile(file: string): DatabaseSync {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // busy_timeout first: another process (a second worker, a script) may hold the lock for a
  // moment, and switching a new file to WAL needs it exclusively (set after, the switch failed
  // at once with "database is locked" when two processes opened a new file together).
  db.exec(
    "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
  );
  return db;
}

/**
 * Applies the migrations this database lacks, each in its own write transaction. The
 * check runs inside the transaction (BEGIN IMMEDIATE takes the write lock), so two
 * processes starting together apply each migration once.
 */
export function migrateSqlite(db: DatabaseSync, migrations: readonly Migration[] = SQLITE_MIGRATIONS): MigrationReport {
  checkMigrations(migrations);
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    try {
      const ran = sqliteTransaction(db, () => {
        if (db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(migration.version)) return false;
        db.exec(migration.up);
        db.prepare("INSERT INTO schema_migrations(version, name, applied_at) VALUES(?, ?, ?)").run(
          migration.version,
          migration.name,
          new Date().toISOString(),
        );
        return true;
      });
      if (ran) applied.push(migration.version);
    } catch (error) {
      throw new Error(`SQLite migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  const row = db.prepare("SELECT max(version) AS v FROM schema_migrations").get() as { v: number | null };
  return { applied, current: row.v ?? 0, latest: latestVersion(migrations) };
}

/** Prepared statements kept per SQL text: compiling again on every call cost more than running it. */
export class StatementCache {
  private readonly statements = new Map<string, StatementSync>();
  constructor(
    private readonly db: DatabaseSync,
    private readonly max = 500,
  ) {}
  get(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= this.max) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }
  /** A statement whose rows come back as arrays: about a third of the cost of row objects for hot one-value reads. */
  arrays(sql: string): StatementSync {
    const key = `arrays\u0000${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql);
      statement.setReturnArrays(true);
      if (this.statements.size >= this.max) this.statements.clear();
      this.statements.set(key, statement);
    }
    return statement;
  }
  clear(): void {
    this.statements.clear();
  }
}

/** Runs `work` in a write transaction (BEGIN IMMEDIATE: the write lock is taken first, so no upgrade deadlock). */
export function sqliteTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** Bumps named revision counters inside the caller's transaction. */
export function bumpRevisions(statements: StatementCache, ...names: ("content" | "listings")[]): void {
  for (const name of names) statements.get("UPDATE revisions SET n = n + 1 WHERE name = ?").run(name);
}

/** One indexed read, run per request (see ContentRepository.revision). */
export function readRevision(statements: StatementCache, name: "content" | "listings"): number {
  return (statements.arrays("SELECT n FROM revisions WHERE name = ?").get(name) as unknown as [number])[0];
}
