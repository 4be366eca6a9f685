/**
 * Preview links through the content service, in process (issue 33): an editor makes a link (its
 * secret shown once, only its hash stored), the site opens it with its key and gets the draft as
 * it is now (or the version named), marked noindex and never cached; revoked, expired, unknown
 * or another site's links show nothing; lists never hold a secret; every write is audited; a
 * preview's address never reaches a request log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Draft, StudioDoc } from "../schema/draft";
import { hashSecret } from "../server/auth/secrets";
import type { PageRecord } from "../server/content/stores/content";
import { loggablePath } from "../server/ops/request-log";
import { type AnswerBody, BROKER, createTestService, fixtureEditor, type TestService } from "./helpers/content-service";

let ctx: TestService;
let token: string;

const call = (url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  ctx.service.handle(
    new Request(`http://localhost/api${url}`, {
      method: init.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
const asEditor = (url: string, init: { method?: string; body?: unknown } = {}) =>
  call(url, { ...init, headers: { authorization: `Bearer ${token}` } });
/** What the site does for a visitor who opens a link: its own key, the link's secret. */
const open = (secret: string, site = BROKER) =>
  call(`/swc/${site.microsite_id}/preview`, {
    method: "POST",
    body: { token: secret },
    headers: { "x-site-key": site.site_key },
  });

function retitled(page: PageRecord, title: string): Draft {
  const base: StudioDoc = {
    page_id: page.page_id,
    site_id: BROKER.site_id,
    base_version: page.version,
    title: page.title,
    paths: page.paths,
    blocks: page.content as StudioDoc["blocks"],
    theme: { preset: "blue", radius: {}, colors: {} } as StudioDoc["theme"],
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
    origin: "server",
  };
  return {
    version: 1,
    base,
    base_version: page.version,
    steps: [
      {
        patches: [{ op: "replace", path: ["title", "fr"], value: title }],
        inversePatches: [{ op: "replace", path: ["title", "fr"], value: page.title.fr }],
        label: "title",
        at: Date.now(),
      },
    ],
    cursor: 1,
  };
}

beforeAll(async () => {
  ctx = await createTestService();
  const editor = (await ctx.service.storage.accounts.findByEmail(fixtureEditor("editor").email))!;
  token = (await ctx.service.auth.issueApiToken(editor.id, "tests", ["read", "write"])).token;
});
afterAll(() => ctx.cleanup());

describe("preview links", () => {
  it("shows the draft as it is now to whoever has the link, noindex and never cached", async () => {
    const about = (await ctx.service.storage.content.getPage(BROKER.site_id, "about"))!;
    expect(
      (
        await asEditor(`/drafts/${BROKER.site_id}/about`, {
          method: "PUT",
          body: { revision: 0, draft: retitled(about, "Brouillon v1") },
        })
      ).status,
    ).toBe(200);
    const made = await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: {} });
    expect(made.status).toBe(201);
    const body = (await made.json()) as AnswerBody;
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Seven days by default.
    expect(Date.parse(body.link.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    // The store has its hash, never the secret.
    expect(await ctx.service.storage.previewLinks.find(hashSecret(body.token), Date.now())).toMatchObject({
      id: body.link.id,
    });
    const listed = await (await asEditor(`/previews/${BROKER.site_id}/about`)).text();
    expect(listed).toContain(body.link.id);
    expect(listed).not.toContain(body.token);

    const shown = await open(body.token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const answer = (await shown.json()) as AnswerBody;
    expect(answer.page.title.fr).toBe("Brouillon v1");
    expect(answer.page.seo.robots_index_rule).toBe("noindex, nofollow");
    expect(answer.preview).toMatchObject({ source: "draft", version: null });

    // The draft moves on: the same link shows it as it is now.
    await asEditor(`/drafts/${BROKER.site_id}/about`, {
      method: "PUT",
      body: { revision: 1, draft: retitled(about, "Brouillon v2") },
    });
    expect(((await (await open(body.token)).json()) as AnswerBody).page.title.fr).toBe("Brouillon v2");

    // Revoked: nothing more.
    expect((await asEditor(`/previews/${BROKER.site_id}/about/${body.link.id}`, { method: "DELETE" })).status).toBe(
      200,
    );
    const gone = await open(body.token);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain("Brouillon");
    expect((await asEditor(`/previews/${BROKER.site_id}/about/${body.link.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    const trail = await ctx.service.storage.audit.list({ action: "preview.", limit: 5 });
    expect(trail.entries.map((e) => e.action)).toEqual(["preview.revoke", "preview.create"]);
  });

  it("shows a version when the link names one, and the published page once the draft is gone", async () => {
    const { versions } = await ctx.service.storage.pageVersions.list(BROKER.site_id, "about");
    const first = versions.at(-1)!.version;
    const made = (await (
      await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: { version: first, days: 1 } })
    ).json()) as AnswerBody;
    const answer = (await (await open(made.token)).json()) as AnswerBody;
    expect(answer.preview).toMatchObject({ source: "version", version: first });
    expect(answer.page.title.fr).not.toBe("Brouillon v2");

    const draftLink = (await (
      await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: {} })
    ).json()) as AnswerBody;
    await ctx.service.storage.drafts.remove(BROKER.site_id, "about");
    const page = (await (await open(draftLink.token)).json()) as AnswerBody;
    expect(page.preview.source).toBe("page");
    expect(page.page.title.fr).toBe((await ctx.service.storage.content.getPage(BROKER.site_id, "about"))!.title.fr);
  });

  it("shows nothing for an expired, unknown or malformed link, or one of another site", async () => {
    const about = (await ctx.service.storage.content.getPage(BROKER.site_id, "about"))!;
    const expired = "e".repeat(43);
    await ctx.service.storage.previewLinks.create(BROKER.site_id, "about", {
      tokenHash: hashSecret(expired),
      version: null,
      editor: { id: "x", name: "X" },
      expiresMs: Date.now() - 1000,
    });
    expect((await open(expired)).status).toBe(404);
    expect((await open("u".repeat(43))).status).toBe(404);
    expect((await open("short")).status).toBe(404);
    const made = (await (
      await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: {} })
    ).json()) as AnswerBody;
    const agency = (await ctx.service.storage.content.getSite("demo-agency"))!;
    expect((await open(made.token, agency)).status).toBe(404);
    // Without the site's key, the call is not answered at all.
    expect(
      (await call(`/swc/${BROKER.microsite_id}/preview`, { method: "POST", body: { token: made.token } })).status,
    ).toBe(401);
    expect(about.page_id).toBe("about");
  });

  it("refuses bad requests to make a link", async () => {
    const statuses = [
      (await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: { days: 0 } })).status,
      (await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: { days: 31 } })).status,
      (await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: { version: 999 } })).status,
      (await asEditor(`/previews/${BROKER.site_id}/about`, { method: "POST", body: { token: "x" } })).status,
      (await asEditor(`/previews/${BROKER.site_id}/nowhere`, { method: "POST", body: {} })).status,
      (await call(`/previews/${BROKER.site_id}/about`, { method: "POST", body: {} })).status,
    ];
    expect(statuses).toEqual([400, 400, 404, 400, 404, 401]);
  });

  it("never writes a preview's secret in a request log line", () => {
    const secret = "A".repeat(43);
    expect(loggablePath(`/fr/apercu/${secret}`)).toBe("/fr/apercu/…");
    expect(loggablePath(`/en/preview/${secret}.data?_routes=x`)).toBe("/en/preview/….data?_routes");
    expect(loggablePath("/fr/a-propos?x=1")).toBe("/fr/a-propos?x");
  });
});
