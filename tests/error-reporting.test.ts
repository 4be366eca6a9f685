/**
 * Error reports (site.md §9), in process: a tiny HTTP server stands for the Sentry host named by
 * SENTRY_DSN. A route that throws (the content service's, and a page whose loader throws, through
 * the production build's handleError) sends an envelope there; without a DSN nothing is sent, the
 * page names no DSN and the CSP allows no report host. The no-DSN case runs first: the SDK, once
 * started, stays for the process.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../server/app";
import { loadConfig } from "../server/config";
import type { ContentService } from "../server/content/service";
import { BROKER, createTestService, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

interface Envelope {
  path: string;
  body: string;
}

/** The fake Sentry host: keeps every envelope posted to it. */
async function startSentryHost() {
  const envelopes: Envelope[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      envelopes.push({ path: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    envelopes,
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/42`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function get(port: number, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, headers }, (res) => {
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

const SITE_KEY = { "x-site-key": BROKER.site_key };
const BROKEN = "Listing index broken (test)";
const PAGE_BROKEN = "Page store broken (test)";

/**
 * The embedded service, with a listings store that fails (a route that throws) and a page answer
 * that fails (the page loader throws) for the path /fr/panne.
 */
async function brokenService(env: Record<string, string>) {
  const ctx = await createTestService({ PAGE_CACHE_MB: "0", NODE_ENV: "production", ...env });
  const listings = ctx.service.storage.listings;
  const failing = new Proxy(listings, {
    get(target, key, receiver) {
      if (key === "count") return async () => Promise.reject(new Error(BROKEN));
      return Reflect.get(target, key, receiver);
    },
  });
  const service: ContentService = {
    ...ctx.service,
    handle: async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname.includes("/properties")) {
        // The real service's route, with the failing store (its catch reports and answers 500).
        (ctx.service.storage as { listings: unknown }).listings = failing;
        try {
          return await ctx.service.handle(request);
        } finally {
          (ctx.service.storage as { listings: unknown }).listings = listings;
        }
      }
      if (request.method === "POST" && url.pathname.includes("/page/")) {
        const body = (await request.clone().json()) as { path?: string };
        if (body.path === "/fr/panne") throw new Error(PAGE_BROKEN);
      }
      return ctx.service.handle(request);
    },
  };
  return { ctx, service };
}

async function serve(ctx: TestService, service: ContentService, build: ServerBuild) {
  const created = await createApp({ config: ctx.config, build: async () => build, content: service });
  const server = http.createServer(created.handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const waitFor = async (check: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

describe("SENTRY_DSN", () => {
  it("must be a DSN: a key, a host and a project", () => {
    expect(loadConfig({ SENTRY_DSN: "https://abc@o1.ingest.sentry.io/123" }).SENTRY_DSN).toBe(
      "https://abc@o1.ingest.sentry.io/123",
    );
    expect(loadConfig({ SENTRY_DSN: "" }).SENTRY_DSN).toBeUndefined();
    expect(() => loadConfig({ SENTRY_DSN: "https://o1.ingest.sentry.io/123" })).toThrow(/SENTRY_DSN/);
    expect(() => loadConfig({ SENTRY_DSN: "https://abc@o1.ingest.sentry.io/" })).toThrow(/SENTRY_DSN/);
    expect(() => loadConfig({ SENTRY_DSN: "ftp://abc@host/1" })).toThrow(/SENTRY_DSN/);
  });
});

describe.skipIf(!fs.existsSync(BUILD)).sequential("error reports over HTTP (production build)", () => {
  let sentry: Awaited<ReturnType<typeof startSentryHost>>;
  let build: ServerBuild;

  beforeAll(async () => {
    sentry = await startSentryHost();
    build = (await import(BUILD)) as ServerBuild;
  }, 120_000);
  afterAll(async () => {
    await sentry?.close();
  });

  describe("without a DSN", () => {
    let ctx: TestService;
    let server: http.Server;
    let port: number;
    beforeAll(async () => {
      const broken = await brokenService({});
      ctx = broken.ctx;
      ({ server, port } = await serve(ctx, broken.service, build));
    }, 120_000);
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await ctx?.cleanup();
    });

    it("sends nothing, names no DSN to the browser and lets it reach no report host", async () => {
      const api = await get(port, `/api/swc/${BROKER.microsite_id}/properties?format=count`, SITE_KEY);
      expect(api.status).toBe(500);
      const page = await get(port, "/fr/panne");
      expect(page.status).toBe(500);
      const home = await get(port, "/fr");
      expect(home.status).toBe(200);
      expect(home.text).not.toContain("data-sentry");
      expect(home.headers["content-security-policy"]).toMatch(/connect-src 'self';/);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sentry.envelopes).toEqual([]);
    }, 60_000);
  });

  describe("with a DSN", () => {
    let ctx: TestService;
    let server: http.Server;
    let port: number;
    beforeAll(async () => {
      const broken = await brokenService({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: "test-suite" });
      ctx = broken.ctx;
      ({ server, port } = await serve(ctx, broken.service, build));
    }, 120_000);
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await ctx?.cleanup();
    });

    it("reports a content route's unhandled error", async () => {
      const answer = await get(port, `/api/swc/${BROKER.microsite_id}/properties?format=count`, SITE_KEY);
      expect(answer.status).toBe(500);
      // The visitor gets no detail.
      expect(answer.text).not.toContain(BROKEN);
      expect(await waitFor(() => sentry.envelopes.some((e) => e.body.includes(BROKEN)), 10_000)).toBe(true);
      const envelope = sentry.envelopes.find((e) => e.body.includes(BROKEN))!;
      expect(envelope.path.split("?")[0]).toBe("/api/42/envelope/");
      expect(envelope.body).toContain('"environment":"test-suite"');
      // No personal data: no client address, no cookies.
      expect(envelope.body).not.toMatch(/ip_address|"cookies"|x-site-key/i);
    }, 30_000);

    it("reports an error thrown while a page loads (React Router's handleError)", async () => {
      const answer = await get(port, "/fr/panne?email=visitor@example.com");
      expect(answer.status).toBe(500);
      expect(await waitFor(() => sentry.envelopes.some((e) => e.body.includes(PAGE_BROKEN)), 10_000)).toBe(true);
      const envelope = sentry.envelopes.find((e) => e.body.includes(PAGE_BROKEN))!;
      expect(envelope.body).toContain("/fr/panne");
      // Query strings may carry a visitor's data: never sent.
      expect(envelope.body).not.toContain("visitor@example.com");
    }, 30_000);

    it("does not report a page that does not exist", async () => {
      const before = sentry.envelopes.length;
      expect((await get(port, "/fr/nulle-part-ici")).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sentry.envelopes.slice(before).filter((e) => e.body.includes('"type":"event"'))).toEqual([]);
    }, 30_000);

    it("gives the browser the DSN and lets it send reports to that host only", async () => {
      const home = await get(port, "/fr");
      expect(home.status).toBe(200);
      const meta = /<html[^>]* data-sentry="([^"]+)"/.exec(home.text)?.[1];
      expect(meta).toBeDefined();
      const settings = JSON.parse(meta!.replaceAll("&quot;", '"')) as { dsn: string; environment: string };
      expect(settings).toEqual({ dsn: sentry.dsn, environment: "test-suite" });
      expect(home.headers["content-security-policy"]).toContain(`connect-src 'self' ${sentry.origin};`);
    }, 30_000);
  });
});
