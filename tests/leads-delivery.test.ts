/**
 * Leads reach the broker (issue 16), with the real server process (scripts/contact-server.ts,
 * the same delivery worker as server/main.ts), a local SMTP server and a CRM's webhook on
 * loopback:
 *  - one e-mail per lead, in the visitor's language, every field, Reply-To the visitor; the
 *    webhook's signature checks;
 *  - with the SMTP server down the leads are kept, and delivered once it is back, with a
 *    restart of the site in between;
 *  - 200 concurrent submissions with the server killed (SIGKILL) midway: no acknowledged
 *    lead lost, each e-mailed once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { leadsT } from "../server/leads/messages";
import {
  BROKER_SITE,
  type ContactServer,
  signInCookie,
  startContactServer,
  submitContact,
} from "./helpers/contact-server";
import {
  decodeHeader,
  freePort,
  type MailSink,
  startMailSink,
  startWebhookSink,
  until,
  type WebhookSink,
} from "./helpers/lead-sinks";

const WEBHOOK_SECRET = "webhook-secret-for-tests-0001";
const dirs: string[] = [];
let servers: ContactServer[] = [];
let sinks: { close(): Promise<void> }[] = [];

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "leads-delivery-"));
  dirs.push(dir);
  return dir;
}

const baseEnv = (dir: string, smtpPort: number) => ({
  DATA_DIR: dir,
  NODE_ENV: "test",
  CONTACT_RATE_LIMIT: "100000",
  // The inbox is read as a fixture editor (fixtures/editors.json).
  FIXTURE_EDITORS: "true",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LEADS_EMAIL_TO: "julie@courtier.example",
  LEADS_EMAIL_FROM: "site@courtier.example",
  LEADS_RETRY_DELAY_MS: "200",
  LEADS_POLL_MS: "100",
});

async function start(env: Record<string, string>) {
  const server = await startContactServer(env);
  servers.push(server);
  return server;
}

async function stop(server: ContactServer, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
  servers = servers.filter((s) => s !== server);
}

interface InboxLead {
  id: string;
  type: string;
  delivery: string;
  payload: Record<string, unknown>;
}

/** Session cookies by server origin: one sign-in per server, not one per poll. */
const cookies = new Map<string, Promise<string>>();

async function inbox(origin: string): Promise<InboxLead[]> {
  if (!cookies.has(origin)) cookies.set(origin, signInCookie(origin));
  const response = await fetch(`${origin}/api/leads/${BROKER_SITE.site_id}?limit=200`, {
    headers: { cookie: await cookies.get(origin)! },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { leads: InboxLead[] } }).data.leads;
}

