/**
 * The parts of Leaflet every map uses (SiteMap, the search map), from its ES module sources:
 * the map with its handlers, the zoom and attribution controls, markers with HTML icons, layer
 * groups, popups. Two other parts load only where they are needed: ./leaflet-vector.ts
 * (circle markers and tooltips: SiteMap) and ./leaflet-tiles.ts (tile layers: only when a tile
 * server is configured). One module per class is what lets the build split them: the package's
 * single-file ES build could only be shipped as one chunk, tile code included (~4 KB gzip on
 * every map page, where the offline base map draws without it). Loaded on demand through
 * ./load.ts, never during server rendering.
 *
 * Its stylesheet comes with it: the import waits for it, so a map never shows unstyled,
 * and pages link it no more as a render-blocking stylesheet of their own, phones' search
 * page included, where the map starts only in map mode.
 */
import "./leaflet.css";

export { attribution as attributionControl } from "leaflet/src/control/Control.Attribution.js";
export { zoom as zoomControl } from "leaflet/src/control/Control.Zoom.js";
export { toLatLngBounds as latLngBounds } from "leaflet/src/geo/LatLngBounds.js";
export { layerGroup } from "leaflet/src/layer/LayerGroup.js";
export { divIcon } from "leaflet/src/layer/marker/DivIcon.js";
export { marker } from "leaflet/src/layer/marker/Marker.js";
export { popup } from "leaflet/src/layer/Popup.js";
// The map and its interaction handlers (drag, keyboard, wheel, touch and double-click zoom…).
export { map } from "leaflet/src/map/index.js";
