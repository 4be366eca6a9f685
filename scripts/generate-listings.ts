/**
 * Writes generated listings to fixtures/generated/listings.json (not committed:
 * the service generates the same listings at seed time from the same seed).
 *
 *   npx tsx scripts/generate-listings.ts [--count 50000] [--seed 20260601] [--out file]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  DEFAULT_LISTING_COUNT,
  DEFAULT_LISTING_SEED,
  generateListings,
} from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: String(DEFAULT_LISTING_COUNT) },
    seed: { type: "string", default: String(DEFAULT_LISTING_SEED) },
    out: { type: "string", default: path.resolve(import.meta.dirname, "../fixtures/generated/listings.json") },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) throw new Error("--count must be an integer from 1");
if (!Number.isInteger(seed)) throw new Error("--seed must be an integer");

const started = performance.now();
const listings = generateListings({ count, seed, municipalities: loadMunicipalities() });
fs.mkdirSync(path.dirname(values.out), { recursive: true });
fs.writeFileSync(values.out, `${JSON.stringify(listings)}\n`);
const byType = Object.entries(Object.groupBy(listings, (l) => l.type)).map(([t, l]) => `${t} ${l?.length ?? 0}`);
const badges = new Set(listings.map((l) => l.badge).filter(Boolean));
console.log(
  `${listings.length} listings (seed ${seed}) → ${path.relative(process.cwd(), values.out)}, ` +
    `${(fs.statSync(values.out).size / 1e6).toFixed(1)} MB in ${(performance.now() - started).toFixed(0)} ms`,
);
console.log(`types: ${byType.join(", ")}; badges: ${[...badges].sort().join(", ")}`);
