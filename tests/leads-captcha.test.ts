/** The ALTCHA verifier: a solved challenge passes once; replayed, expired, tampered or another site's fail. */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AltchaChallenge, AltchaVerifier, CHALLENGE_TTL_MS } from "../server/content/captcha";
import { createTestService, type TestService } from "./helpers/content-service";

let ctx: TestService;
let now = Date.now();

function verifier(key = "k".repeat(40)) {
  return new AltchaVerifier({
    hmacKey: async () => key,
    replays: ctx.service.storage.captchaReplays,
    cost: 10,
    now: () => now,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the test edits the payload field by field
async function token(challenge: AltchaChallenge, edit?: (payload: Record<string, any>) => void) {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  expect(solution).not.toBeNull();
  const payload = JSON.parse(JSON.stringify({ challenge, solution }));
  edit?.(payload);
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

beforeAll(async () => {
  ctx = await createTestService();
});
afterAll(() => ctx.cleanup());

describe("ALTCHA verification", () => {
  it("accepts a solved challenge once, then refuses it as replayed", async () => {
    now = Date.now();
    const v = verifier();
    const t = await token(await v.challenge("demo-broker"));
    expect(await v.verify(t, { siteId: "demo-broker" })).toEqual({ ok: true });
    expect(await v.verify(t, { siteId: "demo-broker" })).toEqual({ ok: false, reason: "replayed" });
    // Another process on the same store refuses it too (the record is in the store).
    expect(await verifier().verify(t, { siteId: "demo-broker" })).toEqual({ ok: false, reason: "replayed" });
  });

  it("refuses an expired challenge", async () => {
    now = Date.now();
    const v = verifier();
    const t = await token(await v.challenge("demo-broker"));
    now += CHALLENGE_TTL_MS + 1000;
    expect(await v.verify(t, { siteId: "demo-broker" })).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a tampered challenge, a wrong solution, another key's signature and another site's challenge", async () => {
    now = Date.now();
    const v = verifier();
    const c = await v.challenge("demo-broker");
    const longer = await token(c, (p) => {
      p.challenge.parameters.expiresAt += 3600;
    });
    expect(await v.verify(longer, { siteId: "demo-broker" })).toEqual({ ok: false, reason: "invalid" });
    const cheaper = await token(c, (p) => {
      p.challenge.parameters.data.site = "demo-agency";
    });
    expect(await v.verify(cheaper, { siteId: "demo-agency" })).toEqual({ ok: false, reason: "invalid" });
    const wrong = await token(c, (p) => {
      p.solution.derivedKey = "ff".repeat(p.solution.derivedKey.length / 2);
    });
    expect(await v.verify(wrong, { siteId: "demo-broker" })).toEqual({ ok: false, reason: "invalid" });
    const forged = await token(await verifier("x".repeat(40)).challenge("demo-broker"));
    expect(await v.verify(forged, { siteId: "demo-broker" })).toEqual({ ok: false, reason: "invalid" });
    const elsewhere = await token(await v.challenge("demo-agency"));
    expect(await v.verify(elsewhere, { siteId: "demo-broker" })).toEqual({ ok: false, reason: "invalid" });
    expect(await v.verify("not base64 json", { siteId: "demo-broker" })).toEqual({ ok: false, reason: "invalid" });
    expect(await v.verify("", { siteId: "demo-broker" })).toEqual({ ok: false, reason: "missing" });
  });

  it("keeps the signing key it made at first start", async () => {
    const a = await ctx.service.storage.secrets.getOrCreate("altcha_hmac_key", () => "first");
    const b = await ctx.service.storage.secrets.getOrCreate("altcha_hmac_key", () => "second");
    expect(a).toBe(b);
  });
});
