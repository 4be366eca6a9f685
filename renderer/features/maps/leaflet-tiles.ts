/** Leaflet's tile layer: loaded only when a tile server is configured (MAP_TILE_URL). */
export { tileLayer } from "leaflet/src/layer/tile/TileLayer.js";
