/**
 * What server rendering keeps between requests (parsed answers, validated and localised
 * blocks, page views, site lookups) is kept per content version: a page or site written
 * through the content service is what the very next request gets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPage } from "../renderer/lib/page-loader.server";
import type { Block } from "../schema/block";
import { createServices } from "../server/app";
import type { PageRecord, SiteRecord } from "../server/content/stores/content";
import { BROKER, createTestService, editorToken, publishPage, type TestService } from "./helpers/content-service";

let ctx: TestService;
let token: string;
let services: ReturnType<typeof createServices>;

const pageUrl = (path: string) => new URL(`http://localhost${path}`);
const titleOf = (blocks: Block[], id: string, locale: "fr" | "en") =>
  (blocks.find((b) => b.id === id)?.fields[locale] as { main_title?: string } | undefined)?.main_title;

async function publish(page: PageRecord) {
  expect((await publishPage(ctx.service, page, token)).status).toBe(200);
}

async function aboutPage(): Promise<PageRecord> {
  const page = await ctx.service.storage.content.getPage(BROKER.site_id, "about");
  if (!page) throw new Error("fixture page 'about' missing");
  return structuredClone(page);
}

beforeAll(async () => {
  ctx = await createTestService();
  token = await editorToken(ctx.service);
  services = createServices(ctx.config, ctx.service);
});
afterAll(() => ctx.cleanup());

describe("page views between requests", () => {
  it("reuses the view of an unchanged page", async () => {
    const first = await loadPage(pageUrl("/fr/a-propos"), "fr", services);
    const second = await loadPage(pageUrl("/fr/a-propos/"), "fr", services);
    expect(second).toBe(first);
  });

  it("serves a published page on the next request, in both languages", async () => {
    const before = await loadPage(pageUrl("/fr/a-propos"), "fr", services);
    expect(titleOf(before.content, "about-intro", "fr")).toBe("Bonjour, je suis Julie");

    const page = await aboutPage();
    const intro = page.content.find((b) => (b as Block).id === "about-intro") as Block;
    (intro.fields.fr as { main_title: string }).main_title = "Bonjour, c'est Julie";
    (intro.fields.en as { main_title: string }).main_title = "Hello, Julie here";
    await publish(page);

    const fr = await loadPage(pageUrl("/fr/a-propos"), "fr", services);
    expect(titleOf(fr.content, "about-intro", "fr")).toBe("Bonjour, c'est Julie");
    const en = await loadPage(pageUrl("/en/about"), "en", services);
    expect(titleOf(en.content, "about-intro", "en")).toBe("Hello, Julie here");
  });

  it("serves a changed site header on the next request", async () => {
    const before = await loadPage(pageUrl("/fr/a-propos"), "fr", services);
    const site = (await ctx.service.storage.content.getSite(BROKER.site_id)) as SiteRecord;
    const header = structuredClone(site.header) as Block[];
    (header[0]!.fields.fr as { cta_button: { text: string } }).cta_button.text = "Écrivez-moi";
    await ctx.service.storage.content.putSite({ ...site, header });

    const after = await loadPage(pageUrl("/fr/a-propos"), "fr", services);
    expect(after).not.toBe(before);
    expect((after.header[0]!.fields.fr as { cta_button: { text: string } }).cta_button.text).toBe("Écrivez-moi");
  });

  it("shows the French text where a published English field was left empty (the spec's fallback, field by field)", async () => {
    const page = await aboutPage();
    const intro = page.content.find((b) => (b as Block).id === "about-intro") as Block;
    (intro.fields.fr as { main_title: string }).main_title = "Titre seulement en français";
    (intro.fields.en as { main_title: string }).main_title = "";
    await publish(page);
    const en = await loadPage(pageUrl("/en/about"), "en", services);
    expect(titleOf(en.content, "about-intro", "en")).toBe("Titre seulement en français");
    // What is stored keeps the empty field (the studio still shows it as missing).
    const stored = await ctx.service.storage.content.getPage(BROKER.site_id, "about");
    const storedIntro = stored?.content.find((b) => (b as Block).id === "about-intro") as Block;
    expect((storedIntro.fields.en as { main_title: string }).main_title).toBe("");
  });

  it("holds both languages' fields: the alternate path shows without a fetch (site.md §4)", async () => {
    const view = await loadPage(pageUrl("/en/about"), "en", services);
    expect(titleOf(view.content, "about-values", "en")).toBe("What guides my work");
    expect(titleOf(view.content, "about-values", "fr")).not.toBe("What guides my work");
  });
});

describe("page answers of the content service", () => {
  const answer = () =>
    ctx.service.handle(
      new Request(`http://localhost/api/swc/${BROKER.microsite_id}/page/${BROKER.site_id}`, {
        method: "POST",
        headers: { "x-site-key": BROKER.site_key, "content-type": "application/json" },
        body: JSON.stringify({ path: "/fr/a-propos" }),
      }),
    );

  it("carry an entity tag of their text, which a published change changes", async () => {
    const first = await answer();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await answer()).headers.get("etag")).toBe(etag);
    const page = await aboutPage();
    page.title.fr = `${page.title.fr} (mis à jour)`;
    await publish(page);
    const after = await answer();
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(((await after.json()) as { title: { fr: string } }).title.fr).toMatch(/mis à jour/);
  });
});

describe("site lookups between requests", () => {
  it("finds a site by a new microsite id right after the site is written", async () => {
    const content = ctx.service.storage.content;
    const site = (await content.getSite(BROKER.site_id)) as SiteRecord;
    expect((await content.findSiteByMicrosite(site.microsite_id))?.site_id).toBe(site.site_id);
    expect(await content.findSiteByMicrosite("ms-renamed")).toBeUndefined();
    await content.putSite({ ...site, microsite_id: "ms-renamed" });
    expect((await content.findSiteByMicrosite("ms-renamed"))?.site_id).toBe(site.site_id);
    expect(await content.findSiteByMicrosite(site.microsite_id)).toBeUndefined();
    await content.putSite(site);
    expect((await content.findSiteByMicrosite(site.microsite_id))?.site_id).toBe(site.site_id);
  });
});
