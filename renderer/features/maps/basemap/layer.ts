/**
 * The offline base map (docs/decisions.md, "Offline base map"): sea, lakes, rivers, borders and
 * place names of Québec drawn under a map's markers when no tile server is configured.
 *
 * Vector, not tiles: 20 KB of gzipped data draws every zoom sharply, where a tile pyramid of
 * the same region would weigh megabytes. It is drawn by a layer of its own rather than
 * Leaflet's polygons, which the maps' Leaflet chunk leaves out (the search page's budget):
 * one SVG with four paths, projected and clipped to the view plus a margin at each move and
 * zoom (as Leaflet's own SVG renderer does), scaled with the map during zoom animations. Place
 * names are HTML labels, the largest first, each shown only where it covers no other.
 */
import type * as Leaflet from "leaflet";
import { clipPolygon, clipPolyline } from "lineclip";
import type { BaseLayerOptions } from "../base-layer";
import { LEAFLET_LINK } from "../base-layer";
import type { LeafletApi } from "../load";
import "../../../messages/basemap";
import "./basemap.css";
import { type BaseMapData, baseMapSchema, decodeLine } from "./format";
import dataUrl from "./quebec.json?url";

/** A line or ring in degrees, with its bounding box for culling. */
interface Shape {
  lng: Float64Array;
  lat: Float64Array;
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface PreparedBaseMap {
  data: BaseMapData;
  water: Shape[];
  rivers: Shape[];
  borders: Shape[];
  country: Shape[];
}

function shapeOf(flat: readonly number[], precision: number): Shape {
  const points = decodeLine(flat, precision);
  const lng = new Float64Array(points.length);
  const lat = new Float64Array(points.length);
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  points.forEach(([x, y], i) => {
    lng[i] = x;
    lat[i] = y;
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  });
  return { lng, lat, west, south, east, north };
}

export function prepareBaseMap(data: BaseMapData): PreparedBaseMap {
  const shapes = (list: readonly number[][]) => list.map((flat) => shapeOf(flat, data.precision));
  return {
    data,
    water: shapes(data.water),
    rivers: shapes(data.rivers),
    borders: shapes(data.borders),
    country: shapes(data.country),
  };
}

let pending: Promise<PreparedBaseMap> | undefined;

/** Fetches and parses the data once per page, whatever the number of maps. */
export function loadBaseMap(): Promise<PreparedBaseMap> {
  pending ??= fetch(dataUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`${dataUrl} answered ${response.status}`);
      return response.json();
    })
    .then((json: unknown) => prepareBaseMap(baseMapSchema.parse(json)));
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** Share of the map's size drawn beyond each edge, so that a pan shows no blank before moveend. */
const PADDING = 0.5;
/** Points closer than this to the previous one (in pixels) are skipped. */
const MIN_STEP_PX = 0.75;
const LABEL_FONT_PX = 12;
const REGION_FONT_PX = 11;
/** Region names show while the map shows several of them. */
const REGION_MAX_ZOOM = 7;

/**
 * How visible the water and rivers are at a zoom. The 1:50m shores are a kilometre or two off:
 * fine for a region or a city, misleading at street level, where they would draw a town in its
 * river. They fade from zoom 12 and are gone from 14; names and borders stay.
 */
export function shapeOpacity(zoom: number): number {
  if (zoom <= 11) return 1;
  if (zoom >= 14) return 0;
  return Math.round((1 - (zoom - 11) / 3) * 100) / 100;
}

/** Municipalities shown from each zoom on, by population (the collision check does the rest). */
function minPopulation(zoom: number): number {
  if (zoom < 5) return 150_000;
  if (zoom < 6) return 60_000;
  if (zoom < 7) return 25_000;
  if (zoom < 8) return 8_000;
  return 0;
}

