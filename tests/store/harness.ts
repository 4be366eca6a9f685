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
  /** A fresh, empty database; `open` may be called several times on it. */
  fresh(): Promise<{ open(): Promise<Storage>; cleanup(): Promise<void>; url?: string }>;
}

export const sqliteHarness: StoreHarness = {
  kind: "sqlite",
  async fresh() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-contract-"));
    const opened: Storage[] = [];
    return {
      async open() {
        const storage = openSqliteStorage(dir);
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

export const postgresHarness: StoreHarness = {
  kind: "postgres",
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

export const harnesses = [sqliteHarness, postgresHarness];
