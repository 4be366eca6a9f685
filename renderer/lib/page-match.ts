/**
 * The route match that carries the page's view (PageView): the content page route, or
 * any route whose module exports `handle = { pageView: true }` (the blog post page), so
 * the document head, the shell and error pages read the theme, site facts and
 * alternate paths from it alike.
 */
import type { PageView } from "./page-loader.server";

export interface MatchLike {
  id: string;
  handle?: unknown;
  loaderData?: unknown;
}

export function isPageViewMatch(match: MatchLike): boolean {
  return match.id === "routes/page" || (match.handle as { pageView?: unknown } | undefined)?.pageView === true;
}

export function findPageViewMatch<M extends MatchLike>(matches: readonly M[]): M | undefined {
  return matches.find(isPageViewMatch);
}

/**
 * A content page's view as it travels in the HTML and in client navigations' data: one JSON
 * text, made once per view on the server. React Router serialises loader data with
 * turbo-stream, which walks every value of every block (both languages of a page: several
 * hundred values) at every request; a string is one value (a fifth of /fr's render time).
 */
export interface PageViewText {
  pageViewJson: string;
}

// Parsed texts, so every reader of one text shares one object (effects keyed on the view hold).
// The server registers the view it serialised; the browser parses a text once.
const known = new Map<string, PageView>();
const KEEP = 32;

export function pageViewText(view: PageView): PageViewText {
  const pageViewJson = JSON.stringify(view);
  remember(pageViewJson, view);
  return { pageViewJson };
}

function remember(text: string, view: PageView) {
  if (known.size >= KEEP) known.delete(known.keys().next().value as string);
  known.set(text, view);
}

function isPageViewText(data: unknown): data is PageViewText {
  return typeof (data as Partial<PageViewText> | null | undefined)?.pageViewJson === "string";
}

/** The view from a route's loader data: the text form (content pages) or a view (other routes). */
export function readPageView(data: unknown): PageView | undefined {
  if (!data || typeof data !== "object") return undefined;
  if (!isPageViewText(data)) return data as PageView;
  let view = known.get(data.pageViewJson);
  if (!view) {
    view = JSON.parse(data.pageViewJson) as PageView;
    remember(data.pageViewJson, view);
  }
  return view;
}

/** The page's view among route matches, whatever route carries it. */
export function findPageView(matches: readonly MatchLike[]): PageView | undefined {
  return readPageView(findPageViewMatch(matches)?.loaderData);
}
