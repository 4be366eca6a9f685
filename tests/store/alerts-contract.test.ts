/**
 * Saved-search alerts' store (issue 32), on SQLite and PostgreSQL: a subscription is pending
 * with its consent proof and one confirmation e-mail in the outbox, its links' tokens open it
 * and are stored only as hashes, the visitor's changes (confirm, frequency, pause, resume,
 * search, unsubscribe, from all, delete), the matcher's cursor held by one process at a time,
 * one mention per (subscription, event), e-mails composed once when two processes try at the
 * same moment (instant, coalesced; digests at their time), messages claimed by one worker, the
 * token leaving a message once sent, and bounces pausing an address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION, type AlertFrequency } from "../../schema/alerts";
import type { Storage } from "../../server/content/storage";
import { type AlertMatch, hashAlertToken, type NewAlert } from "../../server/content/stores/alerts";
import { harnesses } from "./harness";

const T0 = Date.parse("2026-11-20T12:00:00.000Z");
const at = (ms: number) => new Date(T0 + ms);

const alert = (email: string, extra: Partial<NewAlert> = {}): NewAlert => ({
  site_id: "demo-broker",
  email,
  locale: "fr",
  search: { type: ["condo"], price_max: 500_000, mun: ["66023"] },
  page: "/fr/proprietes",
  origin: "http://localhost:3000",
  frequency: "instant",
  consent: { text: "J'accepte…", version: ALERT_CONSENT_VERSION, page: "/fr/proprietes", source: "search" },
  ip: "203.0.113.9",
  ...extra,
});

const nextDigest = (frequency: AlertFrequency, now = T0) => (frequency === "instant" ? null : now + 86_400_000);
const options = (now = at(0)) => ({ now, fromSeq: 0, nextDigest: (f: AlertFrequency) => nextDigest(f, now.getTime()) });

describe.each(harnesses)("$label alerts", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
  });
  afterAll(() => db.cleanup());

  /** Subscribes, then takes its confirmation e-mail from the outbox as a worker would; returns the link's token. */
  async function subscribeAndClaim(email: string, extra: Partial<NewAlert> = {}) {
    const { id, message_id } = await store.alerts.subscribe(alert(email, extra), at(0));
    const claimed = await store.alerts.claimMessages({ owner: "w", now: T0 + 1, leaseMs: 60_000, limit: 50 });
    const message = claimed.find((m) => m.id === message_id)!;
    await store.alerts.completeMessage(message.id, "w", at(2));
    return { id, token: String(message.payload.token), message };
  }

  async function confirmed(email: string, extra: Partial<NewAlert> = {}) {
    const sub = await subscribeAndClaim(email, extra);
    await store.alerts.change(sub.id, { action: "confirm" }, options());
    return sub;
  }

  it("keeps a pending subscription with its consent proof and one confirmation e-mail", async () => {
    const { id, message_id } = await store.alerts.subscribe(alert("Zoe@Example.com "), at(0));
    const record = (await other.alerts.get("demo-broker", id))!;
    expect(record).toMatchObject({
      email: "Zoe@Example.com",
      state: "pending",
      frequency: "instant",
      search: { type: ["condo"], price_max: 500_000, mun: ["66023"] },
      consent: {
        text: "J'accepte…",
        version: ALERT_CONSENT_VERSION,
        locale: "fr",
        page: "/fr/proprietes",
        given_at: at(0).toISOString(),
        confirmed_at: null,
        withdrawn_at: null,
        source: "search",
      },
    });
    // The address as the leads keep it: a keyed hash, never the address itself.
    expect(record.consent.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(record.consent.ip_hash).not.toContain("203.0.113.9");
    expect(await other.alerts.messagesOf(id)).toEqual([
      { id: message_id, kind: "confirm", state: "pending", attempts: 0 },
    ]);
    // Only active alerts are matched: nothing is sent before the confirmation but the confirmation.
    expect((await store.alerts.activeAlerts()).map((a) => a.id)).not.toContain(id);
  });

  it("opens an alert with its link's token only, stored as a hash", async () => {
    const { id, token } = await subscribeAndClaim("token@example.com");
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await other.alerts.byToken(token, at(10)))?.id).toBe(id);
    expect(await other.alerts.byToken(hashAlertToken(token), at(10))).toBeUndefined();
    expect(await other.alerts.byToken(`${token.slice(0, 21)}A`.replace(token, "x"), at(10))).toBeUndefined();
    expect(await other.alerts.byToken("short", at(10))).toBeUndefined();
    // Valid well past CASL's 60 days, not forever.
    expect((await other.alerts.byToken(token, at(90 * 86_400_000)))?.id).toBe(id);
    expect(await other.alerts.byToken(token, at(401 * 86_400_000))).toBeUndefined();
    // Sent: the token left the outbox row (the hash alone remains).
    const claimedAgain = await store.alerts.claimMessages({ owner: "w2", now: T0 + 10_000, leaseMs: 1, limit: 50 });
    expect(claimedAgain.find((m) => m.subscription_id === id)).toBeUndefined();
  });

  it("refuses a sixth pending alert for one address on a site", async () => {
    for (let i = 0; i < 5; i++) await store.alerts.subscribe(alert("many@example.com"), at(0));
    await expect(store.alerts.subscribe(alert("MANY@example.com"), at(0))).rejects.toThrow(/too many/);
    // Another site is another list.
    await expect(
      store.alerts.subscribe(alert("many@example.com", { site_id: "demo-agency" }), at(0)),
    ).resolves.toBeDefined();
  });

  it("applies the visitor's changes: confirm, frequency, pause, resume, search, unsubscribe", async () => {
    const { id } = await subscribeAndClaim("changes@example.com");
    expect(await store.alerts.change(id, { action: "confirm" }, { ...options(at(5000)), fromSeq: 42 })).toEqual({
      changed: true,
      removed: 0,
    });
    let record = (await other.alerts.get("demo-broker", id))!;
    expect(record.state).toBe("active");
    expect(record.consent.confirmed_at).toBe(at(5000).toISOString());
    expect((await other.alerts.activeAlerts()).find((a) => a.id === id)).toMatchObject({ from_seq: 42 });
    // Confirming twice changes nothing.
    expect((await store.alerts.change(id, { action: "confirm" }, options())).changed).toBe(false);
    await store.alerts.change(id, { action: "frequency", frequency: "weekly" }, options());
    await store.alerts.change(id, { action: "search", search: { bedrooms: 3, type: [] } }, options());
    await store.alerts.change(id, { action: "pause" }, options());
    record = (await other.alerts.get("demo-broker", id))!;
    expect(record).toMatchObject({
      frequency: "weekly",
      state: "paused",
      paused_reason: "visitor",
      search: { bedrooms: 3 },
    });
    expect(record.search).not.toHaveProperty("type");
    expect((await other.alerts.activeAlerts()).map((a) => a.id)).not.toContain(id);
    await store.alerts.change(id, { action: "resume" }, options());
    expect((await other.alerts.get("demo-broker", id))!.state).toBe("active");
    await store.alerts.change(id, { action: "unsubscribe" }, options(at(9000)));
    record = (await other.alerts.get("demo-broker", id))!;
    expect(record.state).toBe("unsubscribed");
    expect(record.consent.withdrawn_at).toBe(at(9000).toISOString());
    // The proof stays: the words and the confirmation time are still there.
    expect(record.consent.text).toBe("J'accepte…");
    expect(record.consent.confirmed_at).toBe(at(5000).toISOString());
    expect((await store.alerts.change(id, { action: "resume" }, options())).changed).toBe(false);
  });

  it("unsubscribes an address from all its alerts on the site, and suppresses it until it consents again", async () => {
    const a = await confirmed("all@example.com");
    const b = await confirmed("all@example.com", { frequency: "daily" });
    const elsewhere = await confirmed("all@example.com", { site_id: "demo-agency" });
    await store.alerts.change(a.id, { action: "unsubscribe_all" }, options());
    expect((await other.alerts.get("demo-broker", b.id))!.state).toBe("unsubscribed");
    expect((await other.alerts.get("demo-agency", elsewhere.id))!.state).toBe("active");
    expect(await other.alerts.suppressed("demo-broker", "ALL@example.com")).toBe("unsubscribed");
    // A new express consent, confirmed, lifts it.
    const again = await confirmed("all@example.com");
    expect(await other.alerts.suppressed("demo-broker", "all@example.com")).toBeUndefined();
    expect((await other.alerts.get("demo-broker", again.id))!.state).toBe("active");
  });

  it("deletes an address's alerts on request and keeps only the suppression", async () => {
    const a = await confirmed("forget@example.com");
    const b = await confirmed("forget@example.com");
    expect(await store.alerts.change(a.id, { action: "delete" }, options())).toEqual({ changed: true, removed: 2 });
    expect(await other.alerts.get("demo-broker", a.id)).toBeUndefined();
    expect(await other.alerts.get("demo-broker", b.id)).toBeUndefined();
    expect(await other.alerts.byToken(a.token, at(10))).toBeUndefined();
    expect(await other.alerts.suppressed("demo-broker", "forget@example.com")).toBe("deleted");
  });

  it("lets one process hold the matcher's cursor, and writes each mention once", async () => {
    const sub = await confirmed("match@example.com");
    const start = (await store.alerts.claimCursor("p1", T0, 60_000, 100))!;
    expect(start).toBe(100);
    expect(await other.alerts.claimCursor("p2", T0 + 1000, 60_000, 0)).toBeUndefined();
    const match = (seq: number): AlertMatch => ({
      subscription_id: sub.id,
      seq,
      uls: "12345678",
      kind: "new",
      data: { price: 1 },
    });
    expect(await store.alerts.recordMatches("p1", 100, 105, [match(101), match(104)], T0)).toBe(true);
    // Matching again from a position it no longer holds writes nothing.
    expect(await store.alerts.recordMatches("p1", 100, 105, [match(101)], T0)).toBe(false);
    // The lease ran out: another process takes over where the cursor is.
    expect(await other.alerts.claimCursor("p2", T0 + 61_000, 60_000, 0)).toBe(105);
    expect(await store.alerts.recordMatches("p1", 105, 106, [match(106)], T0)).toBe(false);
    // The same event again (a replay) is one mention.
    expect(await other.alerts.recordMatches("p2", 105, 107, [match(104), match(107)], T0)).toBe(true);
    expect((await store.alerts.matchesOf(sub.id)).map((m) => m.seq)).toEqual([101, 104, 107]);
    await other.alerts.releaseCursor("p2");
    expect(await store.alerts.claimCursor("p1", T0 + 62_000, 60_000, 0)).toBe(107);
    await store.alerts.releaseCursor("p1");
  });

  it("composes an instant alert once after the coalescing delay, even when two processes try at once", async () => {
    const sub = await confirmed("instant@example.com");
    const seq0 = (await store.alerts.claimCursor("c", T0, 60_000, 1000))!;
    await store.alerts.recordMatches(
      "c",
      seq0,
      seq0 + 2,
      [
        { subscription_id: sub.id, seq: seq0 + 1, uls: "11111111", kind: "new", data: { price: 300_000 } },
        {
          subscription_id: sub.id,
          seq: seq0 + 2,
          uls: "22222222",
          kind: "price_drop",
          data: { price: 280_000, old: 300_000 },
        },
      ],
      T0,
    );
    await store.alerts.releaseCursor("c");
    const compose = (s: Storage, now: number) =>
      s.alerts.compose(sub.id, {
        now,
        coalesceMs: 180_000,
        nextDigest: (f, n) => nextDigest(f, n),
        build: (matches) => ({ items: matches.map((m) => m.uls) }),
      });
    // Within the window: nothing yet (a change a minute later joins the same e-mail).
    expect((await store.alerts.due(T0 + 60_000, 180_000)).map((d) => d.id)).not.toContain(sub.id);
    expect(await compose(store, T0 + 60_000)).toBeUndefined();
    expect((await store.alerts.due(T0 + 180_000, 180_000)).map((d) => d.id)).toContain(sub.id);
    const made = await Promise.all([compose(store, T0 + 180_000), compose(other, T0 + 180_000)]);
    const ids = made.filter(Boolean);
    expect(ids).toHaveLength(1);
    const messages = await store.alerts.messagesOf(sub.id);
    expect(messages.filter((m) => m.kind === "digest")).toEqual([
      { id: ids[0], kind: "digest", state: "pending", attempts: 0 },
    ]);
    expect((await store.alerts.matchesOf(sub.id)).map((m) => m.message_id)).toEqual([ids[0], ids[0]]);
    // Its payload holds the items and a fresh token that opens the alert.
    const [claimed] = (
      await store.alerts.claimMessages({ owner: "x", now: T0 + 180_000, leaseMs: 60_000, limit: 100 })
    ).filter((m) => m.id === ids[0]);
    expect(claimed!.payload.items).toEqual(["11111111", "22222222"]);
    expect((await store.alerts.byToken(String(claimed!.payload.token), at(200_000)))?.id).toBe(sub.id);
    expect(await compose(store, T0 + 999_000)).toBeUndefined();
  });

  it("sends a digest once at its time with two processes, and nothing when nothing matched", async () => {
    const sub = await confirmed("daily@example.com", { frequency: "daily" });
    const due = T0 + 86_400_000;
    const compose = (s: Storage, now: number) =>
      s.alerts.compose(sub.id, { now, coalesceMs: 0, nextDigest: (f, n) => nextDigest(f, n), build: () => ({}) });
    // Nothing matched: its time passes without an e-mail, and the next one is set.
    expect((await store.alerts.due(due, 0)).find((d) => d.id === sub.id)).toEqual({ id: sub.id, digest: true });
    expect(await compose(store, due)).toBeUndefined();
    expect((await store.alerts.due(due, 0)).map((d) => d.id)).not.toContain(sub.id);
    const seq0 = (await store.alerts.claimCursor("d", due, 60_000, 5000))!;
    await store.alerts.recordMatches(
      "d",
      seq0,
      seq0 + 1,
      [{ subscription_id: sub.id, seq: seq0 + 1, uls: "33333333", kind: "new", data: {} }],
      due,
    );
    await store.alerts.releaseCursor("d");
    // Before its next time: nothing.
    expect(await compose(store, due + 3_600_000)).toBeUndefined();
    const next = due + 86_400_000;
    const made = (await Promise.all([compose(store, next), compose(other, next), compose(store, next)])).filter(
      Boolean,
    );
    expect(made).toHaveLength(1);
    expect((await store.alerts.messagesOf(sub.id)).filter((m) => m.kind === "digest")).toHaveLength(1);
  });

  it("leases each message to one worker, and the same id on a retry", async () => {
    const subs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => store.alerts.subscribe(alert(`lease${i}@example.com`), at(100))),
    );
    const now = T0 + 200;
    const [a, b] = await Promise.all([
      store.alerts.claimMessages({ owner: "A", now, leaseMs: 60_000, limit: 4 }),
      other.alerts.claimMessages({ owner: "B", now, leaseMs: 60_000, limit: 4 }),
    ]);
    const ours = new Set(subs.map((s) => s.message_id));
    const taken = [...a, ...b].map((m) => m.id).filter((id) => ours.has(id));
    expect(new Set(taken).size).toBe(taken.length);
    const first = [...a, ...b].find((m) => ours.has(m.id))!;
    const owner = a.includes(first) ? "A" : "B";
    // A failed attempt is retried later with the same id (the Message-ID).
    expect(await store.alerts.failMessage(first.id, owner, "451 try later", now + 1000)).toBe(true);
    const again = await other.alerts.claimMessages({ owner: "C", now: now + 1000, leaseMs: 60_000, limit: 100 });
    expect(again.find((m) => m.id === first.id)).toMatchObject({ attempts: 2 });
    // Another owner cannot complete it.
    expect(await store.alerts.completeMessage(first.id, "A-not-owner", at(5000))).toBe(false);
    expect(await other.alerts.completeMessage(first.id, "C", at(5000))).toBe(true);
    await store.alerts.releaseMessages("A");
    await other.alerts.releaseMessages("B");
    await other.alerts.releaseMessages("C");
  });

  it("pauses an address that bounces, and suppresses it", async () => {
    const sub = await confirmed("bounce@example.com");
    for (let i = 0; i < 3; i++) {
      const seq0 = (await store.alerts.claimCursor("b", T0, 60_000, 9000))!;
      await store.alerts.recordMatches(
        "b",
        seq0,
        seq0 + 1,
        [{ subscription_id: sub.id, seq: seq0 + 1, uls: "4444", kind: "new", data: {} }],
        T0,
      );
      await store.alerts.releaseCursor("b");
      const id = (await store.alerts.compose(sub.id, {
        now: T0 + 1e6 + i,
        coalesceMs: 0,
        nextDigest: () => null,
        build: () => ({}),
      }))!;
      const claimed = await store.alerts.claimMessages({ owner: "bw", now: T0 + 1e6 + i, leaseMs: 60_000, limit: 100 });
      expect(claimed.map((m) => m.id)).toContain(id);
      await store.alerts.failMessage(id, "bw", "550 no such user", null, { pauseAfter: 3, at: at(1e6) });
      for (const m of claimed.filter((c) => c.id !== id)) await store.alerts.failMessage(m.id, "bw", "x", T0);
    }
    expect((await other.alerts.get("demo-broker", sub.id))!).toMatchObject({
      state: "paused",
      paused_reason: "bounced",
    });
    expect(await other.alerts.suppressed("demo-broker", "bounce@example.com")).toBe("bounced");
  });

  it("lists a site's alerts for the broker, newest first, searchable by address", async () => {
    const { alerts, total } = await other.alerts.list("demo-broker", { offset: 0, limit: 200, q: "CHANGES@" });
    expect(total).toBe(1);
    expect(alerts[0]).toMatchObject({ email: "changes@example.com", state: "unsubscribed" });
    const all = await other.alerts.list("demo-broker", { offset: 0, limit: 3 });
    expect(all.total).toBeGreaterThan(5);
    expect(all.alerts).toHaveLength(3);
  });
});
