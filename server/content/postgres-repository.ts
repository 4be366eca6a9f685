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
  type VariantRecord,
  variantRecordSchema,
} from "./repository";
import { type VersionEditor, versionRow } from "./stores/page-versions";
import { recordPageVersionPg } from "./stores/page-versions.postgres";

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
      // An imported page keeps a version like a saved one: the documents it replaces first,
      // then the pages, then their versions (three statements, whatever the count).
      const before = await client.query<{ site_id: string; page_id: string; doc: unknown }>(
        `SELECT p.site_id, p.page_id, p.doc FROM pages p
         JOIN unnest($1::text[], $2::text[]) AS i(site_id, page_id) USING (site_id, page_id)`,
        [pages.map((p) => p.siteId), pages.map((p) => p.page.page_id)],
      );
      const previous = new Map(before.rows.map((r) => [`${r.site_id}\u0000${r.page_id}`, r.doc]));
      const saved = await client.query<{ site_id: string; page_id: string; version: number }>(
        `INSERT INTO pages(site_id, page_id, path_fr, path_en, version, doc, updated_at)
         SELECT *, now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::json[])
         ON CONFLICT(site_id, page_id) DO UPDATE SET path_fr = EXCLUDED.path_fr, path_en = EXCLUDED.path_en,
           doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at, version = pages.version + 1
         RETURNING site_id, page_id, version`,
        [
          pages.map((p) => p.siteId),
          pages.map((p) => p.page.page_id),
          pages.map((p) => p.page.paths.fr),
          pages.map((p) => p.page.paths.en),
          pages.map((p) => p.page.version),
          pages.map((p) => JSON.stringify(pageDocument(p.page))),
        ],
      );
      const versions = new Map(saved.rows.map((r) => [`${r.site_id}\u0000${r.page_id}`, r.version]));
      const rows = pages.map(({ siteId, page }) => {
        const key = `${siteId}\u0000${page.page_id}`;
        const row = versionRow(page, previous.get(key), undefined);
        return { siteId, pageId: page.page_id, version: versions.get(key) ?? page.version, ...row };
      });
      await client.query(
        `INSERT INTO page_versions(site_id, page_id, version, doc, editor_id, editor_name, created_at, summary)
         SELECT s, p, v, d, NULL, NULL, now(), m
         FROM unnest($1::text[], $2::text[], $3::int[], $4::json[], $5::json[]) AS i(s, p, v, d, m)
         ON CONFLICT(site_id, page_id, version) DO UPDATE SET doc = EXCLUDED.doc, created_at = EXCLUDED.created_at,
           summary = EXCLUDED.summary`,
        [
          rows.map((r) => r.siteId),
          rows.map((r) => r.pageId),
          rows.map((r) => r.version),
          rows.map((r) => r.doc),
          rows.map((r) => JSON.stringify(r.summary)),
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
  async savePage(
    siteId: string,
    page: PageRecord,
    expectedVersion?: number,
    editor?: VersionEditor,
  ): Promise<SavePageResult> {
    const parsed = pageRecordSchema.parse(page);
    try {
      return await pgTransaction(this.pool, async (client): Promise<SavePageResult> => {
        // The page as it was, for the new version's change summary; the row stays locked until
        // commit, so no other save slips in between this read and the upsert.
        const previous = await client.query<{ doc: unknown }>(
          "SELECT doc FROM pages WHERE site_id = $1 AND page_id = $2 FOR UPDATE",
          [siteId, parsed.page_id],
        );
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
        await recordPageVersionPg(client, siteId, parsed, row.version, previous.rows[0]?.doc, editor);
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

  async getVariant(siteId: string, variantId: string): Promise<VariantRecord | undefined> {
    const { rows } = await this.pool.query("SELECT doc FROM variants WHERE site_id = $1 AND variant_id = $2", [
      siteId,
      variantId,
    ]);
    return rows[0] ? variantRecordSchema.parse(rows[0].doc) : undefined;
  }
  async listVariants(siteId: string): Promise<VariantRecord[]> {
    const { rows } = await this.pool.query(
      'SELECT doc FROM variants WHERE site_id = $1 ORDER BY variant_id COLLATE "C"',
      [siteId],
    );
    return rows.map((row) => variantRecordSchema.parse(row.doc));
  }
  async putVariant(siteId: string, variant: VariantRecord): Promise<void> {
    const parsed = variantRecordSchema.parse(variant);
    await pgTransaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO variants(site_id, variant_id, doc) VALUES($1, $2, $3)
         ON CONFLICT(site_id, variant_id) DO UPDATE SET doc = EXCLUDED.doc`,
        [siteId, parsed.variant_id, JSON.stringify(parsed)],
      );
      await bumpRevisions(client, "content");
    });
  }
  async deleteVariant(siteId: string, variantId: string): Promise<boolean> {
    return pgTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query("DELETE FROM variants WHERE site_id = $1 AND variant_id = $2", [
        siteId,
        variantId,
      ]);
      if (rowCount) await bumpRevisions(client, "content");
      return Boolean(rowCount);
    });
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
