/**
 * Applies the before-route-change callbacks (lib/route-change.ts) with the
 * router's single blocker: "veto" keeps the current page, "reload" loads the
 * target with a full page load. Hash-only changes are not route changes.
 *
 * The blocker is there only while a callback is registered: a blocker the router holds
 * all the time warned on every back or forward to an entry it did not make (a "#visit"
 * link followed by the browser, as in-page links are), with nothing to veto.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { type BlockerFunction, type Location, useBlocker } from "react-router";
import { decideRouteChange, hasBeforeRouteChangeCallbacks, subscribeBeforeRouteChange } from "../../lib/route-change";

const route = (l: Location) => `${l.pathname}${l.search}`;

export function RouteChangeGuard() {
  const active = useSyncExternalStore(subscribeBeforeRouteChange, hasBeforeRouteChangeCallbacks, () => false);
  return active ? <Blocker /> : null;
}

function Blocker() {
  const pending = useRef<{ decision: "veto" | "reload"; href: string }>(undefined);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation, historyAction }) => {
    if (!hasBeforeRouteChangeCallbacks() || route(currentLocation) === route(nextLocation)) return false;
    const href = `${route(nextLocation)}${nextLocation.hash}`;
    const decision = decideRouteChange({
      from: `${route(currentLocation)}${currentLocation.hash}`,
      to: href,
      action: historyAction,
    });
    if (!decision) return false;
    pending.current = { decision, href };
    return true;
  }, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    const decided = pending.current;
    pending.current = undefined;
    if (decided?.decision === "reload") window.location.assign(decided.href);
    else blocker.reset();
  }, [blocker]);
  return null;
}
