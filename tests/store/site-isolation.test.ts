/**
 * One site's data never reaches another site (issue 19), on the embedded store and on
 * PostgreSQL. Two sites of the fixtures, A (demo-broker) and B (demo-agency); B gets private
 * records marked with MARK: a hidden and a visible page, a redirect, a lead, a page lock, and
 * an editor (Y) with a session, an API token and a passkey. Then every route of the content
 * service (the table below must name each one: a new route fails this test until it is
 * classified) is called aimed at B's records by A's callers:
 *  - A's site key on the protected client (/api/swc/{A's microsite}/…),
 *  - A's site key on the content client (x-site-id + x-site-key),
 *  - A's site key with a signed-in editor's session (a request naming a site by its key is
 *    confined to that site, whoever else it carries),
 *  - another editor's session (X) for Y's own records (sessions, tokens, passkeys),
 *  - no key on the unprotected client.
 * A route on B's records must refuse (401, 403 or 404); no answer may hold any of B's
 * private markers; and B's records are unchanged afterwards.
 *
 * Editors and admins are people of the installation, not of one site (issue 18): a session
 * alone reads every site's studio and leads by design, so "A's editor" is A's site key carried
 * with a session. Listings, articles and municipalities are the market's and the blog's shared
 * data, not a site's: they are answered to every site (and still checked for B's markers).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureEditors } from "../../server/auth/setup";
import { loadConfig } from "../../server/config";
import { allRoutes, createEmbeddedContentService } from "../../server/content/index";
import type { ContentService } from "../../server/content/service";
import { HEALTH_PATHS } from "../../server/ops/health";
import { createTestDatabase } from "../helpers/postgres";

const ORIGIN = "http://localhost";
const MARK = "zq-site-b-private-4f1c";
const A = { site_id: "demo-broker", microsite_id: "ms-demo-broker", site_key: "sk_demo_broker_public_0001" };
const B = { site_id: "demo-agency", microsite_id: "ms-demo-agency", site_key: "sk_demo_agency_public_0001" };

/**
 * How a route answers A's callers aimed at B:
 * - "refused": it is about one site's (or one account's) records: B's (Y's) must be refused;
 * - "own": it answers about the caller's own site or account only, whatever it is asked;
 * - "shared": market or blog data every site shows (listings, articles, municipalities, the
 *   designers' demo blocks), or a public step of signing in: answered, but never with B's data.
 */
type Kind = "refused" | "own" | "shared";

interface Targets {
  bPageId: string;
  bLeadId: string;
  bAlertId: string;
  ySessionId: string;
  yTokenId: string;
  yPasskeyId: string;
  yEditorId: string;
  uls: string;
  articleId: string;
  bPreviewId: string;
  bPreviewToken: string;
}

interface Case {
  kind: Kind;
  /** Path params aimed at B's (or Y's) records. */
  params?: (t: Targets) => Record<string, string>;
  /** A request body for writes, valid where it can be, so the route reaches its checks. */
  body?: (t: Targets) => unknown;
  query?: string;
  form?: boolean;
  /**
   * The first load: it answers for the domain asked, with that site's public identifiers (its
   * microsite id and site key, which every page of the site gives its visitors, spec site.md §7).
   */
  bootstrap?: boolean;
}

const siteB = () => ({ site_id: B.site_id });

/** Valid feed settings (issue 31), so the feed routes reach their checks. */
const feedSettingsBody = {
  kind: "reso",
  base_url: "https://feed.example.com/odata",
  token_url: "https://feed.example.com/oauth/token",
  client_id: "client",
  client_secret: `secret-${MARK}`,
  mine: { offices: [], agents: [] },
  interval_minutes: 15,
  photos: "hotlink",
  remarks_language: "fr",
  enabled: true,
};

