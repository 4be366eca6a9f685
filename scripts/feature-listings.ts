/**
 * Writes the demo broker's own listings into her home page (fixtures/sites/demo-broker/pages/home.json):
 * a properties_block "Mes propriétés à vendre" after the introduction, picked from the
 * listings the service generates at seed time (server/content/data/featured-listings.ts).
 * Run it again whenever the listing generator or its seed changes:
 *
 *   npx tsx scripts/feature-listings.ts
 */
import fs from "node:fs";
import path from "node:path";
import { featuredItem, pickFeaturedListings } from "../server/content/data/featured-listings";
import { generateListings } from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";

export const HOME_FILE = path.resolve(import.meta.dirname, "../fixtures/sites/demo-broker/pages/home.json");
export const FEATURED_BLOCK_ID = "home-my-listings";

export function featuredBlock() {
  const picks = pickFeaturedListings(generateListings({ municipalities: loadMunicipalities() }));
  const fields = (locale: "fr" | "en") => ({
    main_title: locale === "fr" ? "Mes propriétés à vendre" : "My properties for sale",
    // Cards only: each links to its listing page, which places it; a map would add its code to the home page.
    property_listing_item: picks.map((l) => featuredItem(l, locale)),
  });
  return {
    id: FEATURED_BLOCK_ID,
    block_type: "properties_block",
    block_params: { color_scheme: "normal" },
    fields: { fr: fields("fr"), en: fields("en") },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = JSON.parse(fs.readFileSync(HOME_FILE, "utf8")) as { content: { id: string }[] };
  const block = featuredBlock();
  const at = page.content.findIndex((b) => b.id === FEATURED_BLOCK_ID);
  // After the hero and the introduction.
  if (at >= 0) page.content[at] = block;
  else page.content.splice(2, 0, block);
  fs.writeFileSync(HOME_FILE, `${JSON.stringify(page, null, 2)}\n`);
  console.log(`${HOME_FILE}: ${block.fields.fr.property_listing_item.length} listings`);
}
