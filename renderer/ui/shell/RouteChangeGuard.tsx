/**
 * Applies the before-route-change callbacks (lib/route-change.ts) with the
 * router's single blocker: "veto" keeps the current page, "reload" loads the
 * target with a full page load. Hash-only changes are not route changes.
 *
 * The blocker is there only while a callback is registered: a blocker the router holds
 * all the time warned on every back or forward to an entry it did not make (a "#visit"
 * link followed by the browser, as in-page links are), with nothing to veto.
 */
import { lazy, Suspense, useSyncExternalStore } from "react";
import { hasBeforeRouteChangeCallbacks, subscribeBeforeRouteChange } from "../../lib/route-change";

// Its code loads with the first callback: most pages never register one.
const Blocker = lazy(() => import("./RouteChangeBlocker"));

export function RouteChangeGuard() {
  const active = useSyncExternalStore(subscribeBeforeRouteChange, hasBeforeRouteChangeCallbacks, () => false);
  return active ? (
    <Suspense fallback={null}>
      <Blocker />
    </Suspense>
  ) : null;
}
