/**
 * The stores the contract suite runs against: each opens a fresh database and can open a
 * second Storage on the same database (what a second web process does).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPostgresStorage, openSqliteStorage, type Storage } from "../../server/content/storage";
import { createTestDatabase } from "../helpers/postgres";

export interface StoreHarness {
  kind: Storage["kind"];
  /** For test names: the kind, and how PostgreSQL answers searches. */
  label: string;
  /** A fresh, empty database; `open` may be called several times on it. */
  fresh(): Promise<{ open(): Promise<Storage>; cleanup(): Promise<void>; url?: string }>;
}

/**
 * SQLite; `listingsIndex` says how its listings store answers searches: "wait" (the embedded
 * store's way) from its in-memory index, "sql" from queries (the path written once for both).
 */
export function sqliteHarnessWith(listingsIndex: "wait" | "sql"): StoreHarness {
  return {
    kind: "sqlite",
    label: listingsIndex === "wait" ? "sqlite" : `sqlite (${listingsIndex})`,
    async fresh() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-contract-"));
      const opened: Storage[] = [];
      return {
        async open() {
          const storage = await openSqliteStorage(dir, { listingsIndex });
          opened.push(storage);
          return storage;
        },
        async cleanup() {
          for (const storage of opened) await storage.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

export const sqliteHarness = sqliteHarnessWith("wait");

/**
 * PostgreSQL; `listingsIndex` says how its listings store answers searches: "wait" (the default
 * here) always from its in-memory index, waiting for a rebuild after a write, so every answer is
 * the index's; "sql" always from queries; "memory" as production (queries while the index builds).
 */
export function postgresHarnessWith(listingsIndex: "memory" | "wait" | "sql"): StoreHarness {
  return {
    kind: "postgres",
    label: listingsIndex === "wait" ? "postgres" : `postgres (${listingsIndex})`,
    async fresh() {
      const url = await createTestDatabase();
      const opened: Storage[] = [];
      return {
        url,
        async open() {
          const storage = await openPostgresStorage({
            url,
            poolMax: 4,
            connectTimeoutMs: 5000,
            statementTimeoutMs: 15000,
            listingsIndex,
          });
          opened.push(storage);
          return storage;
        },
        async cleanup() {
          for (const storage of opened) await storage.close();
        },
      };
    },
  };
}

export const postgresHarness = postgresHarnessWith("wait");
/** The listings store's searches as queries only (what answers while the in-memory index builds). */
export const postgresSqlHarness = postgresHarnessWith("sql");

export const harnesses = [sqliteHarness, postgresHarness];
/** For the listings: both ways each database answers a search (the in-memory index, SQL). */
export const listingHarnesses = [sqliteHarness, sqliteHarnessWith("sql"), postgresHarness, postgresSqlHarness];
