/**
 * The parts of Leaflet the maps use (SiteMap, the search map), from its ES module build:
 * the package's main file is a UMD bundle the build can only ship whole, while named
 * imports of the module build leave out what no map calls (GeoJSON, polylines, polygons,
 * image and video overlays, the layers and scale controls…), ~1.3 KB gzip. Loaded on
 * demand through ./load.ts, never during server rendering.
 *
 * Its stylesheet comes with it: the import waits for it, so a map never shows unstyled,
 * and pages link it no more as a render-blocking stylesheet of their own, phones' search
 * page included, where the map starts only in map mode.
 */
import "./leaflet.css";

export {
  circleMarker,
  control,
  divIcon,
  latLngBounds,
  layerGroup,
  map,
  marker,
  popup,
  tileLayer,
  tooltip,
} from "leaflet/dist/leaflet-src.esm.js";
