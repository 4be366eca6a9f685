/**
 * The listing feed's admin routes (issue 31), in process: admins only; saving needs a recent
 * proof of identity (sudo); the client secret is stored encrypted and never answered back; bad
 * settings are a 400 naming the field; the connection test says "the secret was refused" in its
 * code; sync now makes the feed due; a feed the environment sets is shown and cannot be changed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedFixtures } from "../scripts/feed-fixtures";
import { startTestFeed, type TestFeed } from "../scripts/odata-test-server";
import { loadConfig } from "../server/config";
import { createEmbeddedContentService } from "../server/content/index";
import type { ContentService } from "../server/content/service";
import { forgetTokens } from "../server/feeds/odata";
import { openSecret, secretKey } from "../server/feeds/secret-box";
import { fixtureEditor } from "./helpers/content-service";

const origin = "http://localhost";
const SITE = "demo-broker";
const SECRET = "s3cret-value-of-the-client";

async function serviceWith(env: Record<string, string>, now: () => number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "feeds-routes-"));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    FIXTURE_EDITORS: "true",
    ...env,
  });
  const service = await createEmbeddedContentService(config, { now });
  return { service, dataDir, config };
}

describe("the listing feed's routes", () => {
  let service: ContentService;
  let dataDir: string;
  let feed: TestFeed;
  let config: ReturnType<typeof loadConfig>;
  let clock = Date.parse("2026-11-27T09:00:00Z");

  beforeAll(async () => {
    forgetTokens();
    feed = await startTestFeed(feedFixtures({ kind: "reso", count: 5 }));
    ({ service, dataDir, config } = await serviceWith({}, () => clock));
  });
  afterAll(async () => {
    await service.storage.close();
    await feed.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, url: string, cookie?: string, body?: unknown) => {
    const response = await service.handle(
      new Request(`${origin}/api${url}`, {
        method,
        headers: {
          origin,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, never> };
  };
  async function signIn(role: "admin" | "editor") {
    const { email, password } = fixtureEditor(role);
    const response = await service.handle(
      new Request(`${origin}/api/auth/sign-in`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      }),
    );
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }
  const settings = (extra: Record<string, unknown> = {}) => ({
    kind: "reso",
    base_url: feed.url,
    token_url: feed.tokenUrl,
    client_id: feed.clientId,
    client_secret: SECRET,
    mine: { offices: ["O1"], agents: [] },
    interval_minutes: 30,
    photos: "hotlink",
    remarks_language: "en",
    enabled: true,
    ...extra,
  });

  it("are an admin's: an editor and a visitor are refused", async () => {
    const editor = await signIn("editor");
    expect((await call("GET", `/feeds/${SITE}`, editor)).status).toBe(403);
    expect((await call("PUT", `/feeds/${SITE}`, editor, settings())).status).toBe(403);
    expect((await call("GET", `/feeds/${SITE}`)).status).toBe(401);
    const admin = await signIn("admin");
    const { status, body } = await call("GET", `/feeds/${SITE}`, admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({ origin: null, settings: null, runs: [] });
  });

  it("save the secret encrypted, never answer it, and ask for a recent proof of identity", async () => {
    const admin = await signIn("admin");
    expect((await call("PUT", `/feeds/${SITE}`, admin, settings())).status).toBe(200);
    const { body } = await call("GET", `/feeds/${SITE}`, admin);
    expect(body).toMatchObject({
      origin: "studio",
      settings: { kind: "reso", client_id: feed.clientId, has_secret: true, mine: { offices: ["O1"] } },
      problem: null,
    });
    expect(JSON.stringify(body)).not.toContain(SECRET);
    const stored = (await service.storage.feeds.settings(SITE))!;
    expect(stored.secret_enc).not.toContain(SECRET);
    const key = await secretKey(config.FEEDS_SECRET_KEY, service.storage.secrets);
    expect(openSecret(key, SITE, stored.secret_enc!)).toBe(SECRET);
    // Bound to its site: the same text under another site does not open.
    expect(openSecret(key, "demo-agency", stored.secret_enc!)).toBeUndefined();
    // Saving again without a secret keeps the saved one.
    const { client_secret: _omitted, ...rest } = settings({ interval_minutes: 60 });
    expect((await call("PUT", `/feeds/${SITE}`, admin, rest)).status).toBe(200);
    expect((await service.storage.feeds.settings(SITE))?.secret_enc).toBe(stored.secret_enc);
    // Ten minutes after the sign-in, a site-wide setting needs the editor to confirm who they are.
    clock += 11 * 60_000;
    const late = await call("PUT", `/feeds/${SITE}`, admin, settings());
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: "reauth_required" });
  });

  it("refuse bad settings with the field named", async () => {
    const admin = await signIn("admin");
    const bad = await call(
      "PUT",
      `/feeds/${SITE}`,
      admin,
      settings({ base_url: "http://feed.example.com/odata", interval_minutes: 1 }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(["base_url", "interval_minutes"]));
  });

  it("test the connection: a refused secret says so", async () => {
    const admin = await signIn("admin");
    const ok = await call("POST", `/feeds/${SITE}/test`, admin, settings({ client_secret: feed.clientSecret }));
    expect(ok.body).toEqual({ ok: true });
    const refused = await call("POST", `/feeds/${SITE}/test`, admin, settings({ client_secret: "wrong" }));
    expect(refused.body).toMatchObject({ ok: false, code: "secret_refused" });
    expect(JSON.stringify(refused.body)).not.toContain("wrong");
  });

  it("sync now: the feed is due at once", async () => {
    const admin = await signIn("admin");
    await service.storage.feeds.schedule(SITE, Date.now() + 3_600_000);
    const { status } = await call("POST", `/feeds/${SITE}/sync`, admin, {});
    expect(status).toBe(202);
    expect((await service.storage.feeds.state(SITE))!.next_run_ms).toBeLessThanOrEqual(Date.now());
  });

  it("show a feed the environment sets, and refuse to change it", async () => {
    const env = await serviceWith(
      {
        FEED_KIND: "ddf",
        FEED_URL: feed.url,
        FEED_TOKEN_URL: feed.tokenUrl,
        FEED_CLIENT_ID: feed.clientId,
        FEED_CLIENT_SECRET: SECRET,
      },
      () => Date.now(),
    );
    try {
      const other = service;
      service = env.service;
      const admin = await signIn("admin");
      const { body } = await call("GET", `/feeds/${SITE}`, admin);
      expect(body).toMatchObject({
        origin: "environment",
        settings: { kind: "ddf", has_secret: true, scope: "DDFApi_Read" },
      });
      expect(JSON.stringify(body)).not.toContain(SECRET);
      expect((await call("PUT", `/feeds/${SITE}`, admin, settings())).status).toBe(409);
      service = other;
    } finally {
      await env.service.storage.close();
      fs.rmSync(env.dataDir, { recursive: true, force: true });
    }
  });
});
