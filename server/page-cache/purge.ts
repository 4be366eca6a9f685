/**
 * The CDN purge hook (docs/scaling.md): after a content write, the process that made it asks the
 * CDN in front to drop what it keeps of the pages the write changed, by surrogate key. One POST to
 * `PAGE_CACHE_PURGE_URL`:
 *
 *   POST <PAGE_CACHE_PURGE_URL>
 *   Authorization: Bearer <PAGE_CACHE_PURGE_TOKEN>      (when set)
 *   Surrogate-Key: page:demo-broker:about               (space-separated, Fastly's form)
 *   Content-Type: application/json
 *
 *   {"tags":["page:demo-broker:about"]}                  (Cloudflare's purge-by-tag body)
 *
 * A failed call is retried twice (after 1 s and 5 s) and then logged; the CDN's `s-maxage` bounds
 * how long it may keep a page it was not told about. This process's own cache needs no hook: its
 * keys carry the content revision.
 */
import { pageTag, siteTag } from "../../renderer/lib/cache-tags";
import type { ContentChange } from "../content/service";
import { log as processLog } from "../ops/log";

export interface PurgeOptions {
  url: string;
  token?: string;
  /** Delays before each retry, in ms (tests shorten them). */
  retryDelays?: readonly number[];
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

/** The surrogate keys a change makes stale: the page's, or the whole site's. */
export function tagsOf(change: ContentChange): string[] {
  return change.pageId ? [pageTag(change.siteId, change.pageId)] : [siteTag(change.siteId)];
}

export function createPurgeHook(options: PurgeOptions): (change: ContentChange) => Promise<boolean> {
  const send = options.fetch ?? fetch;
  const delays = options.retryDelays ?? [1000, 5000];
  const log = options.log ?? ((message: string) => processLog.warn(message));
  return async (change) => {
    const tags = tagsOf(change);
    const headers: Record<string, string> = { "content-type": "application/json", "surrogate-key": tags.join(" ") };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    for (let attempt = 0; ; attempt++) {
      let problem: string;
      try {
        const response = await send(options.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ tags }),
          signal: AbortSignal.timeout(5000),
        });
        await response.body?.cancel();
        if (response.ok) return true;
        problem = `status ${response.status}`;
      } catch (error) {
        problem = (error as Error).message;
      }
      const delay = delays[attempt];
      if (delay === undefined) {
        log(`[page-cache] CDN purge of ${tags.join(" ")} failed (${problem}); the CDN keeps it until its s-maxage`);
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  };
}
