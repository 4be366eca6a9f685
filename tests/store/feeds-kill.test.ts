/**
 * A sync killed at any moment resumes without loss or duplicates (issue 31): `npm run feeds --
 * sync` (the real command, its own process) against the suite's OData server, killed with
 * SIGKILL at random moments while it writes batches (fetching, mapping, inside a transaction),
 * then run again until one finishes; on SQLite and PostgreSQL. Afterwards every listing of the
 * feed is there once, each has exactly one "new" event, and a killed incremental run's changes
 * are each taken once too.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedFixtures, touch } from "../../scripts/feed-fixtures";
import { type Row, startTestFeed, type TestFeed } from "../../scripts/odata-test-server";
import { openPostgresStorage, openSqliteStorage, type Storage } from "../../server/content/storage";
import { createTestDatabase } from "../helpers/postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = "demo-broker";

interface Store {
  label: string;
  env: () => Promise<Record<string, string>>;
  open: (env: Record<string, string>) => Promise<Storage>;
}

const stores: Store[] = [
  {
    label: "sqlite",
    env: async () => ({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "feeds-kill-")) }),
    open: (env) => openSqliteStorage(env.DATA_DIR!),
  },
  {
    label: "postgres",
    env: async () => ({ DATABASE_URL: await createTestDatabase() }),
    open: (env) =>
      openPostgresStorage({ url: env.DATABASE_URL!, poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 15000 }),
  },
];

/** Runs the command; kills it `killAfterMs` after its batch line number `killAtBatch` (or lets it finish). */
function runSync(env: Record<string, string>, killAtBatch?: number, killAfterMs = 0) {
  const child: ChildProcess = spawn(
    path.join(ROOT, "node_modules/.bin/node"),
    ["--import", "tsx", "scripts/feeds.ts", "sync"],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "test", LOG_FORMAT: "text", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, out })),
  );
  const read = (chunk: Buffer) => {
    out += chunk.toString();
    const batches = [...out.matchAll(/batch (\d+) written/g)].map((m) => Number(m[1]));
    if (killAtBatch !== undefined && batches.includes(killAtBatch) && !child.killed) {
      setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    }
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  return { child, done };
}

describe.each(stores)("a sync killed mid-batch ($label)", (store) => {
  let env: Record<string, string>;
  let storage: Storage;
  let server: TestFeed;
  let data: Record<string, Row[]>;

  beforeAll(async () => {
    data = feedFixtures({ kind: "reso", count: 240 });
    // A provider far away: each request takes a while, so kills land mid-batch.
    server = await startTestFeed(data, { pageSize: 20, delayMs: 15 });
    env = {
      ...(await store.env()),
      FEED_KIND: "reso",
      FEED_URL: server.url,
      FEED_TOKEN_URL: server.tokenUrl,
      FEED_CLIENT_ID: server.clientId,
      FEED_CLIENT_SECRET: server.clientSecret,
    };
    storage = await store.open(env);
  });
  afterAll(async () => {
    await storage.close();
    await server.close();
    if (env.DATA_DIR) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  /** Kills runs at random moments after the given batches, then lets one finish; returns how many were killed. */
  async function killThenFinish(killAt: number[]): Promise<number> {
    let killed = 0;
    for (const [round, batch] of killAt.entries()) {
      // Spread over a batch's time (its page, the media and open houses fetched beside it, the
      // transaction): a round each a little later, and a random part.
      const run = runSync(env, batch, round * 110 + Math.floor(Math.random() * 100));
      const { code, signal, out } = await run.done;
      if (signal === "SIGKILL") killed++;
      else expect(code, out).toBe(0);
      // The killed process's lease would run out in two minutes: as if it had.
      await storage.feeds.release(SOURCE, `cli:${os.hostname()}:${run.child.pid}`, {
        nextRunMs: Date.now(),
        failures: 0,
      });
    }
    const last = await runSync(env).done;
    expect(last.code, last.out).toBe(0);
    expect(last.out).toMatch(/: succeeded/);
    return killed;
  }

  const active = () => data.Property!.filter((p) => p.StandardStatus === "Active").map((p) => String(p.ListingId));

  // Each run is a process of its own (seconds to start on a busy machine).
  it("loads every listing once, each with one event, however often it is killed", { timeout: 300_000 }, async () => {
    const killed = await killThenFinish([1, 3, 5, 8]);
    expect(killed).toBeGreaterThanOrEqual(3);
    const uls = active();
    expect(await storage.listings.size()).toBe(uls.length);
    const listed = (await storage.listings.search({}, "oldest", 0, 10_000)).map((l) => l.uls);
    expect(listed.sort()).toEqual([...uls].sort());
    const events = await storage.listings.events(0, 10_000);
    const news = events.filter((e) => e.kind === "new").map((e) => e.uls);
    expect(news.sort()).toEqual([...uls].sort());
    expect((await storage.feeds.recordCounts(SOURCE)).listed).toBe(uls.length);
    const runs = await storage.feeds.runs(SOURCE, 20);
    expect(runs[0]!.status).toBe("succeeded");
    expect(runs.filter((r) => r.status === "interrupted").length).toBe(killed);
  });

  it("takes each change of a killed incremental run once", { timeout: 300_000 }, async () => {
    const before = (await storage.listings.events(0, 10_000)).at(-1)!.seq;
    const changed = data.Property!.filter((p) => p.StandardStatus === "Active").slice(0, 100);
    // Several records per timestamp, more than a page of them.
    for (const [i, p] of changed.entries()) {
      touch(p, new Date(Date.UTC(2026, 10, 21, 9, Math.floor(i / 30))).toISOString(), {
        PropertyType: "Residential",
        ListPrice: 700_000 + i,
        LeaseAmount: null,
      });
    }
    await killThenFinish([1, 2]);
    for (const [i, p] of changed.entries())
      expect((await storage.listings.get(String(p.ListingId)))?.price).toBe(700_000 + i);
    const prices = (await storage.listings.events(before, 10_000)).filter((e) => e.kind === "price_change");
    expect(prices.map((e) => e.uls).sort()).toEqual(changed.map((p) => String(p.ListingId)).sort());
  });
});
