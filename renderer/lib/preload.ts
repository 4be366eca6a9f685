/**
 * Modulepreload links for the chunks a page needs beyond its route's (its block views and
 * messages; server/view-modules.ts lists them). Rendered on the server, React puts them in
 * the document head, so the browser fetches them alongside the entry instead of one import
 * after another; on client navigations the route's clientLoader announces them before it
 * imports the views.
 */
import { preloadModule } from "react-dom";
import { pageNonce, useNonce } from "./csp";

export function PreloadModules({ hrefs }: { hrefs: readonly string[] | undefined }) {
  const nonce = useNonce();
  // The server's links are in the head already; the browser does not need them again.
  if (import.meta.env.SSR) for (const href of hrefs ?? []) preloadModule(href, { as: "script", nonce });
  return null;
}

export function preloadModules(hrefs: readonly string[] | undefined): void {
  // strict-dynamic trusts only nonced or script-loaded scripts.
  const nonce = pageNonce();
  for (const href of hrefs ?? []) preloadModule(href, { as: "script", nonce });
}
