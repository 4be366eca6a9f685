/**
 * What a forged header or a cross-site form can still do over HTTP (issue 27, defects 5, 11 and
 * 12), against the production server with TRUST_PROXY unset: the no-JS sign-in form throttles
 * and audits the socket's address whatever X-Real-IP or X-Forwarded-For say; it refuses a
 * cross-site post as the API does; the pages behind sign-in are never stored by a cache.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnswerBody, editorToken, fixtureEditor } from "./helpers/content-service";
import { HAS_BUILD, type HttpApp, startHttpApp } from "./helpers/http-app";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.skipIf(!HAS_BUILD)("the no-JS sign-in and signed-in pages over HTTP (production build)", () => {
  let app: HttpApp;
  let origin: string;
  beforeAll(async () => {
    app = await startHttpApp({ PAGE_CACHE_MB: "16" });
    origin = `http://127.0.0.1:${app.port}`;
  }, 120_000);
  afterAll(() => app?.close());

  const signInForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request("/en/qa/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, ...headers },
      body: form(fields),
    });

  it("refuses a cross-site sign-in post that carries no Origin, as the API does", async () => {
    const { email, password } = fixtureEditor("editor");
    const crossSite = await app.request("/en/qa/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: form({ email, password }),
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.headers["set-cookie"]?.join() ?? "").not.toMatch(/courtier_session=[^;]/);
    // The same form from the site itself signs in.
    const sameOrigin = await signInForm(
      { email, password },
      { "sec-fetch-site": "same-origin", "x-real-ip": "1.2.3.4" },
    );
    expect(sameOrigin.status).toBe(302);
    expect(sameOrigin.headers["set-cookie"]?.join()).toMatch(/courtier_session=[^;]/);
  });

  it("marks every page and page data behind sign-in private, no-store", async () => {
    const { email, password } = fixtureEditor("admin");
    const signedIn = await signInForm({ email, password });
    const cookie = signedIn.headers["set-cookie"]!.map((c) => c.split(";")[0]).join("; ");
    for (const target of [
      "/fr/qa/sections",
      "/fr/qa/compte",
      "/en/qa/account",
      "/fr/qa/demandes",
      "/en/qa/leads",
      "/fr/qa/parametres-generaux",
      "/fr/qa/compte.data",
      "/fr/qa/demandes.data",
      "/fr/qa/flux",
      "/en/qa/feed",
    ]) {
      const answer = await app.request(target, { headers: { cookie } });
      expect(answer.status, target).toBe(200);
      expect(answer.headers["cache-control"], target).toBe("private, no-store");
    }
    expect((await app.request("/en/qa/sign-in")).headers["cache-control"]).toBe("private, no-store");
    // The designers' gallery is public, and public pages keep their shared-cache rule.
    expect((await app.request("/fr/qa/blocks")).headers["cache-control"]).not.toBe("private, no-store");
    expect((await app.request("/fr")).headers["cache-control"]).toMatch(/^public/);
  });

  // Last: it leaves the test's address throttled.
  it("throttles wrong passwords by the socket's address, whatever forwarding header is forged", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const answer = await signInForm(
        { email: `nobody${i}@courtier.test`, password: "not the password" },
        { "x-real-ip": `198.51.100.${i + 1}`, "x-forwarded-for": `203.0.113.${i + 1}` },
      );
      statuses.push(answer.status);
    }
    // Ten free failures per address, then a wait: the forged addresses changed nothing.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(11)).toContain(429);

    const token = await editorToken(app.ctx.service, "admin");
    const audit = (await (
      await app.ctx.service.handle(
        new Request("http://localhost/api/auth/audit?action=auth.sign-in&outcome=failure&limit=20", {
          headers: { authorization: `Bearer ${token}` },
        }),
      )
    ).json()) as AnswerBody;
    const addresses = new Set(audit.entries.map((e: AnswerBody) => e.ip));
    expect([...addresses]).toEqual(["127.0.0.1"]);
  });
});
