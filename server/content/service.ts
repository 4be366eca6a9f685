/**
 * The embedded content service: every call of spec site.md §7 as a Fetch API
 * handler. The HTTP server mounts it under /api; server rendering calls
 * `handle` in process, without a socket.
 *
 * Clients (site.md §7):
 *  - protected core client   /api/swc/{microsite_id}/…  (x-site-key header must match the site)
 *  - unprotected core client /api/swc/…
 *  - content client          /api/…                      (an editor's session cookie or API token, or
 *                                                          x-site-key with x-site-id for public reads)
 *
 * A route says who may call it (`access`): anyone (sign-in), the site key or an editor
 * ("site", the default), an editor or an admin. Editors are people with accounts
 * (server/auth/): a session cookie from the studio, or an API token for tools, whose scopes
 * (read, write) bound what it may do. Every write carried by a cookie must come from the
 * site's own origin.
 */

import { assetBasesOf, movesAssets, withAssetUrls } from "../../schema/assets";
import { isLocale, type Locale } from "../../schema/common";
import { hasSessionCookie } from "../auth/cookie";
import { allowedOriginsOf, checkOrigin, UNSAFE_METHODS } from "../auth/origin";
import { type AuthService, type Principal, sudoUntil } from "../auth/service";
import { BodyTooLarge, DEFAULT_BODY_LIMIT } from "../body";
import type { Config } from "../config";
import { reportServerError } from "../ops/error-reporting";
import { log } from "../ops/log";
import { isStoreFull, isStoreUnavailable } from "./db/errors";
import type { FormServices } from "./form-services";
import { errorResponse, HttpError, json, reauthRequired, safeEqual } from "./http";
import type { Storage } from "./storage";
import type { SiteRecord } from "./stores/content";

export type ClientKind = "protected" | "unprotected" | "content";

/** When the store has no space left: a visitor's "try again in a minute" (issue 27). */
export const STORE_FULL_RETRY_AFTER_S = 60;

export interface RouteContext {
  request: Request;
  url: URL;
  /** Path after the client base, e.g. `/page/demo-broker`. */
  path: string;
  params: Record<string, string>;
  /** The most bytes of body this route reads (its `maxBody`): what `readJson` and `readForm` hold it to. */
  maxBody: number;
  client: ClientKind;
  /** The site the protected or content client authenticated as. */
  site?: SiteRecord;
  locale: Locale;
  /** Every store of the service's database: `storage.content` (sites, pages…), `storage.listings`… */
  storage: Storage;
  /** The captcha verifier, the contact rate limiter and lead delivery. */
  forms: FormServices;
  config: Config;
  auth: AuthService;
  /** Who makes the request (session or API token), resolved on first call; null when nobody signed in. */
  principal(): Promise<Principal | null>;
  /** Records an audit entry for this request (who, when, from where); see AuthService.audit. */
  audit(entry: AuditInput): Promise<void>;
  /** Tells listeners (the CDN purge hook) what a write changed, once it is committed. */
  changed: (change: ContentChange) => void;
}

/** What a content write changed: a whole site, or one page of it. */
export interface ContentChange {
  siteId: string;
  pageId?: string;
}

export type AuditInput = Parameters<AuthService["audit"]>[2];

/**
 * Who may call a route:
 * - "public": anyone (sign-in, first-run setup); writes still need the site's own origin;
 * - "site": the site key (x-site-id + x-site-key), or any editor (the default);
 * - "editor": a signed-in editor or admin, or an API token of one;
 * - "admin": an admin (session or token).
 */
export type RouteAccess = "public" | "site" | "editor" | "admin";

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path pattern with `:name` segments, e.g. `/property/:uls/tooltip`. */
  pattern: string;
  clients: readonly ClientKind[];
  /** Content client only; "site" when unset. */
  access?: RouteAccess;
  /** The API token scope the call needs: "read" for GET unless set, "write" otherwise. */
  scope?: "read" | "write";
  /** Only a session may call it (account management): an API token is refused. */
  sessionOnly?: boolean;
  /**
   * A sensitive action (accounts, roles, API tokens, passkeys, site-wide settings): the session's
   * editor must have proved who they are within SUDO_MS, else 403 `reauth_required` (sudo mode).
   */
  sudo?: boolean;
  /**
   * The most bytes of body it reads; DEFAULT_BODY_LIMIT (64 KB) when unset. The HTTP layer
   * refuses a longer body with 413 before the route runs or as it streams (server/body.ts).
   */
  maxBody?: number;
  handler: (ctx: RouteContext) => Response | Promise<Response>;
}

