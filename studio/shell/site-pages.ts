/**
 * The site's pages for pickers outside the Pages screen (a menu's "add a page", the publish
 * dialog): read once per site and kept until a publish or a reload, with the open page added
 * when it is new (not published yet), so a new page can go into the menus before its first
 * publish.
 */
import { useEffect, useState } from "react";
import { z } from "zod";
import { useStudioStore } from "../store";
import { type PageSummary, pageSummarySchema } from "./api";

const cache = new Map<string, Promise<PageSummary[]>>();

function load(siteId: string): Promise<PageSummary[]> {
  let pending = cache.get(siteId);
  if (!pending) {
    pending = fetch(`/api/pages/${encodeURIComponent(siteId)}`, {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((body) => z.object({ pages: z.array(pageSummarySchema) }).parse(body).pages)
      .catch((error: unknown) => {
        cache.delete(siteId);
        throw error;
      });
    cache.set(siteId, pending);
  }
  return pending;
}

// A publish may have changed a page's title or paths, or put a new page on the site: read again.
useStudioStore.subscribe((state, previous) => {
  if (state.draft.kind === "published" && state.draft !== previous.draft) cache.clear();
});

export function useSitePages(): PageSummary[] {
  const siteId = useStudioStore((s) => s.doc?.site_id);
  const open = useStudioStore((s) =>
    s.doc && s.doc.base_version === 0 && (s.doc.origin ?? "server") === "server" ? s.doc : null,
  );
  const [pages, setPages] = useState<PageSummary[]>([]);
  useEffect(() => {
    if (!siteId) return;
    let live = true;
    load(siteId)
      .then((list) => live && setPages(list))
      .catch(() => live && setPages([]));
    return () => {
      live = false;
    };
  }, [siteId]);
  if (!open || pages.some((p) => p.page_id === open.page_id)) return pages;
  return [...pages, { page_id: open.page_id, paths: open.paths, title: open.title, hidden: false, version: 0 }];
}
