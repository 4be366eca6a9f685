/**
 * Property search (site.md §4 Property search): filters from the URL, session and
 * block defaults; a list with infinite scroll, a sort dropdown, a clustered map, and
 * the filter overlay. Data loads once the block enters the viewport.
 */
// Their messages load with them (renderer/messages).
import "../../messages/search";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData, useSearchParams } from "react-router";
import { useBreakpoints } from "../../lib/breakpoints";
import { withMinimumDisplay } from "../../lib/minimum-display";
import { useSite } from "../../lib/site";
import { useHeadingTag } from "../../ui/heading-shift";
import { withVariant } from "../../ui/SmartLink";
import { fetchAlertConsent } from "../alerts/api";
import { LazyAlertDialog } from "../alerts/LazyAlertDialog";
import { savedSearchFrom } from "../alerts/saved-search";
import { type Listing, type Marker, type Municipality, type SearchApiSite, searchApi } from "./api";
import { FilterForm } from "./FilterForm";
import {
  activeFilterCount,
  apiQuery,
  compact,
  FILTER_KEYS,
  type FilterKey,
  initialFilters,
  mergeFilters,
  ORDERS,
  type Order,
  PAGE_SIZE,
  readStoredFilters,
  type SearchFilters,
  sameFilters,
  storeFilters,
  writeFiltersToQuery,
} from "./filters";
import { firstPageQuery, readFirstPage } from "./first-page";
import { resultsBounds } from "./fit";
import { LazyFilterOverlay } from "./LazyFilterOverlay";
import { LazyMunicipalitySelect, preloadMunicipalitySelect } from "./LazyMunicipalitySelect";
import { PropertyCard } from "./PropertyCard";
import { formatNumber, priceIncrements } from "./price";
import { readSearchReturn, type SearchReturn, writeSearchReturn } from "./return";
import type { MapView } from "./SearchMap";
import { Tags } from "./Tags";
import { COUNT_THROTTLE_MS, cardColumns, createThrottle } from "./throttle";
import { tooltipCache } from "./tooltip-cache";
import "./search.css";

