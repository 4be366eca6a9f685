/**
 * Surrogate keys of rendered pages (`Surrogate-Key` and `Cache-Tag` headers), shared by the loaders
 * that name what a page shows and the purge hook that names what a write changed
 * (server/page-cache/purge.ts). Each part is percent-encoded, so a key holds no space or comma
 * (the separators of the two headers) and no colon but its own.
 */
const part = (value: string) => encodeURIComponent(value);

/** Every page of a site: its header, footer, theme and settings. */
export const siteTag = (siteId: string) => `site:${part(siteId)}`;
/** One stored page, whatever its paths (a page moved to a new path keeps its key). */
export const pageTag = (siteId: string, pageId: string) => `page:${part(siteId)}:${part(pageId)}`;
/** One blog article. */
export const articleTag = (siteId: string, articleId: number | string) =>
  `article:${part(siteId)}:${part(String(articleId))}`;
