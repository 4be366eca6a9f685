/**
 * The one production process: the content service under /api, the built site's
 * static files, and server rendering that calls the content service in process.
 */

import type http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { z } from "zod";
import { PAGE_BROTLI_QUALITY, PAGE_GZIP_LEVEL } from "../renderer/lib/compress.server";
import { createContentClient } from "../renderer/lib/content-client";
import type { AppServices, PageCacheFacts } from "../renderer/lib/context";
import { createViewModules, errorReportingScript } from "../renderer/lib/view-modules.server";
import { assetBasesOf } from "../schema/assets";
import { hasSessionCookie } from "./auth/cookie";
import { guardBody, hasBody, JSON_REFUSAL, TEXT_REFUSAL } from "./body";
import { clientAddress, compileTrust, type TrustFunction } from "./client-address";
import type { Config } from "./config";
import { createEmbeddedContentService } from "./content/index";
import { createResourceFiles } from "./content/resources";
import type { ContentService } from "./content/service";
import { startErrorReporting } from "./ops/error-reporting";
import { createHealthHandler } from "./ops/health";
import { type Logger, log } from "./ops/log";
import { withRequestLog } from "./ops/request-log";
import { createPageCache, type PageCache } from "./page-cache/index";
import { createPurgeHook } from "./page-cache/purge";
import { createPageHandler } from "./page-handler";

/** Paths that may name a file: an extension, other than that of React Router's page data. */
const mayBeFile = (requestPath: string) => /\.[^/]+$/.test(requestPath) && !requestPath.endsWith(".data");

/** Features the site never uses, refused for every page and frame; passkeys stay with the site itself. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), publickey-credentials-get=(self), publickey-credentials-create=(self)";

/**
 * The body a page's form action reads: the no-JS sign-in form's e-mail and password (no other
 * page route has an action; React Router answers their POSTs 405 without reading).
 */
export const PAGE_BODY_LIMIT = 16 * 1024;

/** Methods a Fetch Request cannot carry (the content service and React Router would throw on them: a 500). */
const UNSUPPORTED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Each request's body guard (server/body.ts), made by the outer handler for requests that carry a body. */
const bodyGuards = new WeakMap<http.IncomingMessage, ReturnType<typeof guardBody>>();
const bodyOf = (req: http.IncomingMessage) => bodyGuards.get(req)?.stream();

type RouterContextKey = Parameters<RouterContextProvider["set"]>[0];
type EntryWithContext = { servicesContext: RouterContextKey; pageCacheContext?: RouterContextKey };

/** Adapts an Express request to a Fetch Request for the content service (its body held to the route's limit). */
function toFetchRequest(req: express.Request, trust: TrustFunction): Request {
  const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  // The client address comes from the socket, or from X-Forwarded-For as far as TRUST_PROXY
  // trusts the proxies that wrote it; headers a visitor sends cannot spoof it.
  headers.delete("x-forwarded-for");
  headers.set("x-real-ip", clientAddress(req, trust));
  const body = req.method !== "GET" && req.method !== "HEAD" ? bodyOf(req) : undefined;
  return new Request(new URL(req.originalUrl, origin), {
    method: req.method,
    headers,
    body,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies.
    duplex: body ? "half" : undefined,
  });
}

export async function sendFetchResponse(res: express.Response, response: Response) {
  // Answered already: the body passed its limit while the route read it (a 413 went out).
  if (res.headersSent || res.writableEnded) return;
  res.status(response.status);
  response.headers.forEach((value, key) => {
    res.append(key, value);
  });
  if (!response.body) return void res.end();
  res.end(Buffer.from(await response.arrayBuffer()));
}

export interface AppOptions {
  config: Config;
  /** Dev: a function loading the build from Vite; prod: the built server module. */
  build: () => Promise<ServerBuild>;
  vite?: { middlewares: express.RequestHandler };
  content?: ContentService;
  /** Where request lines go (tests); default: the process's logger. */
  log?: Logger;
}

const hosts = new Map<string, boolean>();