const ROUTES: Record<string, Case> = {
  // Pages
  "POST /page/:site_id": {
    kind: "refused",
    params: () => ({ site_id: B.site_id }),
    body: () => ({ path: "/fr/b-visible-zq" }),
  },
  "POST /page": { kind: "shared", bootstrap: true, body: () => ({ domain_name: "agence.localhost" }) },
  "GET /development/demo-page": { kind: "shared" },
  "GET /pages": { kind: "own" },
  "GET /pages/:site_id": { kind: "refused", params: siteB },
  "GET /pages/:site_id/:page_id": { kind: "refused", params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }) },
  "PUT /pages/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
    body: (t) => ({ page: bHiddenPage(t.bPageId, "overwritten by A"), base_version: 1 }),
  },
  "DELETE /pages/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
  },
  // The site's settings, redirects and variants (issue 29)
  "GET /sites/:site_id/settings": { kind: "refused", params: siteB },
  "PUT /sites/:site_id/chrome": {
    kind: "refused",
    params: siteB,
    body: () => ({ header: [], footer: [], base_version: 1 }),
  },
  "PUT /sites/:site_id/info": { kind: "refused", params: siteB, body: () => ({ info: {}, base_version: 1 }) },
  "PUT /sites/:site_id/theme": {
    kind: "refused",
    params: siteB,
    body: () => ({ theme: { preset: "red" }, base_version: 1 }),
  },
  "GET /sites/:site_id/theme/versions": { kind: "refused", params: siteB },
  "PUT /sites/:site_id/active-variant": {
    kind: "refused",
    params: siteB,
    body: () => ({ variant_id: null, base_version: 1 }),
  },
  "GET /redirects/:site_id": { kind: "refused", params: siteB },
  "POST /redirects/:site_id": { kind: "refused", params: siteB, body: () => ({ from: "/fr/zq-a", to: "/fr" }) },
  "PUT /redirects/:site_id": {
    kind: "refused",
    params: siteB,
    body: () => ({ replacing: "/fr/zq-old", redirect: { from: "/fr/zq-old", to: "/fr" } }),
  },
  "DELETE /redirects/:site_id": { kind: "refused", params: siteB },
  "POST /redirects/:site_id/import": { kind: "refused", params: siteB, body: () => ({}) },
  "GET /variants/:site_id": { kind: "refused", params: siteB },
  "POST /variants/:site_id": { kind: "refused", params: siteB, body: () => ({ name: "Zq", color: "red" }) },
  "PUT /variants/:site_id/:variant_id": {
    kind: "refused",
    params: () => ({ site_id: B.site_id, variant_id: "zq-variant" }),
    body: () => ({ name: "Zq", color: "red", base_version: 1 }),
  },
  "DELETE /variants/:site_id/:variant_id": {
    kind: "refused",
    params: () => ({ site_id: B.site_id, variant_id: "zq-variant" }),
  },
  "PUT /variants/:site_id/:variant_id/pages/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, variant_id: "zq-variant", page_id: t.bPageId }),
    body: () => ({ content: [], base_version: 1 }),
  },
  "DELETE /variants/:site_id/:variant_id/pages/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, variant_id: "zq-variant", page_id: t.bPageId }),
  },
  "PUT /variants/:site_id/:variant_id/chrome": {
    kind: "refused",
    params: () => ({ site_id: B.site_id, variant_id: "zq-variant" }),
    body: () => ({ header: [], footer: [], base_version: 1 }),
  },
  // Page versions (their documents hold B's marked content)
  "GET /pages/:site_id/:page_id/versions": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
  },
  "GET /pages/:site_id/:page_id/versions/:version": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId, version: "1" }),
  },
  // Listings (the market's, shared by every site)
  "GET /properties": { kind: "shared", query: "?language=fr&format=count" },
  "GET /properties/sitemap": { kind: "shared" },
  "GET /property/:uls": { kind: "shared", params: (t) => ({ uls: t.uls }) },
  "GET /property/:uls/similar": { kind: "shared", params: (t) => ({ uls: t.uls }) },
  "GET /property/:uls/tooltip": { kind: "shared", params: (t) => ({ uls: t.uls }) },
  "GET /municipalities": { kind: "shared" },
  "GET /search-filters": { kind: "shared" },
  // Blog (shared)
  "GET /articles": { kind: "shared", query: "?language=fr" },
  "GET /articles/sitemap": { kind: "shared" },
  "GET /article/:id": { kind: "shared", params: (t) => ({ id: t.articleId }) },
  // Forms and leads
  "POST /contact": { kind: "own", form: true },
  "GET /captcha/challenge": { kind: "own" },
  "GET /submissions/:site_id": { kind: "refused", params: siteB },
  "GET /leads/:site_id": { kind: "refused", params: siteB },
  "GET /leads/:site_id/export": { kind: "refused", params: siteB },
  "GET /leads/:site_id/:id": { kind: "refused", params: (t) => ({ site_id: B.site_id, id: t.bLeadId }) },
  "PUT /leads/:site_id/:id/status": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, id: t.bLeadId }),
    body: () => ({ status: "handled" }),
  },
  "POST /leads/:site_id/:id/retry": { kind: "refused", params: (t) => ({ site_id: B.site_id, id: t.bLeadId }) },
  "DELETE /leads/:site_id/:id": { kind: "refused", params: (t) => ({ site_id: B.site_id, id: t.bLeadId }) },
  // Page locks
  "GET /locks/:site_id/:page_id": { kind: "refused", params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }) },
  "POST /locks/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
    body: () => ({ takeover: true }),
  },
  "DELETE /locks/:site_id/:page_id": { kind: "refused", params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }) },
  // Server drafts and scheduled publishes (issue 33): B's hold its marker
  "GET /drafts/:site_id/:page_id": { kind: "refused", params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }) },
  "PUT /drafts/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
    body: (t) => ({ revision: 1, draft: bDraft(t.bPageId, "overwritten by A") }),
  },
  "DELETE /drafts/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
    query: "?revision=1",
  },
  "GET /schedules/:site_id/:page_id": { kind: "refused", params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }) },
  "PUT /schedules/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
    body: (t) => ({
      run_at: new Date(Date.now() + 3600_000).toISOString(),
      page: bHiddenPage(t.bPageId, "scheduled by A"),
      base_version: 1,
    }),
  },
  "DELETE /schedules/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
  },
  // Preview links: B's link shows B's marked draft, to nobody asking with A's key.
  "GET /previews/:site_id/:page_id": { kind: "refused", params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }) },
  "POST /previews/:site_id/:page_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId }),
    body: () => ({ days: 7 }),
  },
  "DELETE /previews/:site_id/:page_id/:link_id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, page_id: t.bPageId, link_id: t.bPreviewId }),
  },
  "POST /preview": { kind: "own", body: (t) => ({ token: t.bPreviewToken }) },
  // Signing in (public steps) and the caller's own account
  "GET /auth/session": { kind: "own" },
  "POST /auth/sign-in": {
    kind: "shared",
    body: () => ({ email: "editor2@courtier.test", password: "wrong password 123" }),
  },
  "POST /auth/passkey/options": { kind: "shared", body: () => ({}) },
  "POST /auth/passkey/verify": { kind: "shared", body: () => ({}) },
  "POST /auth/sign-out": { kind: "own", body: () => ({}) },
  // Sudo mode (issue 27): the caller proves who they are again, in their own session.
  "POST /auth/reauth": { kind: "own", body: () => ({}) },
  "POST /auth/reauth/passkey/options": { kind: "own", body: () => ({}) },
  "POST /auth/reauth/passkey/verify": { kind: "own", body: () => ({}) },
  "GET /auth/account": { kind: "own" },
  "PATCH /auth/account": { kind: "own", body: () => ({ name: "Xavier Editor" }) },
  "POST /auth/account/password": { kind: "own", body: () => ({}) },
  "DELETE /auth/account/sessions/:id": { kind: "refused", params: (t) => ({ id: t.ySessionId }) },
  "POST /auth/account/sessions/revoke": { kind: "own", body: () => ({}) },
  "POST /auth/account/passkeys/options": { kind: "own", body: () => ({}) },
  "POST /auth/account/passkeys": { kind: "own", body: () => ({}) },
  "DELETE /auth/account/passkeys/:id": { kind: "refused", params: (t) => ({ id: t.yPasskeyId }) },
  "POST /auth/account/tokens": { kind: "own", body: () => ({}) },
  "DELETE /auth/account/tokens/:id": { kind: "refused", params: (t) => ({ id: t.yTokenId }) },
  "POST /auth/links/inspect": { kind: "shared", body: () => ({ token: "x".repeat(43) }) },
  "POST /auth/links/complete": { kind: "shared", body: () => ({ token: "x".repeat(43) }) },
  // Admin only: X is an editor
  "GET /auth/editors": { kind: "refused" },
  "POST /auth/editors": { kind: "refused", body: () => ({ email: "new@courtier.test", name: "New", role: "editor" }) },
  "PATCH /auth/editors/:id": {
    kind: "refused",
    params: (t) => ({ id: t.yEditorId }),
    body: () => ({ name: "Renamed" }),
  },
  "DELETE /auth/editors/:id": { kind: "refused", params: (t) => ({ id: t.yEditorId }) },
  "POST /auth/editors/:id/revoke": { kind: "refused", params: (t) => ({ id: t.yEditorId }), body: () => ({}) },
  "POST /auth/editors/:id/reset": { kind: "refused", params: (t) => ({ id: t.yEditorId }), body: () => ({}) },
  "GET /auth/audit": { kind: "refused" },
  "GET /feeds/:site_id": { kind: "refused", params: siteB },
  "PUT /feeds/:site_id": { kind: "refused", params: siteB, body: () => feedSettingsBody },
  "POST /feeds/:site_id/sync": { kind: "refused", params: siteB, body: () => ({}) },
  "POST /feeds/:site_id/test": { kind: "refused", params: siteB, body: () => feedSettingsBody },
  // Saved-search alerts (issue 32): the visitor's calls are about the caller's own site; an
  // alert's own calls need its link's token (A's callers have none of B's); the broker's list.
  "GET /alerts/consent": { kind: "own" },
  "POST /alerts": { kind: "own", body: () => ({ email: `${MARK}@example.test` }) },
  "GET /alerts/:token": { kind: "refused", params: () => ({ token: "A".repeat(22) }) },
  "POST /alerts/:token": {
    kind: "refused",
    params: () => ({ token: "A".repeat(22) }),
    body: () => ({ action: "unsubscribe_all" }),
  },
  "POST /alerts/:token/unsubscribe": { kind: "refused", params: () => ({ token: "A".repeat(22) }) },
  "GET /alert-subscriptions/:site_id": { kind: "refused", params: siteB },
  "GET /alert-subscriptions/:site_id/export": { kind: "refused", params: siteB },
  "DELETE /alert-subscriptions/:site_id/:id": {
    kind: "refused",
    params: (t) => ({ site_id: B.site_id, id: t.bAlertId }),
  },
};

