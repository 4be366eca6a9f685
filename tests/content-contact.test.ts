import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RecaptchaVerifier } from "../server/content/captcha";
import { RateLimiter } from "../server/content/rate-limit";
import {
  type AnswerBody,
  BROKER,
  createTestService,
  editorToken,
  PROTECTED_BASE,
  type TestService,
} from "./helpers/content-service";

let ctx: TestService;
let ipCounter = 0;
/** Each test posts from its own IP so the rate limit only bites where a test wants it. */
const nextIp = () => `203.0.113.${++ipCounter}`;

const contactFields = (overrides: Record<string, string | undefined> = {}) => {
  const fields: Record<string, string | undefined> = {
    recaptcha_response: "offline-token-1",
    form_type: "contact_form",
    locale: "fr",
    full_name: "Marie Lavoie",
    first_name: "Marie",
    last_name: "Lavoie",
    phone: "(514) 555-0199",
    email: "marie.lavoie@example.com",
    message: "Bonjour, j'aimerais visiter la maison de la rue des Érables.",
    recipient_type: "broker",
    recipient_slug: "julie-tremblay",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
};

function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

async function post(
  body: BodyInit,
  options: { ip?: string; headers?: Record<string, string>; service?: typeof ctx.service } = {},
) {
  const response = await (options.service ?? ctx.service).handle(
    new Request(`${PROTECTED_BASE}/contact`, {
      method: "POST",
      body,
      headers: { "x-site-key": BROKER.site_key, "x-forwarded-for": options.ip ?? nextIp(), ...options.headers },
    }),
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as AnswerBody };
}
const stored = () => ctx.service.storage.submissions.count();

beforeAll(async () => {
  ctx = await createTestService();
});
afterAll(() => ctx.cleanup());

describe("POST /contact", () => {
  it("stores a contact form and answers success with its id", async () => {
    const before = await stored();
    const { status, body } = await post(multipart(contactFields()));
    expect(status).toBe(200);
    expect(body).toEqual({ status: "success", id: expect.any(String) });
    expect(await stored()).toBe(before + 1);
    const { submissions } = await ctx.service.storage.submissions.list(BROKER.site_id, { offset: 0, limit: 1 });
    expect(submissions[0]).toMatchObject({
      id: body.id,
      type: "contact_form",
      locale: "fr",
      recipient_type: "broker",
      recipient_slug: "julie-tremblay",
      payload: { first_name: "Marie", email: "marie.lavoie@example.com" },
    });
    expect(submissions[0]!.payload).not.toHaveProperty("recaptcha_response");
    expect(submissions[0]!.ip_hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("accepts urlencoded alert and valuation forms", async () => {
    const common = {
      recaptcha_response: "offline-token-2",
      locale: "en",
      full_name: "John Smith",
      first_name: "John",
      last_name: "Smith",
      phone: "(819) 555-0123",
      email: "john@example.ca",
      preferred_method_of_contact: "email",
      address: "12 Main Street",
      postal_code: "j8x 3x7",
      city: "Gatineau",
      province: "QC",
      country: "Canada",
      municipality: "Gatineau, Chelsea",
    };
    const alert = await post(
      new URLSearchParams({
        ...common,
        form_type: "property_alert",
        property_type: "maison",
        current_client_situation: "tenant",
        desired_moving_timeframe: "60-120",
        budget_min: "0",
        budget_max: "",
        nb_bedrooms: "3",
        nb_bathrooms: "1",
        consent_email: "yes",
      }),
    );
    expect(alert.status).toBe(200);
    const valuation = await post(
      new URLSearchParams({
        ...common,
        form_type: "property_valuation",
        property_type: "condo",
        year_of_construction: "1998",
        nb_bedrooms: "2",
        nb_bathrooms: "1",
        nb_parking: "1",
        nb_garage: "0",
        living_area: "950 pi²",
        land_area: "0",
        evaluation_report: "no",
        availability_of_report: "no",
        reason_for_sale: "Moving closer to family",
      }),
    );
    expect(valuation.status).toBe(200);
    const { submissions } = await ctx.service.storage.submissions.list(BROKER.site_id, { offset: 0, limit: 2 });
    expect(submissions.map((s) => s.type)).toEqual(["property_valuation", "property_alert"]);
    // No maximum is sent as an empty field (site.md §7) and stored as the service's "no limit".
    expect(submissions[1]!.payload.budget_max).toBe("Infinity");
    expect(submissions[1]!.payload.postal_code).toBe("J8X 3X7");
    // CASL: the alert's express consent is kept with the lead, with the sentence the visitor read.
    expect(submissions[1]!.consent?.email?.text).toContain("Julie Tremblay");
    expect(Date.now() - Date.parse(submissions[1]!.consent!.email!.given_at)).toBeLessThan(60_000);
    expect(submissions[0]!.consent).toBeNull();
  });

  it("refuses an alert without the e-mail consent box ticked", async () => {
    const before = await stored();
    const { status, body } = await post(
      new URLSearchParams({
        ...contactFields({ message: undefined, recipient_type: undefined, recipient_slug: undefined }),
        form_type: "property_alert",
        preferred_method_of_contact: "email",
        address: "12 Main Street",
        postal_code: "J8X 3X7",
        city: "Gatineau",
        municipality: "Gatineau",
        property_type: "maison",
        current_client_situation: "tenant",
        desired_moving_timeframe: "60-120",
        budget_min: "0",
        budget_max: "Infinity",
        nb_bedrooms: "3",
        nb_bathrooms: "1",
      }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({ consent_email: "required" });
    expect(await stored()).toBe(before);
  });

  it("refuses a missing captcha token and stores nothing", async () => {
    const before = await stored();
    const { status, body } = await post(multipart(contactFields({ recaptcha_response: undefined })));
    expect(status).toBe(400);
    expect(body.errors).toEqual({ recaptcha_response: "required" });
    expect(await stored()).toBe(before);
  });

  it("refuses a bad captcha token and stores nothing", async () => {
    const before = await stored();
    const { status, body } = await post(multipart(contactFields({ recaptcha_response: "forged-token" })));
    expect(status).toBe(403);
    expect(body).toMatchObject({ status: "error", errors: { recaptcha_response: "invalid" } });
    expect(await stored()).toBe(before);
  });

  it("answers field errors by field name", async () => {
    const { status, body } = await post(
      multipart(contactFields({ first_name: "", email: "not-an-email", message: "   ", phone: "5145550199" })),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      status: "error",
      message: expect.any(String),
      errors: { first_name: "required", email: "format", message: "required", phone: "format" },
    });
  });

  it("refuses markup in a name", async () => {
    const before = await stored();
    const { status, body } = await post(multipart(contactFields({ last_name: "<script>alert(1)</script>" })));
    expect(status).toBe(400);
    expect(body.errors).toEqual({ last_name: "markup-not-allowed" });
    expect(await stored()).toBe(before);
  });

  it("refuses an unknown form_type", async () => {
    const { status, body } = await post(multipart(contactFields({ form_type: "newsletter" })));
    expect(status).toBe(400);
    expect(body.errors).toEqual({ form_type: "invalid" });
  });

  it("refuses a 10 MB body with 413, with or without content-length", async () => {
    const before = await stored();
    const big = multipart(contactFields({ message: "x".repeat(10 * 1024 * 1024) }));
    expect((await post(big)).status).toBe(413);
    const declared = await post("a=1", {
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(10 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    expect(await stored()).toBe(before);
  });

  it("refuses JSON bodies with 415", async () => {
    const { status } = await post(JSON.stringify(contactFields()), { headers: { "content-type": "application/json" } });
    expect(status).toBe(415);
  });

  it("is not available without the site key", async () => {
    const response = await ctx.service.handle(
      new Request("http://localhost/api/swc/contact", { method: "POST", body: multipart(contactFields()) }),
    );
    expect(response.status).toBe(403);
  });

  it("limits each IP to 10 submissions a minute with 429 and retry-after", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 10; i++) {
      expect((await post(multipart(contactFields()), { ip })).status).toBe(200);
    }
    const limited = await post(multipart(contactFields()), { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await post(multipart(contactFields()), { ip: "198.51.100.8" })).status).toBe(200);
  });
});

describe("captcha configuration", () => {
  it("uses the self-hosted ALTCHA in production without reCAPTCHA keys: a solved challenge is accepted once", async () => {
    const prod = await createTestService({ NODE_ENV: "production", ALTCHA_COST: "20" });
    try {
      const answer = await prod.service.handle(
        new Request(`${PROTECTED_BASE}/captcha/challenge`, { headers: { "x-site-key": BROKER.site_key } }),
      );
      expect(answer.status).toBe(200);
      const challenge = await answer.json();
      const solution = await solveChallenge({ challenge, deriveKey });
      const token = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
      const ip = nextIp();
      const first = await post(multipart(contactFields({ recaptcha_response: token })), { service: prod.service, ip });
      expect(first.status).toBe(200);
      // The same solution again: single use, refused and nothing stored.
      const again = await post(multipart(contactFields({ recaptcha_response: token })), { service: prod.service, ip });
      expect(again.status).toBe(403);
      expect(again.body.errors).toEqual({ recaptcha_response: "replayed" });
      // Offline tokens are for tests only.
      const offline = await post(multipart(contactFields()), { service: prod.service, ip });
      expect(offline.status).toBe(403);
      expect(await prod.service.storage.submissions.count()).toBe(1);
    } finally {
      await prod.cleanup();
    }
  }, 60_000);

  it("checks success, hostname and a 2-minute challenge age with Google's answer", async () => {
    const now = Date.parse("2026-11-01T12:00:00Z");
    const answer = (body: object) => async () => new Response(JSON.stringify(body), { status: 200 });
    const verify = (body: object) =>
      new RecaptchaVerifier("secret", { fetch: answer(body), now: () => now }).verify("token", {
        hostnames: ["julietremblay.example"],
      });
    const fresh = new Date(now - 30_000).toISOString();
    expect(await verify({ success: true, hostname: "julietremblay.example", challenge_ts: fresh })).toEqual({
      ok: true,
    });
    expect(await verify({ success: false, hostname: "julietremblay.example", challenge_ts: fresh })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await verify({ success: true, hostname: "evil.example", challenge_ts: fresh })).toEqual({
      ok: false,
      reason: "hostname",
    });
    const stale = new Date(now - 3 * 60_000).toISOString();
    expect(await verify({ success: true, hostname: "julietremblay.example", challenge_ts: stale })).toEqual({
      ok: false,
      reason: "expired",
    });
    const down = new RecaptchaVerifier("secret", {
      fetch: async () => {
        throw new Error("network down");
      },
    });
    expect(await down.verify("token", {})).toEqual({ ok: false, reason: "unavailable" });
  });

  it("refills the token bucket over time", async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(ctx.service.storage.rateLimits, "refill-test", 10, 60_000, () => now);
    for (let i = 0; i < 10; i++) expect((await limiter.take("ip")).allowed).toBe(true);
    expect(await limiter.take("ip")).toEqual({ allowed: false, retryAfter: 6 });
    now += 6000;
    expect((await limiter.take("ip")).allowed).toBe(true);
  });
});

describe("GET /submissions/:site_id", () => {
  const read = (headers: Record<string, string>, query = "") =>
    ctx.service.handle(new Request(`http://localhost/api/submissions/${BROKER.site_id}${query}`, { headers }));
  const contentHeaders = { "x-site-id": BROKER.site_id, "x-site-key": BROKER.site_key };

  it("needs a signed-in editor or an API token, not the site key", async () => {
    expect((await read(contentHeaders)).status).toBe(401);
  });

  it("lists submissions newest first with paging, without IP hashes", async () => {
    await post(multipart(contactFields({ first_name: "Dernière" })));
    const response = await read({ authorization: `Bearer ${await editorToken(ctx.service)}` }, "?limit=2");
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: AnswerBody };
    expect(data.total).toBe(await stored());
    expect(data.submissions).toHaveLength(2);
    expect(data.submissions[0].payload.first_name).toBe("Dernière");
    expect(data.submissions[0]).not.toHaveProperty("ip_hash");
    expect(data.submissions[0].created_at >= data.submissions[1].created_at).toBe(true);
  });
});
