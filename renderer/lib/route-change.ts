/**
 * Before-route-change callbacks (site.md §2, blocks.md §4): a registered callback
 * sees each client navigation before it happens and may answer "veto" (stay) or
 * "reload" (load the target with a full page load). Veto wins over reload.
 */
import { useEffect, useRef } from "react";

export type RouteChangeDecision = "veto" | "reload" | undefined;

export interface RouteChange {
  /** Current path with query and hash. */
  from: string;
  /** Target path with query and hash. */
  to: string;
  action: "POP" | "PUSH" | "REPLACE";
}

export type BeforeRouteChange = (change: RouteChange) => RouteChangeDecision;

const callbacks = new Set<BeforeRouteChange>();
/** Told when the first callback comes or the last one goes (the router's blocker is there only meanwhile). */
const listeners = new Set<() => void>();

export function registerBeforeRouteChange(callback: BeforeRouteChange): () => void {
  // A wrapper so the same function registered twice unregisters independently.
  const entry: BeforeRouteChange = (change) => callback(change);
  callbacks.add(entry);
  if (callbacks.size === 1) for (const listener of [...listeners]) listener();
  return () => {
    if (callbacks.delete(entry) && callbacks.size === 0) for (const listener of [...listeners]) listener();
  };
}

/** For useSyncExternalStore: calls `listener` when hasBeforeRouteChangeCallbacks() changes. */
export function subscribeBeforeRouteChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

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

export function hasBeforeRouteChangeCallbacks(): boolean {
  return callbacks.size > 0;
}

/** Registers `callback` while the component is mounted; the latest callback is always used. */
export function useBeforeRouteChange(callback: BeforeRouteChange): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => registerBeforeRouteChange((change) => latest.current(change)), []);
}
