/**
 * Modulepreload links for the chunks a page needs beyond its route's (its block views and
 * messages; renderer/lib/view-modules.server.ts lists them). Rendered on the server, React puts them in
 * the document head, so the browser fetches them alongside the entry instead of one import
 * after another; on client navigations the route's clientLoader announces them before it
 * imports the views.
 */
import { preinit, preloadModule } from "react-dom";
import { pageNonce, useNonce } from "./csp";

const isStylesheet = (href: string) => href.endsWith(".css");

/**
 * Stylesheets (hrefs ending in .css) render as React stylesheet resources, on the server and
 * in the browser: React puts them in the head and, on a client navigation, shows the page
 * only once they have loaded.
 */
export function PreloadModules({ hrefs }: { hrefs: readonly string[] | undefined }) {
  const nonce = useNonce();
  // The server's links are in the head already; the browser does not need them again.
  if (import.meta.env.SSR)
    for (const href of hrefs ?? []) if (!isStylesheet(href)) preloadModule(href, { as: "script", nonce });
  return (hrefs ?? [])
    .filter(isStylesheet)
    .map((href) => <link key={href} rel="stylesheet" href={href} precedence="default" />);
}

export function preloadModules(hrefs: readonly string[] | undefined): void {
  // strict-dynamic trusts only nonced or script-loaded scripts.
  const nonce = pageNonce();
  for (const href of hrefs ?? []) {
    if (isStylesheet(href)) preinit(href, { as: "style", precedence: "default" });
    else preloadModule(href, { as: "script", nonce });
  }
}
