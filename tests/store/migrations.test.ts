/**
 * Schema migrations of both databases, one list (server/content/db/migrations.ts) and one
 * runner: every migration applied on an empty database, applied twice, applied over the
 * previous version holding data, applied by two processes at once, rolled back whole when it
 * fails; a migration written once (Kysely's schema builder) gets each database's column types;
 * and a database made by the previous release (a runner and stores per database) opens with
 * its data.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Db, StoreDialect } from "../../server/content/db/dialect";
import { type Migration, migrate } from "../../server/content/db/migration";
import { MIGRATIONS } from "../../server/content/db/migrations";
import { createPool, postgresDatabase } from "../../server/content/db/postgres";
import { POSTGRES_MIGRATIONS } from "../../server/content/db/postgres-migrations";
import { openSqliteFile, sqliteDatabase } from "../../server/content/db/sqlite";
import { SQLITE_MIGRATIONS } from "../../server/content/db/sqlite-migrations";
import { openPostgresStorage, openSqliteStorage, type Storage } from "../../server/content/storage";
import { createTestDatabase } from "../helpers/postgres";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const versions = (migrations: readonly Pick<Migration, "version">[]) => migrations.map((m) => m.version);
const LATEST = MIGRATIONS.at(-1)!.version;

/** A fresh database of one kind: Kysely and the seams on it, a raw script runner, and the storage a process opens on it. */
interface Fresh {
  db: Db;
  dialect: StoreDialect;
  /** Runs a script outside Kysely (what an earlier release's code did). */
  exec(script: string): Promise<void>;
  open(): Promise<Storage>;
}

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

const targets: { kind: StoreDialect["name"]; fresh(): Promise<Fresh> }[] = [
  {
    kind: "sqlite",
    async fresh() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-migrate-"));
      const file = openSqliteFile(path.join(dir, "content.sqlite"));
      const { db, dialect } = sqliteDatabase(file);
      closing.push(async () => {
        await dialect.close();
        fs.rmSync(dir, { recursive: true, force: true });
      });
      return {
        db,
        dialect,
        async exec(script) {
          file.exec(script);
        },
        async open() {
          const storage = await openSqliteStorage(dir);
          closing.push(() => storage.close());
          return storage;
        },
      };
    },
  },
  {
    kind: "postgres",
    async fresh() {
      const url = await createTestDatabase();
      const pool = createPool({ url, poolMax: 3, connectTimeoutMs: 5000, statementTimeoutMs: 15000 });
      const { db, dialect } = postgresDatabase(pool);
      closing.push(() => dialect.close());
      return {
        db,
        dialect,
        async exec(script) {
          await pool.query(script);
        },
        async open() {
          const storage = await openPostgresStorage({
            url,
            poolMax: 2,
            connectTimeoutMs: 5000,
            statementTimeoutMs: 15000,
          });
          closing.push(() => storage.close());
          return storage;
        },
      };
    },
  },
];

