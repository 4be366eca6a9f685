/**
 * Content variants in the content service (site.md §3, §7): `?variant=` on the page call
 * serves the variant's content, header and footer; an unknown id serves the default page; the
 * service's answer cache never mixes them; the first load names the site's active variant.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLoadSchema, type PageData, pageDataSchema } from "../schema/page";
import { applySiteInfo } from "../schema/site-info";
import type { SiteRecord } from "../server/content/stores/content";
import { BROKER, createTestService, PROTECTED_BASE, type TestService } from "./helpers/content-service";

let ctx: TestService;

/** The demo broker's spring campaign (fixtures/sites/demo-broker/variants/). */
const SPRING = "printemps-2026";

async function postPage(path: string, query?: Record<string, string>): Promise<{ status: number; page: PageData }> {
  const response = await ctx.service.handle(
    new Request(`${PROTECTED_BASE}/page/${BROKER.site_id}`, {
      method: "POST",
      headers: { "x-site-key": BROKER.site_key, "content-type": "application/json", "content-language": "fr" },
      body: JSON.stringify({ path, ...(query ? { query } : {}), production: true }),
    }),
  );
  return { status: response.status, page: pageDataSchema.parse(await response.json()) };
}

const heroTitle = (page: PageData) =>
  (page.content[0] as { fields: { fr: { main_title: string } } }).fields.fr.main_title;

beforeAll(async () => {
  ctx = await createTestService();
});
afterAll(() => ctx.cleanup());

describe("POST /page/{site_id} with a variant", () => {
  it("serves the variant's own content, named and coloured, for ?variant=<id>", async () => {
    const { status, page } = await postPage("/fr", { variant: SPRING });
    expect(status).toBe(200);
    expect(page.status).toBe(200);
    expect(page.variant).toEqual({ id: SPRING, name: "Campagne du printemps", color: "green" });
    expect(heroTitle(page)).toBe("Le printemps, la meilleure saison pour vendre");
    // The page's own facts stay: paths, SEO, page id.
    expect(page.page_id).toBe("home");
    expect(page.alternate_paths).toEqual([
      { locale: "fr", path: "/fr" },
      { locale: "en", path: "/en" },
    ]);
  });

  it("serves the default page, without a variant, when none is asked", async () => {
    const { page } = await postPage("/fr");
    expect(page.variant).toBeNull();
    expect(heroTitle(page)).toBe("Votre prochaine adresse commence ici");
  });

  it("serves the default page for an unknown or malformed id, never an error", async () => {
    const { page: defaultPage } = await postPage("/fr");
    for (const variant of ["hiver-1999", "../../etc", "a".repeat(300), ""]) {
      const { status, page } = await postPage("/fr", { variant });
      expect(status, variant).toBe(200);
      expect(page.variant, variant).toBeNull();
      expect(page.content, variant).toEqual(defaultPage.content);
    }
  });

  it("keeps the variant (banner, links) on a page it does not change, with that page's content", async () => {
    const { page: plain } = await postPage("/fr/a-propos");
    const { page } = await postPage("/fr/a-propos", { variant: SPRING });
    expect(page.variant?.id).toBe(SPRING);
    expect(page.content).toEqual(plain.content);
  });

  it("never answers from the other one's cached answer: default, variant, default again", async () => {
    const titles: [string | undefined, string, string | null][] = [];
    for (const variant of [undefined, SPRING, undefined, SPRING, "inconnue", undefined]) {
      const { page } = await postPage("/fr", variant ? { variant } : undefined);
      titles.push([variant, heroTitle(page), page.variant?.id ?? null]);
    }
    const spring = "Le printemps, la meilleure saison pour vendre";
    const plain = "Votre prochaine adresse commence ici";
    expect(titles).toEqual([
      [undefined, plain, null],
      [SPRING, spring, SPRING],
      [undefined, plain, null],
      [SPRING, spring, SPRING],
      ["inconnue", plain, null],
      [undefined, plain, null],
    ]);
  });

  it("takes the variant's header and footer when it has them, the site's otherwise", async () => {
    const content = ctx.service.storage.content;
    const { page: plain } = await postPage("/fr");
    const ownHeader = [{ id: "promo-header", block_type: "header_classic_block", block_params: {}, fields: {} }];
    await content.putVariant(BROKER.site_id, {
      variant_id: "portes-ouvertes",
      name: "Portes ouvertes",
      color: "amber",
      header: ownHeader,
      pages: {},
    });
    const { page } = await postPage("/fr", { variant: "portes-ouvertes" });
    expect(page.variant).toEqual({ id: "portes-ouvertes", name: "Portes ouvertes", color: "amber" });
    // Its own header, with the site's information (logos, phone) written in as in every header.
    const site = await content.getSite(BROKER.site_id);
    expect(page.header).toEqual(applySiteInfo(ownHeader, site?.info));
    expect(page.header[0]).toMatchObject({ id: "promo-header", block_type: "header_classic_block" });
    expect(page.footer).toEqual(plain.footer);
    expect(page.content).toEqual(plain.content);
    // Edited: the next call sees it (the answer cache follows the content revision).
    await content.putVariant(BROKER.site_id, {
      variant_id: "portes-ouvertes",
      name: "Portes ouvertes du samedi",
      color: "amber",
      pages: {},
    });
    const edited = (await postPage("/fr", { variant: "portes-ouvertes" })).page;
    expect(edited.variant?.name).toBe("Portes ouvertes du samedi");
    expect(edited.header).toEqual(plain.header);
    // Deleted: the default page again.
    await content.deleteVariant(BROKER.site_id, "portes-ouvertes");
    expect((await postPage("/fr", { variant: "portes-ouvertes" })).page.variant).toBeNull();
  });
});

describe("a site's active variant", () => {
  const firstLoad = async () =>
    firstLoadSchema.parse(
      await (
        await ctx.service.handle(
          new Request("http://localhost/api/swc/page", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ domain_name: "julietremblay.example" }),
          }),
        )
      ).json(),
    );
  const setActive = async (id: string | undefined) => {
    const site = (await ctx.service.storage.content.getSite(BROKER.site_id)) as SiteRecord;
    await ctx.service.storage.content.putSite({ ...site, active_variant_id: id });
  };

  it("is named by the first load and served when the call names none; another id still wins", async () => {
    expect((await firstLoad()).variant_id).toBeNull();
    await setActive(SPRING);
    try {
      expect((await firstLoad()).variant_id).toBe(SPRING);
      expect((await postPage("/fr")).page.variant?.id).toBe(SPRING);
      // An unknown id shows what the site shows without one: here its active variant.
      expect((await postPage("/fr", { variant: "inconnue" })).page.variant?.id).toBe(SPRING);
      // An active id naming no variant announces none (links would carry a dead id).
      await setActive("supprimee");
      expect((await firstLoad()).variant_id).toBeNull();
      expect((await postPage("/fr")).page.variant).toBeNull();
    } finally {
      await setActive(undefined);
    }
  });
});
