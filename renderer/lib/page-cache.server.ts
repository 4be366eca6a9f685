/**
 * Loaders of routes that opt into the rendered-page cache (`handle = { pageCache: true }`) call
 * `allowPageCache` once their page is loaded: the server then keeps the document and serves it
 * again, with a fresh nonce, until the content or the build changes (server/page-cache).
 */
import type { RouterContextProvider } from "react-router";
import { pageCacheContext } from "./context";

export function allowPageCache(context: Readonly<RouterContextProvider>, locale: string, tags: string[]): void {
  const facts = context.get(pageCacheContext);
  if (!facts) return;
  facts.cacheable = true;
  facts.locale = locale;
  facts.tags = tags;
}
