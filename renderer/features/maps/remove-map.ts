/**
 * Removes a Leaflet map safely while it animates a zoom. Leaflet ends a zoom animation from a
 * 250 ms fallback timer that `remove()` does not clear; on a removed map it throws
 * "Cannot read properties of undefined (reading '_leaflet_pos')" (a visitor leaving the search
 * right after the map zoomed). The timer's handler does nothing once `_animatingZoom` is false.
 */
export function removeMap(map: { stop(): unknown; remove(): unknown } | null | undefined): void {
  if (!map) return;
  (map as { _animatingZoom?: boolean })._animatingZoom = false;
  map.stop();
  map.remove();
}
