/**
 * The search map (blocks.md §4 Maps): Leaflet loaded in the browser only, tiles from
 * config.mapTileUrl (none → the offline base map), cluster markers with counts (click zooms
 * to expansion_zoom), listing markers focusable with an aria-label (price + address when
 * known) that open a tooltip loaded by uls on first open. Reports user moves (bounds + zoom).
 */
// Their messages load with them (renderer/messages).
import "../../messages/properties";
import "../../messages/search";
import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../schema/common";
import { useSite } from "../../lib/site";
import { Image } from "../../ui/Image";
import { withVariant } from "../../ui/SmartLink";
import { addBaseLayer } from "../maps/base-layer";
import { DEFAULT_BOUNDS, MAP_MAX_ZOOM } from "../maps/constants";
import { type LeafletApi, loadLeaflet } from "../maps/load";
import { type Marker, searchApi } from "./api";
import { layoutMarkers, type PlacedMarker } from "./cluster-layout";
import "./search-map.css";
import { removeMap } from "../maps/remove-map";
import type { MapBounds } from "./filters";
import { formatNumber, formatPrice } from "./price";
import { type TooltipData, tooltipCache } from "./tooltip-cache";

export interface MapView {
  bounds: MapBounds;
  zoom: number;
}

function shortPrice(locale: Locale, price: number): string {
  return new Intl.NumberFormat(locale === "fr" ? "fr-CA" : "en-CA", {
    notation: "compact",
    maximumFractionDigits: 1,
    style: "currency",
    currency: "CAD",
  }).format(price);
}

function TooltipBody({
  data,
  locale,
  variantId,
}: {
  data: TooltipData | null | undefined;
  locale: Locale;
  variantId: string | undefined;
}) {
  const { t } = useTranslation();
  if (data === undefined) return <div className="search-tooltip search-tooltip--loading" aria-busy="true" />;
  if (data === null) return <div className="search-tooltip">{t("search.tooltip-error")}</div>;
  return (
    <a className="search-tooltip" href={withVariant(data.url[locale], variantId)} data-uls={data.uls}>
      <Image image={{ url: data.carousel_images[0], alt: "" }} appear={false} />
      <strong>{formatPrice(locale, data.price)}</strong>
      <span>{data.address[locale]}</span>
      <span>
        {t("properties.specs.bed", { count: data.specs.bed })} ·{" "}
        {t("properties.specs.bath", { count: data.specs.bath })}
      </span>
    </a>
  );
}

