/**
 * The route match that carries the page's view (PageView): the content page route, or
 * any route whose module exports `handle = { pageView: true }` (the blog post page), so
 * the document head, the shell and error pages read the theme, site facts and
 * alternate paths from it alike.
 */
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
