/**
 * Which requests the rendered-page cache may answer, and under which key. A request is
 *  - "skip": not a page the cache keeps (files, the API, page data, routes without
 *    `handle.pageCache`, POSTs): it goes on untouched;
 *  - "bypass": a cacheable page asked by someone the shared copy is not for (an editor's session,
 *    the edit mode, an Authorization header) or with a query the cache does not know: rendered as
 *    usual and marked private;
 *  - "candidate": served from the cache under `key`, rendered from `url` on a miss.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { FILTER_KEYS } from "../../renderer/features/search/filters";
import { EDIT_MODE_COOKIE } from "../../renderer/lib/edit-mode-cookie";
import { hasCookie } from "../../schema/http-headers";
import { SESSION_COOKIE } from "../auth/cookie";

/**
 * Query keys a rendered page depends on, so part of the key: the content variant, the search
 * page's filters (its shell renders them) and the blog archive's category.
 */
export const SIGNIFICANT_QUERY_KEYS: ReadonlySet<string> = new Set([
  "variant",
  ...FILTER_KEYS,
  "reset_filters",
  "category",
]);

/**
 * Campaign and click identifiers: no page renders them (tests/page-cache-http.test.ts checks the
 * document is the same with and without), so they are left out of the key and out of the render.
 */
const TRACKING_KEYS: ReadonlySet<string> = new Set([
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "igshid",
  "li_fat_id",
  "srsltid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
]);
const isTracking = (key: string) => key.startsWith("utm_") || TRACKING_KEYS.has(key);

/** Longest significant query kept (longer ones are rendered, not cached). */
const MAX_QUERY_LENGTH = 512;

/** Cookies that mean "not the anonymous page": an editor's session, the edit mode. */
const PRIVATE_COOKIES: ReadonlySet<string> = new Set([SESSION_COOKIE.https, SESSION_COOKIE.http, EDIT_MODE_COOKIE]);

export type CacheDecision =
  | { kind: "skip" }
  | { kind: "bypass"; reason: "session" | "edit-mode" | "authorization" | "query" }
  | { kind: "candidate"; key: string; url: URL };

/** The parts of a request the decision reads (an Express request has them). */
export interface RequestFacts {
  method: string;
  /** Origin as the page's renderer sees it (`protocol://host[:port]`). */
  origin: string;
  /** Path and query as received. */
  target: string;
  cookie: string | undefined;
  authorization: string | undefined;
}

/** Whether a Cookie header names the private cookies (values are not read). */
export function hasPrivateCookie(header: string | undefined): "session" | "edit-mode" | undefined {
  const name = hasCookie(header, PRIVATE_COOKIES);
  return name === undefined ? undefined : name === EDIT_MODE_COOKIE ? "edit-mode" : "session";
}

/** Routes of the build that opt in (`handle = { pageCache: true }`), matched as React Router does. */
export function cacheableRouteMatcher(build: Pick<ServerBuild, "routes">): (pathname: string) => boolean {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const cacheable = new Set<string>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const handle = (route.module as { handle?: { pageCache?: unknown } }).handle;
    if (handle?.pageCache === true) cacheable.add(route.id);
    const object = (
      route.index
        ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive }
    ) as RouteObject;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(object);
    byParent.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = byParent.get(route.id);
      return children && !route.index ? ({ ...route, children: attach(children) } as RouteObject) : route;
    });
  const tree = attach(byParent.get(undefined) ?? []);
  // Few distinct paths are asked often: remember the answer (bounded, cleared when full).
  const known = new Map<string, boolean>();
  return (pathname) => {
    let answer = known.get(pathname);
    if (answer === undefined) {
      const leaf = matchRoutes(tree, pathname)?.at(-1);
      answer = leaf?.route.id !== undefined && cacheable.has(leaf.route.id);
      if (known.size >= 10_000) known.clear();
      known.set(pathname, answer);
    }
    return answer;
  };
}

/** Paths served as files, the API and React Router's page data never come from this cache. */
const notAPage = (pathname: string) => pathname.startsWith("/api/") || /\.[^/]+$/.test(pathname);

export function decide(request: RequestFacts, isCacheableRoute: (pathname: string) => boolean): CacheDecision {
  if (request.method !== "GET" && request.method !== "HEAD") return { kind: "skip" };
  const queryAt = request.target.indexOf("?");
  const pathname = queryAt < 0 ? request.target : request.target.slice(0, queryAt);
  if (notAPage(pathname)) return { kind: "skip" };
  let url: URL;
  try {
    url = new URL(request.target, request.origin);
  } catch {
    return { kind: "skip" };
  }
  if (!isCacheableRoute(url.pathname)) return { kind: "skip" };
  const privateCookie = hasPrivateCookie(request.cookie);
  if (privateCookie) return { kind: "bypass", reason: privateCookie };
  if (request.authorization) return { kind: "bypass", reason: "authorization" };
  let query = "";
  if (url.search) {
    const kept: [string, string][] = [];
    for (const [key, value] of url.searchParams) {
      if (SIGNIFICANT_QUERY_KEYS.has(key)) kept.push([key, value]);
      else if (!isTracking(key)) return { kind: "bypass", reason: "query" };
    }
    // One entry whatever the order of the keys (values of a repeated key keep their order).
    kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    query = new URLSearchParams(kept).toString();
    if (query.length > MAX_QUERY_LENGTH) return { kind: "bypass", reason: "query" };
    url.search = query;
  }
  return { kind: "candidate", key: `${url.origin}${url.pathname}${query ? `?${query}` : ""}`, url };
}