/** Whether a Host header names a host (memoised: a handful of distinct headers come by). */
function validHost(host: string | undefined): boolean {
  if (host === undefined) return true; // HTTP/1.0; Node refuses HTTP/1.1 requests without one
  let valid = hosts.get(host);
  if (valid === undefined) {
    valid = URL.canParse(`http://${host}/`) && !/[\s/?#@\\]/.test(host);
    if (hosts.size >= 256) hosts.clear();
    hosts.set(host, valid);
  }
  return valid;
}

const FORWARDED_TO_SIGN_IN = [
  "cookie",
  "origin",
  "sec-fetch-site",
  "referer",
  "user-agent",
  "x-real-ip",
  "x-forwarded-proto",
  "x-forwarded-host",
];

export function createServices(config: Config, content: ContentService): AppServices {
  const fetcher = config.CONTENT_API_URL
    ? (request: Request) => {
        const target = new URL(new URL(request.url).pathname + new URL(request.url).search, config.CONTENT_API_URL);
        return fetch(new Request(target, request));
      }
    : (request: Request) => content.handle(request);
  const sessionSchema = z.object({
    editor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(["admin", "editor"]) }),
  });
  return {
    content: createContentClient(fetcher),
    // Asks the content service who the session cookie belongs to (no cookie: nobody, no call).
    editorOf: async (request) => {
      const cookie = request.headers.get("cookie");
      if (!hasSessionCookie(cookie)) return null;
      const response = await fetcher(
        new Request(new URL("/api/auth/session", request.url), {
          headers: { cookie: cookie!, accept: "application/json" },
        }),
      );
      if (!response.ok) return null;
      const parsed = sessionSchema.safeParse(await response.json().catch(() => null));
      return parsed.success ? parsed.data.editor : null;
    },
    signIn: (request, email, password) => {
      // The visitor's own headers: the service checks the origin and counts attempts per address.
      const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
      for (const name of FORWARDED_TO_SIGN_IN) {
        const value = request.headers.get(name);
        if (value) headers.set(name, value);
      }
      return fetcher(
        new Request(new URL("/api/auth/sign-in", request.url), {
          method: "POST",
          headers,
          body: JSON.stringify({ email, password }),
        }),
      );
    },
    config: {
      mapTileUrl: config.MAP_TILE_URL,
      mapTileAttribution: config.MAP_TILE_ATTRIBUTION,
      publicOrigin: config.PUBLIC_ORIGIN ?? "",
      exposeErrors: config.EXPOSE_ERRORS ?? config.NODE_ENV === "development",
      recaptchaSiteKey: config.RECAPTCHA_SITE_KEY,
      assets: assetBasesOf(config),
      embedFrameHosts: config.EMBED_FRAME_HOSTS,
      errorReporting: config.SENTRY_DSN
        ? { dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV }
        : undefined,
    },
  };
}

