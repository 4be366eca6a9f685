/**
 * The content repository on PostgreSQL (see db/postgres.ts). Documents are `json` columns
 * (the text as written, so a page reads back exactly as it was saved); lookups use the
 * same keys and unique indexes as the embedded store. Nothing is cached in the process:
 * every read sees what any process wrote.
 */
import type pg from "pg";
import { bumpRevisions, pgTransaction, readRevision, sqlState } from "./db/postgres";
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
} from "./repository";

type PageRow = { doc: Record<string, unknown>; version: number; updated_at: Date | null };
const PAGE_COLUMNS = "doc, version, updated_at";

function pageOf(row: PageRow): PageRecord {
  return pageRecordSchema.parse({
    ...row.doc,
    version: row.version,
    ...(row.updated_at ? { updated_at: row.updated_at.toISOString() } : {}),
  });
}

const siteOf = (row: { doc: unknown } | undefined) => (row ? siteRecordSchema.parse(row.doc) : undefined);

export class PostgresContentRepository implements ContentRepository {
  constructor(private readonly pool: pg.Pool) {}

  revision(): Promise<number> {
    return readRevision(this.pool, "content");
  }

  async getMeta(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string }>("SELECT value FROM meta WHERE key = $1", [key]);
    return rows[0]?.value;
  }
  async setMeta(key: string, value: string): Promise<void> {
    await this.pool.query(
      "INSERT INTO meta(key, value) VALUES($1, $2) ON CONFLICT(key) DO UPDATE SET value = EXCLUDED.value",
      [key, value],
    );
  }

  async getSite(siteId: string): Promise<SiteRecord | undefined> {
    const { rows } = await this.pool.query("SELECT doc FROM sites WHERE site_id = $1", [siteId]);
    return siteOf(rows[0]);
  }
  async findSiteByDomain(domain: string): Promise<SiteRecord | undefined> {
    const { rows } = await this.pool.query(
      "SELECT s.doc FROM site_domains d JOIN sites s ON s.site_id = d.site_id WHERE d.domain = $1",
      [domain.toLowerCase()],
    );
    return siteOf(rows[0]);
  }
  async findSiteByMicrosite(micrositeId: string): Promise<SiteRecord | undefined> {
    const { rows } = await this.pool.query("SELECT doc FROM sites WHERE microsite_id = $1", [micrositeId]);
    return siteOf(rows[0]);
  }
  async listSites(): Promise<SiteRecord[]> {
    // COLLATE "C": the byte order SQLite uses, whatever the database's locale.
    const { rows } = await this.pool.query('SELECT doc FROM sites ORDER BY site_id COLLATE "C"');
    return rows.map((row) => siteRecordSchema.parse(row.doc));
  }
  async putSite(site: SiteRecord): Promise<void> {
    const parsed = siteRecordSchema.parse(site);
    await pgTransaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO sites(site_id, microsite_id, doc) VALUES($1, $2, $3)
         ON CONFLICT(site_id) DO UPDATE SET microsite_id = EXCLUDED.microsite_id, doc = EXCLUDED.doc`,
        [parsed.site_id, parsed.microsite_id, JSON.stringify(parsed)],
      );
      await client.query("DELETE FROM site_domains WHERE site_id = $1", [parsed.site_id]);
      const domains = [...new Set(parsed.domains.map((d) => d.toLowerCase()))];
      if (domains.length) {
        await client.query(
          `INSERT INTO site_domains(domain, site_id) SELECT unnest($1::text[]), $2
           ON CONFLICT(domain) DO UPDATE SET site_id = EXCLUDED.site_id`,
          [domains, parsed.site_id],
        );
      }
      await bumpRevisions(client, "content");
    });
  }

  async importSites(entries: readonly SiteImport[]): Promise<void> {
    const sites = entries.map(({ site }) => siteRecordSchema.parse(site));
    const pages = entries.flatMap(({ site, pages }) =>
      pages.map((page) => ({ siteId: site.site_id, page: pageRecordSchema.parse(page) })),
    );
    // A domain named twice goes to the site naming it last (as putSite one after the other);
    // one row per domain, since one INSERT … ON CONFLICT cannot touch a row twice.
    const domains = new Map<string, string>();
    for (const site of sites) for (const domain of site.domains) domains.set(domain.toLowerCase(), site.site_id);
    await pgTransaction(this.pool, async (client) => {
      // Each column goes as one array parameter: one statement per table, whatever the count.
      await client.query(
        `INSERT INTO sites(site_id, microsite_id, doc) SELECT * FROM unnest($1::text[], $2::text[], $3::json[])
         ON CONFLICT(site_id) DO UPDATE SET microsite_id = EXCLUDED.microsite_id, doc = EXCLUDED.doc`,
        [sites.map((s) => s.site_id), sites.map((s) => s.microsite_id), sites.map((s) => JSON.stringify(s))],
      );
      await client.query("DELETE FROM site_domains WHERE site_id = ANY($1::text[])", [sites.map((s) => s.site_id)]);
      await client.query(
        `INSERT INTO site_domains(domain, site_id) SELECT * FROM unnest($1::text[], $2::text[])
         ON CONFLICT(domain) DO UPDATE SET site_id = EXCLUDED.site_id`,
        [[...domains.keys()], [...domains.values()]],
      );
      await client.query(
        `INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc, updated_at)
         SELECT *, now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::json[])
         ON CONFLICT(site_id, page_id) DO UPDATE SET path_fr = EXCLUDED.path_fr, path_en = EXCLUDED.path_en,
           doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at, version = pages.version + 1`,
        [
          pages.map((p) => p.siteId),
          pages.map((p) => p.page.page_id),
          pages.map((p) => p.page.paths.fr),
          pages.map((p) => p.page.paths.en),
          pages.map((p) => p.page.version),
          pages.map((p) => JSON.stringify(pageDocument(p.page))),
        ],
      );
      await bumpRevisions(client, "content");
    });
  }

  async findPageByPath(siteId: string, pagePath: string): Promise<PageRecord | undefined> {
    const { rows } = await this.pool.query<PageRow>(
      `SELECT ${PAGE_COLUMNS} FROM pages WHERE site_id = $1 AND (path_fr = $2 OR path_en = $2)`,
      [siteId, pagePath],
    );
    return rows[0] ? pageOf(rows[0]) : undefined;
  }
  async getPage(siteId: string, pageId: string): Promise<PageRecord | undefined> {
    const { rows } = await this.pool.query<PageRow>(
      `SELECT ${PAGE_COLUMNS} FROM pages WHERE site_id = $1 AND page_id = $2`,
      [siteId, pageId],
    );
    return rows[0] ? pageOf(rows[0]) : undefined;
  }
  async listPages(siteId: string): Promise<PageRecord[]> {
    const { rows } = await this.pool.query<PageRow>(
      `SELECT ${PAGE_COLUMNS} FROM pages WHERE site_id = $1 ORDER BY path_fr COLLATE "C"`,
      [siteId],
    );
    return rows.map(pageOf);
  }
  async savePage(siteId: string, page: PageRecord, expectedVersion?: number): Promise<SavePageResult> {
    const parsed = pageRecordSchema.parse(page);
    try {
      return await pgTransaction(this.pool, async (client): Promise<SavePageResult> => {
        // One statement creates the page or replaces it when its version is the expected one;
        // the row lock it takes orders concurrent saves of the same page.
        const saved = await client.query<{ version: number }>(
          `INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc, updated_at) VALUES($1, $2, $3, $4, $5, $6, now())
           ON CONFLICT(site_id, page_id) DO UPDATE SET path_fr = EXCLUDED.path_fr, path_en = EXCLUDED.path_en,
             doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at, version = pages.version + 1
           WHERE $7::integer IS NULL OR pages.version = $7::integer
           RETURNING version`,
          [
            siteId,
            parsed.page_id,
            parsed.paths.fr,
            parsed.paths.en,
            parsed.version,
            JSON.stringify(pageDocument(parsed)),
            expectedVersion ?? null,
          ],
        );
        const row = saved.rows[0];
        if (!row) {
          const current = await client.query<{ version: number }>(
            "SELECT version FROM pages WHERE site_id = $1 AND page_id = $2",
            [siteId, parsed.page_id],
          );
          return { ok: false, reason: "conflict", version: current.rows[0]?.version ?? 0 };
        }
        await bumpRevisions(client, "content");
        return { ok: true, version: row.version };
      });
    } catch (error) {
      if (sqlState(error) === "23505") {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint === "pages_path_fr") return { ok: false, reason: "path-taken", path: parsed.paths.fr };
        if (constraint === "pages_path_en") return { ok: false, reason: "path-taken", path: parsed.paths.en };
      }
      throw error;
    }
  }

  async findRedirect(siteId: string, fromPath: string): Promise<RedirectRecord | undefined> {
    const { rows } = await this.pool.query("SELECT doc FROM redirects WHERE site_id = $1 AND from_path = $2", [
      siteId,
      fromPath,
    ]);
    return rows[0] ? redirectRecordSchema.parse(rows[0].doc) : undefined;
  }
  async putRedirect(siteId: string, redirect: RedirectRecord): Promise<void> {
    const parsed = redirectRecordSchema.parse(redirect);
    await pgTransaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO redirects(site_id, from_path, doc) VALUES($1, $2, $3)
         ON CONFLICT(site_id, from_path) DO UPDATE SET doc = EXCLUDED.doc`,
        [siteId, parsed.from, JSON.stringify(parsed)],
      );
      await bumpRevisions(client, "content");
    });
  }

  async getDemoBlocks(): Promise<unknown[]> {
    const { rows } = await this.pool.query<{ doc: unknown[] }>("SELECT doc FROM demo_blocks WHERE id = 1");
    return rows[0]?.doc ?? [];
  }
  async putDemoBlocks(blocks: unknown[]): Promise<void> {
    await pgTransaction(this.pool, async (client) => {
      await client.query(
        "INSERT INTO demo_blocks(id, doc) VALUES(1, $1) ON CONFLICT(id) DO UPDATE SET doc = EXCLUDED.doc",
        [JSON.stringify(blocks)],
      );
      await bumpRevisions(client, "content");
    });
  }
}
