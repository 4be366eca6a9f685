/**
 * The contract of the lead stores against SQLite and PostgreSQL: the inbox's columns and
 * filters on submissions, the delivery outbox (claims with a lease that two instances on one
 * database never share, retries, failures), captcha replay records and server secrets, and
 * the retention purge.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "../../server/content/storage";
import type { NewSubmission } from "../../server/content/stores/submissions";
import { DAY_MS, purgeExpiredLeads } from "../../server/leads/retention";
import { harnesses } from "./harness";

const SITE = "demo-broker";

const lead = (overrides: Partial<NewSubmission> & { name?: string; email?: string } = {}): NewSubmission => {
  const { name = "Marie Lavoie", email = "marie@example.com", ...rest } = overrides;
  return {
    site_id: SITE,
    type: "contact_form",
    locale: "fr",
    payload: { form_type: "contact_form", full_name: name, email, message: "Bonjour" },
    ip: "203.0.113.9",
    ...rest,
  };
};

describe.each(harnesses)("$kind lead stores", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
  });
  afterAll(() => db.cleanup());

  describe("submissions as an inbox", () => {
    it("stores a lead with its outbox rows in one write, and reads it back with its status and consent", async () => {
      const consent = { email: { given_at: "2026-11-01T12:00:00.000Z", text: "J'accepte…" } };
      const id = await store.submissions.insert(
        lead({ type: "property_alert", consent, deliveries: ["email", "webhook"], name: "Éloïse Côté" }),
      );
      const got = await other.submissions.get(SITE, id);
      expect(got).toMatchObject({
        id,
        status: "new",
        handled_at: null,
        name: "Éloïse Côté",
        consent,
        delivery: "pending",
      });
      expect((await store.outbox.forSubmission(id)).map((d) => d.channel)).toEqual(["email", "webhook"]);
      expect(await store.submissions.find(id)).toMatchObject({ id, site_id: SITE });
      expect(await store.submissions.get("demo-agency", id)).toBeUndefined();
    });

    it("filters by type, status, date and a search without regard to case or accents", async () => {
      const a = await store.submissions.insert(lead({ name: "Jean Tremblay", email: "jt@example.com" }));
      const b = await store.submissions.insert(
        lead({ type: "property_valuation", name: "Zoé Bélanger", email: "zoe@exemple.ca" }),
      );
      expect(await store.submissions.setStatus(SITE, a, "handled", new Date())).toBe(true);
      const ids = async (filter: object) =>
        (await store.submissions.list(SITE, { offset: 0, limit: 50, filter })).submissions.map((s) => s.id);
      expect(await ids({ q: "zoe belanger" })).toEqual([b]);
      expect(await ids({ q: "ZOÉ" })).toEqual([b]);
      expect(await ids({ q: "jt@example" })).toEqual([a]);
      expect(await ids({ q: "100%_" })).toEqual([]);
      expect(await ids({ type: "property_valuation" })).toEqual([b]);
      expect(await ids({ status: "handled" })).toEqual([a]);
      expect(await ids({ status: "new" })).not.toContain(a);
      const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
      expect(await ids({ from: tomorrow })).toEqual([]);
      expect((await ids({ to: tomorrow })).slice(0, 2)).toEqual([b, a]);
      const handled = await store.submissions.get(SITE, a);
      expect(handled?.status).toBe("handled");
      expect(handled?.handled_at).toEqual(expect.any(String));
      expect(await store.submissions.setStatus(SITE, a, "new", new Date())).toBe(true);
      expect((await store.submissions.get(SITE, a))?.handled_at).toBeNull();
      expect(await store.submissions.setStatus(SITE, "no-such-lead", "handled", new Date())).toBe(false);
    });

    it("deletes one lead with its outbox rows", async () => {
      const id = await store.submissions.insert(lead({ deliveries: ["email"] }));
      expect(await store.submissions.delete("demo-agency", id)).toBe(false);
      expect(await store.submissions.delete(SITE, id)).toBe(true);
      expect(await store.submissions.get(SITE, id)).toBeUndefined();
      expect(await store.outbox.forSubmission(id)).toEqual([]);
      expect(await store.submissions.delete(SITE, id)).toBe(false);
    });
  });

  describe("delivery outbox", () => {
    it("leases due rows to one worker; another instance gets none until the lease runs out", async () => {
      const id = await store.submissions.insert(lead({ deliveries: ["email"] }));
      const now = Date.now() + 1000;
      const mine = await store.outbox.claim({ owner: "w1", now, leaseMs: 60_000, limit: 100 });
      expect(mine.map((r) => r.submission_id)).toContain(id);
      const row = mine.find((r) => r.submission_id === id)!;
      expect(row.attempts).toBe(1);
      expect(await other.outbox.claim({ owner: "w2", now, leaseMs: 60_000, limit: 100 })).toEqual([]);
      // The first worker was killed: after its lease, the row is due again, as a second attempt.
      const later = await other.outbox.claim({ owner: "w2", now: now + 61_000, leaseMs: 60_000, limit: 100 });
      expect(later.find((r) => r.id === row.id)?.attempts).toBe(2);
      // The killed worker's late answer no longer counts; the lease holder's does.
      expect(await store.outbox.complete(row.id, "w1", new Date())).toBe(false);
      expect(await other.outbox.complete(row.id, "w2", new Date())).toBe(true);
      expect((await store.submissions.get(SITE, id))?.delivery).toBe("delivered");
      for (const r of later.filter((r) => r.id !== row.id)) await other.outbox.complete(r.id, "w2", new Date());
      await store.outbox.release("w1");
    });

    it("never gives one row to two workers claiming at once", async () => {
      const ids = await Promise.all(
        Array.from({ length: 12 }, () => store.submissions.insert(lead({ deliveries: ["email"] }))),
      );
      const now = Date.now() + 2000;
      const claims = await Promise.all(
        [store, other, store, other].map((s, i) => s.outbox.claim({ owner: `c${i}`, now, leaseMs: 60_000, limit: 5 })),
      );
      const claimed = claims.flat().map((r) => r.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      const ours = claims.flat().filter((r) => ids.includes(r.submission_id));
      expect(ours.length).toBe(12);
      for (const [i, batch] of claims.entries()) {
        for (const r of batch)
          expect(await [store, other][i % 2]!.outbox.complete(r.id, `c${i}`, new Date())).toBe(true);
      }
    });

    it("retries a failed attempt at its time, marks it failed for good, and tries again on request", async () => {
      const id = await store.submissions.insert(lead({ deliveries: ["webhook"] }));
      const now = Date.now() + 3000;
      const [row] = (await store.outbox.claim({ owner: "w", now, leaseMs: 60_000, limit: 100 })).filter(
        (r) => r.submission_id === id,
      );
      expect(await store.outbox.fail(row!.id, "w", "webhook answered HTTP 500", now + 30_000)).toBe(true);
      expect(await store.outbox.claim({ owner: "w", now: now + 1000, leaseMs: 60_000, limit: 100 })).toEqual([]);
      const [again] = await store.outbox.claim({ owner: "w", now: now + 30_000, leaseMs: 60_000, limit: 100 });
      expect(again).toMatchObject({ id: row!.id, attempts: 2, last_error: "webhook answered HTTP 500" });
      expect(await store.outbox.fail(row!.id, "w", "still down", null)).toBe(true);
      expect((await store.submissions.get(SITE, id))?.delivery).toBe("failed");
      const problems = await store.submissions.list(SITE, { offset: 0, limit: 50, filter: { deliveryProblem: true } });
      expect(problems.submissions.map((s) => s.id)).toContain(id);
      expect(await store.outbox.claim({ owner: "w", now: now + 10 ** 9, leaseMs: 1, limit: 100 })).toEqual([]);
      expect(await store.outbox.retry(id, now + 40_000)).toBe(1);
      const [retried] = await other.outbox.claim({ owner: "x", now: now + 40_000, leaseMs: 60_000, limit: 100 });
      expect(retried).toMatchObject({ id: row!.id, attempts: 1 });
      // A graceful stop gives the lease back without counting the attempt.
      expect(await other.outbox.release("x")).toBe(1);
      const [back] = await store.outbox.claim({ owner: "y", now: now + 40_000, leaseMs: 60_000, limit: 100 });
      expect(back).toMatchObject({ id: row!.id, attempts: 1 });
      await store.outbox.complete(back!.id, "y", new Date());
      expect((await store.outbox.counts()).pending).toBe(0);
    });
  });

  describe("captcha replays and secrets", () => {
    it("accepts a challenge once across instances, and forgets it once expired", async () => {
      const now = Date.now();
      expect(await store.captchaReplays.consume("sig-1", now + 60_000, now)).toBe(true);
      expect(await other.captchaReplays.consume("sig-1", now + 60_000, now)).toBe(false);
      const both = await Promise.all([
        store.captchaReplays.consume("sig-2", now + 60_000, now),
        other.captchaReplays.consume("sig-2", now + 60_000, now),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await store.captchaReplays.prune(now + 120_000)).toBeGreaterThanOrEqual(2);
    });

    it("makes a secret once; every instance reads the same", async () => {
      const made = await Promise.all([
        store.secrets.getOrCreate("k", () => "from-store"),
        other.secrets.getOrCreate("k", () => "from-other"),
      ]);
      expect(made[0]).toBe(made[1]);
      expect(await other.secrets.getOrCreate("k", () => "third")).toBe(made[0]);
    });
  });

  describe("retention", () => {
    it("purges leads older than the retention period, with their outbox rows, and keeps the others", async () => {
      const id = await store.submissions.insert(lead({ deliveries: ["email"] }));
      const total = await store.submissions.count(SITE);
      // 729 days later the lead is kept; 731 days later it is gone.
      expect(await purgeExpiredLeads(store.submissions, 730, new Date(Date.now() + 729 * DAY_MS))).toBe(0);
      expect(await store.submissions.count(SITE)).toBe(total);
      expect(await purgeExpiredLeads(other.submissions, 730, new Date(Date.now() + 731 * DAY_MS))).toBe(total);
      expect(await store.submissions.get(SITE, id)).toBeUndefined();
      expect(await store.outbox.forSubmission(id)).toEqual([]);
    });
  });
});
