/**
 * Sites, pages, redirects, variants and demo blocks, with the content revision and the store's
 * own settings (meta). Records come back parsed with their zod schemas (content-records.ts).
 *
 * Parsed sites, pages and variants are cached in the process: they are read on every request
 * and written rarely. A cache holds what was read at one content revision, which every call
 * reads first (one primary-key read), so a write by any process empties it on the next call.
 */
import type { Db, StoreDialect, Trx } from "../db/dialect";
import { bumpRevisions, Revisions } from "../db/queries";
import {
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
} from "./content-records";
import { recordPageVersions, type VersionEditor, type VersionWrite } from "./page-versions";

/** What a save may carry besides the page. */
export interface SavePageOptions {
  /** The editor's note, kept with the version (the history shows it). */
  note?: string;
  /** A scheduled publish: the time it was scheduled for (ISO). */
  scheduledFor?: string;
  /** Runs inside the save's transaction once the page is written; throwing rolls the save back. */
  inTransaction?: (trx: Trx, version: number) => Promise<void>;
}

export * from "./content-records";

type PageRow = { doc: string; version: number; updated_at: string | null };

function pageOf(row: PageRow): PageRecord {
  return pageRecordSchema.parse({
    ...JSON.parse(row.doc),
    version: row.version,
    ...(row.updated_at ? { updated_at: row.updated_at } : {}),
  });
}

