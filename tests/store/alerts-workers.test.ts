/**
 * Two web processes' alert workers on one database (issue 32), on SQLite and PostgreSQL, with a
 * real SMTP server on loopback: both pass at the same moments, and still a daily digest goes out
 * once, at 7:00 in Québec, with the listing that matched since the last one, and an instant
 * alert once; nothing is sent the next morning when nothing matched.
 */
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION } from "../../schema/alerts";
import { AlertWorker } from "../../server/alerts/worker";
import { loadConfig } from "../../server/config";
import { generateListings } from "../../server/content/data/listings-generator";
import { loadMunicipalities } from "../../server/content/data/municipalities";
import { seedFromFixtures } from "../../server/content/seed";
import type { Storage } from "../../server/content/storage";
import { createMailer, type Mailer } from "../../server/leads/mail";
import { type MailSink, startMailSink } from "../helpers/lead-sinks";
import { harnesses } from "./harness";

const LISTINGS = generateListings({ count: 30, seed: 32, municipalities: loadMunicipalities() });

describe.each(harnesses)("$label two alert workers", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let one: Storage;
  let two: Storage;
  let sink: MailSink;
  let mailers: Mailer[] = [];
  let workers: AlertWorker[] = [];
  // Monday 30 November 2026, 6:00 in Québec (11:00 UTC); moved by the test.
  let clock = Date.parse("2026-11-30T11:00:00.000Z");

  beforeAll(async () => {
    db = await harness.fresh();
    one = await db.open();
    two = await db.open();
    await seedFromFixtures(one.content);
    await one.listings.replaceAll(LISTINGS.slice(0, 20));
    sink = await startMailSink();
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "test",
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      LEADS_EMAIL_TO: "julie@courtier.example",
    });
    mailers = [createMailer(config)!, createMailer(config)!];
    workers = [one, two].map(
      (storage, i) =>
        new AlertWorker({
          storage,
          mailer: mailers[i],
          from: "alertes@courtier.example",
          publicOrigin: "https://julietremblay.example",
          schedule: { timeZone: "America/Toronto", hour: 7, weekday: 1 },
          coalesceMs: 60_000,
          maxItems: 10,
          leaseMs: 60_000,
          retryDelayMs: 1000,
          maxAttempts: 3,
          inactiveDays: 180,
          now: () => clock,
          log: () => {},
        }),
    );
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    for (const mailer of mailers) mailer.close();
    await sink.close();
    await db.cleanup();
  });

  /** Both processes pass at once, twice (a second pass sees what the first did), then the mail arrives. */
  async function bothPass() {
    for (let round = 0; round < 2; round++) await Promise.all(workers.map((w) => w.pass()));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async function subscribe(email: string, frequency: "instant" | "daily") {
    const { id } = await one.alerts.subscribe(
      {
        site_id: "demo-broker",
        email,
        locale: "fr",
        search: {},
        page: "/fr/proprietes",
        origin: null,
        frequency,
        consent: { text: "…", version: ALERT_CONSENT_VERSION, page: "/fr/proprietes", source: "search" },
        ip: null,
      },
      new Date(clock - 1000),
    );
    const fromSeq = await one.listings.lastEventSeq();
    await two.alerts.change(
      id,
      { action: "confirm" },
      { now: new Date(clock), fromSeq, nextDigest: (f) => workers[0]!.nextDigest(f, clock) },
    );
    return id;
  }

  it("sends a daily digest once at 7:00 and an instant alert once, with two processes", async () => {
    await subscribe("daily@example.com", "daily");
    await subscribe("instant@example.com", "instant");
    await bothPass();
    // The two confirmations, one each.
    expect(sink.messages.map((m) => m.headers.to).sort()).toEqual(["daily@example.com", "instant@example.com"]);
    await one.listings.upsert(LISTINGS[25]!);
    clock += 60 * 60_000 - 5 * 60_000; // 6:55
    await bothPass();
    clock += 5 * 60_000; // 7:00
    await bothPass();
    const after = sink.messages.slice(2);
    expect(after.map((m) => m.headers.to).sort()).toEqual(["daily@example.com", "instant@example.com"]);
    for (const message of after) {
      const mail = await simpleParser(message.raw);
      expect(mail.subject).toBe("1 propriété pour votre alerte");
      expect(mail.html).toContain(`https://julietremblay.example${LISTINGS[25]!.url.fr}`);
    }
    // The next morning: nothing matched, nothing sent.
    clock += 24 * 60 * 60_000;
    await bothPass();
    expect(sink.messages).toHaveLength(4);
    const daily = (await one.alerts.list("demo-broker", { offset: 0, limit: 10, q: "daily@" })).alerts[0]!;
    expect(daily.sent).toBe(1);
  });
});