async function tables({ db, dialect }: Pick<Fresh, "db" | "dialect">): Promise<string[]> {
  const { rows } =
    dialect.name === "sqlite"
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(db)
      : await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
          WHERE schemaname = 'public' AND tablename <> 'spatial_ref_sys' ORDER BY tablename`.execute(db);
  return rows.map((r) => r.name);
}

describe("the migration list", () => {
  it("is the baseline of both databases (same versions and names), then entries written once, in order", () => {
    expect(SQLITE_MIGRATIONS.map((m) => [m.version, m.name])).toEqual(
      POSTGRES_MIGRATIONS.map((m) => [m.version, m.name]),
    );
    const baseline = MIGRATIONS.slice(0, SQLITE_MIGRATIONS.length);
    expect(baseline.map((m) => ("sql" in m ? [m.version, m.name, m.sql.sqlite, m.sql.postgres] : m))).toEqual(
      SQLITE_MIGRATIONS.map((m, i) => [m.version, m.name, m.up, POSTGRES_MIGRATIONS[i]!.up]),
    );
    // Every later entry is one migration for both databases, never a script per database.
    expect(MIGRATIONS.slice(SQLITE_MIGRATIONS.length).every((m) => "up" in m && !("sql" in m))).toBe(true);
    // Strictly increasing; branches take ranges of versions (gaps allowed) so that parallel work never collides.
    const list = versions(MIGRATIONS);
    expect(list[0]).toBe(1);
    expect(list.every((v, i) => i === 0 || v > list[i - 1]!)).toBe(true);
  });
});

describe.each(targets)("$kind migrations", (target) => {
  it.each(MIGRATIONS.map((m) => [m.version, m.name] as const))(
    "apply up to %i (%s) on an empty database, then again with nothing to do",
    async (version) => {
      const fresh = await target.fresh();
      const upTo = MIGRATIONS.filter((m) => m.version <= version);
      expect(await migrate(fresh.db, fresh.dialect, upTo)).toEqual({
        applied: versions(upTo),
        current: version,
        latest: version,
      });
      const before = await tables(fresh);
      expect(await migrate(fresh.db, fresh.dialect, upTo)).toEqual({ applied: [], current: version, latest: version });
      expect(await tables(fresh)).toEqual(before);
      const rows = await fresh.db
        .selectFrom("schema_migrations")
        .select(["version", "name"])
        .orderBy("version")
        .execute();
      expect(rows.map((r) => ({ ...r }))).toEqual(upTo.map((m) => ({ version: m.version, name: m.name })));
    },
  );

  it("applies a version below the current one that a later merge brought (branches take ranges)", async () => {
    // A database migrated before the middle version existed (e.g. leads' 10 before editors' 3).
    const middle = MIGRATIONS.at(-2)!;
    const fresh = await target.fresh();
    await migrate(
      fresh.db,
      fresh.dialect,
      MIGRATIONS.filter((m) => m !== middle),
    );
    expect(await migrate(fresh.db, fresh.dialect, MIGRATIONS)).toEqual({
      applied: [middle.version],
      current: LATEST,
      latest: LATEST,
    });
    const other = await target.fresh();
    await migrate(other.db, other.dialect, MIGRATIONS);
    expect(await tables(fresh)).toEqual(await tables(other));
  });

  it("applies version 2 over version 1 holding data", async () => {
    const fresh = await target.fresh();
    await migrate(fresh.db, fresh.dialect, MIGRATIONS.slice(0, 1));
    // Version 1 kept a page's version and date inside its document.
    const site = JSON.stringify({ site_id: "old", microsite_id: "ms-old", site_key: "sk_old_0123456789", name: "Old" });
    await sql`INSERT INTO sites(site_id, microsite_id, doc) VALUES('old', 'ms-old', ${site})`.execute(fresh.db);
    const page = JSON.stringify({
      page_id: "home",
      paths: { fr: "/fr", en: "/en" },
      title: { fr: "Accueil", en: "Home" },
      content: [],
      version: 4,
      updated_at: "2026-01-02T03:04:05.678Z",
    });
    await sql`INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc)
      VALUES('old', 'home', '/fr', '/en', 4, ${page})`.execute(fresh.db);
    const storage = await fresh.open();
    expect(storage.migrations).toMatchObject({ applied: versions(MIGRATIONS).filter((v) => v > 1), current: LATEST });
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
  });

  it("rolls a failing migration back whole, written once or as a script", async () => {
    const fresh = await target.fresh();
    const once: Migration = {
      version: LATEST + 1,
      name: "broken",
      async up(trx, dialect) {
        await trx.schema.createTable("half_done").addColumn("a", dialect.types.ms).execute();
        await sql`SELECT * FROM missing_table`.execute(trx);
      },
    };
    await expect(migrate(fresh.db, fresh.dialect, [...MIGRATIONS, once])).rejects.toThrow(
      new RegExp(`migration ${LATEST + 1} \\(broken\\) failed`),
    );
    expect(await tables(fresh)).not.toContain("half_done");
    const script: Migration = {
      version: LATEST + 2,
      name: "broken_script",
      sql: {
        sqlite: "CREATE TABLE half_done (a INTEGER); SELECT * FROM missing_table;",
        postgres: "CREATE TABLE half_done (a integer); SELECT * FROM missing_table;",
      },
    };
    await expect(migrate(fresh.db, fresh.dialect, [...MIGRATIONS, script])).rejects.toThrow(/\(broken_script\) failed/);
    expect(await tables(fresh)).not.toContain("half_done");
    expect(await migrate(fresh.db, fresh.dialect, MIGRATIONS)).toMatchObject({ applied: [], current: LATEST });
    if (target.kind === "postgres") {
      // The advisory lock was released: another migration run does not wait.
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'`.execute(
        fresh.db,
      );
      expect(rows[0]!.n).toBe(0);
    }
  });

  it("applies a migration written once with each database's column types", async () => {
    const fresh = await target.fresh();
    await migrate(fresh.db, fresh.dialect, MIGRATIONS);
    const probe: Migration = {
      version: LATEST + 1,
      name: "probe",
      async up(trx, dialect) {
        await trx.schema
          .createTable("probe")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("doc", dialect.types.json, (c) => c.notNull())
          .addColumn("at", dialect.types.instant, (c) => c.notNull())
          .addColumn("on", dialect.types.flag, (c) => c.notNull())
          .addColumn("ms", dialect.types.ms, (c) => c.notNull())
          .execute();
        // Data migrations are written once too: an existing row copied across.
        await sql`INSERT INTO probe(id, doc, at, ${sql.ref("on")}, ms)
          SELECT site_id, doc, ${"2026-03-04T05:06:07.089Z"}, ${true}, ${2 ** 40} FROM sites`.execute(trx);
      },
    };
    const site = JSON.stringify({ b: 1, a: [true, null] });
    await sql`INSERT INTO sites(site_id, microsite_id, doc) VALUES('s', 'ms', ${site})`.execute(fresh.db);
    expect((await migrate(fresh.db, fresh.dialect, [...MIGRATIONS, probe])).applied).toEqual([LATEST + 1]);
    const types =
      target.kind === "sqlite"
        ? (
            await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info('probe')`.execute(
              fresh.db,
            )
          ).rows
        : (
            await sql<{ name: string; type: string }>`SELECT column_name AS name, data_type AS type
              FROM information_schema.columns WHERE table_name = 'probe' ORDER BY ordinal_position`.execute(fresh.db)
          ).rows;
    expect(Object.fromEntries(types.map((t) => [t.name, t.type.toLowerCase()]))).toEqual(
      target.kind === "sqlite"
        ? { id: "text", doc: "text", at: "text", on: "integer", ms: "integer" }
        : { id: "text", doc: "json", at: "timestamp with time zone", on: "boolean", ms: "bigint" },
    );
    // Rows read back alike from either database: the document as written, an ISO instant, a 0/1 flag.
    const { rows } = await sql`SELECT * FROM probe`.execute(fresh.db);
    expect(rows.map((r) => ({ ...(r as object) }))).toEqual([
      { id: "s", doc: site, at: "2026-03-04T05:06:07.089Z", on: 1, ms: 2 ** 40 },
    ]);
  });

  it("opens a database the previous release made, with its data", async () => {
    // The previous release's runner: its own schema_migrations table, each baseline script with its row.
    const fresh = await target.fresh();
    const baseline = target.kind === "sqlite" ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
    await fresh.exec(
      target.kind === "sqlite"
        ? "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        : "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    for (const m of baseline) {
      await fresh.exec(`BEGIN; ${m.up}; INSERT INTO schema_migrations(version, name, applied_at)
        VALUES(${m.version}, '${m.name}', '2026-01-01T00:00:00.000Z'); COMMIT;`);
    }
    // Rows as its stores wrote them: documents (TEXT or json), instants (ISO TEXT or timestamptz),
    // flags (0/1 or boolean), milliseconds.
    const flag = (on: boolean) => (target.kind === "sqlite" ? (on ? "1" : "0") : on ? "true" : "false");
    const doc = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'`;
    await fresh.exec(`
      INSERT INTO sites(site_id, microsite_id, doc) VALUES('old', 'ms-old', ${doc({ site_id: "old", microsite_id: "ms-old", site_key: "sk_old_0123456789", name: "Old", domains: ["old.example"] })});
      INSERT INTO site_domains(domain, site_id) VALUES('old.example', 'old');
      INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc, updated_at)
        VALUES('old', 'home', '/fr', '/en', 3, ${doc({ page_id: "home", paths: { fr: "/fr", en: "/en" }, title: { fr: "Accueil", en: "Home" }, content: [{ type: "text_block_1", id: "t1" }] })}, '2026-02-03T04:05:06.789Z');
      INSERT INTO page_versions(site_id, page_id, version, doc, editor_id, editor_name, created_at, summary)
        VALUES('old', 'home', 3, ${doc({ page_id: "home", paths: { fr: "/fr", en: "/en" }, title: { fr: "Accueil", en: "Home" }, content: [] })}, 'e1', 'Éloïse', '2026-02-03T04:05:06.789Z', ${doc({ origin: "published", added: 1, removed: 0, changed: 0, moved: 0, page: false })});
      INSERT INTO editors(id, email, name, role, password_hash, created_ms, updated_ms) VALUES('e1', 'eloise@example.com', 'Éloïse', 'admin', NULL, 1700000000000, 1700000000000);
      INSERT INTO passkeys(id, editor_id, public_key, counter, transports, device_type, backed_up, name, created_ms, last_used_ms)
        VALUES('pk1', 'e1', 'key', 7, '["usb"]', 'singleDevice', ${flag(true)}, 'YubiKey', 1700000000000, NULL);
      INSERT INTO submissions(id, site_id, type, locale, payload, created_at, name, email, search, consent, status)
        VALUES('s1', 'old', 'contact_form', 'fr', ${doc({ full_name: "Zoé", email: "zoe@example.com" })}, '2026-02-01T10:00:00.000Z', 'Zoé', 'zoe@example.com', 'zoe zoe@example.com', ${doc({ email: { given_at: "2026-02-01T10:00:00.000Z", text: "Oui" } })}, 'new');
      INSERT INTO lead_deliveries(id, submission_id, channel, state, attempts, next_attempt_ms, created_at)
        VALUES('d1', 's1', 'email', 'pending', 0, 1700000000000, '2026-02-01T10:00:00.000Z');
      INSERT INTO audit_log(at_ms, actor_id, actor_label, action, target, outcome, details, ip, user_agent, via)
        VALUES(1700000000000, 'e1', 'Éloïse', 'page.publish', 'old/home', 'success', ${doc({ version: 3 })}, NULL, NULL, 'session');
      INSERT INTO listings(id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at)
        VALUES(1, 'U1', 'condo', 'sale', 350000, 2, 1, ${flag(true)}, '66023', 45.5, -73.6, '2026-01-15T12:00:00.000Z');
      INSERT INTO listing_docs(id, doc) VALUES(1, ${doc({ uls: "U1", price: 350000 })});
      INSERT INTO listings(id, uls, type, for_sale_for_rent, price, bedrooms, bathrooms, open_house, mun_code, lat, lng, listed_at)
        VALUES(2, 'U2', 'maison', 'sale', 420000, 3, 2, ${flag(false)}, '66023', 45.6, -73.5, '2026-01-10T12:00:00.000Z');
      INSERT INTO listing_docs(id, doc) VALUES(2, ${doc({ uls: "U2", price: 420000, badge: "sold" })});
      UPDATE revisions SET n = n + 1;
    `);
    const storage = await fresh.open();
    expect(storage.migrations).toEqual({
      applied: versions(MIGRATIONS.slice(baseline.length)),
      current: LATEST,
      latest: LATEST,
    });
    expect((await storage.content.findSiteByDomain("OLD.example"))?.name).toBe("Old");
    expect(await storage.content.findPageByPath("old", "/fr")).toMatchObject({
      version: 3,
      updated_at: "2026-02-03T04:05:06.789Z",
      content: [{ type: "text_block_1", id: "t1" }],
    });
    expect((await storage.pageVersions.list("old", "home")).versions).toEqual([
      {
        version: 3,
        editor: { id: "e1", name: "Éloïse" },
        created_at: "2026-02-03T04:05:06.789Z",
        summary: { origin: "published", added: 1, removed: 0, changed: 0, moved: 0, page: false },
        // Versions made before notes and scheduled publishes (issue 33) have neither.
        note: null,
        scheduled_for: null,
      },
    ]);
    expect(await storage.accounts.getPasskey("pk1")).toMatchObject({
      backed_up: true,
      counter: 7,
      transports: ["usb"],
    });
    const lead = await storage.submissions.get("old", "s1");
    expect(lead).toMatchObject({
      created_at: "2026-02-01T10:00:00.000Z",
      payload: { full_name: "Zoé" },
      consent: { email: { text: "Oui" } },
      delivery: "pending",
    });
    expect((await storage.submissions.list("old", { offset: 0, limit: 5, filter: { q: "ZOE" } })).total).toBe(1);
    expect((await storage.audit.list({ limit: 5 })).entries[0]).toMatchObject({
      details: { version: 3 },
      actor_id: "e1",
    });
    expect(await storage.listings.count({ open_house: true })).toBe(1);
    expect(await storage.listings.get("U1")).toEqual({ uls: "U1", price: 350000 });
    // Migration 93 copies a sold listing's badge into its column: it leaves the default search.
    expect(await storage.listings.search({ status: "active" }, "newest", 0, 5)).toEqual([{ uls: "U1", price: 350000 }]);
    expect(await storage.listings.search({ status: "sold" }, "newest", 0, 5)).toEqual([
      { uls: "U2", price: 420000, badge: "sold" },
    ]);
    // And it takes writes: the next version of the page, a listing more.
    const home = await storage.content.getPage("old", "home");
    expect(await storage.content.savePage("old", home!, 3)).toEqual({ ok: true, version: 4 });
    expect(
      (await storage.outbox.claim({ owner: "w", now: 1700000000001, leaseMs: 1000, limit: 5 })).map((d) => d.id),
    ).toEqual(["d1"]);
  });
});

