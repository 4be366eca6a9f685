/**
 * Property search (site.md §4 Property search): filters from the URL, session and
 * block defaults; a list with infinite scroll, a sort dropdown, a clustered map, and
 * the filter overlay. Data loads once the block enters the viewport.
 */
// Their messages load with them (renderer/messages).
import "../../messages/search";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { SavedSearch } from "../../../schema/alerts-shared";
import { useBreakpoints } from "../../lib/breakpoints";
import { withMinimumDisplay } from "../../lib/minimum-display";
import { useSite } from "../../lib/site";
import { useHeadingTag } from "../../ui/heading-shift";
import { withVariant } from "../../ui/SmartLink";
import { fetchAlertConsent } from "../alerts/api";
import { LazyAlertDialog } from "../alerts/LazyAlertDialog";
import { type Listing, type Marker, type Municipality, type SearchApiSite, searchApi } from "./api";
import {
  activeFilterCount,
  apiQuery,
  compact,
  initialFilters,
  mergeFilters,
  ORDERS,
  type Order,
  readStoredFilters,
  type SearchFilters,
  sameFilters,
  storeFilters,
  writeFiltersToQuery,
} from "./filters";
import { LazyFilterOverlay } from "./LazyFilterOverlay";
import { LazyMunicipalitySelect, preloadMunicipalitySelect } from "./LazyMunicipalitySelect";
import { PropertyCard } from "./PropertyCard";
import { formatNumber, priceIncrements } from "./price";
import { readSearchReturn, type SearchReturn, writeSearchReturn } from "./return";
import { type MapView, SearchMap } from "./SearchMap";
import { Tags } from "./Tags";
import { COUNT_THROTTLE_MS, cardColumns, createThrottle } from "./throttle";
import { tooltipCache } from "./tooltip-cache";
import "./search.css";

const PAGE_SIZE = 25;