function bHiddenPage(pageId: string, note: string) {
  return {
    page_id: pageId,
    paths: { fr: "/fr/b-private-zq", en: "/en/b-private-zq" },
    title: { fr: `Privée ${MARK} ${note}`, en: `Private ${MARK} ${note}` },
    content: [],
    hidden: true,
    version: 1,
  };
}

/** A draft of B's page whose title holds the marker. */
function bDraft(pageId: string, note: string) {
  const page = bHiddenPage(pageId, note);
  const doc = {
    page_id: pageId,
    site_id: B.site_id,
    base_version: 1,
    title: page.title,
    paths: page.paths,
    blocks: [],
    theme: { preset: "blue", radius: {}, colors: {} },
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
    origin: "server",
  };
  return {
    version: 1,
    base: doc,
    base_version: 1,
    steps: [
      {
        patches: [{ op: "replace", path: ["title", "en"], value: `Draft ${MARK} ${note}` }],
        inversePatches: [{ op: "replace", path: ["title", "en"], value: page.title.en }],
        label: "title",
        at: 1,
      },
    ],
    cursor: 1,
  };
}

interface Caller {
  name: string;
  base: (client: "protected" | "unprotected" | "content") => string | undefined;
  headers: () => Record<string, string>;
  /** The routes this caller asks (all unless said). */
  asks?: (key: string) => boolean;
  /** The one status a route naming B's site must answer this caller (a signed-in caller gets past 401). */
  siteRefusal?: number;
}

