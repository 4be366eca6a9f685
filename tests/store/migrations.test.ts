/**
 * Schema migrations of both stores: every migration applied on an empty database, applied
 * twice, applied over the previous version holding data, applied by two processes at
 * once, and rolled back whole when it fails.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Migration } from "../../server/content/db/migration";
import { createPool, migratePostgres } from "../../server/content/db/postgres";
import { POSTGRES_MIGRATIONS } from "../../server/content/db/postgres-migrations";
import { migrateSqlite, openSqliteFile } from "../../server/content/db/sqlite";
import { SQLITE_MIGRATIONS } from "../../server/content/db/sqlite-migrations";
import { openPostgresStorage, openSqliteStorage } from "../../server/content/storage";
import { createTestDatabase } from "../helpers/postgres";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const versions = (migrations: readonly Migration[]) => migrations.map((m) => m.version);

const temp: string[] = [];
function sqliteFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-migrate-"));
  temp.push(dir);
  return path.join(dir, "content.sqlite");
}
const pools: pg.Pool[] = [];
async function postgresPool(): Promise<{ url: string; pool: pg.Pool }> {
  const url = await createTestDatabase();
  const pool = createPool({ url, poolMax: 3, connectTimeoutMs: 5000, statementTimeoutMs: 15000 });
  pools.push(pool);
  return { url, pool };
}
afterAll(async () => {
  for (const pool of pools) await pool.end();
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

const sqliteTables = (db: DatabaseSync) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
    (r) => r.name,
  );
const postgresTables = async (pool: pg.Pool) =>
  (
    await pool.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'spatial_ref_sys' ORDER BY tablename",
    )
  ).rows.map((r) => r.tablename);

describe("migration lists", () => {
  it("have the same versions and names in both dialects, in order", () => {
    expect(SQLITE_MIGRATIONS.map((m) => [m.version, m.name])).toEqual(
      POSTGRES_MIGRATIONS.map((m) => [m.version, m.name]),
    );
    // Strictly increasing; branches take ranges of versions (gaps allowed) so that parallel work never collides.
    const list = versions(SQLITE_MIGRATIONS);
    expect(list[0]).toBe(1);
    expect(list.every((v, i) => i === 0 || v > list[i - 1]!)).toBe(true);
  });
});

describe("SQLite migrations", () => {
  it.each(SQLITE_MIGRATIONS.map((m) => [m.version, m.name] as const))(
    "apply up to %i (%s) on an empty database, then again with nothing to do",
    (version) => {
      const db = openSqliteFile(sqliteFile());
      const upTo = SQLITE_MIGRATIONS.filter((m) => m.version <= version);
      expect(migrateSqlite(db, upTo)).toEqual({ applied: versions(upTo), current: version, latest: version });
      const tables = sqliteTables(db);
      expect(migrateSqlite(db, upTo)).toEqual({ applied: [], current: version, latest: version });
      expect(sqliteTables(db)).toEqual(tables);
      const rows = db.prepare("SELECT version, name FROM schema_migrations ORDER BY version").all();
      expect(rows.map((r) => ({ ...r }))).toEqual(upTo.map((m) => ({ version: m.version, name: m.name })));
      db.close();
    },
  );

  it("applies a version below the current one that a later merge brought (branches take ranges)", () => {
    // A database migrated before the middle version existed (e.g. leads' 10 before editors' 3).
    const middle = SQLITE_MIGRATIONS.at(-2)!;
    const db = openSqliteFile(sqliteFile());
    const without = SQLITE_MIGRATIONS.filter((m) => m !== middle);
    migrateSqlite(db, without);
    const latest = SQLITE_MIGRATIONS.at(-1)!.version;
    expect(migrateSqlite(db, SQLITE_MIGRATIONS)).toEqual({ applied: [middle.version], current: latest, latest });
    const fresh = openSqliteFile(sqliteFile());
    migrateSqlite(fresh, SQLITE_MIGRATIONS);
    expect(sqliteTables(db)).toEqual(sqliteTables(fresh));
    db.close();
    fresh.close();
  });

  it("applies version 2 over version 1 holding data", async () => {
    const file = sqliteFile();
    const db = openSqliteFile(file);
    migrateSqlite(db, SQLITE_MIGRATIONS.slice(0, 1));
    // Version 1 kept a page's version and date inside its document.
    db.prepare("INSERT INTO sites(site_id, microsite_id, doc) VALUES('old', 'ms-old', ?)").run(
      JSON.stringify({ site_id: "old", microsite_id: "ms-old", site_key: "sk_old_0123456789", name: "Old" }),
    );
    db.prepare(
      "INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc) VALUES('old', 'home', '/fr', '/en', 4, ?)",
    ).run(
      JSON.stringify({
        page_id: "home",
        paths: { fr: "/fr", en: "/en" },
        title: { fr: "Accueil", en: "Home" },
        content: [],
        version: 4,
        updated_at: "2026-01-02T03:04:05.678Z",
      }),
    );
    db.close();
    const storage = openSqliteStorage(path.dirname(file));
    try {
      expect(storage.migrations).toMatchObject({
        applied: versions(SQLITE_MIGRATIONS).filter((v) => v > 1),
        current: SQLITE_MIGRATIONS.at(-1)!.version,
      });
      const home = await storage.content.findPageByPath("old", "/en");
      expect(home).toMatchObject({ page_id: "home", version: 4, updated_at: "2026-01-02T03:04:05.678Z" });
      expect((await storage.content.getSite("old"))?.name).toBe("Old");
      const before = await storage.content.revision();
      expect(await storage.content.savePage("old", { ...home!, title: { fr: "Neuf", en: "New" } }, 4)).toEqual({
        ok: true,
        version: 5,
      });
      expect(await storage.content.revision()).not.toBe(before);
      // Migration 60 starts the page's history with the version it had; the save adds the next one.
      const history = await storage.pageVersions.list("old", "home");
      expect(history.versions.map((v) => [v.version, v.summary.origin, v.editor])).toEqual([
        [5, "published", null],
        [4, "imported", null],
      ]);
      expect(history.versions[1]!.created_at).toBe("2026-01-02T03:04:05.678Z");
      expect((await storage.pageVersions.get("old", "home", 4))?.page.title).toEqual({ fr: "Accueil", en: "Home" });
      expect((await storage.rateLimits.take("x", 1, 1000, 0)).allowed).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it("adopts a database made before migrations existed, with its data", async () => {
    const file = sqliteFile();
    const db = openSqliteFile(file);
    // What the previous release created at start: the tables, no schema_migrations.
    db.exec(SQLITE_MIGRATIONS[0]!.up);
    db.prepare(
      "INSERT INTO submissions(id, site_id, type, locale, payload, created_at) VALUES('s1', 'demo', 'contact_form', 'fr', '{}', '2026-01-01T00:00:00.000Z')",
    ).run();
    expect(sqliteTables(db)).not.toContain("schema_migrations");
    db.close();
    const storage = openSqliteStorage(path.dirname(file));
    try {
      expect(storage.migrations).toMatchObject({
        applied: versions(SQLITE_MIGRATIONS),
        current: SQLITE_MIGRATIONS.at(-1)!.version,
      });
      expect(await storage.submissions.count("demo")).toBe(1);
    } finally {
      await storage.close();
    }
  });

  it("applies each migration once when two processes start together", async () => {
    const file = sqliteFile();
    const script = path.join(ROOT, "tests/store/helpers/migrate-sqlite.ts");
    const tsx = path.join(ROOT, "node_modules/.bin/tsx");
    const env = { ...process.env, PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH}` };
    const reports = await Promise.all([run(tsx, [script, file], { env }), run(tsx, [script, file], { env })]);
    const applied = reports
      .flatMap((r) => (JSON.parse(r.stdout) as { applied: number[] }).applied)
      .sort((a, b) => a - b);
    expect(applied).toEqual(versions(SQLITE_MIGRATIONS));
    const db = openSqliteFile(file);
    expect((db.prepare("SELECT count(*) AS n FROM schema_migrations").get() as { n: number }).n).toBe(
      SQLITE_MIGRATIONS.length,
    );
    db.close();
  });

  it("rolls a failing migration back whole", () => {
    const db = openSqliteFile(sqliteFile());
    const broken: Migration = {
      version: 99,
      name: "broken",
      up: "CREATE TABLE half_done (a INTEGER); SELECT * FROM missing_table;",
    };
    expect(() => migrateSqlite(db, [...SQLITE_MIGRATIONS, broken])).toThrow(/migration 99 \(broken\) failed/);
    expect(sqliteTables(db)).not.toContain("half_done");
    expect(migrateSqlite(db)).toMatchObject({ applied: [], current: SQLITE_MIGRATIONS.at(-1)!.version });
    db.close();
  });
});

describe("PostgreSQL migrations", () => {
  it.each(POSTGRES_MIGRATIONS.map((m) => [m.version, m.name] as const))(
    "apply up to %i (%s) on an empty database, then again with nothing to do",
    async (version) => {
      const { pool } = await postgresPool();
      const upTo = POSTGRES_MIGRATIONS.filter((m) => m.version <= version);
      expect(await migratePostgres(pool, upTo)).toEqual({ applied: versions(upTo), current: version, latest: version });
      const tables = await postgresTables(pool);
      expect(await migratePostgres(pool, upTo)).toEqual({ applied: [], current: version, latest: version });
      expect(await postgresTables(pool)).toEqual(tables);
      const { rows } = await pool.query("SELECT version, name FROM schema_migrations ORDER BY version");
      expect(rows).toEqual(upTo.map((m) => ({ version: m.version, name: m.name })));
    },
  );

  it("makes the spatial index of listings with PostGIS when the server has it", async () => {
    const { pool } = await postgresPool();
    await migratePostgres(pool);
    const available = (await pool.query("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'")).rowCount;
    const mode = (await pool.query("SELECT value FROM meta WHERE key = 'listings_spatial'")).rows[0]?.value;
    expect(mode).toBe(available ? "postgis" : "point");
    const index = (await pool.query("SELECT indexdef FROM pg_indexes WHERE indexname = 'listings_geo'")).rows[0]
      ?.indexdef;
    expect(index).toContain("USING gist");
    expect(index).toContain(available ? "st_makepoint" : "point(lng, lat)");
  });

  it("applies version 2 over version 1 holding data", async () => {
    const { url, pool } = await postgresPool();
    await migratePostgres(pool, POSTGRES_MIGRATIONS.slice(0, 1));
    await pool.query("INSERT INTO sites(site_id, microsite_id, doc) VALUES('old', 'ms-old', $1)", [
      JSON.stringify({ site_id: "old", microsite_id: "ms-old", site_key: "sk_old_0123456789", name: "Old" }),
    ]);
    await pool.query(
      "INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc) VALUES('old', 'home', '/fr', '/en', 4, $1)",
      [
        JSON.stringify({
          page_id: "home",
          paths: { fr: "/fr", en: "/en" },
          title: { fr: "Accueil", en: "Home" },
          content: [],
          version: 4,
          updated_at: "2026-01-02T03:04:05.678Z",
        }),
      ],
    );
    const storage = await openPostgresStorage({ url, poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 15000 });
    try {
      expect(storage.migrations).toMatchObject({
        applied: versions(POSTGRES_MIGRATIONS).filter((v) => v > 1),
        current: POSTGRES_MIGRATIONS.at(-1)!.version,
      });
      const home = await storage.content.findPageByPath("old", "/en");
      expect(home).toMatchObject({ page_id: "home", version: 4, updated_at: "2026-01-02T03:04:05.678Z" });
      expect(await storage.content.savePage("old", { ...home!, title: { fr: "Neuf", en: "New" } }, 4)).toEqual({
        ok: true,
        version: 5,
      });
      // Migration 60 starts the page's history with the version it had; the save adds the next one.
      const history = await storage.pageVersions.list("old", "home");
      expect(history.versions.map((v) => [v.version, v.summary.origin, v.editor])).toEqual([
        [5, "published", null],
        [4, "imported", null],
      ]);
      expect(history.versions[1]!.created_at).toBe("2026-01-02T03:04:05.678Z");
      expect((await storage.pageVersions.get("old", "home", 4))?.page.title).toEqual({ fr: "Accueil", en: "Home" });
      expect((await storage.rateLimits.take("x", 1, 1000, 0)).allowed).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it("applies each migration once when two processes start together (advisory lock)", async () => {
    const { url, pool } = await postgresPool();
    const second = createPool({ url, poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 15000 });
    pools.push(second);
    const reports = await Promise.all([migratePostgres(pool), migratePostgres(second)]);
    expect(reports.flatMap((r) => r.applied).sort((a, b) => a - b)).toEqual(versions(POSTGRES_MIGRATIONS));
    expect((await pool.query("SELECT count(*)::int AS n FROM schema_migrations")).rows[0].n).toBe(
      POSTGRES_MIGRATIONS.length,
    );
  });

  it("rolls a failing migration back whole", async () => {
    const { pool } = await postgresPool();
    const broken: Migration = {
      version: 99,
      name: "broken",
      up: "CREATE TABLE half_done (a integer); SELECT * FROM missing_table;",
    };
    await expect(migratePostgres(pool, [...POSTGRES_MIGRATIONS, broken])).rejects.toThrow(
      /migration 99 \(broken\) failed/,
    );
    expect(await postgresTables(pool)).not.toContain("half_done");
    expect(await migratePostgres(pool)).toMatchObject({ applied: [], current: POSTGRES_MIGRATIONS.at(-1)!.version });
    // The advisory lock was released: another migration run does not wait.
    expect((await pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'")).rows[0].n).toBe(0);
  });
});
