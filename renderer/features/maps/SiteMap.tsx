/**
 * The site's map (blocks.md §4 Maps, media and editing; §9 marker constants).
 *
 * Leaflet loads only in the browser, through a dynamic import after mount: the
 * server and the first client render show a placeholder of the same size holding
 * an accessible list of the places. Tiles come from `config.mapTileUrl`; without
 * one the map draws the offline base map of Québec (./base-layer.ts).
 *
 * Markers are circle markers (radius 4, weight 26 so the hit area is large,
 * opacity 0.2 → 0.4 on hover, colour darkened by 0.8 on hover). Each marker's
 * SVG path is keyboard-focusable (role button, aria-label). Popups and tooltips
 * open and close 50 ms after the event; the tooltip is hidden while the popup is
 * open. The popup opens on hover or on click (`popupTrigger`).
 *
 * With `gateway` (default) a transparent button covers the map until it is
 * clicked, and covers it again when the map leaves the viewport.
 */
import type * as Leaflet from "leaflet";
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useSite } from "../../lib/site";
import { shadeColor } from "./color";
import "./maps.css";
import { addBaseLayer } from "./base-layer";
import {
  DEFAULT_BOUNDS,
  DEFAULT_MARKER_COLOR,
  MAP_MAX_ZOOM,
  MARKER_HOVER_OPACITY,
  MARKER_HOVER_SHADE,
  MARKER_OPACITY,
  MARKER_RADIUS,
  MARKER_WEIGHT,
  POPUP_DELAY_MS,
  READY_POPUP_DELAY_MS,
  SINGLE_MARKER_ZOOM,
} from "./constants";
import { createDelayedToggle, type DelayedToggle } from "./delay";
import { type LeafletApi, type LeafletVectorApi, loadLeaflet, loadLeafletVector } from "./load";
import "../../messages/media";
import { removeMap } from "./remove-map";

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** Accessible name of the marker, also its tooltip. */
  label: string;
  popup?: ReactNode;
  /** Hex colour; the theme accent by default. */
  color?: string;
}

export interface SiteMapProps {
  markers: readonly MapMarker[];
  /** The selected marker: highlighted, and its popup shown when `showActivePopup`. */
  activeId?: string | null;
  /** A marker highlighted from outside (e.g. hovering its item in a list). */
  highlightId?: string | null;
  onMarkerClick?: (id: string) => void;
  /** Fit the view to the markers (default true). */
  fitBounds?: boolean;
  /** Zoom of a map with one marker (default SINGLE_MARKER_ZOOM). */
  singleMarkerZoom?: number;
  /** CSS height; a number is pixels (default 420). */
  height?: number | string;
  /** Block interaction until the visitor clicks (default true). */
  gateway?: boolean;
  popupTrigger?: "click" | "hover";
  /** Open the active marker's popup: 250 ms after the map is ready, then on every change. */
  showActivePopup?: boolean;
  /** Accessible name of the map region. */
  label?: string;
  className?: string;
}

export interface MarkerStyle {
  color: string;
  fillColor: string;
  opacity: number;
  fillOpacity: number;
  radius: number;
  weight: number;
}

/** The circle-marker style of a marker in its state (pure, see tests). */
export function markerStyle(color: string | undefined, highlighted: boolean): MarkerStyle {
  const base = color || DEFAULT_MARKER_COLOR;
  const shown = highlighted ? shadeColor(base, MARKER_HOVER_SHADE) : base;
  return {
    color: shown,
    fillColor: shown,
    opacity: highlighted ? MARKER_HOVER_OPACITY : MARKER_OPACITY,
    fillOpacity: 1,
    radius: MARKER_RADIUS,
    weight: MARKER_WEIGHT,
  };
}

interface MarkerEntry {
  marker: MapMarker;
  layer: Leaflet.CircleMarker;
  popup?: Leaflet.Popup;
  tooltip: Leaflet.Tooltip;
  popupToggle: DelayedToggle;
  tooltipToggle: DelayedToggle;
  hovered: boolean;
}

