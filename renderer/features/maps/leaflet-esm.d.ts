// Leaflet's ES module sources (./leaflet.ts, ./leaflet-vector.ts, ./leaflet-tiles.ts) have the
// API @types/leaflet describes.
declare module "leaflet/src/control/Control.Attribution.js" {
  export const attribution: typeof import("leaflet").control.attribution;
}
declare module "leaflet/src/control/Control.Zoom.js" {
  export const zoom: typeof import("leaflet").control.zoom;
}
declare module "leaflet/src/geo/LatLngBounds.js" {
  export const toLatLngBounds: typeof import("leaflet").latLngBounds;
}
declare module "leaflet/src/layer/LayerGroup.js" {
  export const layerGroup: typeof import("leaflet").layerGroup;
}
declare module "leaflet/src/layer/Popup.js" {
  export const popup: typeof import("leaflet").popup;
}
declare module "leaflet/src/layer/Tooltip.js" {
  export const Tooltip: typeof import("leaflet").Tooltip;
  export const tooltip: typeof import("leaflet").tooltip;
}
declare module "leaflet/src/layer/marker/DivIcon.js" {
  export const divIcon: typeof import("leaflet").divIcon;
}
declare module "leaflet/src/layer/marker/Marker.js" {
  export const marker: typeof import("leaflet").marker;
}
declare module "leaflet/src/layer/vector/CircleMarker.js" {
  export const circleMarker: typeof import("leaflet").circleMarker;
}
declare module "leaflet/src/layer/vector/Renderer.getRenderer.js" {}
declare module "leaflet/src/layer/tile/TileLayer.js" {
  export const tileLayer: typeof import("leaflet").tileLayer;
}
declare module "leaflet/src/map/index.js" {
  export const map: typeof import("leaflet").map;
}
