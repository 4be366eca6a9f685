/**
 * Sites, pages, redirects, variants and demo blocks, with the content revision and the store's
 * own settings (meta). Records come back parsed with their zod schemas (content-records.ts).
 *
 * Parsed sites, pages and variants are cached in the process: they are read on every request
 * and written rarely. A cache holds what was read at one content revision, which every call
 * reads first (one primary-key read), so a write by any process empties it on the next call.
 */

import type { SiteInfo } from "../../../schema/site-info";
import type { Theme } from "../../../schema/theme";
import type { Db, StoreDialect, Trx } from "../db/dialect";
import { bumpRevisions, Revisions } from "../db/queries";
import {
  type Author,
  type PageRecord,
  pageDocument,
  pageRecordSchema,
  type RedirectRecord,
  redirectRecordSchema,
  type SavePageResult,
  type SiteImport,
  type SiteRecord,
  siteRecordSchema,
  type VariantInput,
  type VariantPage,
  type VariantRecord,
  type VersionedWrite,
  variantRecordSchema,
} from "./content-records";
import { recordPageVersions, type VersionEditor, type VersionWrite } from "./page-versions";
import {
  applyMoves,
  contactRewriter,
  type PathMove,
  pathOf,
  type RedirectProblem,
  redirectProblem,
  rewriteSiteContent,
} from "./site-structure";

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

