/**
 * What the content service answers for imported listings (issue 31): remarks in the languages the
 * feed gave (one language shown on both pages, said so; none made up), the brokerage on search
 * cards, the provider's provenance on the page, a sold listing out of the search with its page
 * showing it sold, a removed one 410.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateListings, type ListingRecord } from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";
import { createTestService, getProtected, type TestService } from "./helpers/content-service";

let ctx: TestService;
const [base] = generateListings({ count: 1, seed: 99, municipalities: loadMunicipalities() });

const imported = (uls: string, extra: Partial<ListingRecord> = {}): ListingRecord => ({
  ...base!,
  uls,
  badge: null,
  url: { fr: `/fr/propriete/maison-a-vendre-${uls}`, en: `/en/property/house-for-sale-${uls}` },
  status: "active",
  // Newer than the demo's: first in the newest order.
  listed_at: "2031-01-01T12:00:00.000Z",
  brokerage: "Agence du Fleuve inc.",
  provenance: {
    kind: "ddf",
    link: "https://www.realtor.ca/real-estate/1/listing",
    office: { name: "Agence du Fleuve inc." },
    brokers: [{ name: "Sophie Côté" }],
  },
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestService();
  await ctx.service.storage.listings.applyChanges({
    source: "demo-broker",
    upserts: [
      imported("E4000001", { remarks: { en: "Bright corner unit." } }),
      imported("E4000002"),
      imported("E4000003", { remarks: { fr: "Belle maison.", en: "Lovely house." } }),
      imported("E4000004"),
      imported("E4000005"),
    ],
  });
  await ctx.service.storage.listings.applyChanges({
    source: "demo-broker",
    removals: [
      { uls: "E4000004", reason: "sold", doc: imported("E4000004", { badge: "sold", status: "sold" }) },
      { uls: "E4000005", reason: "removed" },
    ],
  });
});
afterAll(() => ctx.cleanup());

const get = (path: string) => getProtected(ctx.service, path);

describe("imported listings' answers", () => {
  it("show one-language remarks on both pages and say which language they are in", async () => {
    const { status, body } = await get("/property/E4000001");
    expect(status).toBe(200);
    expect(body.description).toEqual({ fr: "Bright corner unit.", en: "Bright corner unit." });
    expect(body.description_lang).toEqual({ fr: "en", en: "en" });
    expect(body.provenance).toMatchObject({ kind: "ddf", office: { name: "Agence du Fleuve inc." } });
    const both = (await get("/property/E4000003")).body;
    expect(both.description).toEqual({ fr: "Belle maison.", en: "Lovely house." });
    expect(both.description_lang).toBeUndefined();
  });

  it("make up no description when the feed gave none", async () => {
    const { body } = await get("/property/E4000002");
    expect(body.description).toBeUndefined();
  });

  it("name the brokerage on search cards", async () => {
    const { body } = await get("/properties?order_by=newest&limit=100");
    const card = body.data.propertiesListing.find((l: { uls: string }) => l.uls === "E4000001");
    expect(card?.brokerage).toBe("Agence du Fleuve inc.");
    expect(card).not.toHaveProperty("provenance");
  });

  it("keep a sold listing's page, sold, out of the search and the sitemap; a removed one answers 410", async () => {
    const sold = await get("/property/E4000004");
    expect(sold.status).toBe(200);
    expect(sold.body.badge).toBe("sold");
    const { body } = await get("/properties?order_by=newest&limit=100");
    expect(body.data.propertiesListing.some((l: { uls: string }) => l.uls === "E4000004")).toBe(false);
    const sitemap = await get("/properties/sitemap?page=1");
    expect(JSON.stringify(sitemap.body)).not.toContain("E4000004");
    expect((await get("/property/E4000005")).status).toBe(410);
  });
});
