/**
 * "Show more" lists (blocks.md §4: offices grid 9, rewards 3, then all after a click).
 * After the click, focus moves to the first revealed item so keyboard users land on
 * the new content instead of losing their place when the button disappears.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export const OFFICES_GRID_INITIAL = 9;
export const REWARDS_INITIAL = 3;

/** How many items show: all once expanded, otherwise the first `initial`. */
export function visibleCount(total: number, initial: number, expanded: boolean): number {
  if (expanded) return total;
  return Math.max(0, Math.min(total, initial));
}

/** True when a show-more button is needed. */
export function hasMore(total: number, initial: number, expanded: boolean): boolean {
  return !expanded && total > initial;
}

export function useShowMore<T>(items: readonly T[], initial: number) {
  const [expanded, setExpanded] = useState(false);
  const firstNewRef = useRef<HTMLElement | null>(null);
  const moveFocus = useRef(false);
  const count = visibleCount(items.length, initial, expanded);
  useEffect(() => {
    if (!expanded || !moveFocus.current) return;
    moveFocus.current = false;
    firstNewRef.current?.focus();
  }, [expanded]);
  const expand = useCallback(() => {
    moveFocus.current = true;
    setExpanded(true);
  }, []);
  return {
    visible: items.slice(0, count),
    expanded,
    more: hasMore(items.length, initial, expanded),
    hidden: items.length - count,
    expand,
    /** Index of the item that receives focus after expanding. */
    firstNewIndex: initial,
    firstNewRef,
  };
}
