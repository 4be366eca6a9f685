/**
 * The listing feed's bench sections (issue 31), heavy (never in a plain `npm run bench`):
 *
 *   --only=feeds-load   a full load of 50,000 listings from the suite's OData server (its own
 *                       process) into each store: the embedded SQLite and a throwaway PostgreSQL;
 *                       wall time, CPU and the importing process's peak RSS (target under 2 minutes,
 *                       memory bounded: pages are written as they come)
 *   --only=scale-feed   a million listings in PostgreSQL, a feed's 5,000 of them imported, then
 *                       1,000 changes at the provider (prices, listings taken off, new ones): the
 *                       time from the incremental sync's start until another process's search
 *                       answers reflect them (target under 5 s), and what the sync and the
 *                       other process's index catch-up each took
 *
 * The test server has no rate limit and the client is given none (`minIntervalMs: 0`): these
 * figures are the importer's and the stores', not a provider's politeness. Sizes can be lowered
 * to try them: BENCH_FEED_LISTINGS (50000), BENCH_SCALE_LISTINGS (1000000).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { AuthService } from "../server/auth/service";
import { loadConfig } from "../server/config";
import { createFormServices } from "../server/content/form-services";
import { allRoutes } from "../server/content/index";
import { seedFromFixtures } from "../server/content/seed";
import { seedStores } from "../server/content/seed-stores";
import { createContentService } from "../server/content/service";
import { openPostgresStorage, openSqliteStorage, type Storage } from "../server/content/storage";
import type { FeedConfig } from "../server/feeds/settings";
import { syncFeed } from "../server/feeds/sync";
import type { BenchRow, BenchSection } from "./bench";
import { startThrowawayPostgres } from "./pg-cluster";

const ROOT = path.resolve(import.meta.dirname, "..");
const FEED_LISTINGS = Number(process.env.BENCH_FEED_LISTINGS ?? 50_000);
const SCALE_LISTINGS = Number(process.env.BENCH_SCALE_LISTINGS ?? 1_000_000);
const FEED_AT_SCALE = 5000;
const CHANGES = 1000;
const fmt = (n: number) => n.toLocaleString("en-US");
const s1 = (ms: number) => Number((ms / 1000).toFixed(1));
const s2 = (ms: number) => Number((ms / 1000).toFixed(2));

function machineNote(): string {
  const [one, five] = os.loadavg();
  return `load ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${os.availableParallelism()} cores`;
}

interface FeedProcess {
  child: ChildProcess;
  feed: { url: string; tokenUrl: string; clientId: string; clientSecret: string };
  /** Changes `n` listings at the provider (see odata-test-server.ts's command mode). */
  change(n: number): Promise<{
    priced: number;
    removed: number;
    added: number;
    sample?: { uls: string; price: number; lat: number; lng: number };
  }>;
  stop(): void;
}

