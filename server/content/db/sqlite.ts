/**
 * The embedded database: node:sqlite in WAL mode, one file in DATA_DIR, behind Kysely
 * (node-sqlite-dialect.ts), and SQLite's side of every seam of dialect.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Compilable, Kysely, sql } from "kysely";
import type { Bounds, Db, IndexDefinition, StoreDialect, Trx } from "./dialect";
import { NodeSqliteDialect } from "./node-sqlite-dialect";
import type { Database } from "./schema";

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

/** Kysely on an open node:sqlite database, and SQLite's seams. */
export function sqliteDatabase(file: DatabaseSync): { db: Db; dialect: StoreDialect } {
  const driver = new NodeSqliteDialect(file);
  const connection = driver.connection;
  const db = new Kysely<Database>({ dialect: driver });

  const dialect: StoreDialect = {
    name: "sqlite",
    label: "SQLite",

    greatest: (a, b) => sql<number>`max(${a}, ${b})`,
    least: (a, b) => sql<number>`min(${a}, ${b})`,
    // SQLite compares text byte by byte (BINARY) unless told otherwise.
    bytewise: (column) => sql<string>`${sql.ref(column)}`,
    epochMs: (column) => sql<number>`round(unixepoch(${sql.ref(column)}, 'subsec') * 1000)`,

    readNow: (query) => (file.isTransaction ? undefined : connection.run(query)),

    forUpdate: (query) => query,
    async lockTable() {},

    uniqueViolation(error) {
      // node:sqlite: errcode 2067 is SQLITE_CONSTRAINT_UNIQUE (1555 a primary key), the message
      // names the columns: "UNIQUE constraint failed: pages.site_id, pages.path_fr".
      const code = (error as { errcode?: unknown } | null)?.errcode;
      if (code !== 2067 && code !== 1555) return undefined;
      const message = error instanceof Error ? error.message : "";
      return /constraint failed: (.*)$/.exec(message)?.[1] ?? message;
    },

    // One connection lends itself to one caller at a time: the pragmas and the transaction run
    // together, so no other write slips in at FULL or commits at NORMAL in between.
    durableTransaction: (db, work) =>
      db.connection().execute(async (conn) => {
        await sql`PRAGMA synchronous = FULL`.execute(conn);
        try {
          return await conn.transaction().execute(work);
        } finally {
          await sql`PRAGMA synchronous = NORMAL`.execute(conn);
        }
      }),

    snapshotArrays: (db, work) =>
      db
        .transaction()
        .setAccessMode("read only")
        .execute(() => work(async (query: Compilable<unknown>) => connection.arrays(query.compile()))),

    async serialPlan() {},

    bulk: {
      async indexes(trx, table) {
        const { rows } = await sql<IndexDefinition>`SELECT name, sql FROM sqlite_master
          WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(trx);
        return rows;
      },
      async truncate(trx, tables) {
        for (const table of tables) await trx.deleteFrom(table).execute();
      },
      async insert(trx, table, columns, rows) {
        // One prepared statement run per row: the fastest load SQLite has (no parse per batch).
        const names = Object.keys(columns);
        const statement = sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
          VALUES (${sql.join(names.map(() => sql`?`))})`.compile(trx);
        for (const row of rows) connection.run({ ...statement, parameters: row });
      },
      async buildIndexes(trx, indexes) {
        for (const index of indexes) await sql.raw(index.sql).execute(trx);
      },
      async syncIdentity() {
        // An INTEGER PRIMARY KEY takes the largest id + 1 by itself.
      },
      async analyze() {
        await sql`ANALYZE`.execute(db);
        // The load dropped and made indexes: statements prepared before are prepared again.
        connection.clear();
      },
    },

    spatial: {
      async within() {
        return (b: Bounds) =>
          sql<boolean>`l.id IN (SELECT id FROM listings_rtree
            WHERE max_lat >= ${b.south} AND min_lat <= ${b.north} AND max_lng >= ${b.west} AND min_lng <= ${b.east})`;
      },
      async put(trx, points) {
        const statement = sql`INSERT OR REPLACE INTO listings_rtree(id, min_lat, max_lat, min_lng, max_lng)
          VALUES (?, ?, ?, ?, ?)`.compile(trx);
        for (const p of points) connection.run({ ...statement, parameters: [p.id, p.lat, p.lat, p.lng, p.lng] });
      },
      async remove(trx, ids) {
        if (ids.length) await trx.deleteFrom("listings_rtree").where("id", "in", ids).execute();
      },
      async clear(trx) {
        await trx.deleteFrom("listings_rtree").execute();
      },
    },

    types: { json: "text", instant: "text", flag: "integer", ms: "integer" },
    serialKey: (column) => column.primaryKey().autoIncrement(),
    async runScript(_trx: Trx, script: string) {
      // node:sqlite prepares one statement at a time; exec runs a script. The caller's
      // transaction holds the connection, so nothing else runs in between.
      file.exec(script);
    },
    withMigrationLock: (db, work) => work(db),

    async close() {
      if (file.isOpen) file.close();
    },
  };
  return { db, dialect };
}
