/**
 * Kysely's driver for node:sqlite (server/content/db/node-sqlite-dialect.ts) and SQLite's seams
 * that need more than SQL (server/content/db/sqlite.ts): statements prepared once, booleans
 * bound as 0/1, write transactions that take the write lock first, a wait for another
 * connection's lock that leaves the event loop free (and ends as "database is locked" after the
 * timeout), and the durable transaction of a lead.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Db, Trx } from "../server/content/db/dialect";
import { isStoreUnavailable } from "../server/content/db/errors";
import { NodeSqliteDialect } from "../server/content/db/node-sqlite-dialect";
import { Prepared } from "../server/content/db/queries";
import { openSqliteFile, sqliteDatabase } from "../server/content/db/sqlite";

interface Probe {
  id: number;
  flag: number | boolean;
  label: string;
}

const dirs: string[] = [];
const files: DatabaseSync[] = [];
afterAll(() => {
  for (const file of files) if (file.isOpen) file.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database file with one table, and `n` connections to it (each a Kysely of its own, as separate processes have). */
function connections(n: number, busyTimeoutMs = 5000) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "node-sqlite-dialect-"));
  dirs.push(dir);
  const file = path.join(dir, "test.sqlite");
  return Array.from({ length: n }, (_, i) => {
    const raw = openSqliteFile(file);
    files.push(raw);
    if (i === 0) raw.exec("CREATE TABLE probe (id INTEGER PRIMARY KEY, flag INTEGER NOT NULL, label TEXT NOT NULL)");
    return { raw, db: new Kysely<{ probe: Probe }>({ dialect: new NodeSqliteDialect(raw, { busyTimeoutMs }) }) };
  });
}

