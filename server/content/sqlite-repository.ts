/**
 * The embedded content repository: node:sqlite (see db/sqlite.ts), documents as JSON text.
 * node:sqlite is synchronous: each method does its work at once and returns a settled
 * promise, so the asynchronous contract costs a microtask, not a thread hop.
 */
import type { DatabaseSync } from "node:sqlite";
import { bumpRevisions, readRevision, StatementCache, sqliteTransaction } from "./db/sqlite";
import {
  type ContentRepository,
  type PageRecord,
  pageDocument,
  pageRecordSchema,
  type RedirectRecord,
  redirectRecordSchema,
  type SavePageResult,
  type SiteImport,
  type SiteRecord,
  siteRecordSchema,
  type VariantRecord,
  variantRecordSchema,
} from "./repository";
import { recordPageVersion, type VersionEditor } from "./stores/page-versions";

type PageRow = { doc: string; version: number; updated_at: string | null };

const PAGE_COLUMNS = "doc, version, updated_at";

function pageOf(row: PageRow): PageRecord {
  return pageRecordSchema.parse({
    ...JSON.parse(row.doc),
    version: row.version,
    ...(row.updated_at ? { updated_at: row.updated_at } : {}),
  });
}

/** The path a UNIQUE failure on pages names, when it is one of the path indexes. */
function takenPath(error: unknown, page: PageRecord): string | undefined {
  const message = error instanceof Error ? error.message : "";
  if (!message.includes("UNIQUE constraint failed: pages.")) return undefined;
  if (message.includes("path_fr")) return page.paths.fr;
  if (message.includes("path_en")) return page.paths.en;
  return undefined;
}

export class SqliteContentRepository implements ContentRepository {
  // Parsed documents are cached: pages are read on every request and written rarely. The
  // caches are valid for one content revision, read from the database, so a write made by
  // another process (a second worker, `npm run seed`) empties them too.
  private readonly pageCache = new Map<string, PageRecord | null>();
  private readonly siteCache = new Map<string, SiteRecord>();
  private readonly micrositeCache = new Map<string, string | null>();
  private readonly variantCache = new Map<string, VariantRecord | null>();
  private cachedRevision = -1;
  private readonly sql: StatementCache;

