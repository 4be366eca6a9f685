/** Listings for a property block: fetched from the browser once the block enters the viewport. */
import { type RefObject, useEffect, useState } from "react";
import { type Listing, searchApi } from "../../features/search/api";
import { apiQuery, type SearchFilters } from "../../features/search/filters";
import { useSite } from "../../lib/site";

export function useInView(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === "undefined") return setSeen(true);
    const io = new IntersectionObserver((e) => {
      if (e.some((x) => x.isIntersecting)) {
        setSeen(true);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, seen]);
  return seen;
}

export function useListings(ref: RefObject<Element | null>, filters: SearchFilters, limit: number) {
  const site = useSite();
  const inView = useInView(ref);
  const [state, setState] = useState<{ items: Listing[]; total: number } | undefined>();
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filters are keyed by their JSON.
  useEffect(() => {
    if (!inView) return;
    searchApi
      .page(site, apiQuery(filters, { limit, order_by: "newest" }))
      .then((d) => setState({ items: d.propertiesListing, total: d.total }))
      .catch(() => setState({ items: [], total: 0 }));
  }, [inView, key, limit, site]);
  return state;
}

/** The filter params of a block (everything but layout and colour params). */
export function filtersOfParams(params: Record<string, unknown>): SearchFilters {
  const keys = ["mun", "type", "price_min", "price_max", "bedrooms", "bathrooms", "forSaleForRent", "open_house"];
  return Object.fromEntries(keys.filter((k) => params[k] !== undefined).map((k) => [k, params[k]])) as SearchFilters;
}
