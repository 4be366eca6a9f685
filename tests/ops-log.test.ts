/**
 * Structured logs: the line formats, the request-id rule (a proxy's id kept only when the proxy
 * is trusted and the id is safe), paths logged without query values, and, in process over
 * HTTP, one line per request with its id sent back as X-Request-Id (and none per probe).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../server/app";
import { loadConfig } from "../server/config";
import { createLogger, defaultLogFormat, formatLine, type LogLevel, requestScope } from "../server/ops/log";
import { loggablePath, requestIdOf } from "../server/ops/request-log";
import { createTestService, type TestService } from "./helpers/content-service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIME = "2026-11-24T15:00:00.000Z";

describe("log lines", () => {
  it("json: one parseable object per line, errors as name, message and stack", () => {
    const error = new Error("boom\nsecond line");
    const line = formatLine("json", { time: TIME, level: "error", msg: "[content] unhandled error", error });
    expect(line).not.toContain("\n");
    const parsed = JSON.parse(line);
    expect(parsed).toMatchObject({ time: TIME, level: "error", msg: "[content] unhandled error" });
    expect(parsed.error.message).toBe("boom\nsecond line");
    expect(parsed.error.stack).toContain("ops-log.test.ts");
  });

  it("text: time, level, message, then key=value (quoted when needed) and the stack below", () => {
    const line = formatLine("text", {
      time: TIME,
      level: "info",
      msg: "request",
      method: "GET",
      path: "/fr/a propos",
      status: 200,
      skipped: undefined,
    });
    expect(line).toBe(`${TIME} INFO  request method=GET path="/fr/a propos" status=200`);
    const withError = formatLine("text", { time: TIME, level: "warn", msg: "x", error: new Error("down") });
    expect(withError.split("\n")[0]).toBe(`${TIME} WARN  x error="down"`);
    expect(withError.split("\n").length).toBeGreaterThan(1);
  });

  it("carries the request id of the request being handled, and the base fields", () => {
    const lines: [string, LogLevel][] = [];
    const logger = createLogger({
      format: "json",
      base: { worker: 2 },
      now: () => new Date(TIME),
      write: (line, level) => lines.push([line, level]),
    });
    requestScope.run({ requestId: "abc-123" }, () => logger.warn("inside"));
    logger.info("outside");
    expect(JSON.parse(lines[0]![0])).toEqual({
      time: TIME,
      level: "warn",
      msg: "inside",
      worker: 2,
      request_id: "abc-123",
    });
    expect(lines[0]![1]).toBe("warn");
    expect(JSON.parse(lines[1]![0])).toEqual({ time: TIME, level: "info", msg: "outside", worker: 2 });
  });

  it("defaults to json in production and text otherwise; LOG_FORMAT is checked", () => {
    expect(defaultLogFormat("production")).toBe("json");
    expect(defaultLogFormat("development")).toBe("text");
    expect(defaultLogFormat("test")).toBe("text");
    expect(loadConfig({ LOG_FORMAT: "text" }).LOG_FORMAT).toBe("text");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });
});

describe("request ids", () => {
  it("keeps a trusted proxy's safe id", () => {
    expect(requestIdOf("3f2a9c1e-7b7d-4c55-9e11-0a1b2c3d4e5f", true)).toBe("3f2a9c1e-7b7d-4c55-9e11-0a1b2c3d4e5f");
    expect(requestIdOf("Root=1-67891233-abcdef012345678912345678", true)).toMatch(UUID);
    expect(requestIdOf("01HZY3K6Q9F4TQ2W8M7N5V0B1C", true)).toBe("01HZY3K6Q9F4TQ2W8M7N5V0B1C");
    expect(requestIdOf(["trace:42", "other"], true)).toBe("trace:42");
  });

  it("makes a new one when the peer is not a trusted proxy, or the id is unsafe", () => {
    expect(requestIdOf("3f2a9c1e", false)).toMatch(UUID);
    expect(requestIdOf(undefined, true)).toMatch(UUID);
    for (const unsafe of ["", "a b", "x\nlevel=error", "jane@example.com", "-starts-with-dash", "x".repeat(129)]) {
      expect(requestIdOf(unsafe, true)).toMatch(UUID);
    }
    expect(requestIdOf(undefined, false)).not.toBe(requestIdOf(undefined, false));
  });

  it("logs paths without query values", () => {
    expect(loggablePath("/fr/contact?email=jane%40example.com&name=Jane&name=J")).toBe("/fr/contact?email&name");
    expect(loggablePath("/en/search")).toBe("/en/search");
    expect(loggablePath("/en/search?")).toBe("/en/search");
    expect(loggablePath(undefined)).toBe("/");
  });
});

const NO_PAGES = { entry: { module: {} }, routes: {}, assets: { routes: {} } } as unknown as ServerBuild;

function get(port: number, target: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each([
  { trustProxy: "", keepsProxyId: false, clientIp: false },
  { trustProxy: "loopback", keepsProxyId: true, clientIp: false },
  { trustProxy: "loopback", keepsProxyId: true, clientIp: true },
])(
  "access log over HTTP (TRUST_PROXY=$trustProxy, LOG_CLIENT_IP=$clientIp)",
  ({ trustProxy, keepsProxyId, clientIp }) => {
    let ctx: TestService;
    let server: http.Server;
    let port: number;
    const lines: string[] = [];

    beforeAll(async () => {
      ctx = await createTestService({
        PAGE_CACHE_MB: "0",
        TRUST_PROXY: trustProxy,
        LOG_CLIENT_IP: clientIp ? "true" : "false",
      });
      const logger = createLogger({ format: "json", write: (line) => lines.push(line) });
      const { handler } = await createApp({
        config: ctx.config,
        build: async () => NO_PAGES,
        content: ctx.service,
        log: logger,
      });
      server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await ctx?.cleanup();
    });

    it("answers with a request id and writes one line for it, without personal data", async () => {
      lines.length = 0;
      const answer = await get(port, "/api/auth/session?email=jane%40example.com", {
        "x-request-id": "proxy-id-0001",
        "x-forwarded-for": "203.0.113.9",
      });
      const id = answer.headers["x-request-id"];
      if (keepsProxyId) expect(id).toBe("proxy-id-0001");
      else expect(id).toMatch(UUID);
      // The line is written on the response's finish, which may follow the client's end by a tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({
        level: "info",
        msg: "request",
        request_id: id,
        method: "GET",
        path: "/api/auth/session?email",
        status: answer.status,
        bytes: Buffer.byteLength(answer.text),
      });
      expect(typeof line.duration_ms).toBe("number");
      expect(Date.parse(line.time)).not.toBeNaN();
      expect(lines[0]).not.toMatch(/jane|example\.com/);
      if (clientIp) {
        // Opted in: the client's address as TRUST_PROXY reads it (the trusted proxy's X-Forwarded-For).
        expect(line.ip).toBe("203.0.113.9");
      } else {
        expect(line).not.toHaveProperty("ip");
        expect(lines[0]).not.toMatch(/203\.0\.113\.9|127\.0\.0\.1/);
      }
    });

    it("writes no line for the health probes", async () => {
      lines.length = 0;
      expect((await get(port, "/healthz")).status).toBe(200);
      expect((await get(port, "/readyz")).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines).toEqual([]);
    });
  },
);
