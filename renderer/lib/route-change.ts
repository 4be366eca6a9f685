/**
 * Before-route-change callbacks (site.md §2, blocks.md §4): a registered callback
 * sees each client navigation before it happens and may answer "veto" (stay) or
 * "reload" (load the target with a full page load). Veto wins over reload
 * (route-change-decide.ts).
 */
export type RouteChangeDecision = "veto" | "reload" | undefined;

export interface RouteChange {
  /** Current path with query and hash. */
  from: string;
  /** Target path with query and hash. */
  to: string;
  action: "POP" | "PUSH" | "REPLACE";
}

export type BeforeRouteChange = (change: RouteChange) => RouteChangeDecision;

/** Read by the router's blocker (route-change-decide.ts), loaded only while one is registered. */
export const callbacks = new Set<BeforeRouteChange>();
/** Told when the first callback comes or the last one goes (the router's blocker is there only meanwhile). */
let listener: (() => void) | undefined;

export function registerBeforeRouteChange(callback: BeforeRouteChange): () => void {
  // A wrapper so the same function registered twice unregisters independently.
  const entry: BeforeRouteChange = (change) => callback(change);
  callbacks.add(entry);
  if (callbacks.size === 1) listener?.();
  return () => {
    if (callbacks.delete(entry) && !callbacks.size) listener?.();
  };
}

/** For useSyncExternalStore (the one guard of the page): calls `onChange` when hasBeforeRouteChangeCallbacks() changes. */
export function subscribeBeforeRouteChange(onChange: () => void): () => void {
  listener = onChange;
  return () => {
    if (listener === onChange) listener = undefined;
  };
}

export function hasBeforeRouteChangeCallbacks(): boolean {
  return callbacks.size > 0;
}
