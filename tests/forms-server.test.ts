/** Contact route hardening: browser multipart boundaries, the configurable rate limit, what is stored. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../server/config";
import {
  type AnswerBody,
  BROKER,
  createTestService,
  PROTECTED_BASE,
  type TestService,
} from "./helpers/content-service";

let ctx: TestService;
beforeAll(async () => {
  ctx = await createTestService({ CONTACT_RATE_LIMIT: "3" });
});
afterAll(() => ctx.cleanup());

const BOUNDARY = "----WebKitFormBoundaryAbCdEfGh12345678";
function browserMultipart(fields: Record<string, string>): string {
  return `${Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("")}--${BOUNDARY}--\r\n`;
}
const fields = {
  recaptcha_response: "offline-abc",
  form_type: "contact_form",
  locale: "en",
  full_name: "John Smith",
  first_name: "John",
  last_name: "Smith",
  phone: "",
  email: "john@example.ca",
  message: "  Hello there  ",
  preferred_method_of_contact: "phone",
};

async function post(ip: string) {
  const response = await ctx.service.handle(
    new Request(`${PROTECTED_BASE}/contact`, {
      method: "POST",
      body: browserMultipart(fields),
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "x-site-key": BROKER.site_key,
        "x-forwarded-for": ip,
      },
    }),
  );
  return { status: response.status, body: (await response.json()) as AnswerBody };
}

describe("POST /contact hardening", () => {
  it("parses a browser's mixed-case multipart boundary and stores what was typed", async () => {
    const before = Date.now();
    const { status, body } = await post("198.51.100.1");
    expect(status).toBe(200);
    const { submissions } = await ctx.service.storage.submissions.list(BROKER.site_id, { offset: 0, limit: 1 });
    expect(submissions[0]).toMatchObject({
      id: body.id,
      type: "contact_form",
      locale: "en",
      recipient_type: null,
      payload: { first_name: "John", message: "Hello there", phone: "", preferred_method_of_contact: "phone" },
    });
    expect(Date.parse(submissions[0]!.created_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("applies CONTACT_RATE_LIMIT per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("198.51.100.2")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await post("198.51.100.3")).status).toBe(200);
  });

  it("defaults to 10 a minute and refuses nonsense", () => {
    expect(loadConfig({}).CONTACT_RATE_LIMIT).toBe(10);
    expect(loadConfig({ CONTACT_RATE_LIMIT: "1000" }).CONTACT_RATE_LIMIT).toBe(1000);
    expect(() => loadConfig({ CONTACT_RATE_LIMIT: "0" })).toThrow(/CONTACT_RATE_LIMIT/);
  });

  it("uses ALTCHA unless reCAPTCHA keys are set; offline tokens only for tests", async () => {
    const { createCaptchaVerifier } = await import("../server/content/captcha");
    const storage = ctx.service.storage;
    const kind = (env: Record<string, string>) => createCaptchaVerifier(loadConfig(env), storage).kind;
    expect(kind({ NODE_ENV: "production" })).toBe("altcha");
    expect(kind({ NODE_ENV: "development" })).toBe("altcha");
    expect(kind({ NODE_ENV: "test" })).toBe("offline");
    expect(kind({ NODE_ENV: "test", RECAPTCHA_OFFLINE: "false" })).toBe("altcha");
    expect(kind({ NODE_ENV: "production", RECAPTCHA_OFFLINE: "true" })).toBe("offline");
    expect(kind({ NODE_ENV: "production", RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET_KEY: "s" })).toBe("recaptcha");
    expect(() => loadConfig({ RECAPTCHA_SECRET_KEY: "s" })).toThrow(/RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY/);
  });
});
