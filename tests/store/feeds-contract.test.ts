/**
 * The feeds store's contract (issue 31), on SQLite and PostgreSQL: settings kept as given (the
 * secret as sealed text), the scheduling lease claimed by one of two processes at once, renewed
 * only by its owner and free again once it ran out, cursors, raw records by (source, key), and
 * runs with their reports.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "../../server/content/storage";
import { emptyReport, type FeedRun, type StoredFeedSettings } from "../../server/content/stores/feeds";
import { harnesses } from "./harness";

const SETTINGS: StoredFeedSettings = {
  site_id: "demo-broker",
  kind: "ddf",
  base_url: "https://ddfapi.realtor.ca/odata/v1",
  token_url: "https://identity.crea.ca/connect/token",
  client_id: "client",
  secret_enc: "v1:iv:tag:body",
  scope: null,
  mine: { offices: ["O1", "O2"], agents: ["M9"] },
  interval_minutes: 30,
  photos: "hotlink",
  remarks_language: "en",
  enabled: true,
  updated_ms: 1_700_000_000_000,
  updated_by: "editor-1",
};

describe.each(harnesses)("$label feeds store", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let a: Storage;
  let b: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    a = await db.open();
    b = await db.open();
  });
  afterAll(() => db.cleanup());

  it("keeps settings as given, and replaces them whole", async () => {
    expect(await a.feeds.settings("demo-broker")).toBeUndefined();
    await a.feeds.saveSettings(SETTINGS);
    expect(await b.feeds.settings("demo-broker")).toEqual(SETTINGS);
    await b.feeds.saveSettings({
      ...SETTINGS,
      enabled: false,
      scope: "DDFApi_Read",
      mine: { offices: [], agents: [] },
    });
    expect(await a.feeds.allSettings()).toEqual([
      { ...SETTINGS, enabled: false, scope: "DDFApi_Read", mine: { offices: [], agents: [] } },
    ]);
  });

  it("lets one of two processes claim a due feed, its owner renew it, and anyone once it ran out", async () => {
    const now = 1_800_000_000_000;
    await a.feeds.ensureState("s1", now + 60_000);
    await b.feeds.ensureState("s1", now); // already there: unchanged
    expect(await a.feeds.claim("s1", "one", now, 1000)).toBe(false); // not due yet
    const [x, y] = await Promise.all([
      a.feeds.claim("s1", "one", now + 60_000, 1000),
      b.feeds.claim("s1", "two", now + 60_000, 1000),
    ]);
    expect([x, y].filter(Boolean)).toHaveLength(1);
    const owner = x ? "one" : "two";
    const other = x ? "two" : "one";
    expect(await b.feeds.claim("s1", other, now + 60_500, 1000, true)).toBe(false); // forced, but held
    expect(await a.feeds.renew("s1", other, now + 60_500, 1000)).toBe(false);
    expect(await a.feeds.renew("s1", owner, now + 60_500, 1000)).toBe(true);
    // The lease ran out (the owner was killed): the other takes it.
    expect(await b.feeds.claim("s1", other, now + 61_600, 1000, true)).toBe(true);
    expect(await a.feeds.renew("s1", owner, now + 61_700, 1000)).toBe(false);
    await b.feeds.schedule("s1", now, true);
    expect((await a.feeds.state("s1"))?.requested_ms).toBe(now);
    await a.feeds.release("s1", other, { nextRunMs: now + 900_000, currentMs: now, failures: 0 });
    expect(await b.feeds.state("s1")).toMatchObject({
      next_run_ms: now + 900_000,
      lease_owner: null,
      lease_until_ms: null,
      requested_ms: null,
      current_ms: now,
      hidden: false,
      failures: 0,
    });
    await a.feeds.setHidden("s1", true);
    expect((await b.feeds.state("s1"))?.hidden).toBe(true);
  });

  it("keeps cursors and raw records by source and key", async () => {
    await a.feeds.setCursor("s1", "sync", {
      phase: "incremental",
      streams: { p: { ts: "2026-01-01T00:00:00Z", key: "k" } },
    });
    await b.feeds.setCursor("s1", "sync", { phase: "full" });
    expect(await a.feeds.cursor("s1", "sync")).toEqual({ phase: "full" });
    expect(await a.feeds.cursor("s2", "sync")).toBeUndefined();
    const record = (key: string, state: "listed" | "removed", generation = 1) => ({
      key,
      uls: `U${key}`,
      modified: "2026-01-01T00:00:00Z",
      hash: `h${key}`,
      doc: { record: { ListingKey: key, PublicRemarks: "l'été" } },
      state,
      reason: null,
      generation,
    });
    await a.feeds.putRecords("s1", [record("b", "listed"), record("a", "listed"), record("B", "removed")]);
    await a.feeds.putRecords("s2", [record("a", "listed")]);
    await b.feeds.putRecords("s1", [{ ...record("a", "listed", 2), hash: "new" }]);
    const got = await a.feeds.records("s1", ["a", "b", "zz"]);
    expect([...got.keys()].sort()).toEqual(["a", "b"]);
    expect(got.get("a")).toMatchObject({ hash: "new", generation: 2, state: "listed", uls: "Ua" });
    await a.feeds.touchRecords("s1", ["b"], 5);
    await a.feeds.setRecordStates("s1", [{ key: "b", state: "removed", reason: "gone" }]);
    expect((await b.feeds.records("s1", ["b"])).get("b")).toMatchObject({
      generation: 5,
      state: "removed",
      reason: "gone",
    });
    expect((await a.feeds.listedKeys("s1")).map((r) => r.key)).toEqual(["a"]);
    // Pages by key, byte order (as both databases compare the cursor).
    const page = await b.feeds.recordPage("s1", "", 10, ["listed", "removed"]);
    expect(page.map((r) => r.key)).toEqual(["B", "a", "b"]);
    expect(page[1]!.doc).toEqual({ record: { ListingKey: "a", PublicRemarks: "l'été" } });
    expect(await a.feeds.recordCounts("s1")).toMatchObject({ listed: 1, removed: 2 });
  });

  it("keeps runs with their reports, newest first, and marks a killed process's run interrupted", async () => {
    const run = (id: string, started: number): Omit<FeedRun, "ended_ms" | "error_code" | "error_message"> => ({
      id,
      source: "s3",
      kind: "full",
      trigger: "cli",
      owner: "one",
      status: "running",
      started_ms: started,
      created: 0,
      updated: 0,
      removed: 0,
      skipped: 0,
      requests: 0,
      report: emptyReport(),
    });
    await a.feeds.startRun(run("r1", 1000));
    await a.feeds.updateRun({
      id: "r1",
      kind: "incremental",
      created: 3,
      updated: 2,
      removed: 1,
      skipped: 1,
      requests: 9,
      report: { ...emptyReport(), skips: [{ key: "k", reason: "no price" }], notes: ["budget_reached"] },
    });
    await a.feeds.finishRun("r1", {
      status: "failed",
      endedMs: 2000,
      errorCode: "secret_refused",
      errorMessage: "refused",
    });
    await b.feeds.startRun(run("r2", 3000));
    expect(await a.feeds.interruptRuns("s3", 4000)).toBe(1);
    const runs = await b.feeds.runs("s3");
    expect(runs.map((r) => [r.id, r.status])).toEqual([
      ["r2", "interrupted"],
      ["r1", "failed"],
    ]);
    expect(runs[1]).toMatchObject({
      kind: "incremental",
      created: 3,
      requests: 9,
      ended_ms: 2000,
      error_code: "secret_refused",
      report: { skips: [{ key: "k", reason: "no price" }], notes: ["budget_reached"] },
    });
    expect((await a.feeds.run("r2"))?.ended_ms).toBe(4000);
  });
});