export interface ContentService {
  handle(request: Request): Promise<Response>;
  routes: readonly Route[];
  /** The database behind it; closing it is the owner's job (server shutdown, test cleanup). */
  storage: Storage;
  forms: FormServices;
  /** Editor accounts, sessions, tokens and the audit trail. */
  auth: AuthService;
  /** When a write last failed for lack of space (ms since the epoch), if it has: readiness reads it. */
  lastFullAt(): number | undefined;
  /** The body limit of the route a request would reach (DEFAULT_BODY_LIMIT when none would): for the HTTP layer. */
  bodyLimit(method: string, pathname: string): number;
  /** Calls `listener` after each content write made through this service; returns the unsubscribe. */
  onChange(listener: (change: ContentChange) => void): () => void;
  /** Tells the listeners of a content write made outside a request (a scheduled publish). */
  notifyChange(change: ContentChange): void;
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

/**
 * Decodes a path parameter; a malformed percent-encoding (`%ZZ`) is the client's mistake, not
 * ours, and so is a NUL character, which no id holds and PostgreSQL's text cannot store.
 */
function decodeParam(value: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    throw new HttpError(400, "Malformed percent-encoding in the path");
  }
  if (decoded.includes("\u0000")) throw new HttpError(400, "The path may not hold a NUL character");
  return decoded;
}

/** Refuses a query holding a NUL character in a name or a value (no parameter takes one; PostgreSQL cannot store it). */
function checkQuery(url: URL): void {
  if (!url.search.includes("%00") && !url.search.includes("\u0000")) return;
  for (const [key, value] of url.searchParams) {
    if (key.includes("\u0000") || value.includes("\u0000"))
      throw new HttpError(400, "The query may not hold a NUL character", { [key.replaceAll("\u0000", "")]: "format" });
  }
}

/**
 * Answers whose photos the browser loads as they are (search results, listings, blog cards):
 * their asset URLs point where CONTENT_ASSET_BASE says. Page answers are left as stored (the
 * studio edits and saves them; the site resolves them while it renders).
 */
const VISITOR_ASSETS = /^\/(?:properties|property\/|articles)/;

async function withAssetBase(answer: Response, bases: ReturnType<typeof assetBasesOf>): Promise<Response> {
  if (!movesAssets(bases) || !answer.ok || !answer.headers.get("content-type")?.includes("application/json")) {
    return answer;
  }
  const headers = new Headers(answer.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(withAssetUrls(await answer.json(), bases)), { status: answer.status, headers });
}