export function SearchBlock({
  defaults,
  showMap,
  title,
}: {
  defaults: SearchFilters;
  showMap: boolean;
  title?: string;
}) {
  const { t } = useTranslation();
  const siteInfo = useSite();
  const { locale } = siteInfo;
  // The site object changes identity when the route revalidates (every filter change writes
  // the URL): the calls depend on what addresses the service, so they do not run again.
  const { micrositeId, siteKey } = siteInfo;
  const site = useMemo<SearchApiSite>(() => ({ micrositeId, siteKey, locale }), [micrositeId, siteKey, locale]);
  const bp = useBreakpoints();
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultsRef = useRef(compact(defaults));
  const [filters, setFilters] = useState<SearchFilters>(() => initialFilters(defaultsRef.current, searchParams));
  const [order, setOrder] = useState<Order>("newest");
  const [view, setView] = useState<MapView | undefined>();
  const [visible, setVisible] = useState(false);
  const [mapState, setMapState] = useState<"pending" | "ready" | "failed" | "hidden">(showMap ? "pending" : "hidden");
  const [listing, setListing] = useState<Listing[]>([]);
  const [markers, setMarkers] = useState<Marker[]>([]);
  const [total, setTotal] = useState<number | undefined>();
  const [loading, setLoading] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [munOpen, setMunOpen] = useState(false);
  const [mode, setMode] = useState<"both" | "list" | "map">("both");
  const [municipalities, setMunicipalities] = useState<Municipality[]>([]);
  const [increments, setIncrements] = useState<number[]>(priceIncrements);
  const [overlayCount, setOverlayCount] = useState<number | undefined>();
  // Saved-search alerts (issue 32): offered once the service says they are on for this site,
  // with the consent sentence the dialog shows (and the server records).
  const [alertConsent, setAlertConsent] = useState<string | undefined>();
  const [alertOpen, setAlertOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const requestId = useRef(0);
  const pageInFlight = useRef("");
  const small = !bp.mdUp;
  const titleId = useId();

  // After hydration: URL → session → defaults.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on mount.
  useEffect(() => {
    const stored = readStoredFilters(typeof sessionStorage === "undefined" ? undefined : sessionStorage);
    setFilters((current) => {
      const next = initialFilters(defaultsRef.current, searchParams, stored);
      return sameFilters(current, next) ? current : next;
    });
  }, []);

  // Enter the viewport → start.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") return setVisible(true);
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    if (!visible) return;
    searchApi
      .filters(site)
      .then((options) => {
        setMunicipalities(options.municipalities);
        if (options.price_increments.length > 1) setIncrements(options.price_increments);
      })
      .catch(() => undefined);
  }, [visible, site]);

  // The map starts only once the layout shows its box (phones show it in map mode only):
  useEffect(() => {
    if (!visible) return;
    let live = true;
    void fetchAlertConsent(site).then((consent) => {
      if (live) setAlertConsent(consent);
    });
    return () => {
      live = false;
    };
  }, [visible, site]);

  // Leaflet in a hidden box reports the bounds of a point, and the list loaded inside them
  // was empty. Until then the list loads without bounds. Once started, the map stays.
  const [mapShown, setMapShown] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: mode and small change whether the layout shows the box.
  useEffect(() => {
    if (!visible || !showMap) return;
    const shown = Boolean(mapBox.current && mapBox.current.offsetParent !== null);
    if (shown) setMapShown(true);
    setMapState((state) =>
      state === "pending" && !shown ? "hidden" : state === "hidden" && shown ? "pending" : state,
    );
  }, [visible, showMap, mode, small]);

  const paused = overlayOpen || munOpen;
  const canLoad = visible && mapState !== "pending" && !paused;

  // Filters → URL (replace, no scroll) and session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL follows the filters, not the reverse.
  useEffect(() => {
    if (!visible) return;
    storeFilters(typeof sessionStorage === "undefined" ? undefined : sessionStorage, filters);
    const next = writeFiltersToQuery(searchParams, filters);
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [filters, visible]);

  // Filters, sort or map view changed: clear the list and load again.
  useEffect(() => {
    if (!canLoad) return;
    const id = ++requestId.current;
    const controller = new AbortController();
    setLoading(true);
    setListing([]);
    const extra = { order_by: order, zoom: view?.zoom, listingLimit: PAGE_SIZE };
    const done = (items: Listing[], count: number, map?: Marker[]) => {
      if (id !== requestId.current) return;
      for (const item of items) tooltipCache.fill(item);
      setListing(items);
      setTotal(count);
      if (map) setMarkers(map);
      setLoading(false);
    };
    const q = apiQuery(filters, extra, view?.bounds);
    // "Loading" shows from now: at least 200 ms, so a fast answer does not flash it.
    (showMap && mapState === "ready"
      ? withMinimumDisplay(searchApi.map(site, q, controller.signal)).then((d) =>
          done(d.propertiesListing, d.total, d.propertiesMap),
        )
      : withMinimumDisplay(
          searchApi.page(
            site,
            apiQuery(filters, { order_by: order, limit: PAGE_SIZE }, view?.bounds),
            controller.signal,
          ),
        ).then((d) => done(d.propertiesListing, d.total))
    ).catch(() => id === requestId.current && setLoading(false));
    return () => controller.abort();
  }, [canLoad, filters, order, view, site, showMap, mapState]);

  // Infinite scroll: next page while fewer items are loaded than listings inside the bounds.
  const loadMore = useCallback(() => {
    if (loading || total === undefined || listing.length >= total) return;
    const id = requestId.current;
    const page = Math.floor(listing.length / PAGE_SIZE) + 1;
    // The sentinel observer and the after-load check can both ask before `loading` re-renders.
    const key = `${id}:${page}`;
    if (pageInFlight.current === key) return;
    pageInFlight.current = key;
    setLoading(true);
    withMinimumDisplay(
      searchApi.page(site, apiQuery(filters, { order_by: order, page, limit: PAGE_SIZE }, view?.bounds)),
    )
      .then((d) => {
        if (id !== requestId.current) return;
        for (const item of d.propertiesListing) tooltipCache.fill(item);
        setListing((items) => {
          const seen = new Set(items.map((item) => item.uls));
          return [...items, ...d.propertiesListing.filter((item) => !seen.has(item.uls))];
        });
        setLoading(false);
      })
      .catch(() => setLoading(false));
  }, [loading, total, listing.length, site, filters, order, view]);
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;
  const sentinelObserver = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMoreRef.current(), {
      rootMargin: "25%",
    });
    io.observe(el);
    sentinelObserver.current = io;
    return () => io.disconnect();
  }, []);
  useEffect(() => {
    // The sentinel may still be in view after a page arrives: observed again, it gets a fresh
    // answer in the next frame (measuring it here forced a layout of the page while React
    // committed). A hidden sentinel (map mode) never intersects, so pages do not load in turn.
    const el = sentinel.current;
    const io = sentinelObserver.current;
    if (loading || !el || !io) return;
    io.unobserve(el);
    io.observe(el);
  }, [loading]);

  // Back from a listing ("Retour à la recherche"): load as many cards as the visitor had, then scroll back.
  const restore = useRef<SearchReturn | undefined>(undefined);
  useEffect(() => {
    const saved = readSearchReturn();
    if (saved && saved.path === window.location.pathname + window.location.search) restore.current = saved;
  }, []);
  useEffect(() => {
    const target = restore.current;
    if (!target || loading || total === undefined || (listing.length === 0 && total > 0)) return;
    if (listing.length < Math.min(target.count, total)) return loadMoreRef.current();
    restore.current = undefined;
    requestAnimationFrame(() => window.scrollTo(0, target.scrollY));
  }, [loading, listing.length, total]);
  const leaving = (event: { target: EventTarget }) => {
    const link = (event.target as Element).closest?.('a[href*="/propriete/"], a[href*="/property/"]');
    if (!link) return;
    writeSearchReturn({
      path: window.location.pathname + window.location.search,
      scrollY: Math.round(window.scrollY),
      count: listing.length,
    });
  };

  // "See results (N)": the count of the overlay's filters, throttled. One throttle for the
  // block's life: the site object changes identity on every revalidation, and a new throttle
  // would forget the last call's time.
  const siteRef = useRef(site);
  siteRef.current = site;
  const [countThrottle] = useState(() =>
    createThrottle((f: SearchFilters) => {
      searchApi
        .count(siteRef.current, apiQuery(f))
        .then(setOverlayCount)
        .catch(() => undefined);
    }, COUNT_THROTTLE_MS),
  );
  useEffect(() => {
    if (overlayOpen) countThrottle.run(filters);
  }, [overlayOpen, filters, countThrottle]);
  useEffect(() => () => countThrottle.cancel(), [countThrottle]);

  const change = (next: SearchFilters) =>
    setFilters((current) =>
      mergeFilters(current, { ...Object.fromEntries(Object.keys(current).map((k) => [k, undefined])), ...next }),
    );
  const reset = () => setFilters(defaultsRef.current);
  const openMun = () => (small ? setOverlayOpen(true) : setMunOpen((o) => !o));
  const columns = cardColumns(bp.width);
  const munNames = (filters.mun ?? []).map((c) => municipalities.find((m) => m.MUN_CODE === c)?.DESCRIPTION ?? c);
  // The block's title is h2, or h1 when it carries the page's title (page-title.ts): the
  // count and the cards come below it.
  const Title = useHeadingTag(2);
  const Count = useHeadingTag(3);
  // Sorted by price over both transactions, the server lists sales, then rentals (monthly rents
  // are not comparable with prices): a heading marks where the rentals start.
  const grouped = !filters.forSaleForRent && order.startsWith("price");

  return (
    <section
      ref={root}
      className="search-block"
      data-mode={mode}
      data-show-map={showMap ? "" : undefined}
      aria-labelledby={titleId}
      onClickCapture={leaving}
    >
      <Title id={titleId} className="search-block__title">
        {title || t("search.title")}
      </Title>
      <div className="search-bar">
        <div className="search-bar__mun">
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={small ? undefined : munOpen}
            onClick={openMun}
            onPointerEnter={small ? undefined : preloadMunicipalitySelect}
            onFocus={small ? undefined : preloadMunicipalitySelect}
          >
            {munNames.length ? munNames.join(", ") : t("search.all-municipalities")}
          </button>
          {munOpen && !small ? (
            <fieldset className="search-bar__dropdown">
              <legend className="visually-hidden">{t("search.municipalities")}</legend>
              <LazyMunicipalitySelect
                municipalities={municipalities}
                value={filters.mun ?? []}
                onChange={(mun) => change({ ...filters, mun })}
              />
              <button type="button" className="btn btn-primary" onClick={() => setMunOpen(false)}>
                {t("search.apply")}
              </button>
            </fieldset>
          ) : null}
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setOverlayOpen(true)}>
          {t("search.more-filters", { count: activeFilterCount(filters, ["mun"]) })}
        </button>
        {alertConsent ? (
          <button type="button" className="btn btn-secondary search-bar__alert" onClick={() => setAlertOpen(true)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16a1 1 0 0 0 .9 1.5h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6zm-2 16a2 2 0 0 0 4 0z"
                fill="currentColor"
              />
            </svg>
            {t("search.create-alert")}
          </button>
        ) : null}
        <label className="search-bar__sort">
          <span>{t("search.sort.label")}</span>
          <select value={order} onChange={(e) => setOrder(e.target.value as Order)}>
            {ORDERS.map((o) => (
              <option key={o} value={o}>
                {t(`search.sort.${o}`)}
              </option>
            ))}
          </select>
        </label>
        {showMap ? (
          <fieldset className="search-bar__modes">
            <legend className="visually-hidden">{t("search.view")}</legend>
            <button
              type="button"
              className="btn btn-secondary"
              aria-pressed={mode === "list"}
              onClick={() => setMode(mode === "list" ? "both" : "list")}
            >
              {t("search.show-list")}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              aria-pressed={mode === "map"}
              onClick={() => setMode(mode === "map" ? "both" : "map")}
            >
              {t("search.show-map")}
            </button>
          </fieldset>
        ) : null}
      </div>
      <Tags filters={filters} municipalities={municipalities} onChange={change} />
      <div className="search-layout">
        <div className="search-results">
          <Count className="search-total" aria-live="polite">
            {total === undefined
              ? t("search.loading")
              : t("search.total", { count: total, n: formatNumber(locale, total) })}
          </Count>
          {total === 0 && !loading ? (
            <div className="search-empty">
              <p>{t("search.empty")}</p>
              <a className="btn btn-primary" href={withVariant(t("search.contact-url"), siteInfo.variantId)}>
                {t("search.contact")}
              </a>
            </div>
          ) : null}
          <ul className="search-grid" data-columns={columns}>
            {listing.map((item, i) => [
              grouped && i && item.forSaleForRent !== listing[i - 1]!.forSaleForRent ? (
                <li key="rent" className="search-grid__group">
                  <Count>{t("search.rentals")}</Count>
                </li>
              ) : null,
              <li key={item.uls}>
                <PropertyCard listing={item} locale={locale} headingLevel={4} />
              </li>,
            ])}
          </ul>
          <div ref={sentinel} className="search-sentinel" aria-hidden="true" />
          {loading ? <p className="search-loading">{t("search.loading")}</p> : null}
        </div>
        {showMap ? (
          <div ref={mapBox} className="search-map-box">
            {visible && mapShown ? (
              <SearchMap
                markers={markers}
                onReady={(v) => {
                  setView(v);
                  setMapState("ready");
                }}
                onFail={() => setMapState("failed")}
                onMove={(v) =>
                  setView((current) => (current && JSON.stringify(current) === JSON.stringify(v) ? current : v))
                }
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {alertConsent ? (
        <LazyAlertDialog
          isOpen={alertOpen}
          onOpenChange={setAlertOpen}
          consent={alertConsent}
          page={typeof window === "undefined" ? `/${locale}` : window.location.pathname}
          search={{
            ...filters,
            type: filters.type as SavedSearch["type"],
            forSaleForRent: filters.forSaleForRent as SavedSearch["forSaleForRent"],
            // The map's area when the list was filtered by it (what the visitor saw).
            ...(showMap && view?.bounds ? { bounds: view.bounds } : {}),
          }}
          cityName={(code) => municipalities.find((m) => m.MUN_CODE === code)?.DESCRIPTION}
        />
      ) : null}
      <LazyFilterOverlay
        isOpen={overlayOpen}
        onOpenChange={setOverlayOpen}
        filters={filters}
        onChange={change}
        onReset={reset}
        municipalities={municipalities}
        increments={increments}
        count={overlayCount}
        locale={locale}
      />
    </section>
  );
}
