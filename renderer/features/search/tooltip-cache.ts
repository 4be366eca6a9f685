/**
 * Tooltip data per listing (site.md §4 Property tooltip data): a module-level cache by
 * uls. A listing item fills it only when the entry is absent; a fetch returns the
 * cached entry when present, and null on failure (nothing cached then, so a later
 * open retries).
 */
export interface TooltipData {
  uls: string;
  address: { fr: string; en: string };
  carousel_images: string[];
  price: number;
  specs: { bed: number; bath: number; area: number };
  type: string;
  url: { fr: string; en: string };
}

export function createTooltipCache() {
  const entries = new Map<string, TooltipData>();
  const pending = new Map<string, Promise<TooltipData | null>>();
  return {
    get: (uls: string) => entries.get(uls),
    has: (uls: string) => entries.has(uls),
    /** Fills from a listing item only when absent. */
    fill(item: TooltipData): void {
      if (!entries.has(item.uls)) entries.set(item.uls, item);
    },
    /** The cached entry, or the fetched one (cached), or null when the fetch fails. */
    async fetch(uls: string, load: (uls: string) => Promise<TooltipData>): Promise<TooltipData | null> {
      const hit = entries.get(uls);
      if (hit) return hit;
      let request = pending.get(uls);
      if (!request) {
        request = load(uls)
          .then((data) => {
            entries.set(uls, data);
            return data;
          })
          .catch(() => null)
          .finally(() => pending.delete(uls));
        pending.set(uls, request);
      }
      return request;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/** The page's cache: tooltips survive filter changes and remounts. */
export const tooltipCache = createTooltipCache();