export function SiteMap({
  markers,
  activeId,
  highlightId,
  onMarkerClick,
  fitBounds = true,
  singleMarkerZoom = SINGLE_MARKER_ZOOM,
  height = 420,
  gateway = true,
  popupTrigger = "click",
  showActivePopup = false,
  label,
  className,
}: SiteMapProps) {
  const { t } = useTranslation();
  const { config, locale } = useSite();
  const listId = useId();
  const wrapperRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const leafletRef = useRef<(LeafletApi & LeafletVectorApi) | null>(null);
  const entriesRef = useRef(new Map<string, MarkerEntry>());
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [blocked, setBlocked] = useState(gateway);
  const [popupHosts, setPopupHosts] = useState<Record<string, HTMLElement>>({});
  const focusMapRef = useRef(false);

  // Latest props for the Leaflet event handlers, which are bound once per marker set.
  const closeLabel = t("maps.close-popup");
  const latest = useRef({ onMarkerClick, popupTrigger, activeId, highlightId, closeLabel });
  latest.current = { onMarkerClick, popupTrigger, activeId, highlightId, closeLabel };

  const tileUrl = config.mapTileUrl?.trim() ?? "";
  const tileAttribution = config.mapTileAttribution ?? "";
  const zoomIn = t("maps.zoom-in");
  const zoomOut = t("maps.zoom-out");

  // Leaflet loads and lays the map out once it comes near the viewport: a map further down the
  // page (or among a long page's blocks in the studio) costs nothing until then.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (near || !wrapper) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver((records) => records.some((r) => r.isIntersecting) && setNear(true), {
      rootMargin: "50% 0px",
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, [near]);

  // Create the map once Leaflet has loaded (browser only).
  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let map: Leaflet.Map | null = null;
    let removeBase: (() => void) | undefined;
    Promise.all([loadLeaflet(), loadLeafletVector()])
      .then(([core, vector]) => {
        const L = { ...core, ...vector };
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        leafletRef.current = L;
        map = L.map(canvas, {
          zoomControl: false,
          attributionControl: false,
          keyboard: true,
          zoomSnap: 0.5,
          maxZoom: MAP_MAX_ZOOM,
        });
        map.fitBounds(DEFAULT_BOUNDS as unknown as Leaflet.LatLngBoundsExpression);
        L.zoomControl({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
        removeBase = addBaseLayer(L, map, {
          tileUrl,
          tileAttribution,
          locale,
          t,
        });
        // The map's own keyboard focus target needs a name.
        canvas.setAttribute("role", "group");
        canvas.setAttribute("aria-label", t("maps.keyboard-help"));
        mapRef.current = map;
        setReady(true);
      })
      .catch((error: unknown) => {
        console.warn("The map could not load:", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      removeBase?.();
      removeMap(map);
      mapRef.current = null;
      setReady(false);
    };
  }, [near, tileUrl, tileAttribution, zoomIn, zoomOut, locale, t]);

  // (Re)create the markers when they change.
  useEffect(() => {
    const map = mapRef.current;
    const L = leafletRef.current;
    if (!ready || !map || !L) return;
    const entries = entriesRef.current;
    const hosts: Record<string, HTMLElement> = {};
    const isHighlighted = (entry: MarkerEntry) =>
      entry.hovered || entry.marker.id === latest.current.activeId || entry.marker.id === latest.current.highlightId;
    const restyle = (entry: MarkerEntry) => applyStyle(entry, isHighlighted(entry), latest.current.activeId);

    for (const marker of markers) {
      const layer = L.circleMarker([marker.lat, marker.lng], {
        ...markerStyle(marker.color, false),
        bubblingMouseEvents: false,
      }).addTo(map);
      let popup: Leaflet.Popup | undefined;
      if (marker.popup) {
        const host = document.createElement("div");
        host.className = "site-map__popup";
        hosts[marker.id] = host;
        popup = L.popup({ offset: [0, -6], autoPanPadding: [24, 24], maxWidth: 280 })
          .setLatLng([marker.lat, marker.lng])
          .setContent(host);
      }
      const tooltip = L.tooltip({ direction: "top", offset: [0, -8], opacity: 1, className: "site-map__tooltip" })
        .setLatLng([marker.lat, marker.lng])
        .setContent(escapeHtml(marker.label));
      const entry: MarkerEntry = {
        marker,
        layer,
        popup,
        tooltip,
        hovered: false,
        tooltipToggle: createDelayedToggle(
          POPUP_DELAY_MS,
          () => {
            if (!popup || !map.hasLayer(popup)) map.openTooltip(tooltip);
          },
          () => map.closeTooltip(tooltip),
        ),
        popupToggle: createDelayedToggle(
          POPUP_DELAY_MS,
          () => {
            if (!popup) return;
            map.closeTooltip(tooltip);
            map.openPopup(popup);
            // Portalled content may change the popup's size after it opened: lay it out and pan again.
            requestAnimationFrame(() => {
              if (map.hasLayer(popup)) popup.update();
            });
          },
          () => {
            if (popup) map.closePopup(popup);
          },
        ),
      };
      entries.set(marker.id, entry);

      const activate = () => {
        latest.current.onMarkerClick?.(marker.id);
        if (latest.current.popupTrigger === "click") entry.popupToggle.open();
      };
      layer.on("mouseover", () => {
        entry.hovered = true;
        restyle(entry);
        entry.tooltipToggle.open();
        if (latest.current.popupTrigger === "hover") entry.popupToggle.open();
      });
      layer.on("mouseout", () => {
        entry.hovered = false;
        restyle(entry);
        entry.tooltipToggle.close();
        if (latest.current.popupTrigger === "hover") entry.popupToggle.close();
      });
      layer.on("click", activate);

      const element = layer.getElement();
      if (element) {
        element.setAttribute("tabindex", "0");
        element.setAttribute("role", "button");
        element.setAttribute("aria-label", marker.label);
        element.setAttribute("data-marker-id", marker.id);
        element.addEventListener("keydown", (event) => {
          if ((event as KeyboardEvent).key === "Enter" || (event as KeyboardEvent).key === " ") {
            event.preventDefault();
            event.stopPropagation();
            activate();
          }
        });
        element.addEventListener("focus", () => entry.tooltipToggle.open());
        element.addEventListener("blur", () => entry.tooltipToggle.close());
      }
      restyle(entry);
    }

    // Hover popups stay open while the pointer is over them.
    const onPopupOpen = (event: Leaflet.PopupEvent) => {
      for (const entry of entries.values()) {
        if (entry.popup !== event.popup) continue;
        entry.tooltipToggle.cancel();
        map.closeTooltip(entry.tooltip);
        const element = event.popup.getElement();
        element?.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", latest.current.closeLabel);
        if (element && latest.current.popupTrigger === "hover") {
          element.onmouseenter = () => entry.popupToggle.cancel();
          element.onmouseleave = () => entry.popupToggle.close();
        }
      }
    };
    map.on("popupopen", onPopupOpen);

    if (fitBounds) fitToMarkers(map, L, markers, singleMarkerZoom);
    setPopupHosts(hosts);

    return () => {
      map.off("popupopen", onPopupOpen);
      for (const entry of entries.values()) {
        entry.popupToggle.cancel();
        entry.tooltipToggle.cancel();
        if (entry.popup) map.closePopup(entry.popup);
        map.closeTooltip(entry.tooltip);
        entry.layer.remove();
      }
      entries.clear();
      setPopupHosts({});
    };
  }, [ready, markers, fitBounds, singleMarkerZoom]);

  // Active and highlighted markers.
  useEffect(() => {
    if (!ready) return;
    for (const entry of entriesRef.current.values()) {
      const highlighted = entry.hovered || entry.marker.id === activeId || entry.marker.id === highlightId;
      applyStyle(entry, highlighted, activeId);
    }
  }, [ready, activeId, highlightId]);

  // The active marker's popup: 250 ms after the map is ready, then 50 ms after each change.
  const popupShownOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new markers mean new layers; reopen the popup on them.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !showActivePopup || !activeId) return;
    const entry = entriesRef.current.get(activeId);
    if (!entry) return;
    if (!map.getBounds().contains(entry.layer.getLatLng())) map.panTo(entry.layer.getLatLng());
    if (popupShownOnce.current) {
      entry.popupToggle.open();
      return () => entry.popupToggle.cancel();
    }
    const timer = setTimeout(() => {
      popupShownOnce.current = true;
      entry.popupToggle.open();
    }, READY_POPUP_DELAY_MS - POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, showActivePopup, activeId, markers]);

  // The gateway blocks again when the map leaves the viewport.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!gateway || blocked || !wrapper || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((records) => {
      if (records.some((record) => !record.isIntersecting)) setBlocked(true);
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, [gateway, blocked]);

  // After the visitor opens the gateway, keyboard focus moves to the map.
  useEffect(() => {
    if (blocked || !focusMapRef.current) return;
    focusMapRef.current = false;
    canvasRef.current?.focus({ preventScroll: true });
  }, [blocked]);

  // Leaflet measures its container when the map is made; tell it when the height changes
  // after that (not when it becomes ready: a second measure forced a layout of the page).
  const measuredHeight = useRef<typeof height | null>(null);
  useEffect(() => {
    if (!ready) return;
    if (measuredHeight.current !== null && measuredHeight.current !== height) mapRef.current?.invalidateSize();
    measuredHeight.current = height;
  }, [ready, height]);

  const style = { "--site-map-height": typeof height === "number" ? `${height}px` : height } as CSSProperties;
  const blocking = gateway && blocked;
  return (
    <section
      ref={wrapperRef}
      className={["site-map", className].filter(Boolean).join(" ")}
      style={style}
      aria-label={label || t("maps.map-label")}
      data-ready={ready ? "true" : "false"}
      data-blocked={blocking ? "true" : "false"}
    >
      <div ref={canvasRef} className="site-map__canvas" inert={blocking ? true : undefined} />
      {!ready ? (
        <div className="site-map__placeholder" data-failed={failed ? "true" : undefined}>
          <p className="site-map__sr" id={listId}>
            {t("maps.places")}
          </p>
          <ul className="site-map__sr" aria-labelledby={listId}>
            {markers.map((marker) => (
              <li key={marker.id}>{marker.label}</li>
            ))}
          </ul>
          {failed ? <p className="site-map__message">{t("maps.unavailable")}</p> : null}
        </div>
      ) : null}
      {blocking ? (
        <button
          type="button"
          className="site-map__gateway"
          onClick={() => {
            focusMapRef.current = true;
            setBlocked(false);
          }}
        >
          <span className="site-map__gateway-label">{t("maps.gateway")}</span>
        </button>
      ) : null}
      {Object.entries(popupHosts).map(([id, host]) => {
        const marker = markers.find((m) => m.id === id);
        return marker?.popup ? createPortal(marker.popup, host, id) : null;
      })}
    </section>
  );
}

function applyStyle(entry: MarkerEntry, highlighted: boolean, activeId: string | null | undefined) {
  entry.layer.setStyle(markerStyle(entry.marker.color, highlighted));
  const active = entry.marker.id === activeId;
  if (active || highlighted) entry.layer.bringToFront();
  const element = entry.layer.getElement();
  if (element) {
    element.setAttribute("data-active", active ? "true" : "false");
    element.setAttribute("data-highlighted", highlighted ? "true" : "false");
  }
}

function fitToMarkers(map: Leaflet.Map, L: LeafletApi, markers: readonly MapMarker[], singleZoom: number) {
  if (markers.length === 0) return;
  const first = markers[0];
  if (markers.length === 1 && first) {
    map.setView([first.lat, first.lng], singleZoom);
    return;
  }
  map.fitBounds(L.latLngBounds(markers.map((m) => [m.lat, m.lng] as [number, number])), {
    padding: [48, 48],
    maxZoom: 15,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
