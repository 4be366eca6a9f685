/** A listing's own page as the content service answers it: details, description, broker, similar listings, removed ones (410). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LISTINGS_PER_SITEMAP,
  listingSitemapAnswerSchema,
  propertyDetailAnswerSchema,
  removedListingAnswerSchema,
  similarListingsAnswerSchema,
} from "../schema/api";
import { leadFields } from "../schema/lead-fields";
import { FEATURES_BY_TYPE } from "../schema/listing";
import { listingDescription } from "../server/content/data/listing-description";
import { DEFAULT_LISTING_COUNT, generateListings, type ListingRecord } from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";
import { REMOVED_DEMO_LISTINGS } from "../server/content/seed-stores";
import { leadsCsv } from "../server/leads/csv";
import { leadsT } from "../server/leads/messages";
import { BROKER, createTestService, getProtected, PROTECTED_BASE, type TestService } from "./helpers/content-service";

let ctx: TestService;
let all: ListingRecord[];
const municipalities = loadMunicipalities();
const get = (q: string) => getProtected(ctx.service, q);

beforeAll(async () => {
  ctx = await createTestService();
  all = generateListings({ count: DEFAULT_LISTING_COUNT + REMOVED_DEMO_LISTINGS, municipalities });
});
afterAll(() => ctx.cleanup());

describe("generated page details", () => {
  it("are reproducible from the seed and leave the other fields as they were", () => {
    const a = generateListings({ count: 300, seed: 11, municipalities });
    const b = generateListings({ count: 300, seed: 11, municipalities });
    expect(a).toEqual(b);
    const { details: _d, ...first } = a[0]!;
    expect(first.uls).toBe(b[0]!.uls);
    expect(generateListings({ count: 300, seed: 12, municipalities })[0]!.details).not.toEqual(undefined);
  });

  it("fit each type: a lot has no year, a condo no lot, features from the type's list", () => {
    for (const l of all.slice(0, 5000)) {
      const d = l.details!;
      expect(d).toBeDefined();
      if (l.type === "terrain") expect(d.year_built).toBeNull();
      else expect(d.year_built).toBeGreaterThanOrEqual(1880);
      if (l.type === "condo") expect(d.lot_area).toBeNull();
      if (l.badge === "new_build") expect(d.year_built).toBeGreaterThanOrEqual(2025);
      expect(d.features.length).toBeGreaterThan(0);
      for (const f of d.features) expect(FEATURES_BY_TYPE[l.type]).toContain(f);
    }
  });

  it("stay small for a million listings: a few numbers and codes each, the text written on request", () => {
    const sample = all.slice(0, 2000);
    const bytes = (l: ListingRecord) => JSON.stringify(l).length;
    const withDetails = sample.reduce((sum, l) => sum + bytes(l), 0);
    const without = sample.reduce((sum, { details: _d, ...rest }) => sum + bytes(rest as ListingRecord), 0);
    expect((withDetails - without) / sample.length).toBeLessThan(160);
    expect(sample.every((l) => l.description === undefined)).toBe(true);
  });
});

describe("GET /property/:uls", () => {
  it("answers the details, a description in both languages and the site's broker", async () => {
    const listing = all.find((l) => l.type === "maison" && l.badge === null)!;
    const { status, body } = await get(`/property/${listing.uls}`);
    expect(status).toBe(200);
    const detail = propertyDetailAnswerSchema.parse(body);
    expect(detail.details).toEqual(listing.details);
    expect(detail.description?.fr).toContain(listing.municipality.DESCRIPTION);
    expect(detail.description?.fr).toContain(`${listing.specs.bed} chambre`);
    expect(detail.description?.en).toContain(`${listing.specs.bed} bedroom`);
    expect(detail.description).toEqual(listingDescription(listing));
    expect(detail.broker).toMatchObject({ name: "Julie Tremblay", phone: "+14185550142" });
  });

  it("answers 410 with similar listings for a listing taken off the market, 404 for one never listed", async () => {
    const gone = all[DEFAULT_LISTING_COUNT]!;
    const { status, body } = await get(`/property/${gone.uls}`);
    expect(status).toBe(410);
    const answer = removedListingAnswerSchema.parse(body);
    expect(answer.similar.length).toBeGreaterThan(0);
    for (const l of answer.similar) expect(l.uls).not.toBe(gone.uls);
    expect((await get("/property/99999999999")).status).toBe(404);
  });
});

describe("GET /property/:uls/similar", () => {
  it("lists listings of the same type and transaction, not sold, not itself, nearby ones first", async () => {
    const listing = all.find((l) => l.type === "condo" && l.municipality.DESCRIPTION === "Québec")!;
    const { status, body } = await get(`/property/${listing.uls}/similar`);
    expect(status).toBe(200);
    const { data } = similarListingsAnswerSchema.parse(body);
    expect(data).toHaveLength(4);
    for (const l of data) {
      expect(l.uls).not.toBe(listing.uls);
      expect(l.type).toBe("condo");
      expect(l.forSaleForRent).toBe(listing.forSaleForRent);
      expect(l.badge).not.toBe("sold");
      expect(Math.abs(l.coords.lat - listing.coords.lat)).toBeLessThan(1);
      expect(l.price).toBeGreaterThanOrEqual(listing.price * 0.5);
      expect(l.price).toBeLessThanOrEqual(listing.price * 1.5);
    }
  });
});

describe("GET /properties/sitemap", () => {
  it("splits every listing on the market into files of at most 50,000 URLs, sold ones left out", async () => {
    const first = listingSitemapAnswerSchema.parse((await get("/properties/sitemap?page=1")).body);
    expect(first.pages).toBe(Math.ceil(DEFAULT_LISTING_COUNT / LISTINGS_PER_SITEMAP));
    const second = listingSitemapAnswerSchema.parse((await get("/properties/sitemap?page=2")).body);
    const listed = [...first.data, ...second.data];
    const active = all.slice(0, DEFAULT_LISTING_COUNT).filter((l) => l.badge !== "sold");
    expect(listed.length).toBe(active.length);
    expect(new Set(listed.map((l) => l.uls))).toEqual(new Set(active.map((l) => l.uls)));
    expect(first.data.length * 2).toBeLessThanOrEqual(50_000);
    expect(listingSitemapAnswerSchema.parse((await get("/properties/sitemap?page=9")).body).data).toEqual([]);
    expect((await get("/properties/sitemap?page=0")).status).toBe(400);
  });
});

describe("POST /contact with form_type visit_request", () => {
  const send = (fields: Record<string, string>, ip: string) =>
    ctx.service.handle(
      new Request(`${PROTECTED_BASE}/contact`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-site-key": BROKER.site_key,
          "x-forwarded-for": ip,
        },
      }),
    );
  const visit = (uls: string) => ({
    recaptcha_response: "offline-abc",
    form_type: "visit_request",
    locale: "fr",
    full_name: "Élise Gagnon",
    first_name: "Élise",
    last_name: "Gagnon",
    email: "elise@example.ca",
    uls,
    message: "Je souhaite visiter cette propriété.",
  });

  it("goes through the contact path and is stored with the listing's address for the broker", async () => {
    const listing = all[100]!;
    const response = await send(visit(listing.uls), "198.51.100.71");
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const { submissions } = await ctx.service.storage.submissions.list(BROKER.site_id, { offset: 0, limit: 5 });
    expect(submissions.find((s) => s.id === id)).toMatchObject({
      type: "visit_request",
      payload: {
        form_type: "visit_request",
        uls: listing.uls,
        listing_address: listing.address.fr,
        listing_url: listing.url.fr,
        email: "elise@example.ca",
      },
    });
  });

  it("reads in the broker's inbox, e-mail and CSV with the property first: address, number, page", async () => {
    const listing = all[101]!;
    const response = await send(visit(listing.uls), "198.51.100.74");
    const { id } = (await response.json()) as { id: string };
    const { submissions } = await ctx.service.storage.submissions.list(BROKER.site_id, { offset: 0, limit: 5 });
    const lead = submissions.find((s) => s.id === id)!;
    const t = leadsT("fr");
    expect(t("leads.types.visit_request")).toBe("Demande de visite");
    const fields = leadFields(lead, "fr", t);
    expect(fields.slice(0, 4).map((f) => [f.label, f.value])).toEqual([
      ["Propriété", listing.address.fr],
      ["N° d'inscription", listing.uls],
      ["Page de la propriété", listing.url.fr],
      ["Nom", "Élise Gagnon"],
    ]);
    expect(fields.at(-1)).toMatchObject({ label: "Message", value: "Je souhaite visiter cette propriété." });
    const english = leadFields(lead, "en", leadsT("en")).map((f) => f.label);
    expect(english.slice(0, 3)).toEqual(["Property", "Listing number", "Listing page"]);
    const csv = leadsCsv([{ ...lead, status: "new" }], "fr", t);
    expect(csv.split("\r\n")[0]).toContain("Propriété");
    expect(csv).toContain("Demande de visite");
    expect(csv).toContain(listing.uls);
  });

  it("refuses a listing that is not on the market (400, a field error) and a malformed number", async () => {
    const removed = all[DEFAULT_LISTING_COUNT]!;
    const gone = await send(visit(removed.uls), "198.51.100.72");
    expect(gone.status).toBe(400);
    expect(((await gone.json()) as { errors: Record<string, string> }).errors).toEqual({ uls: "invalid" });
    const bad = await send(visit("12<b>"), "198.51.100.73");
    expect(bad.status).toBe(400);
  });
});