// The map's code (and Leaflet after it) loads when the layout shows the map: a phone's first
// screen is the list, which renders without waiting for it.
const SearchMap = lazy(() => import("./SearchMap").then((m) => ({ default: m.SearchMap })));

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
  // The first page the server rendered with the page, when it answers these filters.
  const routeData = useRouteLoaderData("routes/page");
  const [served] = useState(() => {
    const first = readFirstPage(routeData);
    return first && first.query === firstPageQuery(filters) ? first : undefined;
  });
  const unasked = useRef(served);
  const [order, setOrder] = useState<Order>("newest");
  const [view, setView] = useState<MapView | undefined>();
  const [visible, setVisible] = useState(false);
  const [mapState, setMapState] = useState<"pending" | "ready" | "failed" | "hidden">(showMap ? "pending" : "hidden");
  const [listing, setListing] = useState<Listing[]>(() => served?.propertiesListing ?? []);
  const [markers, setMarkers] = useState<Marker[]>([]);
  const [total, setTotal] = useState<number | undefined>(served?.total);
  const [loading, setLoading] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [munOpen, setMunOpen] = useState(false);
  const [mode, setMode] = useState<"both" | "list" | "map">("both");
  const [municipalities, setMunicipalities] = useState<Municipality[]>(() => served?.municipalities ?? []);
  const [increments, setIncrements] = useState<number[]>(() =>
    served && served.price_increments.length > 1 ? served.price_increments : priceIncrements(),
  );
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
  // Before the page's script runs (or without one), the filter buttons open a plain form: the
  // server rendered the page with its results and the filters' options. Once it runs, they open
  // the filter dialog and the dropdown (tests wait for `data-ready`).
  const formId = served ? `${titleId.replace(/[^\w-]/g, "")}-filters` : undefined;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const formOpener = hydrated ? undefined : formId;
  // The form sends the page's other query parameters (a content variant) with the filters.
  const keptParams = useMemo(
    () => [...searchParams].filter(([k]) => k !== "reset_filters" && !FILTER_KEYS.includes(k as FilterKey)),
    [searchParams],
  );
  // Back from a listing: the map as it was (its view), not fitted again.
  const [startView, setStartView] = useState<MapView | undefined>();
  // A new filter set (the first one too) fits the map to its results once the map answers.
  const fitPending = useRef(true);
  const listed = useRef(served ? JSON.stringify([filters, "newest"]) : "");
  const [fit, setFit] = useState<{ bounds: MapView["bounds"]; key: number } | undefined>();
  const firstFilters = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the filters, not of the view.
  useEffect(() => {
    if (firstFilters.current) firstFilters.current = false;
    else fitPending.current = true;
  }, [filters]);

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
    // The server's first page brought them.
    if (!visible || served) return;
    searchApi
      .filters(site)
      .then((options) => {
        setMunicipalities(options.municipalities);
        if (options.price_increments.length > 1) setIncrements(options.price_increments);
      })
      .catch(() => undefined);
  }, [visible, site, served]);

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
    // Laid out (a fixed box, the phone's full-screen map, has no offsetParent).
    const shown = Boolean(mapBox.current && mapBox.current.getClientRects().length > 0);
    if (shown) setMapShown(true);
    setMapState((state) =>
      state === "pending" && !shown ? "hidden" : state === "hidden" && shown ? "pending" : state,
    );
  }, [visible, showMap, mode, small]);

  const paused = overlayOpen || munOpen;
  // The first list does not wait for the map: it loads at once without bounds, and the map,
  // once ready, fits itself to the results and narrows the list to its bounds.
  const canLoad = visible && !paused;

  // Filters → URL (replace, no scroll) and session.
  // Compared with the last query written, not the router's: while the router still loads the
  // one written before (a change, then Escape at once), its search params are older than both,
  // and the second write was skipped as "no change".
  const written = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL follows the filters, not the reverse.
  useEffect(() => {
    if (!visible) return;
    storeFilters(typeof sessionStorage === "undefined" ? undefined : sessionStorage, filters);
    const next = writeFiltersToQuery(searchParams, filters).toString();
    if (next === (written.current ?? searchParams.toString())) return;
    written.current = next;
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [filters, visible]);

  // The map's popups read the served cards as they read loaded ones.
  useEffect(() => {
    for (const item of served?.propertiesListing ?? []) tooltipCache.fill(item);
  }, [served]);

  // Filters, sort or map view changed: clear the list and load again.
  useEffect(() => {
    if (!canLoad) return;
    const fitting = showMap && mapState === "ready" && fitPending.current;
    // The server's first page answers this request: not asked again (until another is asked).
    const asked = apiQuery(filters, { order_by: order, limit: PAGE_SIZE }, view?.bounds).toString();
    if (unasked.current?.query === asked && !(showMap && mapState === "ready")) return;
    unasked.current = undefined;
    const id = ++requestId.current;
    const controller = new AbortController();
    setLoading(true);
    // New filters or order: the list empties while it loads. The map starting, fitting itself to
    // the results or moving shows the same listings, mostly: the cards stay until it answers.
    const shown = JSON.stringify([filters, order]);
    if (shown !== listed.current) setListing([]);
    listed.current = shown;
    // A new filter set asks for every result, then fits the map to them (which moves the map and
    // loads what is in its bounds). Its clusters at street level (the server answers the deepest
    // zoom with few enough of them) give its box closely.
    const extra = { order_by: order, zoom: fitting ? 14 : view?.zoom, listingLimit: PAGE_SIZE };
    const done = (items: Listing[], count: number, map?: Marker[]) => {
      if (id !== requestId.current) return;
      for (const item of items) tooltipCache.fill(item);
      setListing(items);
      setTotal(count);
      if (map) setMarkers(map);
      setLoading(false);
    };
    const q = apiQuery(filters, extra, fitting ? undefined : view?.bounds);
    // "Loading" shows from now: at least 200 ms, so a fast answer does not flash it.
    (showMap && mapState === "ready"
      ? withMinimumDisplay(searchApi.map(site, q, controller.signal)).then((d) => {
          done(d.propertiesListing, d.total, d.propertiesMap);
          if (!fitting || id !== requestId.current) return;
          fitPending.current = false;
          const bounds = resultsBounds(d.propertiesMap);
          if (!bounds) return;
          setFit((current) => ({ bounds, key: (current?.key ?? 0) + 1 }));
        })
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
    if (!saved || saved.path !== window.location.pathname + window.location.search) return;
    restore.current = saved;
    // The browser's back button too: the same mode, the map where it was.
    if (saved.mode) setMode(saved.mode);
    if (saved.view) {
      setStartView(saved.view);
      fitPending.current = false;
    }
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
      mode,
      view: mapState === "ready" ? view : undefined,
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
  // The overlay edits the filters in place (the search waits while it is open); closed any way
  // but "See results" (Escape above all), they go back to what they were when it opened.
  const beforeOverlay = useRef<SearchFilters | null>(null);
  const openOverlay = () => {
    beforeOverlay.current = filters;
    setOverlayOpen(true);
  };
  const overlayOpenChange = (open: boolean) => {
    if (open) return openOverlay();
    if (beforeOverlay.current) setFilters(beforeOverlay.current);
    beforeOverlay.current = null;
    setOverlayOpen(false);
  };
  const applyOverlay = () => {
    beforeOverlay.current = null;
    setOverlayOpen(false);
  };
  const munButton = useRef<HTMLButtonElement>(null);
  const openMun = () => (small ? openOverlay() : setMunOpen((o) => !o));
  // Escape leaves the phone's full-screen map for the list (unless a popup or dialog takes it).
  useEffect(() => {
    if (!small || mode !== "map") return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || overlayOpen) return;
      if (document.querySelector(".search-map .leaflet-popup")) return;
      setMode("both");
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [small, mode, overlayOpen]);

  // Escape closes the dropdown wherever focus is (what was ticked stays, as with "Apply") and
  // gives focus back to its button.
  useEffect(() => {
    if (!munOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setMunOpen(false);
      munButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [munOpen]);
  const columns = cardColumns(bp.width);
  const munNames = (filters.mun ?? []).map((c) => municipalities.find((m) => m.MUN_CODE === c)?.DESCRIPTION ?? c);
  // The block's title is h2, or h1 when it carries the page's title (page-title.ts): the
  // count and the cards come below it.
  const Title = useHeadingTag(2);
  const Count = useHeadingTag(3);
  // Sorted by price over both transactions, the server lists sales, then rentals (monthly rents
  // are not comparable with prices): a heading marks where the rentals start.
  const grouped = !filters.forSaleForRent && order.startsWith("price");
  // The cards change with the list only: the block's other states (the map starting, the
  // filter options arriving, the breakpoints measured after hydration) leave them as they are.
  const cards = useMemo(
    () =>
      listing.map((item, i) => [
        grouped && i && item.forSaleForRent !== listing[i - 1]!.forSaleForRent ? (
          <li key="rent" className="search-grid__group">
            <Count>{t("search.rentals")}</Count>
          </li>
        ) : null,
        <li key={item.uls}>
          <PropertyCard listing={item} locale={locale} headingLevel={4} priority={i < 2} />
        </li>,
      ]),
    [listing, grouped, locale, Count, t],
  );

  // What "Créer une alerte" saves: the filters and the map's area when the list was filtered by
  // it (what the visitor saw); none for a search of sold listings.
  const alertSearch = savedSearchFrom(filters, showMap ? view?.bounds : undefined);

  return (
    <section
      ref={root}
      className="search-block"
      data-mode={mode}
      data-show-map={showMap ? "" : undefined}
      data-ready={hydrated ? "" : undefined}
      aria-labelledby={titleId}
      onClickCapture={leaving}
    >
      <Title id={titleId} className="search-block__title">
        {title || t("search.title")}
      </Title>
      <div className="search-bar">
        <div className="search-bar__mun">
          <button
            ref={munButton}
            type="button"
            className="btn btn-secondary"
            aria-expanded={small || !hydrated ? undefined : munOpen}
            popoverTarget={formOpener}
            onClick={(event) => {
              event.preventDefault();
              openMun();
            }}
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
        <button
          type="button"
          className="btn btn-secondary"
          popoverTarget={formOpener}
          onClick={(event) => {
            event.preventDefault();
            openOverlay();
          }}
        >
          {t("search.more-filters", { count: activeFilterCount(filters, ["mun"]) })}
        </button>
        {alertConsent && alertSearch ? (
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
            {cards}
          </ul>
          <div ref={sentinel} className="search-sentinel" aria-hidden="true" />
          {loading ? <p className="search-loading">{t("search.loading")}</p> : null}
        </div>
        {showMap ? (
          <div ref={mapBox} className="search-map-box">
            {/* On a phone the map fills the screen: its way back to the list and the filters. */}
            <div className="search-map-box__bar">
              <button type="button" className="btn btn-secondary" onClick={() => setMode("both")}>
                {t("search.show-list")}
              </button>
              <button type="button" className="btn btn-secondary" onClick={openOverlay}>
                {t("search.more-filters", { count: activeFilterCount(filters, ["mun"]) })}
              </button>
            </div>
            {visible && mapShown ? (
              <Suspense fallback={null}>
                <SearchMap
                  markers={markers}
                  startView={startView}
                  fit={fit}
                  onReady={(v) => {
                    setView(v);
                    setMapState("ready");
                  }}
                  onFail={() => setMapState("failed")}
                  onMove={(v) =>
                    setView((current) => (current && JSON.stringify(current) === JSON.stringify(v) ? current : v))
                  }
                />
              </Suspense>
            ) : null}
          </div>
        ) : null}
      </div>
      {alertConsent && alertSearch ? (
        <LazyAlertDialog
          isOpen={alertOpen}
          onOpenChange={setAlertOpen}
          consent={alertConsent}
          page={typeof window === "undefined" ? `/${locale}` : window.location.pathname}
          search={alertSearch}
          cityName={(code) => municipalities.find((m) => m.MUN_CODE === code)?.DESCRIPTION}
        />
      ) : null}
      {formId ? (
        <FilterForm
          id={formId}
          filters={filters}
          municipalities={municipalities}
          increments={increments}
          locale={locale}
          keep={keptParams}
        />
      ) : null}
      <LazyFilterOverlay
        isOpen={overlayOpen}
        onOpenChange={overlayOpenChange}
        onApply={applyOverlay}
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