export function createContentService(options: {
  storage: Storage;
  forms: FormServices;
  config: Config;
  routes: readonly Route[];
  auth: AuthService;
}): ContentService {
  const { storage, forms, config, auth } = options;
  const content = storage.content;
  const bases = assetBasesOf(config);
  const compiled = options.routes.map((route) => ({ route, regex: compile(route.pattern) }));
  const listeners = new Set<(change: ContentChange) => void>();
  let fullAt: number | undefined;
  /** A write refused for lack of space: nothing was stored, so the client is told to try again, not that we failed. */
  const storeFull = (error: unknown) => {
    fullAt = Date.now();
    log.error("[content] store full: the write was refused, nothing stored", { reason: (error as Error).message });
    return json(
      {
        status: "error",
        message: "Not saved: the server has no space left to store it. Nothing was kept; please try again in a minute.",
      },
      503,
      { "retry-after": String(STORE_FULL_RETRY_AFTER_S) },
    );
  };
  const changed = (change: ContentChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error("[content] change listener failed", { error });
      }
    }
  };

  async function handle(request: Request): Promise<Response> {
    try {
      return await dispatch(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, error.errors);
      if (error instanceof BodyTooLarge) return errorResponse(413, "Payload too large");
      if (isStoreFull(error)) return storeFull(error);
      // Route errors are answered in dispatch; this is the store failing before a route ran.
      if (isStoreUnavailable(error)) {
        log.error("[content] store unavailable", { reason: (error as Error).message });
        return json({ status: "error", message: "Service unavailable" }, 503, { "retry-after": "5" });
      }
      log.error("[content] unhandled error", { error });
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
        ? await content.findSiteByMicrosite(micrositeMatch.groups.microsite)
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
      // Content client: the site key of a site named by x-site-id (public reads), or an editor
      // (session cookie or API token: resolved when a route needs it).
      const siteKey = request.headers.get("x-site-key");
      const siteId = request.headers.get("x-site-id");
      const bySiteKey = siteId && siteKey ? await content.getSite(siteId) : undefined;
      if (bySiteKey && safeEqual(siteKey, bySiteKey.site_key)) site = bySiteKey;
      else if (siteKey) return errorResponse(401, "Missing or invalid site key");
    }

    checkQuery(url);
    const language = request.headers.get("content-language");
    const locale: Locale = isLocale(language) ? language : "fr";
    const principal = () => auth.principal(request);

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
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeParam(v)]));
      // A request that names its site by a site key is confined to that site, whatever else it
      // carries (an editor's session or token): one place, so no route can forget it.
      if (site && params.site_id !== undefined && params.site_id !== site.site_id)
        return errorResponse(403, "Site key does not match this site");
      const refused = await authorise(request, url, route, client, site !== undefined, principal);
      if (refused) return refused;
      try {
        const answer = await route.handler({
          request,
          url,
          path: rest,
          params,
          maxBody: route.maxBody ?? DEFAULT_BODY_LIMIT,
          client,
          site,
          locale,
          storage,
          forms,
          config,
          auth,
          principal,
          audit: async (entry) => auth.audit(request, await principal(), entry),
          changed,
        });
        return request.method === "GET" && VISITOR_ASSETS.test(rest) ? await withAssetBase(answer, bases) : answer;
      } catch (error) {
        if (error instanceof HttpError) return errorResponse(error.status, error.message, error.errors);
        if (error instanceof BodyTooLarge) return errorResponse(413, "Payload too large");
        if (isStoreFull(error)) return storeFull(error);
        if (isStoreUnavailable(error)) throw error;
        log.error("[content] unhandled error", { error });
        reportServerError(error, request);
        return errorResponse(500, "Internal error");
      }
    }
    return methodMismatch ? errorResponse(405, "Method not allowed") : errorResponse(404, "Not found");
  }

  /** The answer refusing the request, or undefined when the route may run. */
  async function authorise(
    request: Request,
    url: URL,
    route: Route,
    client: ClientKind,
    siteKeyValid: boolean,
    principal: () => Promise<Principal | null>,
  ): Promise<Response | undefined> {
    const cookie = hasSessionCookie(request.headers.get("cookie"));
    if (UNSAFE_METHODS.has(request.method) && (client === "content" || cookie)) {
      const check = checkOrigin(request.headers, allowedOriginsOf(url, config.PUBLIC_ORIGIN), {
        cookieAuthenticated: cookie,
      });
      if (!check.ok) return errorResponse(403, `Refused: ${check.reason} request`);
    }
    if (client !== "content") return undefined;
    const access = route.access ?? "site";
    if (access === "public") return undefined;
    if (access === "site" && siteKeyValid) return undefined;
    const who = await principal();
    if (!who) return errorResponse(401, "Sign in to the studio, or send an API token");
    if (route.sessionOnly && who.via !== "session") return errorResponse(403, "This call needs a signed-in session");
    const scope = route.scope ?? (request.method === "GET" ? "read" : "write");
    if (!who.scopes.includes(scope)) return errorResponse(403, `This token lacks the ${scope} scope`);
    if (access === "admin" && who.editor.role !== "admin") return errorResponse(403, "Only an admin may do this");
    if (route.sudo && sudoUntil(who) <= auth.now()) return reauthRequired();
    return undefined;
  }

  function bodyLimit(method: string, pathname: string): number {
    if (!pathname.startsWith("/api/")) return DEFAULT_BODY_LIMIT;
    const rest = pathname.slice(4);
    // The protected client's microsite id is not looked up here: its route is the path after it.
    const swc = /^\/swc(?<after>\/.*)?$/.exec(rest);
    const candidates = swc
      ? [swc.groups?.after ?? "/", (swc.groups?.after ?? "/").replace(/^\/[\w-]+(?=\/)/, "")]
      : [rest];
    for (const candidate of candidates) {
      for (const { route, regex } of compiled) {
        if (route.method === method && regex.test(candidate)) return route.maxBody ?? DEFAULT_BODY_LIMIT;
      }
    }
    return DEFAULT_BODY_LIMIT;
  }

  return {
    handle,
    lastFullAt: () => fullAt,
    bodyLimit,
    routes: options.routes,
    storage,
    forms,
    auth,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notifyChange: changed,
  };
}

export { json };
