/**
 * SiteMap's own parts of Leaflet (./leaflet.ts has the common ones): circle markers, drawn by
 * the SVG renderer, and tooltips. The search map draws HTML markers and never loads them.
 */
// Map#getRenderer, which paths call when they are added.
import "leaflet/src/layer/vector/Renderer.getRenderer.js";

export { Tooltip, tooltip } from "leaflet/src/layer/Tooltip.js";
export { circleMarker } from "leaflet/src/layer/vector/CircleMarker.js";