/** A variant named as the site's active one does not exist. */
export class UnknownVariant extends Error {}

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

  /** Who saved each page's current version (page id → editor; absent for fixtures and scripts). */
  async pageEditors(siteId: string): Promise<Map<string, Author>> {
    const rows = await this.db
      .selectFrom("page_versions as v")
      .innerJoin("pages as p", (join) =>
        join
          .onRef("p.site_id", "=", "v.site_id")
          .onRef("p.page_id", "=", "v.page_id")
          .onRef("p.version", "=", "v.version"),
      )
      .select(["v.page_id", "v.editor_id", "v.editor_name"])
      .where("v.site_id", "=", siteId)
      .where("v.editor_id", "is not", null)
      .execute();
    return new Map(rows.map((r) => [r.page_id, { id: r.editor_id ?? "", name: r.editor_name ?? "" }]));
  }

  /**
   * Deletes a page and says what its addresses do from now on: redirect (301) to another page's,
   * or answer 410 (gone). Redirects that led to it lead on (or answer 410 too), links to it in
   * headers and footers follow it (or leave the menus), variants forget it; its versions and
   * lock go with it. One transaction: a visitor never meets a 404 in between.
   */
  async deletePage(
    siteId: string,
    pageId: string,
    fate: { redirect_to: string } | { gone: true },
    author?: Author,
  ): Promise<{ ok: true; moves: PathMove[] } | { ok: false; reason: "not-found" | "bad-target" }> {
    const at = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const row = await this.dialect
        .forUpdate(trx.selectFrom("pages").select("doc").where("site_id", "=", siteId).where("page_id", "=", pageId))
        .executeTakeFirst();
      if (!row) return { ok: false as const, reason: "not-found" as const };
      const page = pageRecordSchema.parse({ ...JSON.parse(row.doc), version: 1 });
      let target: PageRecord | undefined;
      if ("redirect_to" in fate) {
        if (fate.redirect_to === pageId) return { ok: false as const, reason: "bad-target" as const };
        const targetRow = await trx
          .selectFrom("pages")
          .select("doc")
          .where("site_id", "=", siteId)
          .where("page_id", "=", fate.redirect_to)
          .executeTakeFirst();
        if (!targetRow) return { ok: false as const, reason: "bad-target" as const };
        target = pageRecordSchema.parse({ ...JSON.parse(targetRow.doc), version: 1 });
      }
      await trx.deleteFrom("pages").where("site_id", "=", siteId).where("page_id", "=", pageId).execute();
      await trx.deleteFrom("page_versions").where("site_id", "=", siteId).where("page_id", "=", pageId).execute();
      await trx.deleteFrom("page_locks").where("site_id", "=", siteId).where("page_id", "=", pageId).execute();
      // Its drafts (its own and its variants') and a pending scheduled publish go with it: the page
      // would otherwise come back as a new page's draft, or be published again.
      await trx.deleteFrom("page_drafts").where("site_id", "=", siteId).where("page_id", "=", pageId).execute();
      await trx
        .updateTable("publish_jobs")
        .set({ state: "cancelled", finished_at: at })
        .where("site_id", "=", siteId)
        .where("page_id", "=", pageId)
        .where("state", "=", "pending")
        .execute();
      const variants = await trx
        .selectFrom("variants")
        .select(["variant_id", "doc"])
        .where("site_id", "=", siteId)
        .execute();
      for (const v of variants) {
        const variant = variantRecordSchema.parse(JSON.parse(v.doc));
        if (!(pageId in variant.pages)) continue;
        const { [pageId]: _gone, ...pages } = variant.pages;
        await trx
          .updateTable("variants")
          .set({ doc: JSON.stringify({ ...variant, pages, version: variant.version + 1 }) })
          .where("site_id", "=", siteId)
          .where("variant_id", "=", v.variant_id)
          .execute();
      }
      const moves: PathMove[] = (["fr", "en"] as const).map((l) => ({
        from: page.paths[l],
        to: target ? target.paths[l] : null,
      }));
      const live = target ? new Set([target.paths.fr, target.paths.en]) : new Set<string>();
      await applyMoves(trx, siteId, moves, live, "delete", author, at);
      await bumpRevisions(trx, "content");
      return { ok: true as const, moves };
    });
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
        // The page lives at its paths now: a redirect standing there would hide it. A renamed
        // page's old paths redirect to its new ones, and links in headers and footers follow.
        const live = [parsed.paths.fr, parsed.paths.en];
        await trx.deleteFrom("redirects").where("site_id", "=", siteId).where("from_path", "in", live).execute();
        if (previous) {
          const before = pageRecordSchema.parse({ ...JSON.parse(previous.doc), version: 1 }).paths;
          const moves: PathMove[] = (["fr", "en"] as const)
            .filter((l) => before[l] !== parsed.paths[l])
            .map((l) => ({ from: before[l], to: parsed.paths[l] }));
          await applyMoves(trx, siteId, moves, new Set(live), "rename", editor, at);
        }
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
  async putVariant(siteId: string, variant: VariantInput): Promise<void> {
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
      if (deleted) {
        // Its drafts of pages go with it (a variant made again with this name starts clean).
        await trx.deleteFrom("page_drafts").where("site_id", "=", siteId).where("variant_id", "=", variantId).execute();
        // A campaign that ends takes the site's active variant with it.
        const row = await trx.selectFrom("sites").select("doc").where("site_id", "=", siteId).executeTakeFirst();
        const site = row ? siteRecordSchema.parse(JSON.parse(row.doc)) : undefined;
        if (site?.active_variant_id === variantId) {
          const { active_variant_id: _gone, ...rest } = site;
          await trx
            .updateTable("sites")
            .set({ doc: JSON.stringify(rest) })
            .where("site_id", "=", siteId)
            .execute();
        }
        await bumpRevisions(trx, "content");
      }
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

  /** Every redirect of a site, by the address it redirects. */
  async listRedirects(siteId: string): Promise<RedirectRecord[]> {
    const rows = await this.db
      .selectFrom("redirects")
      .select("doc")
      .where("site_id", "=", siteId)
      .orderBy(this.dialect.bytewise("from_path"))
      .execute();
    return rows.map((row) => redirectRecordSchema.parse(JSON.parse(row.doc)));
  }

  /** The site's redirects and the paths its pages live at, read inside a write. */
  private async redirectContext(trx: Trx, siteId: string) {
    const rows = await trx.selectFrom("redirects").select("doc").where("site_id", "=", siteId).execute();
    const pages = await trx.selectFrom("pages").select(["path_fr", "path_en"]).where("site_id", "=", siteId).execute();
    return {
      redirects: rows.map((row) => redirectRecordSchema.parse(JSON.parse(row.doc))),
      pagePaths: new Set(pages.flatMap((p) => [p.path_fr, p.path_en])),
    };
  }

  /**
   * Creates a redirect, or replaces the one at `replacing` (an edit, which may change its
   * address), after the rules of site-structure.ts: no loop, no chain, never over a page. A new
   * redirect at an address another one already has is "exists".
   */
  async saveRedirect(
    siteId: string,
    redirect: RedirectRecord,
    replacing?: string,
  ): Promise<{ ok: true } | { ok: false; reason: RedirectProblem | "exists" | "not-found" }> {
    const parsed = redirectRecordSchema.parse({ ...redirect, from: pathOf(redirect.from) });
    return this.db.transaction().execute(async (trx) => {
      const { redirects, pagePaths } = await this.redirectContext(trx, siteId);
      const kept = replacing === undefined ? undefined : pathOf(replacing);
      if (kept !== undefined && !redirects.some((r) => r.from === kept))
        return { ok: false as const, reason: "not-found" as const };
      if (parsed.from !== kept && redirects.some((r) => r.from === parsed.from))
        return { ok: false as const, reason: "exists" as const };
      const others = redirects.filter((r) => r.from !== kept && r.from !== parsed.from);
      const problem = redirectProblem(parsed, others, pagePaths);
      if (problem) return { ok: false as const, reason: problem };
      if (kept !== undefined && kept !== parsed.from)
        await trx.deleteFrom("redirects").where("site_id", "=", siteId).where("from_path", "=", kept).execute();
      await trx
        .insertInto("redirects")
        .values({ site_id: siteId, from_path: parsed.from, doc: JSON.stringify(parsed) })
        .onConflict((oc) => oc.columns(["site_id", "from_path"]).doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })))
        .execute();
      await bumpRevisions(trx, "content");
      return { ok: true as const };
    });
  }

  /** Removes the redirect of an address; false when the site had none there. */
  async deleteRedirect(siteId: string, from: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom("redirects")
        .where("site_id", "=", siteId)
        .where("from_path", "=", pathOf(from))
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows) > 0;
      if (deleted) await bumpRevisions(trx, "content");
      return deleted;
    });
  }

  /**
   * Adds or replaces many redirects at once (a CSV import): all of them or none. Each is checked
   * against the site's redirects as they will be after the import; refusals come back by their
   * position in `list` (two rows for one address are a "duplicate").
   */
  async importRedirects(
    siteId: string,
    list: readonly RedirectRecord[],
  ): Promise<{ ok: true; count: number } | { ok: false; errors: { index: number; reason: string }[] }> {
    const parsed = list.map((r) => redirectRecordSchema.parse({ ...r, from: pathOf(r.from) }));
    return this.db.transaction().execute(async (trx) => {
      const { redirects, pagePaths } = await this.redirectContext(trx, siteId);
      const imported = new Set(parsed.map((r) => r.from));
      const after = [...redirects.filter((r) => !imported.has(r.from)), ...parsed];
      const errors: { index: number; reason: string }[] = [];
      const seen = new Set<string>();
      parsed.forEach((redirect, index) => {
        if (seen.has(redirect.from)) errors.push({ index, reason: "duplicate" });
        seen.add(redirect.from);
        const problem = redirectProblem(
          redirect,
          after.filter((r) => r !== redirect),
          pagePaths,
        );
        if (problem) errors.push({ index, reason: problem });
      });
      if (errors.length > 0) return { ok: false as const, errors };
      for (const redirect of parsed) {
        await trx
          .insertInto("redirects")
          .values({ site_id: siteId, from_path: redirect.from, doc: JSON.stringify(redirect) })
          .onConflict((oc) =>
            oc.columns(["site_id", "from_path"]).doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })),
          )
          .execute();
      }
      if (parsed.length > 0) await bumpRevisions(trx, "content");
      return { ok: true as const, count: parsed.length };
    });
  }

  // ---- site-wide settings the studio edits: header and footer, information, theme, variants ----

  /**
   * Reads the site inside a write, locked until commit, and writes what `change` makes of it
   * when the version `versionOf` reads is `expected`; the version then moves by one.
   */
  private async updateSite(
    siteId: string,
    expected: number,
    versionOf: (site: SiteRecord) => number,
    change: (site: SiteRecord, trx: Trx) => SiteRecord | Promise<SiteRecord>,
  ): Promise<VersionedWrite> {
    return this.db.transaction().execute(async (trx): Promise<VersionedWrite> => {
      const row = await this.dialect
        .forUpdate(trx.selectFrom("sites").select("doc").where("site_id", "=", siteId))
        .executeTakeFirst();
      if (!row) return { ok: false, reason: "not-found" };
      const site = siteRecordSchema.parse(JSON.parse(row.doc));
      if (versionOf(site) !== expected) return { ok: false, reason: "conflict", version: versionOf(site) };
      const next = siteRecordSchema.parse(await change(site, trx));
      await trx
        .updateTable("sites")
        .set({ doc: JSON.stringify(next) })
        .where("site_id", "=", siteId)
        .execute();
      await bumpRevisions(trx, "content");
      return { ok: true, version: versionOf(next) };
    });
  }

  /** Replaces the site's header and footer blocks (every page shows them), from `expected`. */
  saveChrome(siteId: string, chrome: { header: unknown[]; footer: unknown[] }, expected: number) {
    return this.updateSite(
      siteId,
      expected,
      (s) => s.chrome_version,
      (site) => ({ ...site, header: chrome.header, footer: chrome.footer, chrome_version: site.chrome_version + 1 }),
    );
  }

  /**
   * Replaces the site's information (schema/site-info.ts), from `expected`. A new phone number
   * or e-mail also replaces the old one wherever the site's pages, variants, header and footer
   * write it (a contact block, a rich text's link), each changed page getting a new version.
   */
  saveSiteInfo(siteId: string, info: SiteInfo, expected: number, author?: Author) {
    const at = new Date().toISOString();
    return this.updateSite(
      siteId,
      expected,
      (s) => s.info_version,
      async (site, trx) => {
        const rewrite = contactRewriter(site.info, info);
        const chrome = rewrite ? await rewriteSiteContent(trx, siteId, site, rewrite, author, at) : site;
        return {
          ...site,
          ...chrome,
          info,
          name: info.name,
          metadata: info.favicon ? { ...site.metadata, favicon: info.favicon } : site.metadata,
          info_version: site.info_version + 1,
        };
      },
    );
  }

  /**
   * Publishes a theme for the whole site, from the theme version `expected`, and keeps it as a
   * version (who, when). The theme a site had before its first publish is kept as version 1 then,
   * so it can always be restored.
   */
  publishTheme(siteId: string, theme: Theme, expected: number, author?: Author) {
    const at = new Date().toISOString();
    return this.updateSite(
      siteId,
      expected,
      (s) => s.theme_version,
      async (site, trx) => {
        const current = await trx
          .selectFrom("theme_versions")
          .select("version")
          .where("site_id", "=", siteId)
          .where("version", "=", site.theme_version)
          .executeTakeFirst();
        if (!current) {
          await trx
            .insertInto("theme_versions")
            .values({
              site_id: siteId,
              version: site.theme_version,
              doc: JSON.stringify(site.theme),
              editor_id: null,
              editor_name: null,
              created_at: at,
            })
            .execute();
        }
        const version = site.theme_version + 1;
        await trx
          .insertInto("theme_versions")
          .values({
            site_id: siteId,
            version,
            doc: JSON.stringify(theme),
            editor_id: author?.id ?? null,
            editor_name: author?.name ?? null,
            created_at: at,
          })
          .execute();
        return { ...site, theme, theme_version: version };
      },
    );
  }

  /** A site's published themes, newest first; before the first publish, its theme as version 1. */
  async listThemeVersions(
    siteId: string,
  ): Promise<{ version: number; theme: Theme; editor: Author | null; created_at: string | null }[]> {
    const site = await this.getSite(siteId);
    if (!site) return [];
    const rows = await this.db
      .selectFrom("theme_versions")
      .selectAll()
      .where("site_id", "=", siteId)
      .orderBy("version", "desc")
      .limit(200)
      .execute();
    if (rows.length === 0) return [{ version: site.theme_version, theme: site.theme, editor: null, created_at: null }];
    return rows.map((row) => ({
      version: row.version,
      theme: siteRecordSchema.shape.theme.parse(JSON.parse(row.doc)),
      editor: row.editor_id ? { id: row.editor_id, name: row.editor_name ?? "" } : null,
      created_at: row.created_at,
    }));
  }

  /** Makes a variant the one every visitor sees (a campaign), or none. */
  setActiveVariant(siteId: string, variantId: string | null, expected: number) {
    return this.updateSite(
      siteId,
      expected,
      (s) => s.chrome_version,
      async (site, trx) => {
        if (variantId !== null) {
          const exists = await trx
            .selectFrom("variants")
            .select("variant_id")
            .where("site_id", "=", siteId)
            .where("variant_id", "=", variantId)
            .executeTakeFirst();
          if (!exists) throw new UnknownVariant();
        }
        const { active_variant_id: _old, ...rest } = site;
        return {
          ...rest,
          ...(variantId === null ? {} : { active_variant_id: variantId }),
          chrome_version: site.chrome_version + 1,
        };
      },
    );
  }

  /**
   * Writes a variant from the version it was edited from (`expected`; undefined creates it, and
   * an id already taken is a conflict). `change` makes the new record from the stored one.
   */
  async saveVariant(
    siteId: string,
    variantId: string,
    expected: number | undefined,
    change: (current: VariantRecord | undefined) => VariantRecord,
  ): Promise<VersionedWrite> {
    return this.db.transaction().execute(async (trx): Promise<VersionedWrite> => {
      const site = await trx.selectFrom("sites").select("site_id").where("site_id", "=", siteId).executeTakeFirst();
      if (!site) return { ok: false, reason: "not-found" };
      const row = await this.dialect
        .forUpdate(
          trx.selectFrom("variants").select("doc").where("site_id", "=", siteId).where("variant_id", "=", variantId),
        )
        .executeTakeFirst();
      const current = row ? variantRecordSchema.parse(JSON.parse(row.doc)) : undefined;
      if (expected === undefined ? current !== undefined : current?.version !== expected) {
        if (!current) return { ok: false, reason: "not-found" };
        return { ok: false, reason: "conflict", version: current.version };
      }
      const next = variantRecordSchema.parse({
        ...change(current),
        variant_id: variantId,
        version: current ? current.version + 1 : 1,
      });
      await trx
        .insertInto("variants")
        .values({ site_id: siteId, variant_id: variantId, doc: JSON.stringify(next) })
        .onConflict((oc) =>
          oc.columns(["site_id", "variant_id"]).doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })),
        )
        .execute();
      await bumpRevisions(trx, "content");
      return { ok: true, version: next.version };
    });
  }

  /** A variant's own content of one page (null: the page shows its default content again). */
  saveVariantPage(siteId: string, variantId: string, pageId: string, own: VariantPage | null, expected: number) {
    return this.saveVariant(siteId, variantId, expected, (current) => {
      const { [pageId]: _old, ...pages } = current?.pages ?? {};
      return { ...(current as VariantRecord), pages: own ? { ...pages, [pageId]: own } : pages };
    });
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
