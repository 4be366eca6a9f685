/**
 * Editors as people (issue 18), in process: password hashing and policy, token hashing, the
 * session cookie, session expiry (idle and absolute), the Origin check, throttling policy,
 * and the content service's answers (401 anonymous, 403 cross-site, 428 without a version,
 * scopes, revocation, audit).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasSessionCookie, sessionCookie, sessionCookieValue } from "../server/auth/cookie";
import { allowedOriginsOf, checkOrigin } from "../server/auth/origin";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "../server/auth/passwords";
import { hashSecret, isApiTokenShape, newApiToken } from "../server/auth/secrets";
import { bearerToken } from "../server/auth/service";
import { ACCOUNT_POLICY, ADDRESS_POLICY, delayAfter } from "../server/auth/throttle";
import { loadConfig } from "../server/config";
import { createEmbeddedContentService } from "../server/content/index";
import type { ContentService } from "../server/content/service";
import { type AnswerBody, BROKER, editorToken, fixtureEditor } from "./helpers/content-service";

describe("passwords", () => {
  it("hashes with a salt of its own and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", a)).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "$argon2id$v=19$m=1,t=1,p=1$xx$yy")).toBe(false);
    expect(await verifyPassword("x", "plain text")).toBe(false);
  });

  it("asks for a new hash when the parameters were weaker", async () => {
    const weak = await hashPassword("some long passphrase", { memory: 1024, passes: 1, parallelism: 1 });
    expect(await verifyPassword("some long passphrase", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("some long passphrase"))).toBe(false);
  });

  it("refuses short, common and guessable passwords, and the account's own name", async () => {
    expect(await passwordProblem("short pass")).toBe("too-short");
    expect(await passwordProblem("x".repeat(300))).toBe("too-long");
    expect(await passwordProblem("password1234")).toBe("common");
    expect(await passwordProblem("qwertyuiop123")).toBe("common");
    expect(await passwordProblem("aaaaaaaaaaaa")).toBe("guessable");
    expect(await passwordProblem("Julie-Gagnon-2024!", ["Julie Gagnon", "julie@agence.test"])).toBe("guessable");
    expect(await passwordProblem("agence.julie#1987", ["Julie Gagnon", "julie@agence.test"])).toBe("guessable");
    expect(await passwordProblem("Julie-Gagnon-2024!")).toBeUndefined();
    expect(await passwordProblem("Claire publie les annonces du lundi")).toBeUndefined();
  });
});

describe("secrets and tokens", () => {
  it("stores a token by its SHA-256 only, and recognises the shape of an API token", () => {
    const token = newApiToken();
    expect(isApiTokenShape(token)).toBe(true);
    expect(newApiToken()).not.toBe(token);
    expect(hashSecret(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(token)).toBe(hashSecret(token));
    expect(hashSecret(token)).not.toContain(token.slice(4, 20));
    expect(isApiTokenShape("cbt_short")).toBe(false);
  });

  it("reads a token from Authorization: Bearer or x-api-key", () => {
    expect(bearerToken(new Headers({ authorization: "Bearer cbt_abc" }))).toBe("cbt_abc");
    expect(bearerToken(new Headers({ authorization: "Basic Zm9v" }))).toBe("");
    expect(bearerToken(new Headers({ "x-api-key": "cbt_def" }))).toBe("cbt_def");
    expect(bearerToken(new Headers())).toBeUndefined();
  });
});

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Strict, Path=/, and Secure with the __Host- prefix over HTTPS", () => {
    const plain = sessionCookie("a".repeat(43), false, 3600);
    expect(plain).toBe(`courtier_session=${"a".repeat(43)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=3600`);
    const secure = sessionCookie("a".repeat(43), true, 3600);
    expect(secure.startsWith("__Host-courtier_session=")).toBe(true);
    expect(secure).toContain("; Secure");
    // Over HTTPS, a plain cookie (which a plain-HTTP page could have planted) does not count.
    expect(sessionCookieValue(`courtier_session=${"b".repeat(43)}`, true)).toBeUndefined();
    expect(sessionCookieValue(`x=1; __Host-courtier_session=${"b".repeat(43)}`, true)).toBe("b".repeat(43));
    expect(hasSessionCookie(`__Host-courtier_session=${"b".repeat(43)}`)).toBe(true);
    expect(hasSessionCookie("theme=dark")).toBe(false);
  });
});

describe("the Origin check", () => {
  const allowed = allowedOriginsOf(new URL("https://agence.example/api/x"), "https://www.agence.example");
  const check = (headers: Record<string, string>, cookie = true) =>
    checkOrigin(new Headers(headers), allowed, { cookieAuthenticated: cookie });

  it("accepts the site's own origins", () => {
    expect(allowed).toEqual(["https://agence.example", "https://www.agence.example"]);
    expect(check({ origin: "https://agence.example", "sec-fetch-site": "same-origin" }).ok).toBe(true);
    expect(check({ origin: "https://WWW.agence.example" }).ok).toBe(true);
    expect(check({ "sec-fetch-site": "same-origin" }).ok).toBe(true);
  });

  it("refuses other origins, cross-site fetches, a null origin, and a cookie write with neither header", () => {
    expect(check({ origin: "https://evil.example" })).toEqual({ ok: false, reason: "cross-origin" });
    expect(check({ origin: "http://agence.example" })).toEqual({ ok: false, reason: "cross-origin" });
    expect(check({ origin: "null" })).toEqual({ ok: false, reason: "cross-origin" });
    expect(check({ origin: "https://agence.example", "sec-fetch-site": "cross-site" })).toEqual({
      ok: false,
      reason: "cross-site",
    });
    expect(check({ "sec-fetch-site": "same-site" })).toEqual({ ok: false, reason: "cross-site" });
    expect(check({})).toEqual({ ok: false, reason: "missing-origin" });
    // A tool with a token sends no cookie: no browser can be made to send its credentials.
    expect(check({}, false).ok).toBe(true);
  });
});

describe("throttling policy", () => {
  it("lets a few mistakes through, then doubles the wait, then locks out", () => {
    expect([1, 2, 3].map((n) => delayAfter(n, ACCOUNT_POLICY))).toEqual([0, 0, 0]);
    expect([4, 5, 6].map((n) => delayAfter(n, ACCOUNT_POLICY))).toEqual([1000, 2000, 4000]);
    expect(delayAfter(10, ACCOUNT_POLICY)).toBe(15 * 60_000);
    expect(delayAfter(10, ADDRESS_POLICY)).toBe(0);
    expect(delayAfter(30, ADDRESS_POLICY)).toBe(15 * 60_000);
  });
});

describe("the content service with editor accounts", () => {
  let dataDir: string;
  let service: ContentService;
  let clock = Date.parse("2026-11-24T09:00:00Z");
  const origin = "http://localhost";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-test-"));
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      FIXTURE_EDITORS: "true",
      SESSION_IDLE_MINUTES: "30",
      SESSION_MAX_HOURS: "8",
    });
    service = await createEmbeddedContentService(config, { now: () => clock });
  });
  afterAll(async () => {
    await service.storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, url: string, headers: Record<string, string> = {}, body?: unknown) =>
    service.handle(
      new Request(`${origin}/api${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  async function signIn(role: "admin" | "editor" = "editor"): Promise<string> {
    const { email, password } = fixtureEditor(role);
    const response = await call("POST", "/auth/sign-in", { origin }, { email, password });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    return cookie.split(";")[0]!;
  }

  it("ends a session after its idle time, and after its absolute lifetime however active", async () => {
    const cookie = await signIn();
    const who = () => call("GET", "/auth/session", { cookie }).then((r) => r.status);
    expect(await who()).toBe(200);
    clock += 29 * 60_000;
    expect(await who()).toBe(200);
    clock += 31 * 60_000;
    expect(await who()).toBe(401);

    const active = await signIn();
    for (let i = 0; i < 19; i++) {
      clock += 25 * 60_000;
      expect(await call("GET", "/auth/session", { cookie: active }).then((r) => r.status)).toBe(200);
    }
    clock += 25 * 60_000; // 8 h 20 min after sign-in
    expect(await call("GET", "/auth/session", { cookie: active }).then((r) => r.status)).toBe(401);
  });

  it("still gives the sitemap the visible pages with the public site key", async () => {
    const { createServices } = await import("../server/app");
    const services = createServices(loadConfig({ ...process.env, NODE_ENV: "test" }), service);
    const site = await services.content.firstLoad("localhost");
    const pages = await services.content.listPages(site);
    expect(pages.map((p) => p.page_id)).toContain("about");
    expect(pages.every((p) => !p.hidden)).toBe(true);
  });

  it("answers anonymous calls with 401, and the site key cannot list pages or write", async () => {
    expect((await call("GET", `/pages/${BROKER.site_id}`)).status).toBe(401);
    const siteKey = { "x-site-id": BROKER.site_id, "x-site-key": BROKER.site_key };
    expect((await call("GET", `/pages/${BROKER.site_id}`, siteKey)).status).toBe(401);
    const page = await service.storage.content.getPage(BROKER.site_id, "terms");
    expect(
      (await call("PUT", `/pages/${BROKER.site_id}/terms`, siteKey, { page, base_version: page!.version })).status,
    ).toBe(401);
  });

  it("refuses a cookie-carried write from another origin, or with no origin at all", async () => {
    const cookie = await signIn();
    const page = await service.storage.content.getPage(BROKER.site_id, "terms");
    const body = { page, base_version: page!.version };
    expect(
      (await call("PUT", `/pages/${BROKER.site_id}/terms`, { cookie, origin: "https://evil.example" }, body)).status,
    ).toBe(403);
    expect((await call("PUT", `/pages/${BROKER.site_id}/terms`, { cookie }, body)).status).toBe(403);
    expect((await call("PUT", `/pages/${BROKER.site_id}/terms`, { cookie, origin }, body)).status).toBe(200);
  });

  it("refuses a save without the version it started from (428), and takes If-Match", async () => {
    const token = await editorToken(service);
    const auth = { authorization: `Bearer ${token}` };
    const page = await service.storage.content.getPage(BROKER.site_id, "privacy");
    expect((await call("PUT", `/pages/${BROKER.site_id}/privacy`, auth, { page })).status).toBe(428);
    expect(
      (await call("PUT", `/pages/${BROKER.site_id}/privacy`, { ...auth, "if-match": "nope" }, { page })).status,
    ).toBe(400);
    const saved = await call(
      "PUT",
      `/pages/${BROKER.site_id}/privacy`,
      { ...auth, "if-match": `"${page!.version}"` },
      { page },
    );
    expect(saved.status).toBe(200);
    expect(saved.headers.get("etag")).toBe(`"${page!.version + 1}"`);
    // The same version again is now stale.
    expect(
      (await call("PUT", `/pages/${BROKER.site_id}/privacy`, { ...auth, "if-match": `"${page!.version}"` }, { page }))
        .status,
    ).toBe(409);
  });

  it("bounds an API token by its scopes and forgets it once revoked", async () => {
    const editor = await service.storage.accounts.findByEmail(fixtureEditor("editor").email);
    const { token, record } = await service.auth.issueApiToken(editor!.id, "read only", ["read"]);
    const auth = { authorization: `Bearer ${token}` };
    expect((await call("GET", `/pages/${BROKER.site_id}`, auth)).status).toBe(200);
    const page = await service.storage.content.getPage(BROKER.site_id, "about");
    expect(
      (await call("PUT", `/pages/${BROKER.site_id}/about`, auth, { page, base_version: page!.version })).status,
    ).toBe(403);
    // Account management needs a session, not a token.
    expect((await call("GET", "/auth/account", auth)).status).toBe(403);
    await service.storage.apiTokens.revoke(editor!.id, record.id);
    expect((await call("GET", `/pages/${BROKER.site_id}`, auth)).status).toBe(401);
    expect((await call("GET", `/pages/${BROKER.site_id}`, { authorization: "Bearer cbt_not-a-token" })).status).toBe(
      401,
    );
  });

  it("keeps account and audit calls for admins, and records who published what from where", async () => {
    const editorCookie = await signIn("editor");
    const adminCookie = await signIn("admin");
    expect((await call("GET", "/auth/audit", { cookie: editorCookie })).status).toBe(403);
    expect((await call("GET", "/auth/editors", { cookie: editorCookie })).status).toBe(403);
    const page = await service.storage.content.getPage(BROKER.site_id, "about");
    const published = await call(
      "PUT",
      `/pages/${BROKER.site_id}/about`,
      { cookie: editorCookie, origin, "x-real-ip": "203.0.113.5" },
      { page, base_version: page!.version },
    );
    expect(published.status).toBe(200);
    const audit = (await (
      await call("GET", "/auth/audit?action=page.publish&limit=1", { cookie: adminCookie })
    ).json()) as AnswerBody;
    expect(audit.entries[0]).toMatchObject({
      action: "page.publish",
      target: `${BROKER.site_id}/about`,
      outcome: "success",
      ip: "203.0.113.5",
      via: "session",
      actor: { label: `${fixtureEditor("editor").name} <${fixtureEditor("editor").email}>` },
    });
  });

  it("answers an unknown account exactly like a wrong password, and records the failure", async () => {
    const wrong = await call(
      "POST",
      "/auth/sign-in",
      { origin, "x-real-ip": "198.51.100.20" },
      { email: fixtureEditor("admin").email, password: "not the password" },
    );
    const unknown = await call(
      "POST",
      "/auth/sign-in",
      { origin, "x-real-ip": "198.51.100.21" },
      { email: "nobody@agence.test", password: "not the password" },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    const adminCookie = await signIn("admin");
    const audit = (await (
      await call("GET", "/auth/audit?action=auth.sign-in&outcome=failure", { cookie: adminCookie })
    ).json()) as AnswerBody;
    expect(audit.entries.map((e: AnswerBody) => e.target)).toEqual(
      expect.arrayContaining(["nobody@agence.test", fixtureEditor("admin").email]),
    );
  });

  it("lets editors and admins read and handle leads with their session, never the site key, and audits each change", async () => {
    const fields: Record<string, string> = {
      recaptcha_response: "offline-token-leads",
      form_type: "contact_form",
      locale: "fr",
      full_name: "Zoé Bélanger",
      first_name: "Zoé",
      last_name: "Bélanger",
      phone: "(514) 555-0142",
      email: "zoe@example.com",
      message: "Une visite samedi?",
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const sent = await service.handle(
      new Request(`${origin}/api/swc/${BROKER.microsite_id}/contact`, {
        method: "POST",
        body: form,
        headers: { "x-site-key": BROKER.site_key, "x-real-ip": "203.0.113.77" },
      }),
    );
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };
    const leads = `/leads/${BROKER.site_id}`;

    // Nobody, or the public site key: no lead.
    expect((await call("GET", leads)).status).toBe(401);
    expect((await call("GET", leads, { "x-site-id": BROKER.site_id, "x-site-key": BROKER.site_key })).status).toBe(401);
    const editorCookie = await signIn("editor");
    const adminCookie = await signIn("admin");
    for (const cookie of [editorCookie, adminCookie]) {
      const list = await call("GET", leads, { cookie });
      expect(list.status).toBe(200);
      expect(((await list.json()) as AnswerBody).data.leads.map((l: { id: string }) => l.id)).toContain(id);
    }
    // A change carried by the cookie from another site is refused before it runs.
    const forged = { cookie: editorCookie, origin: "https://evil.example" };
    expect((await call("PUT", `${leads}/${id}/status`, forged, { status: "handled" })).status).toBe(403);
    expect((await service.storage.submissions.get(BROKER.site_id, id))?.status).toBe("new");

    const write = { cookie: editorCookie, origin, "x-real-ip": "203.0.113.9" };
    expect((await call("PUT", `${leads}/${id}/status`, write, { status: "handled" })).status).toBe(200);
    expect((await call("PUT", `${leads}/${id}/status`, write, { status: "new" })).status).toBe(200);
    expect((await call("POST", `${leads}/${id}/retry`, write)).status).toBe(200);
    expect((await call("GET", `${leads}/export`, { cookie: editorCookie, "x-real-ip": "203.0.113.9" })).status).toBe(
      200,
    );
    expect((await call("DELETE", `${leads}/${id}`, write)).status).toBe(200);

    const trail = async (action: string, limit: number) =>
      (
        (await (
          await call("GET", `/auth/audit?action=${action}&limit=${limit}`, { cookie: adminCookie })
        ).json()) as AnswerBody
      ).entries;
    const editor = fixtureEditor("editor");
    const who = {
      outcome: "success",
      ip: "203.0.113.9",
      via: "session",
      actor: { label: `${editor.name} <${editor.email}>` },
    };
    // Newest first, in the family the audit screen filters on ("lead.").
    const onLead = { target: `${BROKER.site_id}/${id}`, ...who };
    expect(await trail("lead.", 5)).toMatchObject([
      { action: "lead.deleted", ...onLead },
      { action: "lead.exported", target: BROKER.site_id, details: { site_id: BROKER.site_id, count: 1 }, ...who },
      { action: "lead.retried", ...onLead },
      { action: "lead.reopened", ...onLead },
      { action: "lead.handled", ...onLead },
    ]);
  });

  it("signs an editor out everywhere: every session of theirs stops working", async () => {
    const first = await signIn("editor");
    const second = await signIn("editor");
    const adminCookie = await signIn("admin");
    const editor = await service.storage.accounts.findByEmail(fixtureEditor("editor").email);
    const revoked = await call("POST", `/auth/editors/${editor!.id}/revoke`, { cookie: adminCookie, origin }, {});
    expect(revoked.status).toBe(200);
    for (const cookie of [first, second]) expect((await call("GET", "/auth/session", { cookie })).status).toBe(401);
  });
});

describe("link and image URLs in the schema", async () => {
  const { isSafeUrl, linkSchema, imageSchema } = await import("../schema/fields");
  it("accepts http, https, mailto, tel, sms and relative URLs only", () => {
    for (const ok of [
      "https://example.com",
      "HTTP://x.test",
      "/fr/contact",
      "#top",
      "?q=1",
      "page",
      "mailto:a@b.test",
      "tel:+15145550199",
      "sms:+15145550199",
      "//cdn.test/a.png",
    ])
      expect(isSafeUrl(ok), ok).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "file:///etc/passwd",
    ])
      expect(isSafeUrl(bad), bad).toBe(false);
    expect(linkSchema.safeParse({ url: "data:text/html,<b>x</b>" }).success).toBe(false);
    expect(imageSchema.safeParse({ url: "javascript:alert(1)" }).success).toBe(false);
    expect(imageSchema.safeParse({ url: "mailto:a@b.test" }).success).toBe(false);
    expect(linkSchema.safeParse({ url: "/fr/contact" }).success).toBe(true);
  });
});
