/** The demo content looks finished (issue 34): one agency, real-looking addresses and profiles, lots that look like lots. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import municipalities from "../fixtures/municipalities.json" with { type: "json" };
import { listingDescription } from "../server/content/data/listing-description";
import { generateListings } from "../server/content/data/listings-generator";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : [],
    );
// The sites' pages (the studio's block gallery, fixtures/demo-page.json, is the registry's examples: scripts/write-demo-page.ts).
const pages = files(path.join(FIXTURES, "sites"));

describe("demo sites", () => {
  it("show no e-mail address at a .example domain", () => {
    const found = pages.flatMap((f) =>
      [...fs.readFileSync(f, "utf8").matchAll(/[\w.+-]+@[\w-]+\.example\b/g)].map(
        (m) => `${path.basename(f)}: ${m[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("link social profiles, never a network's home page", () => {
    const found = pages.flatMap((f) =>
      [
        ...fs
          .readFileSync(f, "utf8")
          .matchAll(/"https:\/\/(www\.)?(facebook|instagram|linkedin|youtube|x|twitter)\.com\/?"/g),
      ].map((m) => `${path.basename(f)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it("name one agency for the broker: her card, her footer and her contact page", () => {
    const site = JSON.parse(fs.readFileSync(path.join(FIXTURES, "sites/demo-broker/site.json"), "utf8"));
    const contact = fs.readFileSync(path.join(FIXTURES, "sites/demo-broker/pages/contact.json"), "utf8");
    const agency = "Immobilier Rive-Sud";
    expect(site.broker.agency.fr).toContain(agency);
    expect(site.broker.agency.en).toContain(agency);
    const footer = JSON.stringify(site.footer);
    expect(footer).toContain(agency);
    expect(footer).toContain("Guillaume-Couture");
    expect(contact).toContain(agency);
    expect(JSON.stringify(site)).not.toMatch(/Laurier inc/);
  });
});

describe("vacant lots", () => {
  const listings = generateListings({ count: 3000, municipalities: municipalities.municipalities as never });
  const lots = listings.filter((l) => l.type === "terrain");

  it("show land, not a house", () => {
    expect(lots.length).toBeGreaterThan(20);
    for (const lot of lots) for (const image of lot.carousel_images) expect(image).toMatch(/\/listings\/lot-\d\.svg$/);
    expect(listings.filter((l) => l.type !== "terrain").every((l) => !l.property_image.includes("lot-"))).toBe(true);
  });

  it("are never described as well kept or ready for their next occupants", () => {
    for (const lot of lots) {
      const text = listingDescription(lot);
      expect(text?.fr).not.toMatch(/entretenu|occupants/);
      expect(text?.en).not.toMatch(/well-kept|occupants/);
    }
  });
});
