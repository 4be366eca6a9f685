/**
 * The embedded content service: every call of spec site.md §7 as a Fetch API
 * handler. The HTTP server mounts it under /api; server rendering calls
 * `handle` in process, without a socket.
 *
 * Clients (site.md §7):
 *  - protected core client   /api/swc/{microsite_id}/…  (x-site-key header must match the site)
 *  - unprotected core client /api/swc/…
 *  - content client          /api/…                      (x-api-key, or x-site-key with x-site-id)
 */
import { isLocale, type Locale } from "../../schema/common";
import type { Config } from "../config";
import { isStoreUnavailable } from "./db/errors";
import { errorResponse, HttpError, json, safeEqual } from "./http";
import type { ContentRepository, SiteRecord } from "./repository";
import type { Storage } from "./storage";
import type { ContentStores } from "./stores/index";

export type ClientKind = "protected" | "unprotected" | "content";

export interface RouteContext {
  request: Request;
  url: URL;
  /** Path after the client base, e.g. `/page/demo-broker`. */
  path: string;
  params: Record<string, string>;
  client: ClientKind;
  /** The site the protected or content client authenticated as. */
  site?: SiteRecord;
  locale: Locale;
  repo: ContentRepository;
  /** Listings, articles, submissions and the helpers built on them. */
  stores: ContentStores;
  config: Config;
  /** True when the request carries the editor key (studio writes). */
  editor: boolean;
  /** Tells listeners (the CDN purge hook) what a write changed, once it is committed. */
  changed: (change: ContentChange) => void;
}

/** What a content write changed: a whole site, or one page of it. */
export interface ContentChange {
  siteId: string;
  pageId?: string;
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path pattern with `:name` segments, e.g. `/property/:uls/tooltip`. */
  pattern: string;
  clients: readonly ClientKind[];
  handler: (ctx: RouteContext) => Response | Promise<Response>;
}

export interface ContentService {
  handle(request: Request): Promise<Response>;
  routes: readonly Route[];
  repo: ContentRepository;
  stores: ContentStores;
  /** The database behind it; closing it is the owner's job (server shutdown, test cleanup). */
  storage: Storage;
  /** Calls `listener` after each content write made through this service; returns the unsubscribe. */
  onChange(listener: (change: ContentChange) => void): () => void;
}

function compile(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) =>
      segment.startsWith(":") ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}/?$`);
}

export function createContentService(options: {
  storage: Storage;
  stores: ContentStores;
  config: Config;
  routes: readonly Route[];
}): ContentService {
  const { storage, stores, config } = options;
  const repo = storage.content;
  const compiled = options.routes.map((route) => ({ route, regex: compile(route.pattern) }));
  const listeners = new Set<(change: ContentChange) => void>();
  const changed = (change: ContentChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        console.error("[content] change listener failed", error);
      }
    }
  };

  async function handle(request: Request): Promise<Response> {
    try {
      return await dispatch(request);
    } catch (error) {
      // Route errors are answered in dispatch; this is the store failing before a route ran.
      if (isStoreUnavailable(error)) {
        console.error(`[content] store unavailable: ${(error as Error).message}`);
        return json({ status: "error", message: "Service unavailable" }, 503, { "retry-after": "5" });
      }
      console.error("[content] unhandled error", error);
      return errorResponse(500, "Internal error");
    }
  }

  async function dispatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/api/")) return errorResponse(404, "Not found");
    let rest = url.pathname.slice(4);
    let client: ClientKind = "content";
    let site: SiteRecord | undefined;

    const swc = /^\/swc(?:\/(?<rest>.*))?$/.exec(rest);
    if (swc) {
      const after = `/${swc.groups?.rest ?? ""}`;
      const micrositeMatch = /^\/(?<microsite>[\w-]+)(?<tail>\/.*)$/.exec(after);
      const candidate = micrositeMatch?.groups?.microsite
        ? await repo.findSiteByMicrosite(micrositeMatch.groups.microsite)
        : undefined;
      if (candidate && micrositeMatch?.groups?.tail) {
        if (!safeEqual(request.headers.get("x-site-key"), candidate.site_key)) {
          return errorResponse(401, "Missing or invalid site key");
        }
        client = "protected";
        site = candidate;
        rest = micrositeMatch.groups.tail;
      } else {
        client = "unprotected";
        rest = after;
      }
    } else {
      // Content client: an API key for tools, or the site key of a site named by x-site-id.
      const apiKey = request.headers.get("x-api-key");
      const siteKey = request.headers.get("x-site-key");
      const siteId = request.headers.get("x-site-id");
      const bySiteKey = siteId ? await repo.getSite(siteId) : undefined;
      const authorised =
        (config.CONTENT_API_KEY !== undefined && safeEqual(apiKey, config.CONTENT_API_KEY)) ||
        (bySiteKey !== undefined && safeEqual(siteKey, bySiteKey.site_key));
      if (!authorised) return errorResponse(401, "Missing or invalid API key");
      site = bySiteKey;
    }

    const language = request.headers.get("content-language");
    const locale: Locale = isLocale(language) ? language : "fr";
    const editor = config.EDITOR_KEY !== undefined && safeEqual(request.headers.get("x-editor-key"), config.EDITOR_KEY);

    let methodMismatch = false;
    for (const { route, regex } of compiled) {
      const match = regex.exec(rest);
      if (!match) continue;
      if (route.method !== request.method) {
        methodMismatch = true;
        continue;
      }
      if (!route.clients.includes(client))
        return errorResponse(403, `This call is not available to the ${client} client`);
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      try {
        return await route.handler({
          request,
          url,
          path: rest,
          params,
          client,
          site,
          locale,
          repo,
          stores,
          config,
          editor,
          changed,
        });
      } catch (error) {
        if (error instanceof HttpError) return errorResponse(error.status, error.message, error.errors);
        if (isStoreUnavailable(error)) throw error;
        console.error("[content] unhandled error", error);
        return errorResponse(500, "Internal error");
      }
    }
    return methodMismatch ? errorResponse(405, "Method not allowed") : errorResponse(404, "Not found");
  }

  return {
    handle,
    routes: options.routes,
    repo,
    stores,
    storage,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export { json };