  constructor(readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  /** Empties the caches when the content changed since they were filled. */
  private fresh(): void {
    const revision = readRevision(this.sql, "content");
    if (revision === this.cachedRevision) return;
    this.pageCache.clear();
    this.siteCache.clear();
    this.micrositeCache.clear();
    this.variantCache.clear();
    this.cachedRevision = revision;
  }

  async revision(): Promise<number> {
    return readRevision(this.sql, "content");
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = this.sql.get("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
    return row?.value;
  }
  async setMeta(key: string, value: string): Promise<void> {
    this.sql
      .get("INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(key, value);
  }

  private site(siteId: string): SiteRecord | undefined {
    const cached = this.siteCache.get(siteId);
    if (cached) return cached;
    const row = this.sql.get("SELECT doc FROM sites WHERE site_id = ?").get(siteId) as { doc: string } | undefined;
    if (!row) return undefined;
    const site = siteRecordSchema.parse(JSON.parse(row.doc));
    if (this.siteCache.size > 10_000) this.siteCache.clear();
    this.siteCache.set(siteId, site);
    return site;
  }

  async getSite(siteId: string): Promise<SiteRecord | undefined> {
    this.fresh();
    return this.site(siteId);
  }
  async findSiteByDomain(domain: string): Promise<SiteRecord | undefined> {
    this.fresh();
    const row = this.sql.get("SELECT site_id FROM site_domains WHERE domain = ?").get(domain.toLowerCase()) as
      | { site_id: string }
      | undefined;
    return row ? this.site(row.site_id) : undefined;
  }
  /** Every protected call starts here: the site ids are kept until the content changes. */
  async findSiteByMicrosite(micrositeId: string): Promise<SiteRecord | undefined> {
    this.fresh();
    let siteId = this.micrositeCache.get(micrositeId);
    if (siteId === undefined) {
      const row = this.sql.get("SELECT site_id FROM sites WHERE microsite_id = ?").get(micrositeId) as
        | { site_id: string }
        | undefined;
      siteId = row?.site_id ?? null;
      if (this.micrositeCache.size > 1000) this.micrositeCache.clear();
      this.micrositeCache.set(micrositeId, siteId);
    }
    return siteId === null ? undefined : this.site(siteId);
  }
  async listSites(): Promise<SiteRecord[]> {
    this.fresh();
    const rows = this.sql.get("SELECT site_id FROM sites ORDER BY site_id").all() as { site_id: string }[];
    return rows.map((r) => this.site(r.site_id)).filter((s): s is SiteRecord => Boolean(s));
  }
  async putSite(site: SiteRecord): Promise<void> {
    const parsed = siteRecordSchema.parse(site);
    sqliteTransaction(this.db, () => {
      this.sql
        .get(
          "INSERT INTO sites(site_id, microsite_id, doc) VALUES(?, ?, ?) ON CONFLICT(site_id) DO UPDATE SET microsite_id = excluded.microsite_id, doc = excluded.doc",
        )
        .run(parsed.site_id, parsed.microsite_id, JSON.stringify(parsed));
      this.sql.get("DELETE FROM site_domains WHERE site_id = ?").run(parsed.site_id);
      for (const domain of parsed.domains) {
        this.sql
          .get("INSERT OR REPLACE INTO site_domains(domain, site_id) VALUES(?, ?)")
          .run(domain.toLowerCase(), parsed.site_id);
      }
      bumpRevisions(this.sql, "content");
    });
  }

  async importSites(entries: readonly SiteImport[]): Promise<void> {
    const parsed = entries.map(({ site, pages }) => ({
      site: siteRecordSchema.parse(site),
      pages: pages.map((page) => pageRecordSchema.parse(page)),
    }));
    const now = new Date().toISOString();
    sqliteTransaction(this.db, () => {
      for (const { site, pages } of parsed) {
        this.sql
          .get(
            "INSERT INTO sites(site_id, microsite_id, doc) VALUES(?, ?, ?) ON CONFLICT(site_id) DO UPDATE SET microsite_id = excluded.microsite_id, doc = excluded.doc",
          )
          .run(site.site_id, site.microsite_id, JSON.stringify(site));
        this.sql.get("DELETE FROM site_domains WHERE site_id = ?").run(site.site_id);
        for (const domain of site.domains) {
          this.sql
            .get("INSERT OR REPLACE INTO site_domains(domain, site_id) VALUES(?, ?)")
            .run(domain.toLowerCase(), site.site_id);
        }
        for (const page of pages) {
          // An imported page keeps a version like a saved one (its history starts or goes on).
          const previous = this.sql
            .get("SELECT doc FROM pages WHERE site_id = ? AND page_id = ?")
            .get(site.site_id, page.page_id) as { doc: string } | undefined;
          const saved = this.sql
            .get(
              `INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc, updated_at) VALUES(?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT(site_id, page_id) DO UPDATE SET path_fr = excluded.path_fr, path_en = excluded.path_en,
                 doc = excluded.doc, updated_at = excluded.updated_at, version = pages.version + 1
               RETURNING version`,
            )
            .get(
              site.site_id,
              page.page_id,
              page.paths.fr,
              page.paths.en,
              page.version,
              JSON.stringify(pageDocument(page)),
              now,
            ) as { version: number };
          recordPageVersion(this.sql, site.site_id, page, saved.version, previous?.doc, undefined, now);
        }
      }
      bumpRevisions(this.sql, "content");
    });
  }

  async findPageByPath(siteId: string, pagePath: string): Promise<PageRecord | undefined> {
    this.fresh();
    const key = `${siteId}\u0000${pagePath}`;
    const cached = this.pageCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const row = this.sql
      .get(`SELECT ${PAGE_COLUMNS} FROM pages WHERE site_id = ? AND (path_fr = ? OR path_en = ?)`)
      .get(siteId, pagePath, pagePath) as PageRow | undefined;
    const page = row ? pageOf(row) : null;
    if (this.pageCache.size > 5000) this.pageCache.clear();
    this.pageCache.set(key, page);
    return page ?? undefined;
  }
  async getPage(siteId: string, pageId: string): Promise<PageRecord | undefined> {
    const row = this.sql
      .get(`SELECT ${PAGE_COLUMNS} FROM pages WHERE site_id = ? AND page_id = ?`)
      .get(siteId, pageId) as PageRow | undefined;
    return row ? pageOf(row) : undefined;
  }
  async listPages(siteId: string): Promise<PageRecord[]> {
    const rows = this.sql
      .get(`SELECT ${PAGE_COLUMNS} FROM pages WHERE site_id = ? ORDER BY path_fr`)
      .all(siteId) as PageRow[];
    return rows.map(pageOf);
  }
  async savePage(
    siteId: string,
    page: PageRecord,
    expectedVersion?: number,
    editor?: VersionEditor,
  ): Promise<SavePageResult> {
    const parsed = pageRecordSchema.parse(page);
    const at = new Date().toISOString();
    try {
      return sqliteTransaction(this.db, (): SavePageResult => {
        // The page as it was, for the new version's change summary (same transaction: nothing moves meanwhile).
        const previous = this.sql
          .get("SELECT doc FROM pages WHERE site_id = ? AND page_id = ?")
          .get(siteId, parsed.page_id) as { doc: string } | undefined;
        // One statement creates the page or replaces it when its version is the expected one.
        const saved = this.sql
          .get(
            `INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc, updated_at) VALUES(?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT(site_id, page_id) DO UPDATE SET path_fr = excluded.path_fr, path_en = excluded.path_en,
               doc = excluded.doc, updated_at = excluded.updated_at, version = pages.version + 1
             WHERE ? IS NULL OR pages.version = ?
             RETURNING version`,
          )
          .get(
            siteId,
            parsed.page_id,
            parsed.paths.fr,
            parsed.paths.en,
            parsed.version,
            JSON.stringify(pageDocument(parsed)),
            at,
            expectedVersion ?? null,
            expectedVersion ?? null,
          ) as { version: number } | undefined;
        if (!saved) {
          const current = this.sql
            .get("SELECT version FROM pages WHERE site_id = ? AND page_id = ?")
            .get(siteId, parsed.page_id) as { version: number };
          return { ok: false, reason: "conflict", version: current.version };
        }
        recordPageVersion(this.sql, siteId, parsed, saved.version, previous?.doc, editor, at);
        bumpRevisions(this.sql, "content");
        return { ok: true, version: saved.version };
      });
    } catch (error) {
      const path = takenPath(error, parsed);
      if (path) return { ok: false, reason: "path-taken", path };
      throw error;
    }
  }

  /** Read on every page call that names a variant: cached like pages, per content revision. */
  async getVariant(siteId: string, variantId: string): Promise<VariantRecord | undefined> {
    this.fresh();
    const key = `${siteId}\u0000${variantId}`;
    const cached = this.variantCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const row = this.sql.get("SELECT doc FROM variants WHERE site_id = ? AND variant_id = ?").get(siteId, variantId) as
      | { doc: string }
      | undefined;
    const variant = row ? variantRecordSchema.parse(JSON.parse(row.doc)) : null;
    // Unknown ids are remembered too (anyone may type one): bounded, cleared when full.
    if (this.variantCache.size > 1000) this.variantCache.clear();
    this.variantCache.set(key, variant);
    return variant ?? undefined;
  }
  async listVariants(siteId: string): Promise<VariantRecord[]> {
    const rows = this.sql.get("SELECT doc FROM variants WHERE site_id = ? ORDER BY variant_id").all(siteId) as {
      doc: string;
    }[];
    return rows.map((row) => variantRecordSchema.parse(JSON.parse(row.doc)));
  }
  async putVariant(siteId: string, variant: VariantRecord): Promise<void> {
    const parsed = variantRecordSchema.parse(variant);
    sqliteTransaction(this.db, () => {
      this.sql
        .get(
          "INSERT INTO variants(site_id, variant_id, doc) VALUES(?, ?, ?) ON CONFLICT(site_id, variant_id) DO UPDATE SET doc = excluded.doc",
        )
        .run(siteId, parsed.variant_id, JSON.stringify(parsed));
      bumpRevisions(this.sql, "content");
    });
  }
  async deleteVariant(siteId: string, variantId: string): Promise<boolean> {
    return sqliteTransaction(this.db, () => {
      const { changes } = this.sql
        .get("DELETE FROM variants WHERE site_id = ? AND variant_id = ?")
        .run(siteId, variantId);
      if (changes > 0) bumpRevisions(this.sql, "content");
      return changes > 0;
    });
  }

  async findRedirect(siteId: string, fromPath: string): Promise<RedirectRecord | undefined> {
    const row = this.sql.get("SELECT doc FROM redirects WHERE site_id = ? AND from_path = ?").get(siteId, fromPath) as
      | { doc: string }
      | undefined;
    return row ? redirectRecordSchema.parse(JSON.parse(row.doc)) : undefined;
  }
  async putRedirect(siteId: string, redirect: RedirectRecord): Promise<void> {
    const parsed = redirectRecordSchema.parse(redirect);
    sqliteTransaction(this.db, () => {
      this.sql
        .get(
          "INSERT INTO redirects(site_id, from_path, doc) VALUES(?, ?, ?) ON CONFLICT DO UPDATE SET doc = excluded.doc",
        )
        .run(siteId, parsed.from, JSON.stringify(parsed));
      bumpRevisions(this.sql, "content");
    });
  }

  async getDemoBlocks(): Promise<unknown[]> {
    const row = this.sql.get("SELECT doc FROM demo_blocks WHERE id = 1").get() as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as unknown[]) : [];
  }
  async putDemoBlocks(blocks: unknown[]): Promise<void> {
    sqliteTransaction(this.db, () => {
      this.sql
        .get("INSERT INTO demo_blocks(id, doc) VALUES(1, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc")
        .run(JSON.stringify(blocks));
      bumpRevisions(this.sql, "content");
    });
  }
}
