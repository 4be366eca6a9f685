/**
 * The router's blocker for the before-route-change callbacks (RouteChangeGuard.tsx): "veto"
 * keeps the current page, "reload" loads the target with a full page load. Hash-only changes
 * are not route changes.
 */
import { useCallback, useEffect, useRef } from "react";
import { type BlockerFunction, type Location, useBlocker } from "react-router";
import { hasBeforeRouteChangeCallbacks } from "../../lib/route-change";
import { decideRouteChange } from "../../lib/route-change-decide";

const route = (l: Location) => `${l.pathname}${l.search}`;

export default function Blocker() {
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