describe("migrations by two processes at once", () => {
  it("apply each migration once on SQLite (the write lock)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-migrate-two-"));
    closing.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "content.sqlite");
    const script = path.join(ROOT, "tests/store/helpers/migrate-sqlite.ts");
    const tsx = path.join(ROOT, "node_modules/.bin/tsx");
    const env = { ...process.env, PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH}` };
    const reports = await Promise.all([run(tsx, [script, file], { env }), run(tsx, [script, file], { env })]);
    const applied = reports
      .flatMap((r) => (JSON.parse(r.stdout) as { applied: number[] }).applied)
      .sort((a, b) => a - b);
    expect(applied).toEqual(versions(MIGRATIONS));
    const { db, dialect } = sqliteDatabase(openSqliteFile(file));
    closing.push(() => dialect.close());
    expect((await db.selectFrom("schema_migrations").select("version").execute()).length).toBe(MIGRATIONS.length);
  });

  it("apply each migration once on PostgreSQL (the advisory lock)", async () => {
    const url = await createTestDatabase();
    const [first, second] = [0, 1].map(() => {
      const { db, dialect } = postgresDatabase(
        createPool({ url, poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 15000 }),
      );
      closing.push(() => dialect.close());
      return { db, dialect };
    });
    const reports = await Promise.all([
      migrate(first!.db, first!.dialect, MIGRATIONS),
      migrate(second!.db, second!.dialect, MIGRATIONS),
    ]);
    expect(reports.flatMap((r) => r.applied).sort((a, b) => a - b)).toEqual(versions(MIGRATIONS));
    expect((await first!.db.selectFrom("schema_migrations").select("version").execute()).length).toBe(
      MIGRATIONS.length,
    );
  });
});

describe("SQLite databases older than migrations", () => {
  it("are adopted with their data", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-migrate-old-"));
    closing.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = openSqliteFile(path.join(dir, "content.sqlite"));
    // What the release before migrations created at start: the tables, no schema_migrations.
    file.exec(SQLITE_MIGRATIONS[0]!.up);
    file
      .prepare(
        "INSERT INTO submissions(id, site_id, type, locale, payload, created_at) VALUES('s1', 'demo', 'contact_form', 'fr', '{}', '2026-01-01T00:00:00.000Z')",
      )
      .run();
    file.close();
    const storage = await openSqliteStorage(dir);
    closing.push(() => storage.close());
    expect(storage.migrations).toMatchObject({ applied: versions(MIGRATIONS), current: LATEST });
    expect(await storage.submissions.count("demo")).toBe(1);
  });
});

describe("PostgreSQL map bounds", () => {
  it("use a PostGIS index when the server has it", async () => {
    const [, postgres] = targets;
    const fresh = await postgres!.fresh();
    await migrate(fresh.db, fresh.dialect, MIGRATIONS);
    const { rows: available } = await sql`SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'`.execute(
      fresh.db,
    );
    const mode = (
      await fresh.db.selectFrom("meta").select("value").where("key", "=", "listings_spatial").executeTakeFirst()
    )?.value;
    expect(mode).toBe(available.length ? "postgis" : "point");
    const { rows } = await sql<{
      indexdef: string;
    }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'listings_geo'`.execute(fresh.db);
    expect(rows[0]?.indexdef).toContain("USING gist");
    expect(rows[0]?.indexdef).toContain(available.length ? "st_makepoint" : "point(lng, lat)");
  });
});
