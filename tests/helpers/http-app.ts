/**
 * The production server's app (server/app.ts) over the production build, in process, on a real
 * HTTP port: for tests of what a browser or an attacker sends as bytes (headers, cookies,
 * methods). Needs `npm run build` (tests skip without it: `HAS_BUILD`).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { createTestService, type TestService } from "./content-service";

const BUILD = path.resolve(import.meta.dirname, "../../build/server/index.js");
export const HAS_BUILD = fs.existsSync(BUILD);

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded according to its Content-Encoding. */
  body: string;
}

export interface HttpApp {
  ctx: TestService;
  port: number;
  request(
    target: string,
    options?: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer },
  ): Promise<HttpAnswer>;
  close(): Promise<void>;
}

/** Starts the app on a fresh embedded store; `env` adds configuration (e.g. PAGE_CACHE_MB). */
export async function startHttpApp(env: Record<string, string> = {}): Promise<HttpApp> {
  const build = (await import(BUILD)) as ServerBuild;
  const ctx = await createTestService({ NODE_ENV: "production", ...env });
  const created = await createApp({ config: ctx.config, build: async () => build, content: ctx.service });
  const server = http.createServer(created.handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ctx,
    port,
    request(target, { method = "GET", headers = {}, body } = {}) {
      return new Promise((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            const decoded =
              raw.byteLength === 0
                ? raw
                : encoding === "gzip"
                  ? zlib.gunzipSync(raw)
                  : encoding === "br"
                    ? zlib.brotliDecompressSync(raw)
                    : raw;
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: decoded.toString() });
          });
          response.on("error", reject);
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await ctx.cleanup();
    },
  };
}
