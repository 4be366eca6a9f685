/**
 * Prefetch on idle (site.md §9): 2,000 ms after a page settles, the data of the other
 * pages it links to (the links on screen first, at most a handful) is fetched ahead, so
 * the next tap answers at once. Never on a 2g connection or with the data saver on: the
 * visitor pays for those bytes.
 *
 * React Router's <PrefetchPageLinks> leaves out the data of a route with a clientLoader
 * (routes/page has one), so the shell writes the prefetch link itself, with the very URL
 * the navigation will fetch (`/fr/contact.data?_routes=routes%2Fpage`), for links served
 * by the route showing the current page; the browser keeps a prefetched answer for the
 * navigation that follows.
 */
import { useContext, useEffect, useState } from "react";
import { matchRoutes, UNSAFE_DataRouterContext, useLocation, useMatches, useNavigation } from "react-router";

export const PREFETCH_IDLE_MS = 2000;
export const PREFETCH_MAX_PAGES = 6;

interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the visitor's connection rules prefetching out (data saver, or 2g and slower). */
export function prefetchAllowed(connection: ConnectionLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

/** Paths of this site's pages linked from the document, on-screen links first, the current page left out. */
export function linkedPages(doc: Document, current: string, max = PREFETCH_MAX_PAGES): string[] {
  const height = doc.defaultView?.innerHeight ?? 0;
  const seen = new Set<string>([current]);
  const onScreen: string[] = [];
  const below: string[] = [];
  for (const a of doc.querySelectorAll<HTMLAnchorElement>("a[href^='/fr'], a[href^='/en']")) {
    const href = a.getAttribute("href") ?? "";
    // Pages only: no downloads, no hash jumps on this page, not the studio.
    if (
      !/^\/(fr|en)(\/[^#?]*)?(\?[^#]*)?$/.test(href) ||
      /^\/(fr|en)\/qa(\/|$)/.test(href) ||
      a.hasAttribute("download")
    )
      continue;
    if (seen.has(href)) continue;
    seen.add(href);
    const r = a.getBoundingClientRect();
    (r.bottom > 0 && r.top < height && r.width > 0 ? onScreen : below).push(href);
  }
  return [...onScreen, ...below].slice(0, max);
}

/** The URL React Router's navigation fetches for `page` served by the route `routeId`. */
export function pageDataUrl(page: string, routeId: string): string {
  const url = new URL(page, "http://site.invalid");
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  url.searchParams.set("_routes", routeId);
  return `${url.pathname}${url.search}`;
}

export function IdlePrefetch() {
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  const idle = useNavigation().state === "idle";
  const [pages, setPages] = useState<string[]>([]);
  const current = `${location.pathname}${location.search}`;
  useEffect(() => {
    setPages([]);
    if (!idle) return;
    const connection = (navigator as Navigator & { connection?: ConnectionLike }).connection;
    if (!prefetchAllowed(connection)) return;
    let idleHandle: number | undefined;
    const timer = window.setTimeout(() => {
      const run = () => setPages(linkedPages(document, current));
      idleHandle = "requestIdleCallback" in window ? window.requestIdleCallback(run, { timeout: 1000 }) : undefined;
      if (idleHandle === undefined) run();
    }, PREFETCH_IDLE_MS);
    return () => {
      window.clearTimeout(timer);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    };
  }, [current, idle]);
  if (!router || !routeId) return null;
  const sameRoute = pages.filter((page) => matchRoutes(router.routes, page)?.at(-1)?.route.id === routeId);
  return (
    <>
      {sameRoute.map((page) => (
        <link key={page} rel="prefetch" as="fetch" href={pageDataUrl(page, routeId)} />
      ))}
    </>
  );
}
