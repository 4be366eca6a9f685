/** The demo broker's featured listings: her own, for sale in her area, and the home page fixture in step with the generator. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { FEATURED_BLOCK_ID, featuredBlock, HOME_FILE } from "../scripts/feature-listings";
import { BROKER_AREA, pickFeaturedListings } from "../server/content/data/featured-listings";
import { generateListings } from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";

describe("featured listings of the demo broker", () => {
  const listings = generateListings({ municipalities: loadMunicipalities() });
  const picks = pickFeaturedListings(listings);

  it("are listings for sale in her area: none sold, rented, foreclosed or commercial", () => {
    expect(picks).toHaveLength(4);
    for (const l of picks) {
      expect(l.forSaleForRent).toBe("buy");
      expect(BROKER_AREA).toContain(l.municipality.DESCRIPTION);
      expect(["sold", "rent", "foreclosed", "commercial"]).not.toContain(l.badge);
    }
    expect(new Set(picks.map((l) => l.uls)).size).toBe(4);
  });

  it("are the ones the home page fixture shows (run scripts/feature-listings.ts after changing the generator)", () => {
    const home = JSON.parse(fs.readFileSync(HOME_FILE, "utf8")) as { content: { id: string }[] };
    expect(home.content.find((b) => b.id === FEATURED_BLOCK_ID)).toEqual(featuredBlock());
  });
});
