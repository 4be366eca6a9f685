/**
 * F6 and Shift+F6 move between the studio's regions (toolbar, palette, canvas, edit panel), as
 * in desktop applications and other page editors: each region gets back the element that last
 * had focus in it, else its natural starting point (the canvas: the selected block's bar, else
 * the first block's).
 */
import { useEffect } from "react";
import { blockBarStop } from "../canvas/focus";
import { useStudioStore } from "../store";

export const REGION_SELECTORS = [".studio-toolbar", ".studio-palette-column", ".studio-main", ".studio-panel"] as const;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"], [contenteditable="true"]';

function visible(element: HTMLElement): boolean {
  return element.isConnected && !element.closest("[hidden], [inert]") && element.getClientRects().length > 0;
}

function firstFocusable(region: HTMLElement): HTMLElement | null {
  for (const element of region.querySelectorAll<HTMLElement>(FOCUSABLE)) if (visible(element)) return element;
  return null;
}

/** Where focus goes when the editor arrives in `region` without a remembered element. */
export function regionStart(region: HTMLElement): HTMLElement | null {
  if (region.matches(".studio-main")) {
    const selected = useStudioStore.getState().selectedId;
    const stop = selected ? blockBarStop(region, selected) : null;
    if (stop) return stop;
    const first = region.querySelector<HTMLElement>('.studio-bar [tabindex="0"]');
    if (first) return first;
  }
  return firstFocusable(region) ?? (region.tabIndex >= 0 ? region : null);
}

/** The index of the next region in `direction` from `current` (-1: none focused), wrapping around. */
export function nextRegionIndex(current: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

export function useRegionKeys(): void {
  useEffect(() => {
    const last = new WeakMap<Element, HTMLElement>();
    const regions = () =>
      REGION_SELECTORS.map((selector) => document.querySelector<HTMLElement>(selector)).filter(
        (region): region is HTMLElement => region !== null,
      );
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      const region = regions().find((r) => r.contains(target));
      if (region) last.set(region, target);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "F6" || event.ctrlKey || event.altKey || event.metaKey) return;
      const all = regions();
      if (all.length === 0) return;
      event.preventDefault();
      const active = document.activeElement;
      const current = all.findIndex((r) => active && r.contains(active));
      const direction = event.shiftKey ? -1 : 1;
      // Skip regions with nothing to focus (a collapsed panel still has its toggle).
      let index = current;
      for (let tries = 0; tries < all.length; tries++) {
        index = nextRegionIndex(index, all.length, direction);
        const region = all[index] as HTMLElement;
        const remembered = last.get(region);
        const target = remembered && visible(remembered) ? remembered : regionStart(region);
        if (target) {
          target.focus();
          return;
        }
      }
    };
    document.addEventListener("focusin", onFocusIn);
    window.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, []);
}