export function SearchMap({
  markers,
  onMove,
  onReady,
  onFail,
  startView,
  fit,
}: {
  markers: readonly Marker[];
  onMove: (view: MapView) => void;
  onReady: (view: MapView) => void;
  onFail: () => void;
  /** Where the map opens (back from a listing: the map as it was); the province otherwise. */
  startView?: MapView;
  /** Bounds to show, once each time `key` changes (a new filter set: its results). */
  fit?: { bounds: MapBounds; key: number };
}) {
  const { t } = useTranslation();
  const site = useSite();
  const { locale } = site;
  const container = useRef<HTMLElement>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const layerRef = useRef<Leaflet.LayerGroup | null>(null);
  const leafletRef = useRef<LeafletApi | null>(null);
  const callbacks = useRef({ onMove, onReady, onFail });
  callbacks.current = { onMove, onReady, onFail };
  const start = useRef(startView);
  const [ready, setReady] = useState(false);
  const popupRef = useRef<Leaflet.Popup | null>(null);
  const [popup, setPopup] = useState<{ uls: string; el: HTMLElement; data: TooltipData | null | undefined } | null>(
    null,
  );

  useEffect(() => {
    let cancelled = false;
    let removeBase: (() => void) | undefined;
    const tileUrl = site.config.mapTileUrl;
    loadLeaflet()
      .then((L) => {
        if (cancelled || !container.current) return;
        leafletRef.current = L;
        const map = L.map(container.current, {
          zoomControl: true,
          attributionControl: false,
          keyboard: true,
          maxZoom: MAP_MAX_ZOOM,
        });
        const at = start.current;
        if (at) map.setView([(at.bounds.south + at.bounds.north) / 2, (at.bounds.west + at.bounds.east) / 2], at.zoom);
        else map.fitBounds(DEFAULT_BOUNDS as unknown as Leaflet.LatLngBoundsExpression);
        removeBase = addBaseLayer(L, map, {
          tileUrl: tileUrl ?? "",
          tileAttribution: site.config.mapTileAttribution,
          locale,
          t,
        });
        mapRef.current = map;
        layerRef.current = L.layerGroup().addTo(map);
        const view = (): MapView => {
          const b = map.getBounds();
          return {
            bounds: {
              south: b.getSouth(),
              west: Math.max(-180, b.getWest()),
              north: b.getNorth(),
              east: Math.min(180, b.getEast()),
            },
            zoom: Math.round(map.getZoom()),
          };
        };
        map.on("moveend", () => callbacks.current.onMove(view()));
        map.on("popupclose", () => setPopup(null));
        setReady(true);
        callbacks.current.onReady(view());
      })
      .catch(() => callbacks.current.onFail());
    return () => {
      cancelled = true;
      removeBase?.();
      removeMap(mapRef.current);
      mapRef.current = null;
    };
  }, [site.config.mapTileUrl, site.config.mapTileAttribution, locale, t]);

  // A new filter set: show its results (a town's listings, not the province around them).
  const fitKey = fit?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per key, with the bounds it came with.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !fit) return;
    const { south, west, north, east } = fit.bounds;
    const go = () =>
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [32, 32], maxZoom: 15 },
      );
    // Leaflet drops a new view asked for during a zoom animation (the base map's minimum zoom
    // starts one when the map opens on a phone): ask again once it has ended.
    if ((map as unknown as { _animatingZoom?: boolean })._animatingZoom) map.once("zoomend", go);
    else go();
  }, [fitKey, ready]);

  // Markers are laid out again at each zoom (the answer for the new view comes later): cluster
  // circles sized to their count never cover each other or a price tag (cluster-layout.ts).
  useEffect(() => {
    const L = leafletRef.current;
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!ready || !L || !map || !layer) return;
    const count = { format: (n: number) => formatNumber(locale, n) };
    const draw = () => {
      layer.clearLayers();
      const zoom = map.getZoom();
      const maxZoom = Math.min(map.getMaxZoom(), MAP_MAX_ZOOM);
      for (const placed of layoutMarkers(markers, zoom, maxZoom, count.format)) {
        if (placed.listing) addListing(placed.listing);
        else addCluster(placed, count.format(placed.count));
      }
    };
    const addCluster = (c: PlacedMarker, label: string) => {
      const at: Leaflet.LatLngExpression = [c.lat, c.lng];
      const marker = L.marker(at, {
        icon: L.divIcon({
          className: "search-cluster",
          html: `<span>${label}</span>`,
          iconSize: [c.diameter, c.diameter],
        }),
        keyboard: true,
        // Larger clusters above smaller ones where a zoom animation briefly brings them together.
        zIndexOffset: Math.round(Math.log10(c.count) * 100),
      });
      marker.on("click", () => map.setView(at, c.expansionZoom));
      marker.on("add", () => {
        const el = marker.getElement();
        el?.setAttribute("role", "button");
        el?.setAttribute("data-count", String(c.count));
        el?.setAttribute("aria-label", t("search.cluster-label", { count: c.count, n: label }));
      });
      layer.addLayer(marker);
    };
    const addListing = (m: Extract<Marker, { kind: "listing" }>) => {
      const at: Leaflet.LatLngExpression = [m.coords.lat, m.coords.lng];
      const known = tooltipCache.get(m.uls);
      const price = formatPrice(locale, m.price);
      const label = known ? `${price}, ${known.address[locale]}` : t("search.marker-label", { price });
      const marker = L.marker(at, {
        icon: L.divIcon({
          className: "search-marker",
          html: `<span>${shortPrice(locale, m.price)}</span>`,
          iconSize: [64, 26],
        }),
        keyboard: true,
      });
      marker.on("add", () => {
        const el = marker.getElement();
        el?.setAttribute("role", "button");
        el?.setAttribute("aria-label", label);
        el?.setAttribute("data-uls", m.uls);
      });
      marker.on("click", () => {
        const el = document.createElement("div");
        const cached = tooltipCache.get(m.uls);
        setPopup({ uls: m.uls, el, data: cached });
        // The popup stays in sight: below what covers the map's top (the page's fixed header, or
        // the full-screen map's own buttons on a phone).
        const top = map.getContainer().getBoundingClientRect().top;
        const covered = Math.max(
          0,
          ...[...document.querySelectorAll(".site-header:not([data-hidden]), .search-map-box__bar")].map(
            (el) => el.getBoundingClientRect().bottom - top,
          ),
        );
        popupRef.current = L.popup({
          minWidth: 220,
          autoPan: true,
          autoPanPaddingTopLeft: [16, covered + 16],
          autoPanPaddingBottomRight: [16, 16],
        })
          .setLatLng(at)
          .setContent(el)
          .openOn(map);
        if (!cached) {
          void tooltipCache
            .fetch(m.uls, (uls) => searchApi.tooltip(site, uls))
            .then((data) => setPopup((p) => (p && p.uls === m.uls ? { ...p, data } : p)));
        }
      });
      layer.addLayer(marker);
    };
    draw();
    map.on("zoomend", draw);
    return () => {
      map.off("zoomend", draw);
    };
  }, [markers, ready, locale, t, site]);

  // Its content arrived (the photo, the address): the popup is taller, pan again to keep it in sight.
  const popupData = popup?.data;
  useEffect(() => {
    if (popupData) popupRef.current?.update();
  }, [popupData]);

  return (
    <div className="search-map" data-ready={ready ? "" : undefined}>
      <section ref={container} className="search-map__canvas" aria-label={t("search.map-label")} />
      {popup
        ? createPortal(<TooltipBody data={popup.data} locale={locale} variantId={site.variantId} />, popup.el)
        : null}
    </div>
  );
}
