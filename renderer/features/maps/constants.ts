/** Map constants (blocks.md §9 Text and measures, §9 Lists and paging). */
export const MARKER_RADIUS = 4;
/** Stroke width of circle markers: a wide, faint ring that makes the hit area large. */
export const MARKER_WEIGHT = 26;
export const MARKER_OPACITY = 0.2;
export const MARKER_HOVER_OPACITY = 0.4;
/** The marker colour is multiplied by this factor on hover (darker). */
export const MARKER_HOVER_SHADE = 0.8;
/** Popups and tooltips open or close this long after the triggering event. */
export const POPUP_DELAY_MS = 50;
/** The offices map opens the active office's popup this long after the map is ready. */
export const READY_POPUP_DELAY_MS = 250;
/** Zoom used when there is a single marker to show. */
export const SINGLE_MARKER_ZOOM = 14;
/** The deepest zoom of every map (street level; tile servers and the offline base map both reach it). */
export const MAP_MAX_ZOOM = 18;
/** Default bounds (Québec): south-west and north-east corners. */
export const DEFAULT_BOUNDS: readonly [readonly [number, number], readonly [number, number]] = [
  [44.5, -80.42],
  [62.98, -55.33],
];
export const DEFAULT_MARKER_COLOR = "#0b4fa8";
