/**
 * Breakpoints (site.md §9, blocks.md §4): "up" flags are width ≥ the breakpoint,
 * "down" is their negation. Before hydration (and on the server) the window is
 * 414×896 so the first client render matches the server HTML.
 */
import { createContext, useContext, useSyncExternalStore } from "react";

export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1440, xxxl: 1680, xxxxl: 1921 } as const;
export type BreakpointName = keyof typeof BREAKPOINTS;
export const DEFAULT_WINDOW = { width: 414, height: 896 } as const;
export const RESIZE_THROTTLE_MS = 50;

type Flags = { [K in BreakpointName as `${K}Up` | `${K}Down`]: boolean };
export type Breakpoints = Flags & { width: number; height: number };

export function computeBreakpoints(width: number, height: number = DEFAULT_WINDOW.height): Breakpoints {
  const result: Record<string, number | boolean> = { width, height };
  for (const [name, min] of Object.entries(BREAKPOINTS)) {
    const up = width >= min;
    result[`${name}Up`] = up;
    result[`${name}Down`] = !up;
  }
  return result as Breakpoints;
}

/** Leading and trailing throttle. */
export function throttle(fn: () => void, waitMs: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const invoke = () => {
    last = Date.now();
    timer = undefined;
    fn();
  };
  return {
    run() {
      const remaining = waitMs - (Date.now() - last);
      if (remaining <= 0) {
        if (timer) clearTimeout(timer);
        invoke();
      } else timer ??= setTimeout(invoke, remaining);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

const serverSnapshot = computeBreakpoints(DEFAULT_WINDOW.width, DEFAULT_WINDOW.height);
let snapshot: Breakpoints | undefined;
const listeners = new Set<() => void>();
let resize: ReturnType<typeof throttle> | undefined;

function measure(): Breakpoints {
  const width = window.innerWidth;
  const height = window.innerHeight;
  if (!snapshot || snapshot.width !== width || snapshot.height !== height) snapshot = computeBreakpoints(width, height);
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!resize) {
    measure();
    resize = throttle(() => {
      const before = snapshot;
      if (measure() !== before) for (const l of listeners) l();
    }, RESIZE_THROTTLE_MS);
    window.addEventListener("resize", resize.run, { passive: true });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && resize) {
      window.removeEventListener("resize", resize.run);
      resize.cancel();
      resize = undefined;
    }
  };
}

function getSnapshot(): Breakpoints {
  // Recomputed only by the throttled resize listener once subscribed.
  return snapshot ?? measure();
}

/**
 * Flags that replace the window's for a subtree: the studio's phone and tablet previews give
 * their blocks the preview's width, so a block's layout follows the preview, not the window.
 */
export const BreakpointsOverride = createContext<Breakpoints | null>(null);

/** Breakpoint flags of the current window, updated at most every 50 ms while resizing. */
export function useBreakpoints(): Breakpoints {
  const override = useContext(BreakpointsOverride);
  const window = useSyncExternalStore(subscribe, getSnapshot, () => serverSnapshot);
  return override ?? window;
}
