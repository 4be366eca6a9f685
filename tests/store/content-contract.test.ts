/**
 * The content store's contract (sites, pages, versions, redirects, demo blocks,
 * meta, the content revision), run against the embedded SQLite store and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "../../server/content/storage";
import type { PageRecord, SiteRecord } from "../../server/content/stores/content";
import { harnesses } from "./harness";

const site = (id: string, extra: Partial<SiteRecord> = {}): SiteRecord =>
  ({
    site_id: id,
    microsite_id: `ms-${id}`,
    site_key: `sk_${id}_0123456789`,
    name: `Site ${id}`,
    domains: [],
    ...extra,
  }) as SiteRecord;

const page = (id: string, fr: string, en: string, extra: Partial<PageRecord> = {}): PageRecord =>
  ({
    page_id: id,
    paths: { fr, en },
    title: { fr: `Titre ${id}`, en: `Title ${id}` },
    content: [
      {
        id: `${id}-text`,
        block_type: "text_block_1",
        block_params: { z_last: 1, a_first: 2 },
        fields: { fr: { title: "Élan", zeta: "z", alpha: "a" }, en: { title: "Drive" } },
      },
    ],
    version: 1,
    ...extra,
  }) as PageRecord;

describe.each(harnesses)("$kind content store", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
  });
  afterAll(() => db.cleanup());

  describe("sites", () => {
    it("stores a site and reads it back parsed, with its defaults", async () => {
      await store.content.putSite(site("s1", { domains: ["Julie.Example", "www.julie.example"] }));
      const read = await store.content.getSite("s1");
      expect(read).toMatchObject({ site_id: "s1", microsite_id: "ms-s1", name: "Site s1", site_type: "broker" });
      expect(read?.theme.preset).toBe("blue");
      expect(read?.domains).toEqual(["Julie.Example", "www.julie.example"]);
      expect(await store.content.getSite("nope")).toBeUndefined();
    });

    it("finds a site by domain name whatever its case, and by microsite id", async () => {
      expect((await store.content.findSiteByDomain("julie.example"))?.site_id).toBe("s1");
      expect((await store.content.findSiteByDomain("WWW.JULIE.EXAMPLE"))?.site_id).toBe("s1");
      expect(await store.content.findSiteByDomain("unknown.example")).toBeUndefined();
      expect((await store.content.findSiteByMicrosite("ms-s1"))?.site_id).toBe("s1");
      expect(await store.content.findSiteByMicrosite("ms-unknown")).toBeUndefined();
    });

    it("moves a domain to the site that names it last, and drops domains a site no longer lists", async () => {
      await store.content.putSite(site("s2", { domains: ["julie.example"] }));
      expect((await store.content.findSiteByDomain("julie.example"))?.site_id).toBe("s2");
      await store.content.putSite(site("s2", { domains: [] }));
      expect(await store.content.findSiteByDomain("julie.example")).toBeUndefined();
      expect((await store.content.findSiteByDomain("www.julie.example"))?.site_id).toBe("s1");
    });

    it("follows a renamed microsite id at once", async () => {
      await store.content.putSite(site("s3"));
      expect((await store.content.findSiteByMicrosite("ms-s3"))?.site_id).toBe("s3");
      await store.content.putSite(site("s3", { microsite_id: "ms-renamed" }));
      expect(await store.content.findSiteByMicrosite("ms-s3")).toBeUndefined();
      expect((await store.content.findSiteByMicrosite("ms-renamed"))?.site_id).toBe("s3");
    });

    it("lists sites in byte order of their ids", async () => {
      await store.content.putSite(site("Z-upper"));
      await store.content.putSite(site("a-lower"));
      const ids = (await store.content.listSites()).map((s) => s.site_id);
      expect(ids).toEqual(["Z-upper", "a-lower", "s1", "s2", "s3"]);
    });
  });

  describe("pages", () => {
    beforeAll(async () => {
      await store.content.putSite(site("p"));
      await store.content.putSite(site("q"));
    });

    it("creates a page with its version and finds it by either locale's path", async () => {
      const about = page("about", "/fr/a-propos", "/en/about", { version: 3 });
      expect(await store.content.savePage("p", about)).toEqual({ ok: true, version: 3 });
      const byFr = await store.content.findPageByPath("p", "/fr/a-propos");
      const byEn = await store.content.findPageByPath("p", "/en/about");
      expect(byFr?.page_id).toBe("about");
      expect(byEn?.page_id).toBe("about");
      expect(byFr?.version).toBe(3);
      expect(byFr?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await store.content.findPageByPath("p", "/fr/ailleurs")).toBeUndefined();
    });

    it("keeps a page's content exactly as saved, key order included", async () => {
      const saved = page("exact", "/fr/exact", "/en/exact");
      await store.content.savePage("p", saved);
      const read = await store.content.getPage("p", "exact");
      expect(JSON.stringify(read?.content)).toBe(JSON.stringify(saved.content));
      expect(read?.title).toEqual(saved.title);
    });

    it("keeps each site's pages to itself", async () => {
      await store.content.savePage("q", page("about", "/fr/a-propos", "/en/about", { title: { fr: "Q", en: "Q" } }));
      expect((await store.content.findPageByPath("q", "/fr/a-propos"))?.title.fr).toBe("Q");
      expect((await store.content.findPageByPath("p", "/fr/a-propos"))?.title.fr).toBe("Titre about");
      expect(await store.content.getPage("q", "exact")).toBeUndefined();
    });

    it("bumps the version on every save and refuses a save from a stale version", async () => {
      const first = page("versions", "/fr/versions", "/en/versions");
      expect(await store.content.savePage("p", first)).toEqual({ ok: true, version: 1 });
      expect(await store.content.savePage("p", first)).toEqual({ ok: true, version: 2 });
      const edited = { ...first, title: { fr: "Modifié", en: "Edited" } };
      expect(await store.content.savePage("p", edited, 2)).toEqual({ ok: true, version: 3 });
      const stale = { ...first, title: { fr: "Périmé", en: "Stale" } };
      expect(await store.content.savePage("p", stale, 2)).toEqual({ ok: false, reason: "conflict", version: 3 });
      const read = await store.content.getPage("p", "versions");
      expect(read?.title.fr).toBe("Modifié");
      expect(read?.version).toBe(3);
    });

    it("lets one of two concurrent saves from the same version win", async () => {
      await store.content.savePage("p", page("race", "/fr/course", "/en/race"));
      const a = { ...page("race", "/fr/course", "/en/race"), title: { fr: "A", en: "A" } };
      const b = { ...page("race", "/fr/course", "/en/race"), title: { fr: "B", en: "B" } };
      const results = await Promise.all([store.content.savePage("p", a, 1), other.content.savePage("p", b, 1)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "conflict", version: 2 });
      const winner = results[0]!.ok ? "A" : "B";
      expect((await other.content.getPage("p", "race"))?.title.fr).toBe(winner);
    });

    it("refuses a path another page of the site uses, and changes nothing", async () => {
      const before = await store.content.revision();
      const clash = page("clash", "/fr/a-propos", "/en/clash");
      expect(await store.content.savePage("p", clash)).toEqual({
        ok: false,
        reason: "path-taken",
        path: "/fr/a-propos",
      });
      const clashEn = page("clash", "/fr/clash", "/en/about");
      expect(await store.content.savePage("p", clashEn)).toEqual({
        ok: false,
        reason: "path-taken",
        path: "/en/about",
      });
      expect(await store.content.getPage("p", "clash")).toBeUndefined();
      expect(await store.content.revision()).toBe(before);
      // Another site may use the same path.
      await store.content.putSite(site("r"));
      expect((await store.content.savePage("r", clash)).ok).toBe(true);
    });

    it("moves a page to new paths", async () => {
      await store.content.savePage("p", page("moving", "/fr/avant", "/en/before"));
      await store.content.savePage("p", page("moving", "/fr/apres", "/en/after"));
      expect(await store.content.findPageByPath("p", "/fr/avant")).toBeUndefined();
      expect((await store.content.findPageByPath("p", "/en/after"))?.page_id).toBe("moving");
    });

    it("lists a site's pages by French path", async () => {
      const paths = (await store.content.listPages("p")).map((p) => p.paths.fr);
      expect(paths).toEqual([...paths].sort());
      expect(paths).toContain("/fr/a-propos");
      expect(paths).not.toContain("/fr/clash");
      expect(await store.content.listPages("nobody")).toEqual([]);
    });
  });

  describe("redirects, demo blocks and meta", () => {
    it("stores, replaces and finds redirects per site", async () => {
      await store.content.putRedirect("p", { from: "/fr/vieux", to: "/fr/neuf", status: 301 });
      expect(await store.content.findRedirect("p", "/fr/vieux")).toEqual({
        from: "/fr/vieux",
        to: "/fr/neuf",
        status: 301,
      });
      await store.content.putRedirect("p", { from: "/fr/vieux", to: "/fr/autre", status: 302 });
      expect(await store.content.findRedirect("p", "/fr/vieux")).toEqual({
        from: "/fr/vieux",
        to: "/fr/autre",
        status: 302,
      });
      expect(await store.content.findRedirect("q", "/fr/vieux")).toBeUndefined();
    });

    it("stores the demo blocks as given", async () => {
      expect(await store.content.getDemoBlocks()).toEqual([]);
      const blocks = [{ id: "b1", block_type: "x", fields: { fr: { z: 1, a: 2 } } }, { id: "b2" }];
      await store.content.putDemoBlocks(blocks);
      expect(JSON.stringify(await store.content.getDemoBlocks())).toBe(JSON.stringify(blocks));
    });

    it("keeps settings in meta without changing the content revision", async () => {
      const before = await store.content.revision();
      expect(await store.content.getMeta("seeded")).toBeUndefined();
      await store.content.setMeta("seeded", "yes");
      await store.content.setMeta("seeded", "again");
      expect(await store.content.getMeta("seeded")).toBe("again");
      expect(await store.content.revision()).toBe(before);
    });
  });

  describe("variants", () => {
    const spring = (name = "Campagne du printemps") => ({
      variant_id: "printemps",
      name,
      color: "green" as const,
      footer: [{ id: "f", block_type: "footer_classic_block", block_params: {}, fields: { fr: {}, en: {} } }],
      pages: {
        home: { content: [{ id: "spring-hero", block_type: "text_block_1", fields: { fr: { title: "Printemps" } } }] },
      },
    });

    it("stores a site's variants and reads them back parsed, per site", async () => {
      await store.content.putSite(site("v1"));
      await store.content.putSite(site("v2"));
      expect(await store.content.getVariant("v1", "printemps")).toBeUndefined();
      expect(await store.content.listVariants("v1")).toEqual([]);
      await store.content.putVariant("v1", spring());
      await store.content.putVariant("v1", { variant_id: "automne", name: "Automne", color: "deep-purple", pages: {} });
      const read = await store.content.getVariant("v1", "printemps");
      expect(read).toMatchObject({ variant_id: "printemps", name: "Campagne du printemps", color: "green" });
      expect(read?.header).toBeUndefined();
      expect(read?.footer).toHaveLength(1);
      expect(read?.pages.home?.content).toEqual(spring().pages.home.content);
      expect((await store.content.listVariants("v1")).map((v) => v.variant_id)).toEqual(["automne", "printemps"]);
      // Another site has none of them.
      expect(await store.content.getVariant("v2", "printemps")).toBeUndefined();
      expect(await store.content.listVariants("v2")).toEqual([]);
    });

    it("replaces a variant, refuses an id that could not travel in a link, and deletes", async () => {
      await store.content.putVariant("v1", spring("Printemps 2026"));
      expect((await store.content.getVariant("v1", "printemps"))?.name).toBe("Printemps 2026");
      await expect(store.content.putVariant("v1", { ...spring(), variant_id: "a b/c" })).rejects.toThrow();
      await expect(
        store.content.putVariant("v1", { ...spring(), color: "turquoise" as unknown as "teal" }),
      ).rejects.toThrow();
      expect(await store.content.deleteVariant("v1", "automne")).toBe(true);
      expect(await store.content.deleteVariant("v1", "automne")).toBe(false);
      expect((await store.content.listVariants("v1")).map((v) => v.variant_id)).toEqual(["printemps"]);
    });

    it("moves the content revision on every write, and the other process sees it at once", async () => {
      // The second instance reads (and caches) the variant first.
      expect((await other.content.getVariant("v1", "printemps"))?.name).toBe("Printemps 2026");
      expect(await other.content.getVariant("v1", "ete")).toBeUndefined();
      const before = await store.content.revision();
      await store.content.putVariant("v1", spring("Nouveau nom"));
      const afterPut = await store.content.revision();
      expect(afterPut).toBeGreaterThan(before);
      expect((await other.content.getVariant("v1", "printemps"))?.name).toBe("Nouveau nom");
      await store.content.putVariant("v1", { variant_id: "ete", name: "Été", color: "amber", pages: {} });
      expect((await other.content.getVariant("v1", "ete"))?.color).toBe("amber");
      await store.content.deleteVariant("v1", "printemps");
      expect(await store.content.revision()).toBeGreaterThan(afterPut);
      expect(await other.content.getVariant("v1", "printemps")).toBeUndefined();
    });
  });

  describe("bulk import of sites", () => {
    it("writes sites, their domains and pages in one call; a domain named twice goes to the last site", async () => {
      await store.content.importSites([
        { site: site("bulk-a", { domains: ["bulk.example", "A.bulk.example"] }), pages: [page("home", "/fr", "/en")] },
        { site: site("bulk-b", { domains: ["bulk.example"] }), pages: [page("about", "/fr/a-propos", "/en/about")] },
      ]);
      expect((await other.content.findSiteByDomain("bulk.example"))?.site_id).toBe("bulk-b");
      expect((await other.content.findSiteByDomain("a.bulk.example"))?.site_id).toBe("bulk-a");
      expect((await other.content.findPageByPath("bulk-a", "/en"))?.version).toBe(1);
      expect((await other.content.findPageByPath("bulk-b", "/fr/a-propos"))?.page_id).toBe("about");
      // Imported again: the same records replaced, the page's version moves on.
      await store.content.importSites([
        { site: site("bulk-a", { domains: ["a.bulk.example"] }), pages: [page("home", "/fr", "/en")] },
      ]);
      expect((await other.content.getPage("bulk-a", "home"))?.version).toBe(2);
      expect((await other.content.findSiteByDomain("bulk.example"))?.site_id).toBe("bulk-b");
      // Each import kept a version of the page, as a save does (the history has no hole).
      const history = await store.pageVersions.list("bulk-a", "home");
      expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
      expect((await store.pageVersions.get("bulk-a", "home", 1))?.page.paths).toEqual({ fr: "/fr", en: "/en" });
    });
  });

  describe("revision", () => {
    it("changes on every content write and never on a read", async () => {
      const writes: [string, () => Promise<unknown>][] = [
        ["putSite", () => store.content.putSite(site("rev"))],
        ["savePage", () => store.content.savePage("rev", page("home", "/fr", "/en"))],
        ["putRedirect", () => store.content.putRedirect("rev", { from: "/fr/a", to: "/fr", status: 301 })],
        ["putDemoBlocks", () => store.content.putDemoBlocks([])],
        [
          "importSites",
          () =>
            store.content.importSites([
              { site: site("rev-bulk", { domains: ["rev-bulk.example"] }), pages: [page("home", "/fr", "/en")] },
            ]),
        ],
        ["listings.replaceMunicipalities", () => store.listings.replaceMunicipalities([])],
        ["listings.replaceAll", () => store.listings.replaceAll([])],
        ["articles.replaceAll", () => store.articles.replaceAll([], [])],
      ];
      for (const [name, write] of writes) {
        const before = await store.content.revision();
        await store.content.getSite("rev");
        await store.content.findPageByPath("rev", "/fr");
        await store.content.listPages("rev");
        expect(await store.content.revision(), `${name}: reads`).toBe(before);
        await write();
        expect(await store.content.revision(), name).not.toBe(before);
        // Every other process on the database sees the same revision.
        expect(await other.content.revision(), `${name} from another instance`).toBe(await store.content.revision());
      }
    });

    it("does not change for submissions or rate-limit buckets", async () => {
      const before = await store.content.revision();
      await store.submissions.insert({ site_id: "rev", type: "contact_form", locale: "fr", payload: {} });
      await store.rateLimits.take("rev", 10, 60_000, Date.now());
      expect(await store.content.revision()).toBe(before);
    });
  });

  describe("two instances on one database (two web processes)", () => {
    it("sees a page published by the other on the next read, in both locales", async () => {
      await store.content.putSite(site("shared"));
      await store.content.savePage("shared", page("home", "/fr/accueil", "/en/home"));
      // The second instance reads (and caches) the page first.
      expect((await other.content.findPageByPath("shared", "/fr/accueil"))?.title.fr).toBe("Titre home");
      const edited = page("home", "/fr/accueil", "/en/home", { title: { fr: "Nouveau", en: "New" } });
      expect((await store.content.savePage("shared", edited, 1)).ok).toBe(true);
      expect((await other.content.findPageByPath("shared", "/fr/accueil"))?.title.fr).toBe("Nouveau");
      expect((await other.content.findPageByPath("shared", "/en/home"))?.title.en).toBe("New");
      expect((await other.content.getPage("shared", "home"))?.version).toBe(2);
    });

    it("sees a site changed by the other on the next read", async () => {
      expect((await other.content.getSite("shared"))?.name).toBe("Site shared");
      expect((await other.content.findSiteByMicrosite("ms-shared"))?.site_id).toBe("shared");
      await store.content.putSite(site("shared", { name: "Renamed", microsite_id: "ms-shared-2" }));
      expect((await other.content.getSite("shared"))?.name).toBe("Renamed");
      expect(await other.content.findSiteByMicrosite("ms-shared")).toBeUndefined();
      expect((await other.content.findSiteByMicrosite("ms-shared-2"))?.name).toBe("Renamed");
    });
  });
});
