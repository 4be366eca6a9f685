/** The embedded store: node:sqlite in WAL mode, one file in DATA_DIR. Documents are stored as JSON text. */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  type ContentRepository,
  type PageRecord,
  pageRecordSchema,
  type RedirectRecord,
  redirectRecordSchema,
  type SavePageResult,
  type SiteRecord,
  siteRecordSchema,
} from "./repository";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sites (
  site_id TEXT PRIMARY KEY,
  microsite_id TEXT NOT NULL UNIQUE,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS site_domains (
  domain TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(site_id)
);
CREATE TABLE IF NOT EXISTS pages (
  site_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  path_fr TEXT NOT NULL,
  path_en TEXT NOT NULL,
  version INTEGER NOT NULL,
  doc TEXT NOT NULL,
  PRIMARY KEY (site_id, page_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS pages_path_fr ON pages(site_id, path_fr);
CREATE UNIQUE INDEX IF NOT EXISTS pages_path_en ON pages(site_id, path_en);
CREATE TABLE IF NOT EXISTS redirects (
  site_id TEXT NOT NULL,
  from_path TEXT NOT NULL,
  doc TEXT NOT NULL,
  PRIMARY KEY (site_id, from_path)
);
CREATE TABLE IF NOT EXISTS demo_blocks (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

export function openDatabase(dataDir: string, fileName = "content.sqlite"): DatabaseSync {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, fileName));
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  db.exec(SCHEMA);
  return db;
}

export class SqliteContentRepository implements ContentRepository {
  // Parsed documents are cached: pages are read on every request and written rarely.
  private readonly pageCache = new Map<string, PageRecord | null>();
  private readonly siteCache = new Map<string, SiteRecord>();
  private readonly micrositeCache = new Map<string, string | null>();
  // Prepared once: compiling the SQL again on every read cost more than running it.
  private readonly statements = new Map<string, StatementSync>();

  revision = 0;

  constructor(readonly db: DatabaseSync) {}

  private sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  getMeta(key: string): string | undefined {
    const row = this.sql("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
    return row?.value;
  }
  setMeta(key: string, value: string): void {
    this.sql("INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(
      key,
      value,
    );
  }

  getSite(siteId: string): SiteRecord | undefined {
    const cached = this.siteCache.get(siteId);
    if (cached) return cached;
    const row = this.sql("SELECT doc FROM sites WHERE site_id = ?").get(siteId) as { doc: string } | undefined;
    if (!row) return undefined;
    const site = siteRecordSchema.parse(JSON.parse(row.doc));
    this.siteCache.set(siteId, site);
    return site;
  }
  findSiteByDomain(domain: string): SiteRecord | undefined {
    const row = this.sql("SELECT site_id FROM site_domains WHERE domain = ?").get(domain.toLowerCase()) as
      | { site_id: string }
      | undefined;
    return row ? this.getSite(row.site_id) : undefined;
  }
  /** Every protected call starts here: the site ids are kept until a site is written. */
  findSiteByMicrosite(micrositeId: string): SiteRecord | undefined {
    let siteId = this.micrositeCache.get(micrositeId);
    if (siteId === undefined) {
      const row = this.sql("SELECT site_id FROM sites WHERE microsite_id = ?").get(micrositeId) as
        | { site_id: string }
        | undefined;
      siteId = row?.site_id ?? null;
      if (this.micrositeCache.size > 1000) this.micrositeCache.clear();
      this.micrositeCache.set(micrositeId, siteId);
    }
    return siteId === null ? undefined : this.getSite(siteId);
  }
  listSites(): SiteRecord[] {
    const rows = this.sql("SELECT site_id FROM sites ORDER BY site_id").all() as { site_id: string }[];
    return rows.map((r) => this.getSite(r.site_id)).filter((s): s is SiteRecord => Boolean(s));
  }
  putSite(site: SiteRecord): void {
    const parsed = siteRecordSchema.parse(site);
    this.db.exec("BEGIN");
    try {
      this.sql(
        "INSERT INTO sites(site_id, microsite_id, doc) VALUES(?, ?, ?) ON CONFLICT(site_id) DO UPDATE SET microsite_id = excluded.microsite_id, doc = excluded.doc",
      ).run(parsed.site_id, parsed.microsite_id, JSON.stringify(parsed));
      this.sql("DELETE FROM site_domains WHERE site_id = ?").run(parsed.site_id);
      for (const domain of parsed.domains) {
        this.sql("INSERT OR REPLACE INTO site_domains(domain, site_id) VALUES(?, ?)").run(
          domain.toLowerCase(),
          parsed.site_id,
        );
      }
      this.db.exec("COMMIT");
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
    this.siteCache.delete(parsed.site_id);
    this.micrositeCache.clear();
    this.pageCache.clear();
    this.revision++;
  }

  findPageByPath(siteId: string, pagePath: string): PageRecord | undefined {
    const key = `${siteId}\u0000${pagePath}`;
    const cached = this.pageCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const row = this.sql("SELECT doc FROM pages WHERE site_id = ? AND (path_fr = ? OR path_en = ?)").get(
      siteId,
      pagePath,
      pagePath,
    ) as { doc: string } | undefined;
    const page = row ? pageRecordSchema.parse(JSON.parse(row.doc)) : null;
    if (this.pageCache.size > 5000) this.pageCache.clear();
    this.pageCache.set(key, page);
    return page ?? undefined;
  }
  getPage(siteId: string, pageId: string): PageRecord | undefined {
    const row = this.sql("SELECT doc FROM pages WHERE site_id = ? AND page_id = ?").get(siteId, pageId) as
      | { doc: string }
      | undefined;
    return row ? pageRecordSchema.parse(JSON.parse(row.doc)) : undefined;
  }
  listPages(siteId: string): PageRecord[] {
    const rows = this.sql("SELECT doc FROM pages WHERE site_id = ? ORDER BY path_fr").all(siteId) as {
      doc: string;
    }[];
    return rows.map((r) => pageRecordSchema.parse(JSON.parse(r.doc)));
  }
  savePage(siteId: string, page: PageRecord, expectedVersion?: number): SavePageResult {
    const parsed = pageRecordSchema.parse(page);
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const current = this.sql("SELECT version FROM pages WHERE site_id = ? AND page_id = ?").get(
        siteId,
        parsed.page_id,
      ) as { version: number } | undefined;
      if (expectedVersion !== undefined && current && current.version !== expectedVersion) {
        this.db.exec("ROLLBACK");
        return { ok: false, reason: "conflict", version: current.version };
      }
      const version = current ? current.version + 1 : parsed.version;
      const doc = { ...parsed, version, updated_at: new Date().toISOString() };
      this.sql(
        `INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc) VALUES(?, ?, ?, ?, ?, ?)
           ON CONFLICT(site_id, page_id) DO UPDATE SET path_fr = excluded.path_fr, path_en = excluded.path_en, version = excluded.version, doc = excluded.doc`,
      ).run(siteId, parsed.page_id, parsed.paths.fr, parsed.paths.en, version, JSON.stringify(doc));
      this.db.exec("COMMIT");
      this.pageCache.clear();
      this.revision++;
      return { ok: true, version };
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  findRedirect(siteId: string, fromPath: string): RedirectRecord | undefined {
    const row = this.sql("SELECT doc FROM redirects WHERE site_id = ? AND from_path = ?").get(siteId, fromPath) as
      | { doc: string }
      | undefined;
    return row ? redirectRecordSchema.parse(JSON.parse(row.doc)) : undefined;
  }
  putRedirect(siteId: string, redirect: RedirectRecord): void {
    const parsed = redirectRecordSchema.parse(redirect);
    this.sql(
      "INSERT INTO redirects(site_id, from_path, doc) VALUES(?, ?, ?) ON CONFLICT DO UPDATE SET doc = excluded.doc",
    ).run(siteId, parsed.from, JSON.stringify(parsed));
    this.revision++;
  }

  getDemoBlocks(): unknown[] {
    const row = this.sql("SELECT doc FROM demo_blocks WHERE id = 1").get() as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as unknown[]) : [];
  }
  putDemoBlocks(blocks: unknown[]): void {
    this.sql("INSERT INTO demo_blocks(id, doc) VALUES(1, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc").run(
      JSON.stringify(blocks),
    );
    this.revision++;
  }

  close(): void {
    this.db.close();
  }
}
