/**
 * Saved-search alerts end to end in process (issue 32), on the embedded store with a real SMTP
 * server on loopback (`smtp-server`, messages read with `mailparser`): the consent sentence, a
 * subscription from the search with its consent proof, the confirmation e-mail (double opt-in:
 * nothing else before it), confirming from its link, a new matching listing and a price drop
 * written through the listings store arriving in exactly one instant e-mail (HTML and text, the
 * sender identified, List-Unsubscribe and its one-click POST), nothing after unsubscribing, and
 * bad input answered 4xx with nothing stored.
 */
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION } from "../schema/alerts";
import { AlertWorker, alertsUnsubscribeEmail } from "../server/alerts/worker";
import type { ListingRecord } from "../server/content/data/listings-generator";
import { createMailer } from "../server/leads/mail";
import {
  type AnswerBody,
  BROKER,
  createTestService,
  PROTECTED_BASE,
  type TestService,
} from "./helpers/content-service";
import { type MailSink, startMailSink, until } from "./helpers/lead-sinks";

let sink: MailSink;
let test: TestService;
let worker: AlertWorker;
let clock = Date.now();

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await test.service.handle(
    new Request(url, {
      method,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        origin: "http://localhost",
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as AnswerBody };
}

const protectedCall = (method: string, path: string, body?: unknown) =>
  call(method, `${PROTECTED_BASE}${path}`, body, { "x-site-key": BROKER.site_key });

async function consent(locale: "fr" | "en" = "fr"): Promise<string> {
  const answer = await protectedCall("GET", `/alerts/consent?locale=${locale}`);
  expect(answer.status).toBe(200);
  return answer.body.consent;
}

/** A received message, parsed; its text with French's thin and no-break spaces as plain ones. */
async function parsed(index: number): Promise<ParsedMail & { plain: string }> {
  const mail = await simpleParser(sink.messages[index]!.raw);
  return Object.assign(mail, { plain: (mail.text ?? "").replace(/[\u00a0\u202f]/g, " ") });
}

/** The alert's token in a message's link to its page. */
const tokenIn = (text: string) => /\/(?:alerte|alert)\/([A-Za-z0-9_-]{22})/.exec(text)?.[1];

async function drain() {
  // The store stamps what it writes with the real time; the test's clock only moves ahead of it.
  clock = Math.max(clock, Date.now());
  await worker.pass();
  // nodemailer's pool hands the message over asynchronously: wait for what was sent to arrive.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A listing that fits the test search: a condo under 500,000 $ in Québec city's map area. */
function condo(base: ListingRecord, uls: string, price: number): ListingRecord {
  return {
    ...base,
    uls,
    type: "condo",
    forSaleForRent: "buy",
    price,
    badge: null,
    coords: { lat: 46.81, lng: -71.22 },
    url: { fr: `/fr/propriete/condo-a-vendre-quebec-${uls}`, en: `/en/property/condo-for-sale-quebec-${uls}` },
    address: { fr: `${uls.slice(-3)}, rue des Tests, Québec`, en: `${uls.slice(-3)} des Tests Street, Québec City` },
  };
}

const SEARCH = {
  type: ["condo"],
  price_max: 500_000,
  forSaleForRent: "buy",
  bounds: { south: 46.7, west: -71.4, north: 46.9, east: -71.1 },
};

beforeAll(async () => {
  sink = await startMailSink();
  test = await createTestService({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    LEADS_EMAIL_TO: "julie@courtier.example",
    LEADS_EMAIL_FROM: "site@courtier.example",
    CONTACT_RATE_LIMIT: "1000",
  });
  worker = new AlertWorker({
    storage: test.service.storage,
    mailer: createMailer(test.config),
    from: "alertes@courtier.example",
    unsubscribeEmail: alertsUnsubscribeEmail(test.config),
    schedule: { timeZone: "America/Toronto", hour: 7, weekday: 1 },
    coalesceMs: 120_000,
    maxItems: 10,
    leaseMs: 60_000,
    retryDelayMs: 1000,
    maxAttempts: 3,
    inactiveDays: 180,
    now: () => clock,
    log: () => {},
  });
});
afterAll(async () => {
  await worker.stop();
  await test.cleanup();
  await sink.close();
});

describe("alerts", () => {
  let token = "";

  it("gives the consent sentence: purpose, who asks (OACIQ), the mailing address and contact, withdrawable", async () => {
    const fr = await consent("fr");
    expect(fr).toContain("Julie Tremblay, courtière immobilière résidentielle, permis OACIQ J7421");
    expect(fr).toContain("Immobilier Rive-Sud inc., agence immobilière");
    expect(fr).toContain("1250, boulevard Guillaume-Couture, Lévis (Québec) G6W 0R5");
    expect(fr).toContain("418 555-0142");
    expect(fr).toMatch(/retirer mon consentement en tout temps/);
    expect(await consent("en")).toMatch(/withdraw my consent at any time/);
  });

  it("refuses bad input with a 4xx and stores nothing", async () => {
    const text = await consent();
    const good = {
      email: "zoe@example.com",
      frequency: "instant",
      locale: "fr",
      search: SEARCH,
      page: "/fr/proprietes",
      consent: true,
      consent_text: text,
      recaptcha_response: "offline-ok",
    };
    const cases: [unknown, number][] = [
      [{ ...good, consent: false }, 400],
      [{ ...good, email: "not-an-address" }, 400],
      [{ ...good, frequency: "hourly" }, 400],
      [{ ...good, search: { ...SEARCH, price_min: 600_000 } }, 400],
      [{ ...good, search: { bounds: { south: 50, west: 0, north: 40, east: 1 } } }, 400],
      [{ ...good, search: { surprise: 1 } }, 400],
      [{ ...good, page: "https://evil.example/" }, 400],
      [{ ...good, consent_text: "I agree to everything" }, 409],
      [{ ...good, recaptcha_response: "forged" }, 403],
      ["{not json", 400],
    ];
    for (const [body, status] of cases) {
      expect((await protectedCall("POST", "/alerts", body)).status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    expect((await test.service.storage.alerts.list(BROKER.site_id, { offset: 0, limit: 10 })).total).toBe(0);
    // No site key: refused before anything.
    expect((await call("POST", `${PROTECTED_BASE}/alerts`, good)).status).toBe(401);
  });

  it("subscribes from the search: pending, with the consent as shown, and one confirmation e-mail", async () => {
    const text = await consent();
    const answer = await protectedCall("POST", "/alerts", {
      email: "Zoe.Belanger@example.com",
      frequency: "instant",
      locale: "fr",
      search: SEARCH,
      page: "/fr/proprietes",
      consent: true,
      consent_text: text,
      recaptcha_response: "offline-ok",
    });
    expect(answer).toMatchObject({ status: 200, body: { status: "success" } });
    // The answer holds no token: only the mailbox's owner can confirm.
    expect(JSON.stringify(answer.body)).not.toMatch(/[A-Za-z0-9_-]{22}/);
    const { alerts } = await test.service.storage.alerts.list(BROKER.site_id, { offset: 0, limit: 10 });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      state: "pending",
      email: "Zoe.Belanger@example.com",
      consent: { text, version: ALERT_CONSENT_VERSION, locale: "fr", page: "/fr/proprietes", source: "search" },
    });
    await drain();
    expect(sink.messages).toHaveLength(1);
    const mail = await parsed(0);
    expect(mail.subject).toBe("Confirmez votre alerte de propriétés");
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("Zoe.Belanger@example.com");
    expect(mail.text).toContain("Confirmer mon alerte");
    expect(mail.html).toContain('lang="fr"');
    token = tokenIn(mail.text ?? "")!;
    expect(token).toBeDefined();
    expect(mail.html).toContain(`/fr/alerte/${token}`);
    // The sender is identified in the confirmation too.
    expect(mail.text).toContain("permis OACIQ J7421");
    expect(mail.text).toContain("1250, boulevard Guillaume-Couture");
  });

  it("sends nothing but the confirmation before it is confirmed", async () => {
    const base = (await test.service.storage.listings.get((await firstUls())!))!;
    await test.service.storage.listings.upsert(condo(base, "99000001", 410_000));
    clock += 10 * 60_000;
    await drain();
    expect(sink.messages).toHaveLength(1);
  });

  it("confirms from the e-mail's link, then a new listing and a price drop arrive in one instant e-mail", async () => {
    const view = await call("GET", `http://localhost/api/swc/alerts/${token}`);
    expect(view.body.data).toMatchObject({ state: "pending", email: "Zoe.Belanger@example.com", frequency: "instant" });
    const confirmed = await call("POST", `http://localhost/api/swc/alerts/${token}`, { action: "confirm" });
    expect(confirmed.body.data.state).toBe("active");
    await drain();
    const base = (await test.service.storage.listings.get((await firstUls())!))!;
    const listings = test.service.storage.listings;
    await listings.upsert(condo(base, "99000002", 450_000));
    await listings.upsert(condo(base, "99000003", 520_000));
    // Not in the search (a house): nobody's news.
    await listings.upsert({ ...condo(base, "99000004", 300_000), type: "maison" });
    await drain();
    // Coalescing: a change a minute later joins the same e-mail.
    clock += 60_000;
    await listings.upsert(condo(base, "99000003", 480_000));
    await drain();
    expect(sink.messages).toHaveLength(1);
    clock += 120_000;
    await drain();
    await until(() => sink.messages.length === 2, 5000, "the alert e-mail");
    const mail = await parsed(1);
    expect(mail.subject).toBe("2 propriétés pour votre alerte");
    expect(mail.text).toContain("Nouvelle inscription");
    expect(mail.plain).toContain("450 000 $");
    // The price change brought 99000003 into the range: new for this search.
    expect(mail.plain).toContain("480 000 $");
    expect(mail.text).not.toContain("99000004");
    expect(mail.html).toContain("http://localhost/fr/propriete/condo-a-vendre-quebec-99000002");
    // CASL: who sends, the mailing address, a contact; RFC 8058 headers (and a mailto: to the
    // broker's inbox, LEADS_EMAIL_TO); a text part; each listing's photo, sized, with alt text.
    expect(mail.text).toContain("permis OACIQ J7421");
    expect(mail.plain).toContain("Adresse postale : 1250, boulevard Guillaume-Couture");
    const unsubscribe = sink.messages[1]!.headers["list-unsubscribe"];
    expect(unsubscribe).toMatch(
      /^<http:\/\/localhost\/u\/[A-Za-z0-9_-]{22}>, <mailto:julie@courtier\.example\?subject=unsubscribe>$/,
    );
    expect(sink.messages[1]!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(base.property_image).toMatch(/^\/images\/listings\//);
    const photo = [...String(mail.html).matchAll(/<img [^>]*>/g)].map((m) => m[0])[0] ?? "";
    expect(photo).toContain(`src="http://localhost${base.property_image}"`);
    expect(photo).toContain(
      `alt="Photo de la propriété au 002, rue des Tests, Québec, ${base.municipality.DESCRIPTION}"`,
    );
    expect(photo).toContain('width="550"');
    expect(photo).toContain('height="413"');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@courtier\.example>$/);
    // A price drop of a listing it already told about: one more e-mail, with the old price.
    await listings.upsert(condo(base, "99000002", 430_000));
    await drain();
    clock += 120_000;
    await drain();
    await until(() => sink.messages.length === 3, 5000, "the price drop");
    const drop = await parsed(2);
    expect(drop.subject).toBe("1 propriété pour votre alerte");
    expect(drop.text).toContain("Baisse de prix");
    expect(drop.plain).toContain("430 000 $ (Avant : 450 000 $)");
  });

  it("unsubscribes with the one-click POST (no cookie), and nothing is sent after", async () => {
    const url = /<([^>]+)>/.exec(sink.messages[2]!.headers["list-unsubscribe"]!)![1]!;
    const oneClickToken = url.split("/u/")[1]!;
    // A GET never unsubscribes (link scanners follow GETs); a POST without the body is refused.
    expect((await call("POST", `http://localhost/api/swc/alerts/${oneClickToken}/unsubscribe`, "")).status).toBe(400);
    const answer = await call(
      "POST",
      `http://localhost/api/swc/alerts/${oneClickToken}/unsubscribe`,
      "List-Unsubscribe=One-Click",
      { "content-type": "application/x-www-form-urlencoded", origin: "" },
    );
    expect(answer).toMatchObject({ status: 200, body: { status: "unsubscribed" } });
    const record = (await test.service.storage.alerts.list(BROKER.site_id, { offset: 0, limit: 10 })).alerts[0]!;
    expect(record.state).toBe("unsubscribed");
    expect(record.consent.withdrawn_at).not.toBeNull();
    const base = (await test.service.storage.listings.get((await firstUls())!))!;
    await test.service.storage.listings.upsert(condo(base, "99000005", 400_000));
    clock += 600_000;
    await drain();
    await drain();
    expect(sink.messages).toHaveLength(3);
  });

  it("makes a pending alert from the alert form's express consent, in the words the form showed", async () => {
    const form = new URLSearchParams({
      recaptcha_response: "offline-alert-form",
      locale: "fr",
      full_name: "Léa Roy",
      first_name: "Léa",
      last_name: "Roy",
      phone: "",
      email: "lea.roy@example.com",
      form_type: "property_alert",
      preferred_method_of_contact: "email",
      address: "12 Main Street",
      postal_code: "G1V 4T3",
      city: "Québec",
      municipality: "Lévis, Québec",
      property_type: "condo",
      current_client_situation: "tenant",
      desired_moving_timeframe: "60-120",
      budget_min: "200000",
      budget_max: "",
      nb_bedrooms: "2",
      nb_bathrooms: "1",
      consent_email: "yes",
    });
    const answer = await call("POST", `${PROTECTED_BASE}/contact`, form.toString(), {
      "x-site-key": BROKER.site_key,
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(200);
    const text = await consent("fr");
    const lead = (await test.service.storage.submissions.list(BROKER.site_id, { offset: 0, limit: 1 })).submissions[0]!;
    expect(lead.consent?.email.text).toBe(text);
    const alert = (await test.service.storage.alerts.list(BROKER.site_id, { offset: 0, limit: 5, q: "lea.roy" }))
      .alerts[0]!;
    expect(alert).toMatchObject({
      state: "pending",
      frequency: "instant",
      page: "/fr/proprietes",
      consent: { text, source: "alert_form" },
      search: { type: ["condo"], price_min: 200_000, bedrooms: 2, bathrooms: 1, forSaleForRent: "buy" },
    });
    const codes = (await test.service.storage.listings.municipalities())
      .filter((m) => ["Lévis", "Québec"].includes(m.DESCRIPTION))
      .map((m) => m.MUN_CODE)
      .sort();
    expect(alert.search.mun).toEqual(codes);
    expect(codes).toHaveLength(2);
  });

  it("answers unknown or malformed links 404", async () => {
    expect((await call("GET", "http://localhost/api/swc/alerts/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await call("GET", "http://localhost/api/swc/alerts/short")).status).toBe(404);
    expect((await call("POST", `http://localhost/api/swc/alerts/${token}`, { action: "explode" })).status).toBe(400);
  });
});

/** A listing of the demo's, as the base of the test's own (a full record: every field a page reads). */
async function firstUls(): Promise<string | undefined> {
  const rows = await test.service.storage.listings.search({ forSaleForRent: "buy" }, "newest", 0, 1);
  return rows[0]?.uls;
}

describe("alerts without SMTP_URL", () => {
  it("offers no alert: the search's question is answered null (no 404 in the console), a sign-up 404", async () => {
    const off = await createTestService({ SMTP_URL: "" });
    try {
      const ask = (method: string, path: string, body?: unknown) =>
        off.service.handle(
          new Request(`${PROTECTED_BASE}${path}`, {
            method,
            headers: { "x-site-key": BROKER.site_key, "content-type": "application/json", accept: "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
      const consentAnswer = await ask("GET", "/alerts/consent?locale=fr");
      expect(consentAnswer.status).toBe(200);
      expect(await consentAnswer.json()).toEqual({ consent: null });
      const signUp = await ask("POST", "/alerts", {
        email: "x@example.com",
        frequency: "daily",
        locale: "fr",
        search: {},
        page: "/fr/proprietes",
        consent: true,
        consent_text: "…",
        recaptcha_response: "offline-x",
      });
      expect(signUp.status).toBe(404);
      expect((await off.service.storage.alerts.list(BROKER.site_id, { offset: 0, limit: 5 })).total).toBe(0);
    } finally {
      await off.cleanup();
    }
  });
});
