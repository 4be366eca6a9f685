/** Seeds municipalities, generated listings and articles into their stores (first start, or forced). */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_LISTING_COUNT, DEFAULT_LISTING_SEED, listingStream } from "./data/listings-generator";
import { loadMunicipalities } from "./data/municipalities";
import { FIXTURES_DIR } from "./seed";
import type { Storage } from "./storage";
import { articlesFixtureSchema } from "./stores/articles";

/** Generated listings seeded and then removed (their pages answer 410). */
export const REMOVED_DEMO_LISTINGS = 6;

export const ARTICLES_FILE = path.join(FIXTURES_DIR, "articles.json");

/** What was seeded; changing any part (count, seed, fixture contents) reseeds on next start. */
function seedKey(count: number, seed: number, munText: string, articlesText: string): string {
  let hash = 0;
  for (const text of [munText, articlesText]) {
    for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  }
  return `v2:${count}:${seed}:${(hash >>> 0).toString(16)}`;
}

export async function seedStores(
  storage: Pick<Storage, "content" | "listings" | "articles">,
  /** `reference`: the instant listing dates count back from (default: now, so the newest listings are new). */
  options: { force?: boolean; count?: number; seed?: number; reference?: string } = {},
): Promise<boolean> {
  const count = options.count ?? DEFAULT_LISTING_COUNT;
  const seed = options.seed ?? DEFAULT_LISTING_SEED;
  const munFile = path.join(FIXTURES_DIR, "municipalities.json");
  const munText = fs.readFileSync(munFile, "utf8");
  const articlesText = fs.existsSync(ARTICLES_FILE) ? fs.readFileSync(ARTICLES_FILE, "utf8") : "";
  const key = seedKey(count, seed, munText, articlesText);
  if (!options.force && (await storage.content.getMeta("stores_seeded")) === key) return false;

  const municipalities = loadMunicipalities(munFile);
  await storage.listings.replaceMunicipalities(
    municipalities.map((m) => ({ MUN_CODE: m.MUN_CODE, DESCRIPTION: m.DESCRIPTION })),
  );
  // A few more than `count`, taken off the market after loading: the demo has pages that
  // answer 410 (a listing that sold privately or expired), as a live site always has.
  // Streamed: a million listings (the scale bench) never sit in memory at once.
  const removed: string[] = [];
  const reference = options.reference ?? new Date().toISOString();
  const generated = listingStream({ count: count + REMOVED_DEMO_LISTINGS, seed, municipalities, reference });
  await storage.listings.replaceAll(
    (function* () {
      let i = 0;
      for (const listing of generated) {
        if (i++ >= count) removed.push(listing.uls);
        yield listing;
      }
    })(),
  );
  for (const uls of removed) await storage.listings.remove(uls, reference);
  if (articlesText) {
    const parsed = articlesFixtureSchema.safeParse(JSON.parse(articlesText));
    if (!parsed.success) throw new Error(`Invalid fixture articles.json: ${z.prettifyError(parsed.error)}`);
    await storage.articles.replaceAll(parsed.data.categories, parsed.data.articles);
  }
  await storage.content.setMeta("stores_seeded", key);
  return true;
}
