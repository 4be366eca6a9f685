/**
 * A database that cannot be reached is a 503 with Retry-After for the client to try
 * again, never a 500 or a crash.
 */
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/pg-cluster";
import { AuthService } from "../server/auth/service";
import { loadConfig } from "../server/config";
import { createPool } from "../server/content/db/postgres";
import { allRoutes } from "../server/content/index";
import { PostgresContentRepository } from "../server/content/postgres-repository";
import { createContentService } from "../server/content/service";
import type { Storage } from "../server/content/storage";
import { createStores } from "../server/content/stores/index";
import { PostgresSessionsStore } from "../server/content/stores/sessions.postgres";

describe("an unreachable PostgreSQL", async () => {
  // A loopback port nothing listens on.
  const pool = createPool({
    url: `postgres://nobody:none@127.0.0.1:${await freePort()}/none`,
    poolMax: 1,
    connectTimeoutMs: 1000,
    statementTimeoutMs: 1000,
  });
  afterAll(() => pool.end());
  const storage = {
    kind: "postgres",
    content: new PostgresContentRepository(pool),
    sessions: new PostgresSessionsStore(pool),
  } as unknown as Storage;
  const config = loadConfig({ ...process.env, NODE_ENV: "test" });
  const service = createContentService({
    storage,
    stores: createStores({ ...storage, rateLimits: undefined } as unknown as Storage, config),
    config,
    routes: allRoutes,
    auth: new AuthService(storage, config),
  });

  it("answers 503 with Retry-After on the protected and content clients", async () => {
    const protectedCall = await service.handle(
      new Request("http://localhost/api/swc/ms-demo-broker/page/demo-broker", {
        method: "POST",
        headers: { "x-site-key": "sk_demo_broker_public_0001", "content-type": "application/json" },
        body: JSON.stringify({ path: "/fr" }),
      }),
    );
    expect(protectedCall.status).toBe(503);
    expect(protectedCall.headers.get("retry-after")).toBe("5");
    const firstLoad = await service.handle(
      new Request("http://localhost/api/swc/page", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ domain_name: "example.com" }),
      }),
    );
    expect(firstLoad.status).toBe(503);
    // A session cookie is looked up in the same store: 503 too, not 500.
    const session = await service.handle(
      new Request("http://localhost/api/auth/session", { headers: { cookie: `courtier_session=${"a".repeat(43)}` } }),
    );
    expect(session.status).toBe(503);
  });
});