const stores = [
  { kind: "sqlite" as const, databaseUrl: async () => "" },
  { kind: "postgres" as const, databaseUrl: () => createTestDatabase() },
];

describe.each(stores)("site isolation on $kind", ({ databaseUrl }) => {
  let service: ContentService;
  let dataDir: string;
  let targets: Targets;
  const cookies = { x: "", y: "" };
  let yToken = "";

  const call = (url: string, init: RequestInit = {}) =>
    service.handle(new Request(url.startsWith("http") ? url : `${ORIGIN}${url}`, init));

  async function signIn(email: string, password: string): Promise<string> {
    const response = await call("/api/auth/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-isolation-"));
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: await databaseUrl(),
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      FIXTURE_EDITORS: "true",
      CONTACT_RATE_LIMIT: "100000",
      RECAPTCHA_OFFLINE: "true",
    });
    service = await createEmbeddedContentService(config);
    const { content } = service.storage;
    expect((await content.getSite(A.site_id))?.site_key).toBe(A.site_key);
    expect((await content.getSite(B.site_id))?.site_key).toBe(B.site_key);

    // B's private records.
    const bPageId = "b-private-zq";
    expect((await content.savePage(B.site_id, bHiddenPage(bPageId, "original"))).ok).toBe(true);
    const visible = {
      page_id: "b-visible-zq",
      paths: { fr: "/fr/b-visible-zq", en: "/en/b-visible-zq" },
      title: { fr: `Visible ${MARK}`, en: `Visible ${MARK}` },
      content: [],
      hidden: false,
      version: 1,
    };
    expect((await content.savePage(B.site_id, visible)).ok).toBe(true);
    await content.putRedirect(B.site_id, { from: "/fr/zq-old", to: `/fr/${MARK}-target`, status: 301 });
    const bLeadId = await service.storage.submissions.insert({
      site_id: B.site_id,
      type: "contact_form",
      locale: "fr",
      payload: { firstname: "Zoé", lastname: MARK, email: `${MARK}@example.test`, message: `Lead ${MARK}` },
    });
    const { id: bAlertId } = await service.storage.alerts.subscribe(
      {
        site_id: B.site_id,
        email: `${MARK}@example.test`,
        locale: "fr",
        search: { mun: [MARK.slice(0, 16)] },
        page: "/fr/proprietes",
        origin: null,
        frequency: "daily",
        consent: { text: `Consent ${MARK}`, version: "v", page: "/fr/proprietes", source: "search" },
        ip: null,
      },
      new Date(),
    );

    // Editors: X (editor) asks; Y (another editor) holds B's lock, a session, a token, a passkey.
    const [, x, y] = fixtureEditors();
    cookies.x = await signIn(x!.email, x!.password);
    cookies.y = await signIn(y!.email, y!.password);
    const yEditor = (await service.storage.accounts.findByEmail(y!.email))!;
    await service.storage.accounts.update(yEditor.id, { name: `Yves ${MARK}` }, Date.now());
    const yHeaders = { cookie: cookies.y, origin: ORIGIN, "content-type": "application/json" };
    const lock = await call(`/api/locks/${B.site_id}/${bPageId}`, { method: "POST", headers: yHeaders, body: "{}" });
    expect(lock.status).toBe(200);
    // Y's draft of B's page, and a publish of it scheduled (issue 33).
    const draft = await call(`/api/drafts/${B.site_id}/${bPageId}`, {
      method: "PUT",
      headers: yHeaders,
      body: JSON.stringify({ revision: 0, draft: bDraft(bPageId, "original") }),
    });
    expect(draft.status).toBe(200);
    const scheduled = await call(`/api/schedules/${B.site_id}/${bPageId}`, {
      method: "PUT",
      headers: yHeaders,
      body: JSON.stringify({
        run_at: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
        page: bHiddenPage(bPageId, "scheduled"),
        base_version: 1,
        note: `Note ${MARK}`,
      }),
    });
    expect(scheduled.status).toBe(200);
    const preview = await call(`/api/previews/${B.site_id}/${bPageId}`, {
      method: "POST",
      headers: yHeaders,
      body: JSON.stringify({ days: 7 }),
    });
    expect(preview.status).toBe(201);
    const previewBody = (await preview.json()) as { token: string; link: { id: string } };
    const token = await call("/api/auth/account/tokens", {
      method: "POST",
      headers: yHeaders,
      body: JSON.stringify({ name: `Token ${MARK}`, scopes: ["read"] }),
    });
    expect(token.status).toBe(201);
    const tokenBody = (await token.json()) as { token: string; record: { id: string } };
    yToken = tokenBody.token;
    const yPasskeyId = `pk-${MARK}`;
    await service.storage.accounts.addPasskey({
      id: yPasskeyId,
      editor_id: yEditor.id,
      public_key: "AQID",
      counter: 0,
      transports: ["internal"],
      device_type: "singleDevice",
      backed_up: false,
      name: `Passkey ${MARK}`,
      created_ms: Date.now(),
    });
    const account = (await (await call("/api/auth/account", { headers: { cookie: cookies.y } })).json()) as {
      sessions: { id: string }[];
    };
    const listing = (await service.storage.listings.search({}, "newest", 0, 1))[0]!;
    const article = (await service.storage.articles.listAll())[0]!;
    targets = {
      bPageId,
      bLeadId,
      bAlertId,
      ySessionId: account.sessions[0]!.id,
      yTokenId: tokenBody.record.id,
      yPasskeyId,
      yEditorId: yEditor.id,
      uls: listing.uls,
      articleId: String(article.id),
      bPreviewId: previewBody.link.id,
      bPreviewToken: previewBody.token,
    };
  });

  afterAll(async () => {
    await service?.storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Strings only B's (and Y's) records hold; none may be in an answer to A's callers. */
  function secrets(spec: Case): string[] {
    const identifiers = spec.bootstrap ? [] : [B.site_key, B.microsite_id];
    return [MARK, ...identifiers, targets.bLeadId, targets.ySessionId, targets.yTokenId, yToken, targets.bPreviewToken];
  }

  it("classifies every route of the content service", () => {
    const keys = allRoutes.map((route) => `${route.method} ${route.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => !(key in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("the HTTP process adds no API of its own: /api is the content service above", () => {
    // Express registrations in server/ (the page cache serves rendered pages, it adds no API).
    const registered = ["server/app.ts", "server/main.ts"].flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/\bapp\.(use|get|post|put|patch|delete|all)\(\s*("[^"]*")?/g)].map(
        ([, method, route]) => `${method} ${route ?? "(every path)"}`,
      ),
    );
    expect(registered.sort()).toEqual(
      [
        'all "/{*splat}"', // pages: the renderer, which asks the content service for the domain's site
        'use "/api"', // the content service: every route is in ROUTES
        'use "/assets"', // built files
        "use (every path)", // compression
        "use (every path)", // Vite in development
        "use (every path)", // public files
        'use "/resources"', // the content host's uploaded files (embedded service only), no site data
        "use (every path)", // unexpected errors to the error reports, then Express's answer
      ].sort(),
    );
    // Probes answered ahead of Express: no site data.
    expect([...HEALTH_PATHS].sort()).toEqual(["/healthz", "/readyz"]);
  });

  it("answers no caller of site A with site B's records, and refuses every call aimed at them", async () => {
    const keyHeaders = { "x-site-id": A.site_id, "x-site-key": A.site_key };
    const callers: Caller[] = [
      {
        name: "A's key, protected client",
        base: (client) => (client === "protected" ? `/api/swc/${A.microsite_id}` : undefined),
        headers: () => ({ "x-site-key": A.site_key }),
      },
      {
        name: "A's key, content client",
        base: (client) => (client === "content" ? "/api" : undefined),
        headers: () => keyHeaders,
      },
      {
        name: "A's key with an editor's session",
        base: (client) => (client === "content" ? "/api" : undefined),
        headers: () => ({ ...keyHeaders, cookie: cookies.x, origin: ORIGIN }),
        siteRefusal: 403,
      },
      {
        name: "another editor's session",
        base: (client) => (client === "content" ? "/api" : undefined),
        headers: () => ({ cookie: cookies.x, origin: ORIGIN }),
        // Editors reach every site by design: this caller asks for Y's records and admin calls.
        asks: (key) => key.includes(" /auth/"),
      },
      {
        name: "the unprotected client with A's key",
        base: (client) => (client === "unprotected" ? "/api/swc" : undefined),
        headers: () => ({ "x-site-key": A.site_key }),
      },
    ];

    const leaks: string[] = [];
    const notRefused: string[] = [];
    let calls = 0;
    // Signing out last: the callers with X's session keep it for every other route.
    const signOut = (key: string) => key === "POST /auth/sign-out";
    const ordered = [...allRoutes].sort(
      (a, b) => Number(signOut(`${a.method} ${a.pattern}`)) - Number(signOut(`${b.method} ${b.pattern}`)),
    );
    for (const route of ordered) {
      const key = `${route.method} ${route.pattern}`;
      const spec = ROUTES[key]!;
      const params = spec.params?.(targets) ?? {};
      const routePath = route.pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
      for (const caller of callers) {
        for (const client of route.clients) {
          const base = caller.base(client);
          if (!base || (caller.asks && !caller.asks(key))) continue;
          const headers: Record<string, string> = { accept: "application/json", ...caller.headers() };
          let body: BodyInit | undefined;
          if (spec.form) {
            const form = new FormData();
            form.set("form_type", "contact_form");
            body = form;
          } else if (route.method !== "GET" && route.method !== "DELETE") {
            headers["content-type"] = "application/json";
            body = JSON.stringify(spec.body?.(targets) ?? {});
          }
          const response = await call(`${base}${routePath}${spec.query ?? ""}`, {
            method: route.method,
            headers,
            body,
          });
          calls += 1;
          const text = await response.text();
          const headerText = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
          const label = `${caller.name}: ${route.method} ${base}${routePath} → ${response.status}`;
          for (const secret of secrets(spec)) {
            if (text.includes(secret) || headerText.includes(secret)) leaks.push(`${label} holds ${secret}`);
          }
          if (spec.kind === "refused" && ![401, 403, 404].includes(response.status)) notRefused.push(label);
          if (caller.siteRefusal && route.pattern.includes(":site_id") && response.status !== caller.siteRefusal)
            notRefused.push(`${label} (expected ${caller.siteRefusal})`);
          expect(response.status, label).toBeLessThan(500);
        }
      }
    }
    expect(calls).toBeGreaterThan(allRoutes.length);
    expect(leaks).toEqual([]);
    expect(notRefused).toEqual([]);
  });

  it("still answers A's callers about A's own records (the refusals above are about the site)", async () => {
    // X signed out at the end of the sweep: a new session.
    const x = fixtureEditors()[1]!;
    const cookie = await signIn(x.email, x.password);
    const headers = { "x-site-id": A.site_id, "x-site-key": A.site_key, cookie, origin: ORIGIN };
    const aPage = (await service.storage.content.listPages(A.site_id))[0]!.page_id;
    for (const url of [`/api/pages/${A.site_id}`, `/api/leads/${A.site_id}`, `/api/locks/${A.site_id}/${aPage}`]) {
      expect((await call(url, { headers })).status, url).toBe(200);
    }
    const page = await call(`/api/swc/${A.microsite_id}/page/${A.site_id}`, {
      method: "POST",
      headers: { "x-site-key": A.site_key, "content-type": "application/json" },
      body: JSON.stringify({ path: "/fr" }),
    });
    expect(page.status).toBe(200);
  });

  it("left B's records as they were", async () => {
    const { content } = service.storage;
    const page = await content.getPage(B.site_id, targets.bPageId);
    expect(page?.title.fr).toBe(`Privée ${MARK} original`);
    expect(page?.version).toBe(1);
    expect((await content.findRedirect(B.site_id, "/fr/zq-old"))?.to).toBe(`/fr/${MARK}-target`);
    const lead = await service.storage.submissions.get(B.site_id, targets.bLeadId);
    expect(lead?.status).toBe("new");
    expect((await service.storage.alerts.get(B.site_id, targets.bAlertId))?.state).toBe("pending");
    const lock = await service.auth.storage.pageLocks.get(B.site_id, targets.bPageId, Date.now());
    expect(lock?.editor_name).toBe(`Yves ${MARK}`);
    expect(await service.storage.accounts.getPasskey(targets.yPasskeyId)).toBeDefined();
    const draft = await service.storage.drafts.get(B.site_id, targets.bPageId);
    expect(draft).toMatchObject({ revision: 1, editor: { name: `Yves ${MARK}` } });
    expect(draft?.draft.steps[0]?.patches[0]?.value).toBe(`Draft ${MARK} original`);
    const scheduled = await service.storage.publishJobs.pending(B.site_id, targets.bPageId);
    expect(scheduled?.note).toBe(`Note ${MARK}`);
    expect(await service.storage.previewLinks.list(B.site_id, targets.bPageId, Date.now())).toHaveLength(1);
    // Y is still signed in, and Y's token still works.
    const session = await call("/api/auth/session", { headers: { cookie: cookies.y } });
    expect(((await session.json()) as { editor?: { name: string } }).editor?.name).toBe(`Yves ${MARK}`);
    const withToken = await call(`/api/pages/${B.site_id}`, { headers: { authorization: `Bearer ${yToken}` } });
    expect(withToken.status).toBe(200);
    const pages = ((await withToken.json()) as { pages: { page_id: string }[] }).pages.map((p) => p.page_id);
    expect(pages).toEqual(expect.arrayContaining([targets.bPageId, "b-visible-zq"]));
    // A's own page list does not hold B's pages.
    const aPages = await call(`/api/swc/${A.microsite_id}/pages`, { headers: { "x-site-key": A.site_key } });
    expect(await aPages.text()).not.toContain(MARK);
  });
});