describe("the node:sqlite driver", () => {
  it("prepares a statement once per SQL text, whatever the values", async () => {
    const { raw, db } = connections(1)[0]!;
    const prepare = vi.spyOn(raw, "prepare");
    for (let id = 1; id <= 20; id++) {
      await db
        .insertInto("probe")
        .values({ id, flag: 0, label: `n${id}` })
        .execute();
      await db.selectFrom("probe").select("label").where("id", "=", id).executeTakeFirst();
    }
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(await db.selectFrom("probe").select("label").where("id", "=", 7).executeTakeFirst()).toEqual({
      label: "n7",
    });
  });

  it("binds booleans as 1 and 0, and counts the rows a write changed", async () => {
    const { db } = connections(1)[0]!;
    await db
      .insertInto("probe")
      .values([
        { id: 1, flag: true, label: "a" },
        { id: 2, flag: false, label: "b" },
      ])
      .execute();
    expect(await db.selectFrom("probe").select(["id", "flag"]).orderBy("id").execute()).toEqual([
      { id: 1, flag: 1 },
      { id: 2, flag: 0 },
    ]);
    const result = await db.updateTable("probe").set({ label: "c" }).where("flag", "=", true).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });

  it("runs a compiled query again with other values (Prepared), its parameters in the SQL's order", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "node-sqlite-prepared-"));
    dirs.push(dir);
    const raw = openSqliteFile(path.join(dir, "test.sqlite"));
    files.push(raw);
    const { db, dialect } = sqliteDatabase(raw);
    raw.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    await db
      .insertInto("meta")
      .values([
        { key: "un", value: "1" },
        { key: "deux", value: "2" },
      ])
      .execute();
    const query = new Prepared<{ key: string; above: string }, { value: string }>(db, dialect, ["key", "above"], (p) =>
      db
        .selectFrom("meta")
        .select("value")
        .where("value", ">=", p.above)
        .where("key", "=", p.key)
        .where("value", "<", "9"),
    );
    expect(await query.run({ above: "1", key: "deux" })).toEqual([{ value: "2" }]);
    expect(await query.run({ above: "2", key: "un" })).toEqual([]);
    // Inside a transaction it waits its turn: it sees what is committed, not the transaction's writes.
    let seen: unknown;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("meta").set({ value: "3" }).where("key", "=", "deux").execute();
      seen = await Promise.race([
        query.run({ above: "0", key: "deux" }),
        new Promise((r) => setTimeout(() => r("waiting"), 50)),
      ]);
    });
    expect(seen).toBe("waiting");
    expect(await query.run({ above: "0", key: "deux" })).toEqual([{ value: "3" }]);
    expect(
      () =>
        new Prepared<{ key: string }, unknown>(db, dialect, ["key"], () =>
          db.selectFrom("meta").select("value").where("key", "=", "un"),
        ),
    ).toThrow(/lacks parameter key/);
  });

  it("waits for another connection's write lock without blocking the event loop, then writes", async () => {
    const [first, second] = connections(2);
    let release!: () => void;
    const holding = first!.db.transaction().execute(async (trx) => {
      await trx.insertInto("probe").values({ id: 1, flag: 0, label: "first" }).execute();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    // The second connection's write transaction waits for the lock the first holds…
    let written = false;
    const waiting = second!.db
      .transaction()
      .execute((trx) => trx.insertInto("probe").values({ id: 2, flag: 0, label: "second" }).execute())
      .then(() => {
        written = true;
      });
    // …while timers still fire in this process (SQLite's own busy timeout slept in the thread).
    const ticks = await new Promise<number>((resolve) => {
      let n = 0;
      const timer = setInterval(() => {
        if (++n === 5) {
          clearInterval(timer);
          resolve(n);
        }
      }, 10);
    });
    expect(ticks).toBe(5);
    expect(written).toBe(false);
    release();
    await holding;
    await waiting;
    expect(written).toBe(true);
    expect(await first!.db.selectFrom("probe").select("label").orderBy("id").execute()).toEqual([
      { label: "first" },
      { label: "second" },
    ]);
  });

  it("gives up after its busy timeout with an error that means 'try again later'", async () => {
    const [first, second] = connections(2, 200);
    first!.raw.exec("BEGIN IMMEDIATE");
    const started = performance.now();
    const error = await second!.db
      .insertInto("probe")
      .values({ id: 1, flag: 0, label: "late" })
      .execute()
      .catch((e: unknown) => e);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect((error as Error).message).toMatch(/database is locked/);
    expect(isStoreUnavailable(error)).toBe(true);
    first!.raw.exec("ROLLBACK");
  });

  it("reads a snapshot without taking the write lock (read-only transactions stay deferred)", async () => {
    const [first, second] = connections(2, 200);
    await first!.db.insertInto("probe").values({ id: 1, flag: 0, label: "before" }).execute();
    const seen = await first!.db
      .transaction()
      .setAccessMode("read only")
      .execute(async (trx) => {
        const before = await trx.selectFrom("probe").select("label").execute();
        // Another connection writes meanwhile, at once: no lock is held against it.
        await second!.db.updateTable("probe").set({ label: "after" }).execute();
        const again = await trx.selectFrom("probe").select("label").execute();
        return [before, again];
      });
    expect(seen).toEqual([[{ label: "before" }], [{ label: "before" }]]);
    expect(await first!.db.selectFrom("probe").select("label").execute()).toEqual([{ label: "after" }]);
  });
});

describe("SQLite's durable transaction", () => {
  it("commits at synchronous = FULL and leaves the connection at NORMAL", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "node-sqlite-durable-"));
    dirs.push(dir);
    const raw = openSqliteFile(path.join(dir, "test.sqlite"));
    files.push(raw);
    const { db, dialect } = sqliteDatabase(raw);
    const level = async (on: Db | Trx) =>
      (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(on)).rows[0]!.synchronous;
    expect(await level(db)).toBe(1);
    const inside = await dialect.durableTransaction(db, (trx) => level(trx));
    expect(inside).toBe(2);
    expect(await level(db)).toBe(1);
    // A failed one too leaves NORMAL behind.
    await expect(
      dialect.durableTransaction(db, async () => {
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await level(db)).toBe(1);
  });
});