/** The suite's OData server with `count` generated listings, in a process of its own. */
async function startFeedProcess(count: number): Promise<FeedProcess> {
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/node"),
    ["--import", "tsx", "scripts/odata-test-server.ts", "--count", String(count), "--page-size", "1000"],
    { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error("the test feed did not start");
  const feed = JSON.parse(first.value) as FeedProcess["feed"];
  return {
    child,
    feed,
    async change(n) {
      child.stdin!.write(`${JSON.stringify({ change: n })}\n`);
      const answer = await lines.next();
      return JSON.parse(String(answer.value));
    },
    stop: () => child.kill("SIGTERM"),
  };
}

const feedConfig = (feed: FeedProcess["feed"]): FeedConfig => ({
  source: "demo-broker",
  kind: "reso",
  baseUrl: feed.url,
  tokenUrl: feed.tokenUrl,
  clientId: feed.clientId,
  clientSecret: feed.clientSecret,
  mine: { offices: [], agents: [] },
  intervalMinutes: 15,
  photos: "hotlink",
  remarksLanguage: "en",
  origin: "environment",
});

/** Runs one sync, sampling this process's RSS; returns the run with its wall time, CPU and peak RSS. */
async function measuredSync(storage: Storage, feed: FeedConfig) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcome = await syncFeed({
    storage,
    feed,
    owner: "bench",
    trigger: "cli",
    force: true,
    client: { minIntervalMs: 0 },
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  const used = process.cpuUsage(cpu);
  if (!outcome.claimed) throw new Error("the feed was not claimed");
  if (outcome.run.status !== "succeeded")
    throw new Error(`sync failed: ${outcome.run.error_code} ${outcome.run.error_message}`);
  return { run: outcome.run, ms, cpuS: (used.user + used.system) / 1e6, peakMb: Math.round(peak / 1e6) };
}

export const feedLoadSection: BenchSection = {
  id: "feeds-load",
  title: `Listing feed: full load of ${fmt(FEED_LISTINGS)} listings from the test OData server, into SQLite and PostgreSQL`,
  async run({ log }) {
    const rows: BenchRow[] = [];
    const provider = await startFeedProcess(FEED_LISTINGS);
    const pg = await startThrowawayPostgres();
    try {
      for (const kind of ["sqlite", "postgres"] as const) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-feeds-"));
        const storage =
          kind === "sqlite"
            ? await openSqliteStorage(dir)
            : await openPostgresStorage({
                url: await pg.createDatabase("bench_feeds"),
                poolMax: 4,
                connectTimeoutMs: 5000,
                statementTimeoutMs: 60_000,
              });
        try {
          log(`${kind}: full load of ${fmt(FEED_LISTINGS)}…`);
          const rssBefore = Math.round(process.memoryUsage().rss / 1e6);
          const { run, ms, cpuS, peakMb } = await measuredSync(storage, feedConfig(provider.feed));
          log(`${kind}: ${s1(ms)} s, ${run.created} created, peak RSS ${peakMb} MB`);
          rows.push({
            section: "feeds-load",
            metric: `Full load of ${fmt(FEED_LISTINGS)} listings into ${kind === "sqlite" ? "SQLite" : "PostgreSQL"}`,
            value: s1(ms),
            unit: "s",
            budget: "< 120 s",
            pass: ms < 120_000 && run.created + run.report.withheld + run.skipped > 0,
            note: `${fmt(run.created)} listings created (${fmt(run.skipped)} skipped, sold ones not listed), ${fmt(run.requests)} requests, ${cpuS.toFixed(0)} s CPU in this process, RSS ${rssBefore} → peak ${peakMb} MB; ${machineNote()}`,
          });
        } finally {
          await storage.close();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
    } finally {
      provider.stop();
      await pg.stop();
    }
    return rows;
  },
};

export const scaleFeedSection: BenchSection = {
  id: "scale-feed",
  title: `Listing feed: ${fmt(CHANGES)} changes until search reflects them, ${fmt(SCALE_LISTINGS)} listings in PostgreSQL`,
  async run({ log }) {
    const rows: BenchRow[] = [];
    const provider = await startFeedProcess(FEED_AT_SCALE);
    const pg = await startThrowawayPostgres();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-scale-feed-"));
    try {
      const url = await pg.createDatabase("scale_feed");
      const options = { url, poolMax: 4, connectTimeoutMs: 5000, statementTimeoutMs: 120_000 };
      const writer = await openPostgresStorage(options);
      // Another web process: its own pool and in-memory index (production's "memory" mode).
      const reader = await openPostgresStorage({ ...options, listingsIndex: "memory" });
      try {
        await seedFromFixtures(writer.content);
        log(`loading ${fmt(SCALE_LISTINGS)} generated listings…`);
        await seedStores(writer, { count: SCALE_LISTINGS });
        const feed = feedConfig(provider.feed);
        log(`importing the feed's ${fmt(FEED_AT_SCALE)}…`);
        // The generated listings stay (a market's), so the import does not clear them: as if
        // cleared once before (the first import of a real site deletes the demo's).
        await writer.feeds.ensureState(feed.source, Date.now());
        await writer.feeds.setCursor(feed.source, "sync", {
          phase: "full",
          generation: 0,
          after_key: null,
          start_ts: null,
          start_event: null,
          streams: {},
          event_seq: null,
          events: "unknown",
          reconciled_ms: null,
          demo_cleared: true,
        });
        const load = await measuredSync(writer, feed);
        log(`imported in ${s1(load.ms)} s; warming the reader's index…`);
        await reader.listings.warm();
        const config = loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: "test" });
        const service = createContentService({
          storage: reader,
          forms: createFormServices(reader, config),
          config,
          routes: allRoutes,
          auth: new AuthService(reader, config),
        });
        const ask = async (query: string) => {
          const response = await service.handle(
            new Request(`http://localhost/api/swc/ms-demo-broker/properties?${query}`, {
              headers: { "x-site-key": "sk_demo_broker_public_0001", accept: "application/json" },
            }),
          );
          if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
          return (await response.json()) as {
            data: { total: number; propertiesListing: { uls: string; price: number }[] };
          };
        };
        const before = (await ask("format=count")).data.total;
        const change = await provider.change(CHANGES);
        const sample = change.sample!;
        const catchUps = reader.listings.indexStats.catchUps;
        const builds = reader.listings.indexStats.builds;
        const started = performance.now();
        const sync = await measuredSync(writer, feed);
        const synced = performance.now() - started;
        // Reflected in the other process's answers (its index, or SQL while it catches up): the
        // count moved by the listings added and taken off, and a listing found at its new price.
        const around = (d: number) =>
          `SouthWest_lat=${sample.lat - d}&SouthWest_lng=${sample.lng - d}&NorthEast_lat=${sample.lat + d}&NorthEast_lng=${sample.lng + d}`;
        // The provider reports the sample's price after its change.
        const newPrice = sample.price;
        // The new listings that are for sale or rent (a generated feed has sold and withheld ones too).
        const expected = before + sync.run.created - sync.run.removed;
        let reflected = 0;
        for (;;) {
          const count = (await ask("format=count")).data.total;
          const found = (await ask(`${around(0.001)}&price_min=${newPrice}&price_max=${newPrice}&limit=50`)).data
            .propertiesListing;
          if (count === expected && found.some((l) => l.uls === sample.uls)) {
            reflected = performance.now() - started;
            break;
          }
          if (performance.now() - started > Number(process.env.BENCH_REFLECT_TIMEOUT_MS ?? 120_000))
            throw new Error(
              `the changes were not reflected within 2 minutes: count ${count} (expected ${expected}), ${found.length} listings at ${newPrice} around ${sample.uls}${found.some((l) => l.uls === sample.uls) ? " (it among them)" : ""}`,
            );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const catchUpMs = reader.listings.indexStats.lastCatchUpMs;
        rows.push({
          section: "scale-feed",
          metric: `${fmt(CHANGES)} changes: incremental sync until another process's search answers reflect them, ${fmt(SCALE_LISTINGS + FEED_AT_SCALE)} listings in PostgreSQL`,
          value: s2(reflected),
          unit: "s",
          budget: "< 5 s",
          pass: reflected < 5000 && reader.listings.indexStats.builds === builds,
          note: `sync ${s2(synced)} s (${sync.run.updated} updated, ${sync.run.created} created, ${sync.run.removed} removed, ${sync.run.requests} requests); the reader's index caught up in ${s2(catchUpMs)} s (${reader.listings.indexStats.catchUps - catchUps} catch-up, ${reader.listings.indexStats.builds - builds} rebuilds); count before ${fmt(before)}; ${machineNote()}`,
        });
        rows.push({
          section: "scale-feed",
          metric: `Import of the feed's ${fmt(FEED_AT_SCALE)} listings beside ${fmt(SCALE_LISTINGS)}`,
          value: s1(load.ms),
          unit: "s",
          note: `${load.run.created} created, peak RSS ${load.peakMb} MB`,
        });
      } finally {
        await reader.close();
        await writer.close();
      }
    } finally {
      provider.stop();
      await pg.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return rows;
  },
};

export const feedSections: BenchSection[] = [feedLoadSection, scaleFeedSection];