type Box = { left: number; top: number; right: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Draws the base map on a map; returns what removes it. */
export function attachBaseMap(
  L: LeafletApi,
  map: Leaflet.Map,
  prepared: PreparedBaseMap,
  options: Pick<BaseLayerOptions, "locale" | "t">,
): () => void {
  const { data } = prepared;
  const container = map.getContainer();
  container.setAttribute("data-basemap", "");
  container.classList.add("basemap-on");

  const pane = map.getPane("basemap") ?? map.createPane("basemap");
  const labelPane = map.getPane("basemapLabels") ?? map.createPane("basemapLabels");
  pane.classList.add("basemap-pane");
  labelPane.classList.add("basemap-labels-pane");

  const svgNs = "http://www.w3.org/2000/svg";
  const root = document.createElement("div");
  root.className = "basemap leaflet-zoom-animated";
  root.setAttribute("aria-hidden", "true");
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("class", "basemap__svg");
  const path = (kind: string) => {
    const element = document.createElementNS(svgNs, "path");
    element.setAttribute("class", `basemap__${kind}`);
    element.setAttribute("data-basemap-layer", kind);
    svg.appendChild(element);
    return element;
  };
  const waterPath = path("water");
  const riverPath = path("rivers");
  const borderPath = path("borders");
  const countryPath = path("country");
  root.appendChild(svg);
  pane.appendChild(root);

  const labels = document.createElement("div");
  labels.className = "basemap__labels leaflet-zoom-animated";
  labels.setAttribute("aria-hidden", "true");
  labelPane.appendChild(labels);

  const attribution = map.attributionControl ?? L.attributionControl({ prefix: LEAFLET_LINK }).addTo(map);
  const sourceHtml = options.t("basemap.source", {
    source: `<a href="${data.source.url}" rel="noopener">${escapeHtml(data.source.name)}</a>`,
  });
  attribution.addAttribution(sourceHtml);

  // The map never shows past the data: no blank sea or land where nothing was drawn.
  const { west, south, east, north } = data.bounds;
  const dataBounds = L.latLngBounds([south, west], [north, east]);
  const fitMinZoom = () => {
    const size = map.getSize();
    if (size.x === 0 || size.y === 0) return;
    const zoom = map.getBoundsZoom(dataBounds, true);
    if (Number.isFinite(zoom)) map.setMinZoom(zoom);
  };
  const previousMinZoom = map.getMinZoom();
  fitMinZoom();
  map.setMaxBounds(dataBounds);
  map.options.maxBoundsViscosity = 1;

  // Where the drawn area's top left sits: its layer point and geographic position at draw time.
  let drawnZoom = map.getZoom();
  let drawnTopLeft = map.containerPointToLatLng([0, 0]);
  const measure = textMeasurer(container);

  const setTransform = (element: HTMLElement, x: number, y: number, scale?: number) => {
    element.style.transform = `translate3d(${x}px, ${y}px, 0)${scale === undefined ? "" : ` scale(${scale})`}`;
  };

  const draw = () => {
    const size = map.getSize();
    if (size.x === 0 || size.y === 0) return;
    const zoom = map.getZoom();
    const origin = map.getPixelOrigin();
    const min = map.containerPointToLayerPoint([-size.x * PADDING, -size.y * PADDING]).round();
    const width = Math.round(size.x * (1 + 2 * PADDING));
    const height = Math.round(size.y * (1 + 2 * PADDING));
    drawnZoom = zoom;
    drawnTopLeft = map.layerPointToLatLng(min);
    setTransform(root, min.x, min.y);
    setTransform(labels, min.x, min.y);
    root.style.setProperty("--basemap-shape-opacity", String(shapeOpacity(zoom)));
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);

    // Pixel coordinates inside the drawn area; shapes outside it are skipped, the rest clipped.
    const ox = origin.x + min.x;
    const oy = origin.y + min.y;
    const clip: [number, number, number, number] = [-8, -8, width + 8, height + 8];
    const nw = map.layerPointToLatLng(min);
    const se = map.layerPointToLatLng([min.x + width, min.y + height]);
    const visible = (s: Shape) => s.east >= nw.lng && s.west <= se.lng && s.north >= se.lat && s.south <= nw.lat;
    const project = (s: Shape): [number, number][] => {
      const out: [number, number][] = [];
      let lastX = Number.NaN;
      let lastY = Number.NaN;
      for (let i = 0; i < s.lng.length; i++) {
        const p = map.project([s.lat[i]!, s.lng[i]!], zoom);
        const x = p.x - ox;
        const y = p.y - oy;
        if (i > 0 && i < s.lng.length - 1 && Math.abs(x - lastX) < MIN_STEP_PX && Math.abs(y - lastY) < MIN_STEP_PX)
          continue;
        out.push([x, y]);
        lastX = x;
        lastY = y;
      }
      return out;
    };
    const ringsPath = (shapes: Shape[]) => {
      let d = "";
      for (const s of shapes) {
        if (!visible(s)) continue;
        const ring = clipPolygon(project(s), clip);
        if (ring.length >= 3) d += `M${ring.map(pointText).join("L")}Z`;
      }
      return d;
    };
    const linesPath = (shapes: Shape[]) => {
      let d = "";
      for (const s of shapes) {
        if (!visible(s)) continue;
        for (const part of clipPolyline(project(s), clip))
          if (part.length >= 2) d += `M${part.map(pointText).join("L")}`;
      }
      return d;
    };
    // Faded out entirely at street zooms: nothing to project.
    const shown = shapeOpacity(zoom) > 0;
    waterPath.setAttribute("d", shown ? ringsPath(prepared.water) : "");
    riverPath.setAttribute("d", shown ? linesPath(prepared.rivers) : "");
    borderPath.setAttribute("d", linesPath(prepared.borders));
    countryPath.setAttribute("d", linesPath(prepared.country));
    drawLabels(zoom, ox, oy, size);
  };

  const drawLabels = (zoom: number, ox: number, oy: number, size: Leaflet.Point) => {
    labels.replaceChildren();
    const taken: Box[] = [];
    // Only labels whose point is in the view (plus a margin) are placed: off-screen ones would
    // reserve room for nothing. The view starts PADDING × its size into the drawn area.
    const left = size.x * PADDING;
    const top = size.y * PADDING;
    const inView = (x: number, y: number) =>
      x >= left - 80 && x <= left + size.x + 20 && y >= top - 20 && y <= top + size.y + 20;
    const place = (text: string, x: number, y: number, kind: "region" | "place", population?: number) => {
      const font = kind === "region" ? REGION_FONT_PX : LABEL_FONT_PX;
      const textWidth = measure(kind === "region" ? text.toUpperCase() : text, font, kind === "region");
      // Places: a dot at the point and the name to its right; regions: the name centred.
      const box: Box =
        kind === "region"
          ? {
              left: x - textWidth / 2 - 4,
              top: y - font / 2 - 3,
              right: x + textWidth / 2 + 4,
              bottom: y + font / 2 + 3,
            }
          : { left: x - 4, top: y - font / 2 - 3, right: x + 8 + textWidth + 3, bottom: y + font / 2 + 3 };
      if (taken.some((other) => overlaps(box, other))) return;
      taken.push(box);
      const element = document.createElement("span");
      element.className = `basemap-label basemap-label--${kind}`;
      element.textContent = text;
      if (population !== undefined) element.setAttribute("data-population", String(population));
      setTransform(element, Math.round(x), Math.round(y));
      labels.appendChild(element);
    };
    if (zoom <= REGION_MAX_ZOOM) {
      for (const { fr, en, lat, lng } of data.regions) {
        const p = map.project([lat, lng], zoom);
        const x = p.x - ox;
        const y = p.y - oy;
        if (inView(x, y)) place(options.locale === "fr" ? fr : en, x, y, "region");
      }
    }
    const threshold = minPopulation(zoom);
    for (const { name, lat, lng, population } of data.places) {
      if (population < threshold) break;
      const p = map.project([lat, lng], zoom);
      const x = p.x - ox;
      const y = p.y - oy;
      if (inView(x, y)) place(name, x, y, "place", population);
    }
  };

  // During a zoom animation the drawn area scales with the map (Leaflet's renderers do the same).
  const animate = (event: Leaflet.ZoomAnimEvent) => {
    const scale = map.getZoomScale(event.zoom, drawnZoom);
    const panePos = map.containerPointToLayerPoint([0, 0]).multiplyBy(-1);
    const newOrigin = map.project(event.center, event.zoom).subtract(map.getSize().divideBy(2)).add(panePos).round();
    const topLeft = map.project(drawnTopLeft, event.zoom).subtract(newOrigin);
    setTransform(root, topLeft.x, topLeft.y, scale);
    setTransform(labels, topLeft.x, topLeft.y, scale);
  };

  const onResize = () => {
    fitMinZoom();
    draw();
  };
  map.on("viewreset zoomend moveend", draw);
  map.on("resize", onResize);
  map.on("zoomanim", animate);
  draw();

  return () => {
    map.off("viewreset zoomend moveend", draw);
    map.off("resize", onResize);
    map.off("zoomanim", animate);
    root.remove();
    labels.remove();
    attribution.removeAttribution(sourceHtml);
    container.removeAttribute("data-basemap");
    container.classList.remove("basemap-on");
    map.setMaxBounds(undefined as unknown as Leaflet.LatLngBounds);
    map.setMinZoom(previousMinZoom);
  };
}

const pointText = ([x, y]: [number, number]) => `${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}`;

/** Text widths in the map's own font (a canvas measures them; labels never touch the layout). */
function textMeasurer(container: HTMLElement): (text: string, px: number, region: boolean) => number {
  const family = getComputedStyle(container).fontFamily || "sans-serif";
  const context = document.createElement("canvas").getContext("2d");
  const cache = new Map<string, number>();
  return (text, px, region) => {
    const key = `${px}|${region}|${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      if (context) {
        context.font = `600 ${px}px ${family}`;
        // Regions are letter-spaced (0.08em per character, basemap.css).
        width = context.measureText(text).width + (region ? text.length * px * 0.08 : 0);
      } else width = text.length * px * 0.6;
      cache.set(key, width);
    }
    return width;
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
