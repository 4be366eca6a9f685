/**
 * Scheduled publishes' contract (issue 33), on SQLite and PostgreSQL: one pending job per page
 * (scheduling again moves it), cancel, claims shared by two processes (each due job once), a job
 * finished inside the publish's transaction (a rolled-back publish leaves it pending; a lost
 * lease rolls the publish back), failures, and a dead process's lease taken again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "../../server/content/storage";
import type { PageRecord, SiteRecord } from "../../server/content/stores/content";
import { LeaseLost } from "../../server/content/stores/publish-jobs";
import { harnesses } from "./harness";

const T0 = 1_800_000_000_000;
const MIN = 60_000;
const marc = { id: "ed-marc", name: "Marc Tremblay" };

const site = (id: string): SiteRecord =>
  ({
    site_id: id,
    microsite_id: `ms-${id}`,
    site_key: `sk_${id}_0123456789`,
    name: id,
    domains: [],
  }) as unknown as SiteRecord;

const page = (id: string, title: string, version = 1): PageRecord =>
  ({
    page_id: id,
    paths: { fr: `/fr/${id}`, en: `/en/${id}` },
    title: { fr: title, en: title },
    content: [],
    hidden: false,
    version,
  }) as PageRecord;

describe.each(harnesses)("$kind scheduled publishes", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
    await store.content.putSite(site("a"));
    for (const id of ["home", "contact", "about", "team"]) {
      expect((await store.content.savePage("a", page(id, `${id} v1`), 0)).ok).toBe(true);
    }
  });
  afterAll(() => db.cleanup());

  it("keeps one pending publish per page: scheduling again moves it; cancelling ends it", async () => {
    const first = await store.publishJobs.schedule(
      "a",
      "home",
      { run_at_ms: T0 + 10 * MIN, page: page("home", "Accueil programmé"), base_version: 1, editor: marc },
      new Date(T0),
    );
    expect(first).toMatchObject({ state: "pending", run_at_ms: T0 + 10 * MIN, editor: marc, base_version: 1 });
    const moved = await other.publishJobs.schedule(
      "a",
      "home",
      {
        run_at_ms: T0 + 20 * MIN,
        page: page("home", "Accueil déplacé"),
        base_version: 1,
        note: "Soldes",
        editor: marc,
      },
      new Date(T0 + MIN),
    );
    expect(moved.id).toBe(first.id);
    expect(await store.publishJobs.pending("a", "home")).toMatchObject({ run_at_ms: T0 + 20 * MIN, note: "Soldes" });
    await store.publishJobs.schedule(
      "a",
      "contact",
      { run_at_ms: T0 + 30 * MIN, page: page("contact", "Contact programmé"), base_version: 1, editor: marc },
      new Date(T0),
    );
    expect([...(await other.publishJobs.pendingBySite("a")).keys()].sort()).toEqual(["contact", "home"]);
    expect(await store.publishJobs.cancel("a", "contact", new Date(T0 + 2 * MIN))).toMatchObject({
      state: "cancelled",
    });
    expect(await store.publishJobs.cancel("a", "contact")).toBeUndefined();
    expect(await store.publishJobs.pending("a", "contact")).toBeUndefined();
    expect(await store.publishJobs.nextDue()).toBe(T0 + 20 * MIN);
  });

  it("lets two processes claim due jobs at once: each job once, none before its time", async () => {
    for (const id of ["about", "team"]) {
      await store.publishJobs.schedule(
        "a",
        id,
        { run_at_ms: T0 + 5 * MIN, page: page(id, `${id} programmé`), base_version: 1, editor: marc },
        new Date(T0),
      );
    }
    expect(await store.publishJobs.claim({ owner: "p1", now: T0 + 4 * MIN, leaseMs: MIN, limit: 10 })).toEqual([]);
    const [a, b] = await Promise.all([
      store.publishJobs.claim({ owner: "p1", now: T0 + 25 * MIN, leaseMs: MIN, limit: 10 }),
      other.publishJobs.claim({ owner: "p2", now: T0 + 25 * MIN, leaseMs: MIN, limit: 10 }),
    ]);
    const claimed = [...a, ...b].map((j) => j.page_id).sort();
    expect(claimed).toEqual(["about", "home", "team"]);
    // The page to publish comes with the claim.
    expect([...a, ...b].find((j) => j.page_id === "home")?.page.title.fr).toBe("Accueil déplacé");
    // Leased: nobody claims them again meanwhile.
    expect(await store.publishJobs.claim({ owner: "p3", now: T0 + 25 * MIN + 1000, leaseMs: MIN, limit: 10 })).toEqual(
      [],
    );
    // Scheduling or cancelling a job being published leaves it to finish.
    const busy = [...a, ...b].find((j) => j.page_id === "home")!;
    expect(await store.publishJobs.cancel("a", "home", new Date(T0 + 25 * MIN + 2000))).toBeUndefined();
    // Released at a graceful stop, they are due again (their attempt not counted).
    const owner = a.length ? "p1" : "p2";
    await (a.length ? store : other).publishJobs.release(owner);
    const again = await store.publishJobs.claim({ owner: "p4", now: T0 + 26 * MIN, leaseMs: MIN, limit: 10 });
    expect(again.map((j) => j.id).sort()).toEqual((a.length ? a : b).map((j) => j.id).sort());
    expect(busy.attempts).toBe(1);
  });

  it("finishes a job inside the publish's transaction: a lost lease rolls the publish back", async () => {
    // p4 and p2 hold the jobs now; p2's lease runs out and p5 takes them.
    const expired = await other.publishJobs.claim({ owner: "p5", now: T0 + 40 * MIN, leaseMs: MIN, limit: 10 });
    expect(expired.map((j) => j.page_id).sort()).toEqual(["about", "home", "team"]);
    const job = expired.find((j) => j.page_id === "about")!;
    // A slow process still thinking it holds the job: its publish is refused and leaves no version.
    const late = store.content.savePage("a", job.page, 1, marc, {
      inTransaction: (trx, version) => store.publishJobs.finish(trx, job.id, "p4", version),
    });
    await expect(late).rejects.toBeInstanceOf(LeaseLost);
    expect((await store.content.getPage("a", "about"))?.version).toBe(1);
    expect((await store.pageVersions.list("a", "about")).versions).toHaveLength(1);
    // The holder publishes: the page, its version and the job's end commit together.
    const saved = await other.content.savePage("a", job.page, 1, marc, {
      scheduledFor: new Date(job.run_at_ms).toISOString(),
      inTransaction: (trx, version) => other.publishJobs.finish(trx, job.id, "p5", version),
    });
    expect(saved).toEqual({ ok: true, version: 2 });
    expect(await store.publishJobs.lastFinished("a", "about")).toMatchObject({ state: "done", result_version: 2 });
    const [version] = (await store.pageVersions.list("a", "about")).versions;
    expect(version).toMatchObject({ version: 2, editor: marc, scheduled_for: new Date(T0 + 5 * MIN).toISOString() });
    // Done is done: never claimed again.
    expect(
      (await store.publishJobs.claim({ owner: "p6", now: T0 + 90 * MIN, leaseMs: MIN, limit: 10 })).map(
        (j) => j.page_id,
      ),
    ).not.toContain("about");
  });

  it("records failures: for good, or due again later", async () => {
    const held = await store.publishJobs.claim({ owner: "p7", now: T0 + 200 * MIN, leaseMs: MIN, limit: 10 });
    const home = held.find((j) => j.page_id === "home")!;
    const team = held.find((j) => j.page_id === "team")!;
    expect(await store.publishJobs.fail(home.id, "someone-else", "conflict", null)).toBe(false);
    expect(await store.publishJobs.fail(home.id, "p7", "conflict", null)).toBe(true);
    expect(await store.publishJobs.lastFinished("a", "home")).toMatchObject({ state: "failed", error: "conflict" });
    expect(await store.publishJobs.fail(team.id, "p7", "store-error", T0 + 300 * MIN)).toBe(true);
    expect(await store.publishJobs.pending("a", "team")).toMatchObject({
      run_at_ms: T0 + 300 * MIN,
      error: "store-error",
    });
    expect(await store.publishJobs.claim({ owner: "p8", now: T0 + 299 * MIN, leaseMs: MIN, limit: 10 })).toEqual([]);
    expect((await store.publishJobs.claim({ owner: "p8", now: T0 + 300 * MIN, leaseMs: MIN, limit: 10 }))[0]?.id).toBe(
      team.id,
    );
  });
});