async function post(origin: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${origin}/api/swc/${BROKER_SITE.microsite_id}/contact`, {
    method: "POST",
    body: form,
    headers: { "x-site-key": BROKER_SITE.site_key },
  });
  const body = (await response.json()) as { status: string; id?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.id!;
}

afterEach(async () => {
  for (const server of servers) server.child.kill("SIGKILL");
  servers = [];
  await Promise.all(sinks.map((s) => s.close()));
  sinks = [];
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("lead delivery", () => {
  it("e-mails each lead once in the visitor's language with every field, and posts it signed to the CRM", {
    timeout: 60_000,
  }, async () => {
    const mail: MailSink = await startMailSink();
    const crm: WebhookSink = await startWebhookSink(WEBHOOK_SECRET);
    sinks.push(mail, crm);
    const server = await start({
      ...baseEnv(dataDir(), mail.port),
      LEADS_WEBHOOK_URL: crm.url,
      LEADS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    const contact = await post(server.origin, {
      recaptcha_response: "offline-delivery-1",
      form_type: "contact_form",
      locale: "fr",
      full_name: "Éloïse Côté",
      first_name: "Éloïse",
      last_name: "Côté",
      phone: "(514) 555-0199",
      email: "eloise@example.com",
      message: "Bonjour, une visite samedi à 10 h?",
      preferred_method_of_contact: "phone",
      recipient_type: "broker",
      recipient_slug: "julie-tremblay",
    });
    const alert = await post(server.origin, {
      recaptcha_response: "offline-delivery-2",
      form_type: "property_alert",
      locale: "en",
      full_name: "John Smith",
      first_name: "John",
      last_name: "Smith",
      phone: "(819) 555-0123",
      email: "john@example.ca",
      preferred_method_of_contact: "email",
      address: "12 Main Street",
      postal_code: "J8X 3X7",
      city: "Gatineau",
      municipality: "Gatineau, Chelsea",
      property_type: "condo",
      current_client_situation: "tenant",
      desired_moving_timeframe: "60-120",
      budget_min: "250000",
      budget_max: "Infinity",
      nb_bedrooms: "2",
      nb_bathrooms: "1",
      consent_email: "yes",
    });
    await until(() => mail.messages.length >= 2 && crm.calls.length >= 2, 20_000, "two e-mails and two webhook calls");
    await until(
      async () => (await inbox(server.origin)).filter((l) => l.delivery === "delivered").length === 2,
      10_000,
      "the inbox to show both delivered",
    );
    // Nothing more arrives: each lead once per channel.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mail.messages).toHaveLength(2);
    expect(crm.calls).toHaveLength(2);

    const fr = leadsT("fr");
    const en = leadsT("en");
    const frMail = mail.messages.find((m) => m.headers["x-courtier-lead"] === contact)!;
    expect(frMail.headers.to).toContain("julie@courtier.example");
    expect(decodeHeader(frMail.headers["reply-to"]!)).toContain("eloise@example.com");
    expect(decodeHeader(frMail.headers.subject!)).toBe(
      fr("leads.email.subject", { type: fr("leads.types.contact_form"), name: "Éloïse Côté" }),
    );
    expect(frMail.headers["message-id"]).toMatch(/^<[0-9a-f-]{36}@courtier\.example>$/);
    for (const line of [
      `${fr("leads.fields.full_name")}\u00a0: Éloïse Côté`,
      `${fr("leads.fields.phone")}\u00a0: (514) 555-0199`,
      `${fr("leads.fields.email")}\u00a0: eloise@example.com`,
      `${fr("leads.fields.message")}\u00a0: Bonjour, une visite samedi à 10 h?`,
      `${fr("leads.fields.preferred_method_of_contact")}\u00a0: ${fr("leads.values.preferred_method_of_contact.phone")}`,
    ]) {
      expect(frMail.text).toContain(line);
    }
    const enMail = mail.messages.find((m) => m.headers["x-courtier-lead"] === alert)!;
    for (const line of [
      `${en("leads.fields.municipality")}: Gatineau, Chelsea`,
      `${en("leads.fields.property_type")}: Condo`,
      `${en("leads.fields.budget_min")}: $250,000`,
      `${en("leads.fields.budget_max")}: ${en("leads.values.no_limit")}`,
      `${en("leads.fields.postal_code")}: J8X 3X7`,
      `${en("leads.fields.consent_email")}: ${en("leads.values.yes_no.yes")}`,
    ]) {
      expect(enMail.text).toContain(line);
    }
    expect(decodeHeader(enMail.headers["reply-to"]!)).toContain("john@example.ca");

    // The CRM checked each signature; the delivery id header is the body's idempotency key.
    expect(crm.calls.every((c) => c.signed)).toBe(true);
    expect(crm.calls.map((c) => c.body.lead.id).sort()).toEqual([contact, alert].sort());
    for (const call of crm.calls) expect(call.body.delivery_id).toBe(call.deliveryId);
    expect(crm.calls.find((c) => c.body.lead.id === alert)?.body.lead.fields).toMatchObject({
      email: "john@example.ca",
      budget_max: "Infinity",
    });
  });

  it("keeps leads while the SMTP server is down and delivers them once it is back, across a restart", {
    timeout: 60_000,
  }, async () => {
    const dir = dataDir();
    const port = await freePort();
    let server = await start(baseEnv(dir, port));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await post(server.origin, contactFields(`down-${i}`)));
    // The first attempts fail (nothing listens): the inbox shows the leads, not delivered yet.
    await until(
      async () => {
        const leads = await inbox(server.origin);
        return ids.every((id) => ["pending", "failing"].includes(leads.find((l) => l.id === id)?.delivery ?? ""));
      },
      10_000,
      "the leads in the inbox",
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    await stop(server, "SIGTERM");

    const mail = await startMailSink(port);
    sinks.push(mail);
    server = await start(baseEnv(dir, port));
    await until(() => mail.messages.length >= 3, 30_000, "three e-mails after the restart");
    await until(
      async () => (await inbox(server.origin)).every((l) => l.delivery === "delivered"),
      10_000,
      "every lead delivered",
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const perLead = ids.map((id) => mail.messages.filter((m) => m.headers["x-courtier-lead"] === id).length);
    expect(perLead).toEqual([1, 1, 1]);
  });

  // Exactly once cannot be promised over SMTP across a SIGKILL: a message the server accepted
  // in the instant before the process could record it is sent again after the restart (two
  // generals; docs/decisions.md "Leads: at least once"). What is promised, and checked: no
  // acknowledged lead lost, every lead e-mailed, a second copy only for a delivery on the wire at
  // the kill (the pool has 2 connections), and a copy carries the same Message-ID, so the
  // broker's mail system shows it once.
  it("loses no acknowledged lead and e-mails each once, bar a delivery on the wire at the kill, when the server is killed midway through 200 submissions", {
    timeout: 120_000,
  }, async () => {
    const dir = dataDir();
    const mail = await startMailSink();
    sinks.push(mail);
    // A short lease: rows a killed process had claimed are taken again soon after the restart.
    const env = { ...baseEnv(dir, mail.port), LEADS_DELIVERY_LEASE_MS: "2000" };
    let server = await start(env);
    const marker = `kill-${Date.now()}`;
    const acknowledged: string[] = [];
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      server.child.kill("SIGKILL");
    };
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        try {
          const response = await submitContact(server.origin, marker, i);
          const body = (await response.json()) as { status: string; id?: string };
          if (response.status === 200 && body.status === "success" && body.id) acknowledged.push(body.id);
          // Midway: the 100th acknowledgement kills the server, deliveries and requests in flight.
          if (acknowledged.length === 100) kill();
        } catch {
          // Cut off by the kill: not acknowledged, so the visitor was told it failed.
        }
      }),
    );
    // Fewer than 100 acknowledged (refusals under load): the expectations below say so, rather
    // than the test waiting for an exit that never comes.
    const midway = killed;
    kill();
    await new Promise((resolve) =>
      // Killed by a signal, a child's exitCode stays null: its signalCode says it has gone.
      server.child.exitCode !== null || server.child.signalCode !== null
        ? resolve(null)
        : server.child.once("exit", resolve),
    );
    servers = servers.filter((s) => s !== server);
    expect(midway).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    expect(acknowledged.length).toBeLessThan(200);

    server = await start(env);
    const ours = async () => (await inbox(server.origin)).filter((l) => String(l.payload.message).startsWith(marker));
    await until(
      async () => {
        const leads = await ours();
        return leads.length > 0 && leads.every((l) => l.delivery === "delivered");
      },
      45_000,
      "every stored lead delivered",
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stored = await ours();
    const storedIds = new Set(stored.map((l) => l.id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    const copies = new Map<string, Set<string>>();
    const counts = new Map<string, number>();
    for (const message of mail.messages) {
      const id = message.headers["x-courtier-lead"] ?? "";
      counts.set(id, (counts.get(id) ?? 0) + 1);
      copies.set(id, (copies.get(id) ?? new Set()).add(message.headers["message-id"] ?? ""));
    }
    // Every stored lead reached the broker; none under two Message-IDs.
    expect(stored.filter((l) => !counts.get(l.id)).map((l) => l.id)).toEqual([]);
    expect(stored.filter((l) => copies.get(l.id)!.size !== 1).map((l) => l.id)).toEqual([]);
    // Second copies: at most the deliveries the pool had on the wire when the process died.
    const twice = stored.filter((l) => counts.get(l.id)! > 1);
    expect(twice.length).toBeLessThanOrEqual(2);
    expect(twice.every((l) => counts.get(l.id) === 2)).toBe(true);
    expect(mail.messages).toHaveLength(stored.length + twice.length);
  });
});

function contactFields(tag: string): Record<string, string> {
  return {
    recaptcha_response: `offline-${tag}`,
    form_type: "contact_form",
    locale: "fr",
    full_name: "Marie Lavoie",
    first_name: "Marie",
    last_name: "Lavoie",
    phone: "(514) 555-0199",
    email: "marie@example.com",
    message: `Bonjour ${tag}`,
  };
}