/** Rows per statement of a bulk write: well under both databases' limits on parameters. */
const CHUNK = 500;
const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export class ContentStore {
  private cachedRevision = -1;
  private readonly sites = new Map<string, SiteRecord>();
  /** Site ids by microsite id and by domain; null: known not to exist. */
  private readonly microsites = new Map<string, string | null>();
  private readonly domains = new Map<string, string | null>();
  private readonly pages = new Map<string, PageRecord | null>();
  private readonly variants = new Map<string, VariantRecord | null>();
  private readonly revisions: Revisions;

  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {
    this.revisions = new Revisions(db, dialect);
  }

  /**
   * The content revision: changes on every content write (sites, pages, redirects, demo
   * blocks, listings, articles) made by any process on this database. One indexed read:
   * caches of derived answers check it per request, so a publish on one process is seen
   * by every other on its next request.
   */
  revision(): Promise<number> {
    return this.revisions.read("content");
  }

  /** Reads the revision and empties the caches when it moved; returns it (what this call may cache under). */
  private async fresh(): Promise<number> {
    const revision = await this.revision();
    if (revision !== this.cachedRevision) {
      this.sites.clear();
      this.microsites.clear();
      this.domains.clear();
      this.pages.clear();
      this.variants.clear();
      this.cachedRevision = revision;
    }
    return revision;
  }

  /**
   * Keeps what a call read, unless the revision moved while it read: another call may have
   * found a newer one meanwhile, and this answer may predate it. Bounded: cleared when full.
   */
  private keep<V>(cache: Map<string, V>, key: string, value: V, revision: number, max: number): void {
    if (revision !== this.cachedRevision) return;
    if (cache.size >= max) cache.clear();
    cache.set(key, value);
  }

  /** Small settings of the store itself (what was seeded, when); not content, no revision change. */
  async getMeta(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst();
    return row?.value;
  }
  async setMeta(key: string, value: string): Promise<void> {
    await this.db
      .insertInto("meta")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
      .execute();
  }

  private async site(siteId: string, revision: number): Promise<SiteRecord | undefined> {
    const cached = this.sites.get(siteId);
    if (cached) return cached;
    const row = await this.db.selectFrom("sites").select("doc").where("site_id", "=", siteId).executeTakeFirst();
    if (!row) return undefined;
    const site = siteRecordSchema.parse(JSON.parse(row.doc));
    this.keep(this.sites, siteId, site, revision, 10_000);
    return site;
  }

  async getSite(siteId: string): Promise<SiteRecord | undefined> {
    return this.site(siteId, await this.fresh());
  }

  /** The site a first load names by its domain. */
  async findSiteByDomain(domain: string): Promise<SiteRecord | undefined> {
    const revision = await this.fresh();
    const key = domain.toLowerCase();
    let siteId = this.domains.get(key);
    if (siteId === undefined) {
      const row = await this.db
        .selectFrom("site_domains")
        .select("site_id")
        .where("domain", "=", key)
        .executeTakeFirst();
      siteId = row?.site_id ?? null;
      // Unknown domains are remembered too (anyone may send one): bounded, cleared when full.
      this.keep(this.domains, key, siteId, revision, 10_000);
    }
    return siteId === null ? undefined : this.site(siteId, revision);
  }

  /** Every protected call starts here: the site ids are kept until the content changes. */
  async findSiteByMicrosite(micrositeId: string): Promise<SiteRecord | undefined> {
    const revision = await this.fresh();
    let siteId = this.microsites.get(micrositeId);
    if (siteId === undefined) {
      const row = await this.db
        .selectFrom("sites")
        .select("site_id")
        .where("microsite_id", "=", micrositeId)
        .executeTakeFirst();
      siteId = row?.site_id ?? null;
      this.keep(this.microsites, micrositeId, siteId, revision, 1000);
    }
    return siteId === null ? undefined : this.site(siteId, revision);
  }

  /** Every site, by id. */
  async listSites(): Promise<SiteRecord[]> {
    const revision = await this.fresh();
    const rows = await this.db
      .selectFrom("sites")
      .select(["site_id", "doc"])
      .orderBy(this.dialect.bytewise("site_id"))
      .execute();
    return rows.map((row) => {
      const cached = this.sites.get(row.site_id);
      if (cached) return cached;
      const site = siteRecordSchema.parse(JSON.parse(row.doc));
      this.keep(this.sites, row.site_id, site, revision, 10_000);
      return site;
    });
  }

  /** Writes sites and their domain names (a domain moves to the site that names it last). */
  private async writeSites(trx: Trx, sites: readonly SiteRecord[]): Promise<void> {
    for (const chunk of chunks(sites)) {
      await trx
        .insertInto("sites")
        .values(chunk.map((s) => ({ site_id: s.site_id, microsite_id: s.microsite_id, doc: JSON.stringify(s) })))
        .onConflict((oc) =>
          oc.column("site_id").doUpdateSet((eb) => ({
            microsite_id: eb.ref("excluded.microsite_id"),
            doc: eb.ref("excluded.doc"),
          })),
        )
        .execute();
      await trx
        .deleteFrom("site_domains")
        .where(
          "site_id",
          "in",
          chunk.map((s) => s.site_id),
        )
        .execute();
    }
    // One row per domain, since one INSERT … ON CONFLICT cannot touch a row twice.
    const domains = new Map<string, string>();
    for (const site of sites) for (const domain of site.domains) domains.set(domain.toLowerCase(), site.site_id);
    for (const chunk of chunks([...domains])) {
      await trx
        .insertInto("site_domains")
        .values(chunk.map(([domain, site_id]) => ({ domain, site_id })))
        .onConflict((oc) => oc.column("domain").doUpdateSet((eb) => ({ site_id: eb.ref("excluded.site_id") })))
        .execute();
    }
  }

  /** Creates or replaces a site and its domain names (a domain moves to the site that names it last). */
  async putSite(site: SiteRecord): Promise<void> {
    const parsed = siteRecordSchema.parse(site);
    await this.db.transaction().execute(async (trx) => {
      await this.writeSites(trx, [parsed]);
      await bumpRevisions(trx, "content");
    });
  }

  /**
   * A bulk load (`npm run seed:sites`): creates or replaces these sites, their domain names and
   * pages in one transaction with one revision change. New pages keep their `version`, replaced ones get the
   * stored version + 1 (an editor's open copy then conflicts), with no version check: a load, not an edit.
   */
  async importSites(entries: readonly SiteImport[]): Promise<void> {
    const sites = entries.map(({ site }) => siteRecordSchema.parse(site));
    const pages = entries.flatMap(({ site, pages }) =>
      pages.map((page) => ({ siteId: site.site_id, page: pageRecordSchema.parse(page) })),
    );
    const at = new Date().toISOString();
    const key = (siteId: string, pageId: string) => `${siteId}\u0000${pageId}`;
    await this.db.transaction().execute(async (trx) => {
      await this.writeSites(trx, sites);
      // An imported page keeps a version like a saved one: the documents it replaces first,
      // then the pages, then their versions (a few statements, whatever the count).
      const previous = new Map<string, string>();
      const versions = new Map<string, number>();
      for (const chunk of chunks(pages)) {
        const before = await trx
          .selectFrom("pages")
          .select(["site_id", "page_id", "doc"])
          .where((eb) =>
            eb(
              eb.refTuple("site_id", "page_id"),
              "in",
              chunk.map((p) => eb.tuple(p.siteId, p.page.page_id)),
            ),
          )
          .execute();
        for (const row of before) previous.set(key(row.site_id, row.page_id), row.doc);
        const saved = await trx
          .insertInto("pages")
          .values(
            chunk.map(({ siteId, page }) => ({
              site_id: siteId,
              page_id: page.page_id,
              path_fr: page.paths.fr,
              path_en: page.paths.en,
              version: page.version,
              doc: JSON.stringify(pageDocument(page)),
              updated_at: at,
            })),
          )
          .onConflict((oc) =>
            oc.columns(["site_id", "page_id"]).doUpdateSet((eb) => ({
              path_fr: eb.ref("excluded.path_fr"),
              path_en: eb.ref("excluded.path_en"),
              doc: eb.ref("excluded.doc"),
              updated_at: eb.ref("excluded.updated_at"),
              version: eb("pages.version", "+", 1),
            })),
          )
          .returning(["site_id", "page_id", "version"])
          .execute();
        for (const row of saved) versions.set(key(row.site_id, row.page_id), row.version);
      }
      await recordPageVersions(
        trx,
        pages.map(
          ({ siteId, page }): VersionWrite => ({
            siteId,
            page,
            version: versions.get(key(siteId, page.page_id)) ?? page.version,
            previousDoc: previous.get(key(siteId, page.page_id)),
            editor: undefined,
            at,
          }),
        ),
      );
      await bumpRevisions(trx, "content");
    });
  }

  /** The page having this path in either locale. */
  async findPageByPath(siteId: string, pagePath: string): Promise<PageRecord | undefined> {
    const revision = await this.fresh();
    const key = `${siteId}\u0000${pagePath}`;
    const cached = this.pages.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const row = await this.db
      .selectFrom("pages")
      .select(["doc", "version", "updated_at"])
      .where("site_id", "=", siteId)
      .where((eb) => eb.or([eb("path_fr", "=", pagePath), eb("path_en", "=", pagePath)]))
      .executeTakeFirst();
    const page = row ? pageOf(row) : null;
    this.keep(this.pages, key, page, revision, 5000);
    return page ?? undefined;
  }

  async getPage(siteId: string, pageId: string): Promise<PageRecord | undefined> {
    const row = await this.db
      .selectFrom("pages")
      .select(["doc", "version", "updated_at"])
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .executeTakeFirst();
    return row ? pageOf(row) : undefined;
  }

  /** Every page of a site, by French path. */
  async listPages(siteId: string): Promise<PageRecord[]> {
    const rows = await this.db
      .selectFrom("pages")
      .select(["doc", "version", "updated_at"])
      .where("site_id", "=", siteId)
      .orderBy(this.dialect.bytewise("path_fr"))
      .execute();
    return rows.map(pageOf);
  }

  /**
   * Creates or replaces a page. A new page keeps its `version`; a replaced one gets the
   * stored version + 1. With `expectedVersion`, replacing is refused when the stored
   * version differs ("conflict"); a path another page of the site uses is refused too.
   * Every successful save keeps a version of the page in the same transaction
   * (stores/page-versions.ts), saved by `editor` when given.
   */
  async savePage(
    siteId: string,
    page: PageRecord,
    expectedVersion?: number,
    editor?: VersionEditor,
    options: SavePageOptions = {},
  ): Promise<SavePageResult> {
    const parsed = pageRecordSchema.parse(page);
    const at = new Date().toISOString();
    try {
      return await this.db.transaction().execute(async (trx): Promise<SavePageResult> => {
        // The page as it was, for the new version's change summary; nothing moves it meanwhile
        // (PostgreSQL: its row stays locked until commit; SQLite: the write lock is ours).
        const previous = await this.dialect
          .forUpdate(
            trx.selectFrom("pages").select("doc").where("site_id", "=", siteId).where("page_id", "=", parsed.page_id),
          )
          .executeTakeFirst();
        // One statement creates the page or replaces it when its version is the expected one.
        const saved = await trx
          .insertInto("pages")
          .values({
            site_id: siteId,
            page_id: parsed.page_id,
            path_fr: parsed.paths.fr,
            path_en: parsed.paths.en,
            version: parsed.version,
            doc: JSON.stringify(pageDocument(parsed)),
            updated_at: at,
          })
          .onConflict((oc) => {
            const replace = oc.columns(["site_id", "page_id"]).doUpdateSet((eb) => ({
              path_fr: eb.ref("excluded.path_fr"),
              path_en: eb.ref("excluded.path_en"),
              doc: eb.ref("excluded.doc"),
              updated_at: eb.ref("excluded.updated_at"),
              version: eb("pages.version", "+", 1),
            }));
            return expectedVersion === undefined ? replace : replace.where("pages.version", "=", expectedVersion);
          })
          .returning("version")
          .executeTakeFirst();
        if (!saved) {
          const current = await trx
            .selectFrom("pages")
            .select("version")
            .where("site_id", "=", siteId)
            .where("page_id", "=", parsed.page_id)
            .executeTakeFirst();
          return { ok: false, reason: "conflict", version: current?.version ?? 0 };
        }
        await recordPageVersions(trx, [
          {
            siteId,
            page: parsed,
            version: saved.version,
            previousDoc: previous?.doc,
            editor,
            at,
            note: options.note,
            scheduledFor: options.scheduledFor,
          },
        ]);
        await bumpRevisions(trx, "content");
        // What must commit with the page or not at all (a scheduled publish's job).
        await options.inTransaction?.(trx, saved.version);
        return { ok: true, version: saved.version };
      });
    } catch (error) {
      // A path another page of the site has: the unique index on (site_id, path_fr or path_en).
      const violated = this.dialect.uniqueViolation(error);
      if (violated?.includes("path_fr")) return { ok: false, reason: "path-taken", path: parsed.paths.fr };
      if (violated?.includes("path_en")) return { ok: false, reason: "path-taken", path: parsed.paths.en };
      throw error;
    }
  }

  /** A variant of a site; undefined for an id the site does not have. Read on every page call that names one. */
  async getVariant(siteId: string, variantId: string): Promise<VariantRecord | undefined> {
    const revision = await this.fresh();
    const key = `${siteId}\u0000${variantId}`;
    const cached = this.variants.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const row = await this.db
      .selectFrom("variants")
      .select("doc")
      .where("site_id", "=", siteId)
      .where("variant_id", "=", variantId)
      .executeTakeFirst();
    const variant = row ? variantRecordSchema.parse(JSON.parse(row.doc)) : null;
    // Unknown ids are remembered too (anyone may type one): bounded, cleared when full.
    this.keep(this.variants, key, variant, revision, 1000);
    return variant ?? undefined;
  }

  /** Every variant of a site, by id. */
  async listVariants(siteId: string): Promise<VariantRecord[]> {
    const rows = await this.db
      .selectFrom("variants")
      .select("doc")
      .where("site_id", "=", siteId)
      .orderBy(this.dialect.bytewise("variant_id"))
      .execute();
    return rows.map((row) => variantRecordSchema.parse(JSON.parse(row.doc)));
  }

  /** Creates or replaces a variant. */
  async putVariant(siteId: string, variant: VariantRecord): Promise<void> {
    const parsed = variantRecordSchema.parse(variant);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("variants")
        .values({ site_id: siteId, variant_id: parsed.variant_id, doc: JSON.stringify(parsed) })
        .onConflict((oc) =>
          oc.columns(["site_id", "variant_id"]).doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })),
        )
        .execute();
      await bumpRevisions(trx, "content");
    });
  }

  /** Removes a variant; false when the site had no such variant. */
  async deleteVariant(siteId: string, variantId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom("variants")
        .where("site_id", "=", siteId)
        .where("variant_id", "=", variantId)
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows) > 0;
      if (deleted) await bumpRevisions(trx, "content");
      return deleted;
    });
  }

  async findRedirect(siteId: string, fromPath: string): Promise<RedirectRecord | undefined> {
    const row = await this.db
      .selectFrom("redirects")
      .select("doc")
      .where("site_id", "=", siteId)
      .where("from_path", "=", fromPath)
      .executeTakeFirst();
    return row ? redirectRecordSchema.parse(JSON.parse(row.doc)) : undefined;
  }

  async putRedirect(siteId: string, redirect: RedirectRecord): Promise<void> {
    const parsed = redirectRecordSchema.parse(redirect);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("redirects")
        .values({ site_id: siteId, from_path: parsed.from, doc: JSON.stringify(parsed) })
        .onConflict((oc) => oc.columns(["site_id", "from_path"]).doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })))
        .execute();
      await bumpRevisions(trx, "content");
    });
  }

  async getDemoBlocks(): Promise<unknown[]> {
    const row = await this.db.selectFrom("demo_blocks").select("doc").where("id", "=", 1).executeTakeFirst();
    return row ? (JSON.parse(row.doc) as unknown[]) : [];
  }

  async putDemoBlocks(blocks: unknown[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("demo_blocks")
        .values({ id: 1, doc: JSON.stringify(blocks) })
        .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })))
        .execute();
      await bumpRevisions(trx, "content");
    });
  }
}
