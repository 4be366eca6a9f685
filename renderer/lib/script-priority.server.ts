/**
 * Module preloads at low fetch priority.
 *
 * The document's scripts are not needed for its first paint: the server's HTML is complete and
 * hydration waits for the first frame (entry.client.tsx). Preloaded at the default (high)
 * priority, the page's 150 KB of JavaScript competes with the stylesheet and the hero image
 * on a slow connection, and Lighthouse's simulation counts every high-priority script fetched
 * before the first paint as render-blocking. React Router's `<Scripts>` and React's
 * `preloadModule` have no priority option, so the finished document gets it here: one pass
 * over a string the server holds anyway.
 */
const MODULE_PRELOAD = '<link rel="modulepreload"';
const MODULE_PRELOAD_LOW = '<link rel="modulepreload" fetchpriority="low"';

export function lowerScriptPriority(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, MODULE_PRELOAD_LOW);
}
