/**
 * A database that cannot be reached is a 503 with Retry-After for the client to try
 * again, never a 500 or a crash.
 */
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/pg-cluster";
import { AuthService } from "../server/auth/service";
import { loadConfig } from "../server/config";
import { createPool, postgresDatabase } from "../server/content/db/postgres";
import { createFormServices } from "../server/content/form-services";
import { allRoutes } from "../server/content/index";
import { createContentService } from "../server/content/service";
import { createStorage } from "../server/content/storage";

describe("an unreachable PostgreSQL", async () => {
  // A loopback port nothing listens on.
  const pool = createPool({
    url: `postgres://nobody:none@127.0.0.1:${await freePort()}/none`,
    poolMax: 1,
    connectTimeoutMs: 1000,
    statementTimeoutMs: 1000,
  });
  // Every store on it, as a web process opens them (without the migrations, which need the database).
  const { db, dialect } = postgresDatabase(pool);
  const storage = createStorage(db, dialect, { applied: [], current: 0, latest: 0 });
  afterAll(() => storage.close());
  const config = loadConfig({ ...process.env, NODE_ENV: "test" });
  const service = createContentService({
    storage,
    forms: createFormServices(storage, config),
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
