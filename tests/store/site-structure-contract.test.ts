/**
 * The content store's writes that run a site (issue 29), on SQLite and PostgreSQL: a rename
 * and a deletion move addresses, redirects and links in one transaction; redirects keep their
 * rules inside the write; header and footer, information, theme and variants are written from
 * the version they were edited from; another process sees every write at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteInfoSchema } from "../../schema/site-info";
import type { Storage } from "../../server/content/storage";
import type { PageRecord, SiteRecord } from "../../server/content/stores/content";
import { harnesses } from "./harness";

const header = (...urls: string[]) => [
  {
    id: "h",
    block_type: "header_classic_block",
    block_params: {},
    fields: {
      fr: { menu_repeater: urls.map((url) => ({ menu_link: { url, text: url } })) },
      en: { menu_repeater: [] },
    },
  },
];
const footer = [
  {
    id: "f",
    block_type: "footer_classic_block",
    block_params: {},
    fields: { fr: { licence: "L", agency_name: "A" }, en: { licence: "L", agency_name: "A" } },
  },
];

const site = (id: string, extra: Partial<SiteRecord> = {}): SiteRecord =>
  ({
    site_id: id,
    microsite_id: `ms-${id}`,
    site_key: `sk_${id}_0123456789`,
    name: `Site ${id}`,
    domains: [],
    header: header("/fr", "/fr/vendre"),
    footer,
    ...extra,
  }) as SiteRecord;

const page = (id: string, fr: string, en: string, extra: Partial<PageRecord> = {}): PageRecord =>
  ({ page_id: id, paths: { fr, en }, title: { fr: id, en: id }, content: [], version: 1, ...extra }) as PageRecord;

type Menu = { fields: { fr: { menu_repeater?: { menu_link: { url: string } }[] } } };
const menuUrls = (s: Pick<SiteRecord, "header"> | undefined) =>
  ((s?.header[0] as Menu | undefined)?.fields.fr.menu_repeater ?? []).map((i) => i.menu_link.url);

describe.each(harnesses)("$kind site structure", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
    await store.content.putSite(site("s"));
    await store.content.savePage("s", page("home", "/fr", "/en"));
    await store.content.savePage("s", page("sell", "/fr/vendre", "/en/sell"));
    await store.content.putVariant("s", {
      variant_id: "v",
      name: "V",
      color: "red",
      header: header("/fr/vendre"),
      pages: {},
    });
  });
  afterAll(() => db.cleanup());

  it("moves a renamed page's addresses, its redirects and its links in the page's own save", async () => {
    await store.content.putRedirect("s", { from: "/fr/vente", to: "/fr/vendre", status: 301 });
    // Another process reads (and caches) the site first.
    expect(menuUrls(await other.content.getSite("s"))).toContain("/fr/vendre");
    const before = await store.content.revision();
    const renamed = page("sell", "/fr/vendre-ma-maison", "/en/sell");
    expect(await store.content.savePage("s", renamed, 1, { id: "e1", name: "Claire" })).toEqual({
      ok: true,
      version: 2,
    });
    expect(await other.content.revision()).not.toBe(before);
    expect(await other.content.findRedirect("s", "/fr/vendre")).toMatchObject({
      to: "/fr/vendre-ma-maison",
      status: 301,
      origin: "rename",
      created_by: { id: "e1", name: "Claire" },
    });
    expect(await other.content.findRedirect("s", "/fr/vente")).toMatchObject({ to: "/fr/vendre-ma-maison" });
    expect(await other.content.findRedirect("s", "/en/sell")).toBeUndefined();
    const moved = await other.content.getSite("s");
    expect(menuUrls(moved)).toEqual(["/fr", "/fr/vendre-ma-maison"]);
    expect(moved?.chrome_version).toBe(2);
    expect(menuUrls({ header: (await other.content.getVariant("s", "v"))!.header } as SiteRecord)).toEqual([
      "/fr/vendre-ma-maison",
    ]);
    expect((await other.content.pageEditors("s")).get("sell")).toEqual({ id: "e1", name: "Claire" });
  });

  it("refuses a path taken by another page and changes nothing", async () => {
    const taken = await store.content.savePage("s", page("sell", "/fr", "/en/sell"), 2);
    expect(taken).toEqual({ ok: false, reason: "path-taken", path: "/fr" });
    expect((await store.content.getPage("s", "sell"))?.version).toBe(2);
    expect(await store.content.findRedirect("s", "/fr/vendre-ma-maison")).toBeUndefined();
  });

  it("keeps redirect rules inside the write: no loop, no chain, never over a page", async () => {
    const c = store.content;
    expect(await c.saveRedirect("s", { from: "/fr/x", to: "/fr/x", status: 301 })).toEqual({
      ok: false,
      reason: "loop",
    });
    expect(await c.saveRedirect("s", { from: "/fr/y", to: "/fr/vente", status: 301 })).toEqual({
      ok: false,
      reason: "chain",
    });
    expect(await c.saveRedirect("s", { from: "/fr/vendre-ma-maison", to: "/fr", status: 301 })).toEqual({
      ok: false,
      reason: "page-path",
    });
    expect(await c.saveRedirect("s", { from: "/fr/vente", to: "/fr", status: 301 })).toEqual({
      ok: false,
      reason: "exists",
    });
    expect(await c.saveRedirect("s", { from: "/fr/promo", to: "/fr", status: 302 })).toEqual({ ok: true });
    expect(await c.saveRedirect("s", { from: "/fr/promo-2", to: "/fr", status: 302 }, "/fr/promo")).toEqual({
      ok: true,
    });
    expect(await other.content.findRedirect("s", "/fr/promo")).toBeUndefined();
    expect(await c.saveRedirect("s", { from: "/fr/z", to: "/fr", status: 301 }, "/fr/nope")).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await c.deleteRedirect("s", "/fr/promo-2")).toBe(true);
    expect(await c.deleteRedirect("s", "/fr/promo-2")).toBe(false);
    expect((await c.listRedirects("s")).map((r) => r.from)).toEqual(["/fr/vendre", "/fr/vente"]);
  });

  it("imports redirects all together or none", async () => {
    const refused = await store.content.importRedirects("s", [
      { from: "/fr/i1", to: "/fr", status: 301 },
      { from: "/fr/i2", to: "/fr/i1", status: 301 },
      { from: "/fr/i1", to: "/en", status: 301 },
    ]);
    expect(refused).toEqual({
      ok: false,
      // Each row says its own problem: the second leads to the first, which would redirect again.
      errors: [
        { index: 0, reason: "chained-from" },
        { index: 1, reason: "chain" },
        { index: 2, reason: "duplicate" },
        { index: 2, reason: "chained-from" },
      ],
    });
    expect(await other.content.findRedirect("s", "/fr/i1")).toBeUndefined();
    expect(
      await store.content.importRedirects("s", [
        { from: "/fr/i1", to: "/fr", status: 301 },
        { from: "/fr/i3", to: "", status: 410 },
      ]),
    ).toEqual({ ok: true, count: 2 });
    expect(await other.content.findRedirect("s", "/fr/i3")).toMatchObject({ status: 410, to: "" });
  });

  it("deletes a page with its versions, lock and variant content; its addresses redirect or answer 410", async () => {
    await store.content.savePage("s", page("promo", "/fr/promo", "/en/promo"));
    await store.content.putRedirect("s", { from: "/fr/old-promo", to: "/fr/promo", status: 301 });
    await store.content.saveVariantPage("s", "v", "promo", { content: [] }, 2);
    const claire = await store.accounts.create(
      { email: "claire@site.test", name: "Claire", role: "editor" },
      Date.now(),
    );
    if (!claire.ok) throw new Error("no editor");
    await store.pageLocks.acquire(
      "s",
      "promo",
      { holder: "h1", editor_id: claire.editor.id, editor_name: "Claire" },
      Date.now(),
      60_000,
      false,
    );
    expect(await store.pageLocks.get("s", "promo", Date.now())).toBeDefined();
    expect(await store.content.deletePage("s", "promo", { redirect_to: "nope" })).toEqual({
      ok: false,
      reason: "bad-target",
    });
    const done = await store.content.deletePage("s", "promo", { redirect_to: "home" });
    expect(done).toEqual({
      ok: true,
      moves: [
        { from: "/fr/promo", to: "/fr" },
        { from: "/en/promo", to: "/en" },
      ],
    });
    expect(await other.content.getPage("s", "promo")).toBeUndefined();
    expect(await other.content.findRedirect("s", "/en/promo")).toMatchObject({ to: "/en", origin: "delete" });
    expect(await other.content.findRedirect("s", "/fr/old-promo")).toMatchObject({ to: "/fr" });
    expect((await other.pageVersions.list("s", "promo")).versions).toEqual([]);
    expect(await other.pageLocks.get("s", "promo", Date.now())).toBeUndefined();
    expect(Object.keys((await other.content.getVariant("s", "v"))!.pages)).toEqual([]);

    await store.content.savePage("s", page("gone", "/fr/parti", "/en/gone"));
    expect((await store.content.deletePage("s", "gone", { gone: true })).ok).toBe(true);
    expect(await other.content.findRedirect("s", "/fr/parti")).toMatchObject({ status: 410, to: "" });
    expect(await store.content.deletePage("s", "gone", { gone: true })).toEqual({ ok: false, reason: "not-found" });
  });

  it("writes the header and footer, information and active variant from the version they were edited from", async () => {
    const c = store.content;
    const current = (await c.getSite("s"))!;
    expect(await c.saveChrome("s", { header: [], footer }, current.chrome_version + 1)).toEqual({
      ok: false,
      reason: "conflict",
      version: current.chrome_version,
    });
    expect(await c.saveChrome("s", { header: [], footer }, current.chrome_version)).toEqual({
      ok: true,
      version: current.chrome_version + 1,
    });
    expect((await other.content.getSite("s"))?.header).toEqual([]);
    const info = siteInfoSchema.parse({
      name: "Julie",
      licence: { fr: "L", en: "L" },
      agency_name: { fr: "A", en: "A" },
      phone: "418 555-0199",
      email: "j@example.ca",
      address: { fr: "Québec", en: "Quebec City" },
      favicon: "/favicon.png",
    });
    expect(await c.saveSiteInfo("s", info, 1)).toEqual({ ok: true, version: 2 });
    expect(await c.saveSiteInfo("s", info, 1)).toEqual({ ok: false, reason: "conflict", version: 2 });
    const read = await other.content.getSite("s");
    expect(read).toMatchObject({
      info: { phone: "+14185550199" },
      name: "Julie",
      metadata: { favicon: "/favicon.png" },
    });
    expect(await c.saveSiteInfo("nope", info, 1)).toEqual({ ok: false, reason: "not-found" });

    const chrome = read!.chrome_version;
    await expect(c.setActiveVariant("s", "unknown", chrome)).rejects.toThrow();
    expect(await c.setActiveVariant("s", "v", chrome)).toEqual({ ok: true, version: chrome + 1 });
    expect((await other.content.getSite("s"))?.active_variant_id).toBe("v");
    expect(await c.deleteVariant("s", "v")).toBe(true);
    expect((await other.content.getSite("s"))?.active_variant_id).toBeUndefined();
  });

  it("publishes themes as versions, the first keeping the theme the site had", async () => {
    const c = store.content;
    expect(await c.listThemeVersions("s")).toMatchObject([{ version: 1, theme: { preset: "blue" }, editor: null }]);
    const red = { preset: "red" as const, radius: { "radius-1": "4px" }, colors: {} };
    expect(await c.publishTheme("s", red, 2)).toEqual({ ok: false, reason: "conflict", version: 1 });
    expect(await c.publishTheme("s", red, 1, { id: "a1", name: "Admin" })).toEqual({ ok: true, version: 2 });
    expect((await other.content.getSite("s"))?.theme).toEqual(red);
    const versions = await other.content.listThemeVersions("s");
    expect(versions.map((v) => [v.version, v.theme.preset, v.editor?.name ?? null])).toEqual([
      [2, "red", "Admin"],
      [1, "blue", null],
    ]);
    expect(await c.publishTheme("s", versions[1]!.theme, 2)).toEqual({ ok: true, version: 3 });
    expect((await other.content.getSite("s"))?.theme).toEqual(versions[1]!.theme);
  });

  it("creates variants once and writes them from their version", async () => {
    const c = store.content;
    const make = () => ({ variant_id: "po", name: "Portes ouvertes", color: "orange" as const, version: 1, pages: {} });
    expect(await c.saveVariant("s", "po", undefined, make)).toEqual({ ok: true, version: 1 });
    expect(await c.saveVariant("s", "po", undefined, make)).toEqual({ ok: false, reason: "conflict", version: 1 });
    expect(await c.saveVariantPage("s", "po", "home", { content: [{ id: "x" }] }, 1)).toEqual({ ok: true, version: 2 });
    expect(await c.saveVariantPage("s", "po", "home", { content: [] }, 1)).toEqual({
      ok: false,
      reason: "conflict",
      version: 2,
    });
    expect((await other.content.getVariant("s", "po"))?.pages.home?.content).toEqual([{ id: "x" }]);
    expect(await c.saveVariantPage("s", "po", "home", null, 2)).toEqual({ ok: true, version: 3 });
    expect((await other.content.getVariant("s", "po"))?.pages).toEqual({});
    expect(await c.saveVariantPage("s", "nope", "home", null, 1)).toEqual({ ok: false, reason: "not-found" });
  });
});