export async function createApp(options: AppOptions) {
  const { config } = options;
  const content = options.content ?? (await createEmbeddedContentService(config));
  const services = createServices(config, content);
  const reporter = await startErrorReporting(config);
  services.reportError = reporter.report;
  const app = express();
  app.disable("x-powered-by");

  // With Vite, the build may change between requests; a production build never does. React Router
  // derives its route tables again on every request when given a function, so it gets the build.
  const build = options.vite ? options.build : await options.build();
  const entryModule = options.vite ? undefined : ((build as ServerBuild).entry.module as unknown as EntryWithContext);
  const contextOf = (entry: EntryWithContext, facts?: PageCacheFacts) => {
    const context = new RouterContextProvider();
    context.set(entry.servicesContext as never, services as never);
    if (facts && entry.pageCacheContext) context.set(entry.pageCacheContext as never, facts as never);
    return context;
  };

  // Anonymous pages from memory (server/page-cache), ahead of Express (`handler` below): a hit
  // pays for no routing, and its answer is compressed already. Production builds only, on the
  // embedded content service (a remote one has no revision the keys could carry).
  let pageCache: PageCache | undefined;
  if (entryModule && config.PAGE_CACHE_MB > 0 && !config.CONTENT_API_URL) {
    pageCache = createPageCache({
      build: build as ServerBuild,
      mode: config.NODE_ENV === "production" ? "production" : "development",
      loadContext: (facts) => contextOf(entryModule, facts),
      revision: () => content.storage.content.revision(),
      maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
      sMaxAge: config.PAGE_CACHE_S_MAXAGE,
      staleWhileRevalidate: config.PAGE_CACHE_STALE_WHILE_REVALIDATE,
    });
  }
  if (config.PAGE_CACHE_PURGE_URL) {
    const purge = createPurgeHook({ url: config.PAGE_CACHE_PURGE_URL, token: config.PAGE_CACHE_PURGE_TOKEN });
    content.onChange((change) => void purge(change));
  }
  const trust = compileTrust(config.TRUST_PROXY);
  // req.ip and req.protocol follow the same proxies: a trusted proxy's X-Forwarded-Proto says
  // HTTPS (Secure session cookie, HSTS), its X-Forwarded-For the client's address (throttles, audit).
  app.set("trust proxy", trust);
  // Files and API answers: the default levels; page data: the fast levels of rendered pages
  // (documents come compressed from entry.server.tsx, and the middleware leaves them alone).
  const compressFiles = compression();
  const compressPages = compression({
    level: PAGE_GZIP_LEVEL,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } },
  });
  app.use((req, res, next) =>
    (mayBeFile(req.path) || req.path.startsWith("/api/") ? compressFiles : compressPages)(req, res, next),
  );

  // The content service (same contract whether called over HTTP or in process).
  app.use("/api", async (req, res) => {
    await sendFetchResponse(res, await content.handle(toFetchRequest(req, trust)));
  });

  // Files of the content host (site.md §7): with the embedded service, this server is it.
  if (!config.CONTENT_API_URL) app.use("/resources", createResourceFiles(config.dataDir));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    const clientDir = path.resolve(import.meta.dirname, "../build/client");
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // Page paths (and their data) skip the file-system lookup.
    const files = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (mayBeFile(req.path) ? files(req, res, next) : next()));
    services.viewModules = createViewModules(clientDir);
    services.errorReportingScript = errorReportingScript(clientDir);
    services.errorReportingScript = errorReportingScript(clientDir);
  }

  app.all(
    "/{*splat}",
    createPageHandler({
      build,
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: async () =>
        contextOf(entryModule ?? ((await options.build()).entry.module as unknown as EntryWithContext)),
      bodyOf,
    }),
  );
  // Errors Express itself catches (a middleware's, a failing adapter): reported, then answered
  // by Express's handler (a bare 500 page, no stack in production).
  app.use((error: unknown, req: express.Request, _res: express.Response, next: express.NextFunction) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (!(typeof status === "number" && status < 500)) {
      reporter.report(error, { method: req.method, url: req.originalUrl });
    }
    next(error);
  });
  // What the HTTP server calls: the page cache first, then the app. A Host header no URL can be
  // made of is the client's error (React Router would fail to build the request's URL: a 500).
  const cache = pageCache;
  const serve: (req: http.IncomingMessage, res: http.ServerResponse) => void = cache
    ? (req, res) => void cache.handle(req, res, () => app(req, res))
    : app;
  const health = createHealthHandler(content.storage, { lastFullAt: () => content.lastFullAt() });
  const logged = withRequestLog(
    (req, res) => {
      if (!validHost(req.headers.host)) {
        res.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
        return void res.end("Bad Request: invalid Host header");
      }
      if (UNSUPPORTED_METHODS.has(req.method ?? "")) {
        res.writeHead(405, {
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
          allow: "GET, HEAD, POST, PUT, PATCH, DELETE",
        });
        return void res.end("Method Not Allowed");
      }
      if (hasBody(req)) {
        // Each body is held to the limit of the route it goes to: the content service's table for
        // /api, the sign-in form's for pages (server/body.ts). Over it: a 413, the rest unread.
        const pathname = (req.url ?? "/").split("?")[0]!;
        const api = pathname.startsWith("/api/");
        const limit = api ? content.bodyLimit(req.method ?? "", pathname) : PAGE_BODY_LIMIT;
        const guard = guardBody(req, res, limit, api ? JSON_REFUSAL : TEXT_REFUSAL);
        if (guard.refused) return;
        bodyGuards.set(req, guard);
      }
      serve(req, res);
    },
    {
      log: options.log ?? log,
      trust,
      clientIp: config.LOG_CLIENT_IP,
      // With Vite, a page load fetches hundreds of modules: only pages and API calls get a line.
      skip: options.vite
        ? (requestPath) => requestPath.startsWith("/@") || mayBeFile(requestPath.split("?")[0]!)
        : undefined,
    },
  );
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // On every answer, the page cache's hits too (pages set their CSP in entry.server.tsx): no
    // MIME sniffing of API answers and files, no powerful features nobody uses, HSTS over HTTPS.
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (isHttps(req, trust)) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // One client address for everything below, read once as TRUST_PROXY says: the API's throttles
    // and audit, and the server-side calls of React Router's actions (the no-JS sign-in), whose
    // requests are made of these headers. A visitor's own X-Real-IP never gets through.
    req.headers["x-real-ip"] = clientAddress(req, trust) || "unknown";
    // Probes first: no page cache, no Express, no log line per probe.
    if (health(req, res)) return;
    logged(req, res);
  };
  return { app, handler, content, services, pageCache, drain: health.drain };
}

/** Whether a request came over HTTPS, as Express's `req.secure` reads it (the socket, or a trusted proxy's word). */
function isHttps(req: http.IncomingMessage, trust: TrustFunction): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trust(req.socket.remoteAddress ?? "", 0)) return false;
  const proto = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}
