/** The demo content looks finished (issue 34): one agency, real-looking addresses and profiles, lots that look like lots. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import municipalities from "../fixtures/municipalities.json" with { type: "json" };
import { blockRegistry, blockTypes } from "../schema/registry";
import { listingDescription } from "../server/content/data/listing-description";
import { generateListings } from "../server/content/data/listings-generator";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : [],
    );
// The sites' pages, and the block gallery's: the registry's examples (fixtures/demo-page.json is
// written from them by scripts/write-demo-page.ts). A site's own host names (`domains`) are not shown.
const shown = (file: string) => {
  const text = fs.readFileSync(file, "utf8");
  if (path.basename(file) !== "site.json") return text;
  const { domains: _hosts, ...site } = JSON.parse(text);
  return JSON.stringify(site);
};
const pages = files(path.join(FIXTURES, "sites"));
const sources: [string, string][] = [
  ...pages.map((f): [string, string] => [path.relative(FIXTURES, f), shown(f)]),
  ...blockTypes.map((type): [string, string] => [`example of ${type}`, JSON.stringify(blockRegistry[type]!.example)]),
  ["demo-page.json", fs.readFileSync(path.join(FIXTURES, "demo-page.json"), "utf8")],
];
const found = (pattern: RegExp) =>
  sources.flatMap(([name, text]) => [...text.matchAll(pattern)].map((m) => `${name}: ${m[0]}`));

describe("demo sites and the block gallery", () => {
  it("show no .example address or link, and no placeholder site", () => {
    expect(found(/[\w.+-]*\.example\b[\w/.-]*/g)).toEqual([]);
  });

  it("link social profiles, never a network's home page (in the gallery too)", () => {
    expect(found(/"https:\/\/(www\.)?(facebook|instagram|linkedin|youtube|x|twitter)\.com\/?"/g)).toEqual([]);
  });

  it("give the broker one profile per network, and her agency one e-mail domain", () => {
    const profiles = new Set(
      found(/https:\/\/www\.(facebook|instagram|linkedin)\.com\/(in\/)?julie[\w.-]*/g).map((m) => m.split(": ")[1]),
    );
    expect([...profiles].sort()).toEqual([
      "https://www.facebook.com/julietremblaycourtiere",
      "https://www.instagram.com/julietremblay.courtiere",
      "https://www.linkedin.com/in/julie-tremblay-courtiere",
    ]);
    // The agency's people write from its domain (or the broker from her own site's).
    const domains = new Set(found(/[\w.+-]+@[\w.-]+\.[a-z]+/g).map((m) => m.split("@")[1]));
    expect([...domains].sort()).toEqual(["immobilierrivesud.ca", "julietremblay.ca"]);
  });

  it("name the broker's one agency, never another firm", () => {
    expect(found(/Groupe immobilier Laurier|Laurier inc/g)).toEqual([]);
  });

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
