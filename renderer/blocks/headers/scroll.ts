/**
 * Header visibility on scroll (blocks.md §4 Header and navigation), as pure functions.
 * The scroll position is sampled every 100 ms; a pause of 150 ms resets the sample
 * baseline. Away from the top the header hides when the downward velocity reaches
 * 0.25 px/ms and shows again at -0.25. Near the top (within the header's height) it
 * hides on any downward scroll. It is opaque once scrolled past its own height.
 */

export const SCROLL_SAMPLE_MS = 100;
export const SCROLL_RESET_MS = 150;
export const HIDE_VELOCITY = 0.25;
export const SHOW_VELOCITY = -0.25;

export interface ScrollSample {
  /** Scroll position in px. */
  y: number;
  /** Time in ms. */
  t: number;
}

export interface HeaderScrollState {
  hidden: boolean;
  opaque: boolean;
  /** The previous sample velocity is measured from; none after a reset. */
  baseline?: ScrollSample;
}

export const initialScrollState: HeaderScrollState = { hidden: false, opaque: false };

export type ScrollEvent =
  | { type: "sample"; y: number; t: number; headerHeight: number; locked?: boolean }
  | { type: "reset" }
  | { type: "show" };

/** Velocity in px/ms between two samples (positive when scrolling down). */
export function scrollVelocity(from: ScrollSample, to: ScrollSample): number {
  const dt = to.t - from.t;
  return dt > 0 ? (to.y - from.y) / dt : 0;
}

/** Whether the header should be hidden after moving from `from` to `to`. */
export function nextHidden(hidden: boolean, from: ScrollSample, to: ScrollSample, headerHeight: number): boolean {
  if (to.y <= 0) return false;
  const dy = to.y - from.y;
  if (to.y <= headerHeight) {
    if (dy > 0) return true;
    if (dy < 0) return false;
    return hidden;
  }
  const velocity = scrollVelocity(from, to);
  if (velocity >= HIDE_VELOCITY) return true;
  if (velocity <= SHOW_VELOCITY) return false;
  return hidden;
}

/**
 * The header scroll reducer. `sample` events closer than SCROLL_SAMPLE_MS to the
 * baseline are ignored (except for the opaque flag); `reset` drops the baseline;
 * `show` forces the header visible (focus inside it, an open menu). A `locked`
 * sample never hides the header.
 */
export function reduceHeaderScroll(state: HeaderScrollState, event: ScrollEvent): HeaderScrollState {
  if (event.type === "reset") return state.baseline ? { ...state, baseline: undefined } : state;
  if (event.type === "show") return state.hidden ? { ...state, hidden: false } : state;
  const sample = { y: event.y, t: event.t };
  const opaque = event.y > event.headerHeight;
  if (!state.baseline) {
    return { hidden: event.y <= 0 ? false : state.hidden, opaque, baseline: sample };
  }
  if (event.t - state.baseline.t < SCROLL_SAMPLE_MS) {
    return opaque === state.opaque ? state : { ...state, opaque };
  }
  const hidden = event.locked ? false : nextHidden(state.hidden, state.baseline, sample, event.headerHeight);
  return { hidden, opaque, baseline: sample };
}
