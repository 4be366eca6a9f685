/**
 * Request bodies are held to their route's limit over real HTTP (issue 27): a body declaring a
 * length over it is refused before it is read, a chunked one of hundreds of megabytes at the
 * first byte past it, both with 413, and the server reads less than the limit plus 1 MB of it
 * (what the socket read, headers included). Every route that reads a body is covered: the
 * content service's JSON and form routes and the no-JS sign-in form's action. A body nobody
 * reads (a 404) is dropped the same way. Bodies within the limits still work.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, PAGE_BODY_LIMIT } from "../server/app";
import { DEFAULT_BODY_LIMIT } from "../server/body";
import { jsonProblem } from "../server/content/http";
import { MAX_CONTACT_BYTES } from "../server/content/routes/contact";
import { BROKER, createTestService, fixtureEditor, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");
const NO_PAGES = { entry: { module: {} }, routes: {}, assets: { routes: {} } } as unknown as ServerBuild;
const MB = 1024 * 1024;
/** What each oversized body sends at most (it should never get far). */
const HUGE = 400 * MB;

interface Sent {
  status: number;
  /** Bytes of body the client managed to hand to its socket before the answer (or the close). */
  written: number;
  /** Bytes the server's socket read, headers included. */
  serverRead: number;
}

describe("request bodies over HTTP", () => {
  let ctx: TestService;
  let server: http.Server;
  let port = 0;
  let cookie = "";
  let hasPages = false;
  /** The server side of each connection, by the client's local port. */
  const sockets = new Map<number, Socket>();

  beforeAll(async () => {
    ctx = await createTestService({ PAGE_CACHE_MB: "0" });
    hasPages = fs.existsSync(BUILD);
    const build = hasPages ? ((await import(BUILD)) as ServerBuild) : NO_PAGES;
    const { handler } = await createApp({ config: ctx.config, build: async () => build, content: ctx.service });
    server = http.createServer(handler);
    server.on("connection", (socket) => sockets.set(socket.remotePort ?? 0, socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    const { email, password } = fixtureEditor("admin");
    const signIn = await ctx.service.handle(
      new Request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost" },
        body: JSON.stringify({ email, password }),
      }),
    );
    cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.cleanup();
  });

  /**
   * Sends `total` bytes of body in 1 MB chunks (chunked, or with a Content-Length when
   * `declare`), as fast as the server takes them, until it answers or the connection closes.
   */
  function send(
    method: string,
    target: string,
    headers: Record<string, string>,
    total: number,
    declare = false,
  ): Promise<Sent> {
    return new Promise((resolve, reject) => {
      let written = 0;
      let status = 0;
      let localPort = 0;
      let settled = false;
      const chunk = Buffer.alloc(MB, "a");
      const done = () => {
        if (settled) return;
        settled = true;
        // The server's socket closes a moment after the client's: read its count once it has.
        setTimeout(() => resolve({ status, written, serverRead: sockets.get(localPort)?.bytesRead ?? -1 }), 50);
      };
      const request = http.request({
        host: "127.0.0.1",
        port,
        path: target,
        method,
        // A connection of its own: its socket's count is this request's alone.
        agent: false,
        headers: { ...headers, ...(declare ? { "content-length": String(total) } : {}) },
      });
      request.on("socket", (socket) => socket.on("connect", () => (localPort = socket.localPort ?? 0)));
      request.on("response", (response) => {
        status = response.statusCode ?? 0;
        response.resume();
        response.on("end", () => {
          request.destroy();
          done();
        });
      });
      request.on("error", () => done());
      request.on("close", () => done());
      const pump = () => {
        while (!settled && status === 0 && written < total) {
          const part = Math.min(MB, total - written);
          written += part;
          if (!request.write(part === MB ? chunk : chunk.subarray(0, part))) return void request.once("drain", pump);
        }
        if (!settled && status === 0 && written >= total) request.end();
      };
      request.on("socket", () => setImmediate(pump));
      setTimeout(
        () => reject(new Error(`${method} ${target}: no answer after 60 s (${written} bytes written)`)),
        60_000,
      );
    });
  }

  const cases = () => {
    // The server's own origin: a write carried by a cookie must come from it.
    const origin = `http://127.0.0.1:${port}`;
    const json = { "content-type": "application/json", origin };
    const form = { "content-type": "application/x-www-form-urlencoded", origin };
    return [
      {
        name: "the API sign-in",
        method: "POST",
        target: "/api/auth/sign-in",
        headers: json,
        limit: DEFAULT_BODY_LIMIT,
      },
      {
        name: "a page request",
        method: "POST",
        target: `/api/swc/${BROKER.microsite_id}/page/${BROKER.site_id}`,
        headers: { ...json, "x-site-key": BROKER.site_key },
        limit: DEFAULT_BODY_LIMIT,
      },
      {
        name: "the contact form",
        method: "POST",
        target: `/api/swc/${BROKER.microsite_id}/contact`,
        headers: { ...form, "x-site-key": BROKER.site_key },
        limit: MAX_CONTACT_BYTES,
      },
      {
        name: "a page saved by an editor",
        method: "PUT",
        target: `/api/pages/${BROKER.site_id}/about`,
        headers: { ...json, cookie },
        limit: 8_000_000,
      },
      {
        name: "the no-JS sign-in form (en)",
        method: "POST",
        target: "/en/qa/sign-in",
        headers: form,
        limit: PAGE_BODY_LIMIT,
      },
      {
        name: "the no-JS sign-in form (fr)",
        method: "POST",
        target: "/fr/qa/connexion?next=/fr/qa/sections",
        headers: form,
        limit: PAGE_BODY_LIMIT,
      },
    ];
  };

  it("refuses a chunked body of hundreds of MB with 413, having read less than its limit + 1 MB", async () => {
    const rssBefore = process.memoryUsage().rss;
    for (const c of cases()) {
      // Without a production build the page routes answer 404 without reading: the body is dropped past the limit.
      const page = !c.target.startsWith("/api/");
      const sent = await send(c.method, c.target, c.headers, HUGE);
      expect.soft(sent.status, c.name).toBe(page && !hasPages ? 404 : 413);
      expect.soft(sent.serverRead, c.name).toBeGreaterThan(0);
      expect.soft(sent.serverRead, c.name).toBeLessThan(c.limit + MB);
    }
    // Not the test's point (the bytes are), but the figure the issue measured: it grew by about 1 GB.
    console.log(`RSS after six 400 MB bodies: +${Math.round((process.memoryUsage().rss - rssBefore) / MB)} MB`);
  }, 120_000);

  it("refuses a declared Content-Length over the limit before reading any of the body", async () => {
    for (const c of cases()) {
      const sent = await send(c.method, c.target, c.headers, HUGE, true);
      expect.soft(sent.status, c.name).toBe(413);
      // What the HTTP parser took off the socket before the answer (never the limit itself: 8 MB for a page).
      expect.soft(sent.serverRead, c.name).toBeLessThan(MB);
    }
  }, 60_000);

  it("drops a body nobody reads once it passes the limit (an unknown API path)", async () => {
    const sent = await send("POST", "/api/no-such-call", { "content-type": "application/json" }, HUGE);
    expect(sent.status).toBe(404);
    expect(sent.serverRead).toBeLessThan(DEFAULT_BODY_LIMIT + MB);
  }, 60_000);

  it("still reads bodies within the limit", async () => {
    const { email } = fixtureEditor("admin");
    const json = { "content-type": "application/json", origin: `http://127.0.0.1:${port}` };
    const answer = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: "not the password" }),
    });
    expect(answer.status).toBe(401);
    // Just under the limit, chunked: read whole, then refused for what it says (400), not its size.
    const padded = JSON.stringify({ email, password: "x", padding: "p".repeat(DEFAULT_BODY_LIMIT - 2000) });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(padded));
        controller.close();
      },
    });
    const chunked = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
      method: "POST",
      headers: json,
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for streamed bodies.
      duplex: "half",
    });
    expect(chunked.status).toBe(401);
  });
});

describe("JSON bodies before parsing", () => {
  it("finds nesting past the limit and NUL characters in strings, and nothing else", () => {
    expect(jsonProblem(`${"[".repeat(65)}${"]".repeat(65)}`)).toBe("too-deep");
    expect(jsonProblem(`${"[".repeat(64)}${"]".repeat(64)}`)).toBeUndefined();
    expect(jsonProblem('{"a":"\\u0000"}')).toBe("nul");
    expect(jsonProblem('{"a\\u0000":1}')).toBe("nul");
    // Brackets and escapes inside strings are text: an escaped backslash then "u0000" is no NUL.
    expect(jsonProblem(JSON.stringify({ a: "[[[[".repeat(100), b: "\\u0000", c: '"{' }))).toBeUndefined();
    expect(jsonProblem(JSON.stringify({ a: "é\u0001" }))).toBeUndefined();
  });
});
