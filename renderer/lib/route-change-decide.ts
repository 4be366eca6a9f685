/**
 * What the before-route-change callbacks (route-change.ts) decide for one navigation. Apart
 * from them: only the router's blocker needs it, and it loads only while a callback is there.
 */
import { type BeforeRouteChange, callbacks, type RouteChange } from "./route-change";

/** Runs every callback (a throwing one is logged and ignored) and combines their answers. */
export function decideRouteChange(
  change: RouteChange,
  list: Iterable<BeforeRouteChange> = callbacks,
): "veto" | "reload" | undefined {
  let reload = false;
  let veto = false;
  for (const callback of [...list]) {
    try {
      const answer = callback(change);
      if (answer === "veto") veto = true;
      else if (answer === "reload") reload = true;
    } catch (error) {
      console.error("Before-route-change callback failed", error);
    }
  }
  return veto ? "veto" : reload ? "reload" : undefined;
}
