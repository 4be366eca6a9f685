/**
 * /healthz and /readyz through the HTTP server's handler, in process over real HTTP: answered
 * ahead of the page cache and Express, never cached, a 503 with Retry-After and a reason (no
 * stack) when the store is closed or its schema is behind this release.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../server/app";
import { checkReadiness, checkWritable, FULL_WINDOW_MS } from "../server/ops/health";
import { createTestService, type TestService } from "./helpers/content-service";

/** No page is asked for here: the probes never reach React Router. */
const NO_PAGES = { entry: { module: {} }, routes: {}, assets: { routes: {} } } as unknown as ServerBuild;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function request(port: number, target: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("health endpoints over HTTP", () => {
  let ctx: TestService;
  let server: http.Server;
  let port: number;
  let drain: () => void;

  beforeAll(async () => {
    ctx = await createTestService({ PAGE_CACHE_MB: "0" });
    const created = await createApp({ config: ctx.config, build: async () => NO_PAGES, content: ctx.service });
    const { handler } = created;
    drain = created.drain;
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.cleanup();
  });

  it("/healthz says ok, uncached", async () => {
    const answer = await request(port, "/healthz");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: "ok" });
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("/readyz is 200 while the store answers and its schema is current", async () => {
    expect(ctx.service.storage.migrations.current).toBe(ctx.service.storage.migrations.latest);
    const answer = await request(port, "/readyz?probe=lb");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: "ready" });
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("HEAD works for probes that only read the status; other methods are refused", async () => {
    expect((await request(port, "/healthz", "HEAD")).status).toBe(200);
    const post = await request(port, "/readyz", "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("/readyz is 503 with Retry-After and a reason, no stack, once the store is closed; /healthz stays 200", async () => {
    await ctx.service.storage.close();
    const answer = await request(port, "/readyz");
    expect(answer.status).toBe(503);
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const body = JSON.parse(answer.text);
    expect(body).toEqual({ status: "unavailable", reason: "store unreachable" });
    expect(answer.text).not.toMatch(/at |\.ts|Error/);
    expect((await request(port, "/healthz")).status).toBe(200);
  });

  it("/readyz is 503 'shutting down' once the process drains (SIGTERM), /healthz still 200", async () => {
    drain();
    const answer = await request(port, "/readyz");
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({ status: "unavailable", reason: "shutting down" });
    expect(answer.headers["retry-after"]).toBeDefined();
    expect((await request(port, "/healthz")).status).toBe(200);
  });
});

describe("readiness check", () => {
  const migrations = { applied: [], current: 7, latest: 7 };

  it("is not ready while the schema is behind this release", async () => {
    const result = await checkReadiness({ ping: async () => {}, migrations: { ...migrations, current: 6 } });
    expect(result).toEqual({ ready: false, reason: "schema at version 6, this release needs 7" });
  });

  it("accepts a newer schema (a newer release migrated first in a rolling deploy)", async () => {
    expect(await checkReadiness({ ping: async () => {}, migrations: { ...migrations, current: 8 } })).toEqual({
      ready: true,
    });
  });

  it("gives up on a store that does not answer in time", async () => {
    const never = () => new Promise<void>(() => {});
    expect(await checkReadiness({ ping: never, migrations }, 30)).toEqual({
      ready: false,
      reason: "store did not answer in time",
    });
  });

  it("reports an unreachable store without its error's text", async () => {
    const refused = async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password=secret");
    };
    expect(await checkReadiness({ ping: refused, migrations })).toEqual({ ready: false, reason: "store unreachable" });
  });
});

describe("write check (issue 27: a full disk)", () => {
  const migrations = { applied: [], current: 7, latest: 7 };
  const store = (probeWrite: () => Promise<void>) => ({ ping: async () => {}, probeWrite, migrations });
  const full = async () => {
    // What node:sqlite throws on SQLITE_FULL; PostgreSQL's disk_full carries code 53100.
    throw Object.assign(new Error("database or disk is full"), { code: "ERR_SQLITE_ERROR", errcode: 13 });
  };

  it("says no space is left when the probe's write is refused for it, on either store", async () => {
    expect(await checkWritable(store(full))).toEqual({ ready: false, reason: "store not writable: no space left" });
    const pgFull = async () => {
      throw Object.assign(new Error("could not extend file"), { code: "53100" });
    };
    expect(await checkWritable(store(pgFull))).toEqual({ ready: false, reason: "store not writable: no space left" });
  });

  it("reports another refusal without its error's text", async () => {
    const readOnly = async () => {
      throw new Error("attempt to write a readonly database /srv/data/content.sqlite");
    };
    expect(await checkWritable(store(readOnly))).toEqual({ ready: false, reason: "store not writable" });
  });

  it("is not writable for a while after a request's write was refused for lack of space, even if the probe passes", async () => {
    const ok = store(async () => {});
    const now = 1_000_000;
    expect(await checkWritable(ok, { lastFullAt: now - 1000, now })).toEqual({
      ready: false,
      reason: "store not writable: no space left",
    });
    expect(await checkWritable(ok, { lastFullAt: now - FULL_WINDOW_MS, now })).toEqual({ ready: true });
  });
});
