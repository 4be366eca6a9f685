/**
 * Measures whether an element's content overflows its box (clamped text): true when
 * scrollHeight exceeds clientHeight after layout. Re-measures on resize and when `deps`
 * change. Before the first measure (server HTML) it reports false, so "see more"
 * buttons appear only once we know they are needed.
 */
import { type DependencyList, type RefObject, useEffect, useState } from "react";

/** 1 px of tolerance absorbs sub-pixel rounding of line heights. */
export function overflows(scrollHeight: number, clientHeight: number, tolerance = 1): boolean {
  return scrollHeight - clientHeight > tolerance;
}

export function useOverflow(ref: RefObject<HTMLElement | null>, deps: DependencyList = []): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflowing(overflows(el.scrollHeight, el.clientHeight));
    if (typeof ResizeObserver === "undefined") return measure();
    // A new observer reports the element once laid out, and a new one is made when `deps`
    // change: measuring here as well forced a layout of the page while React committed.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, ...deps]);
  return overflowing;
}
