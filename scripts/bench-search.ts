/**
 * Property search latency over the default 50,000 generated listings, measured in
 * process (the embedded content service's Fetch handler, no network): p50 and p95 per
 * query shape against the 20 ms budget of docs/architecture.md. Used by the "search" section of
 * scripts/bench.ts, or on its own:
 *
 *   npx tsx scripts/bench-search.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config";
import { DEFAULT_LISTING_COUNT } from "../server/content/data/listings-generator";
import { createEmbeddedContentService } from "../server/content/index";

export const SEARCH_BUDGET_MS = 20;
const SITE = { microsite: "ms-demo-broker", key: "sk_demo_broker_public_0001" };
const QUEBEC = "SouthWest_lat=44.5&SouthWest_lng=-80.42&NorthEast_lat=62.98&NorthEast_lng=-55.33";
const MONTREAL = "SouthWest_lat=45.48&SouthWest_lng=-73.65&NorthEast_lat=45.54&NorthEast_lng=-73.52";
const FILTERS = "forSaleForRent=buy&type=maison,condo&price_min=200000&price_max=800000&bedrooms=2";

export interface SearchBenchResult {
  shape: string;
  /** Calls measured (fewer than asked when a shape hit its time cap). */
  samples?: number;
  p50: number;
  p95: number;
  pass: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** What a search call needs: the service's Fetch handler (embedded over SQLite or PostgreSQL). */
export type SearchService = { handle(request: Request): Promise<Response> };

/**
 * p50 and p95 of every query shape, each warmed up 5 times then called `iterations` times in a
 * row, through the service's Fetch handler (the API's own code path, no network).
 */
export async function measureSearchShapes(
  service: SearchService,
  iterations = 200,
  /** Stop a shape's calls after this long (at least 20 calls): a slow shape must not take the bench's hour. */
  maxMsPerShape = Number.POSITIVE_INFINITY,
): Promise<SearchBenchResult[]> {
  const call = async (q: string) => {
    const response = await service.handle(
      new Request(`http://localhost/api/swc/${SITE.microsite}${q}`, {
        headers: { "x-site-key": SITE.key, accept: "application/json", "content-language": "fr" },
      }),
    );
    if (!response.ok) throw new Error(`${q} answered ${response.status}`);
    return response.json();
  };
  const first = (await call("/properties?order_by=newest&limit=1")) as {
    data: { propertiesListing: { uls: string }[] };
  };
  const uls = first.data.propertiesListing[0]!.uls;
  const shapes: [string, (i: number) => string][] = [
    ["count, no filter", () => "/properties?format=count"],
    ["count, filters", () => `/properties?format=count&${FILTERS}`],
    ["map, Québec bounds z5", () => `/properties?format=map&zoom=5&${QUEBEC}`],
    ["map, Québec bounds, filters", () => `/properties?format=map&zoom=5&${QUEBEC}&${FILTERS}`],
    // A filter set not seen before: its cluster index is built on this call (then kept in the LRU).
    ["map, new filter set (cold)", (i) => `/properties?format=map&zoom=5&${QUEBEC}&price_min=${1000 + i * 7}`],
    ["map, zoomed in z14", () => `/properties?format=map&zoom=14&${MONTREAL}`],
    ["page newest, filters", () => `/properties?order_by=newest&${FILTERS}`],
    ["page oldest, filters", () => `/properties?order_by=oldest&${FILTERS}`],
    ["page price_asc, filters", () => `/properties?order_by=price_asc&${FILTERS}`],
    ["page price_desc, filters", () => `/properties?order_by=price_desc&${FILTERS}`],
    ["page 40 price_asc, bounds", (i) => `/properties?order_by=price_asc&page=${1 + (i % 40)}&${QUEBEC}`],
    ["tooltip", () => `/property/${uls}/tooltip`],
    ["listing", () => `/property/${uls}`],
  ];
  const results: SearchBenchResult[] = [];
  for (const [shape, query] of shapes) {
    for (let i = 0; i < 5; i++) await call(query(i)); // warm-up (first cluster index build included here)
    const times: number[] = [];
    const until = performance.now() + maxMsPerShape;
    for (let i = 0; i < iterations && (i < 20 || performance.now() < until); i++) {
      const t = performance.now();
      await call(query(i));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    results.push({ shape, samples: times.length, p50: percentile(times, 50), p95, pass: p95 <= SEARCH_BUDGET_MS });
  }
  return results;
}

export async function runSearchBench(iterations = 200): Promise<{ results: SearchBenchResult[]; seedMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
  const started = performance.now();
  const service = await createEmbeddedContentService(
    loadConfig({ ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "test" }),
  );
  const seedMs = performance.now() - started;
  // Let the start-up warm-up (cluster indexes of the common filter sets) run, as it does in a server.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  try {
    return { results: await measureSearchShapes(service, iterations), seedMs };
  } finally {
    await service.storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { results, seedMs } = await runSearchBench();
  console.log(`${DEFAULT_LISTING_COUNT} listings; service start with seeding ${seedMs.toFixed(0)} ms`);
  for (const r of results) {
    console.log(
      `${r.shape.padEnd(32)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  ${r.pass ? "PASS" : "FAIL"}`,
    );
  }
}
