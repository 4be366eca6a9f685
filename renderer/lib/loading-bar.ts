/**
 * Navigation loading bar (site.md §4, §9): hidden for the first 200 ms of a
 * navigation, then advancing in 100 ms ticks along a curve that approaches 100 %
 * over the 5000 ms duration without reaching it; it completes when navigation ends.
 */
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, tickMs: 100 } as const;

export interface LoadingBarOptions {
  throttleMs: number;
  durationMs: number;
  tickMs: number;
}

/** Estimated progress (0–100) after `elapsedMs`: about 70 % at the duration, 100 % only when done. */
export function estimatedProgress(elapsedMs: number, durationMs: number): number {
  if (!(elapsedMs > 0) || !(durationMs > 0)) return 0;
  const completion = (elapsedMs / durationMs) * 100;
  return Math.min(100, (2 / Math.PI) * 100 * Math.atan(completion / 50));
}

export interface LoadingBarState {
  visible: boolean;
  /** 0–100, rounded to one decimal. */
  progress: number;
}

/** Bar state `elapsedMs` after a navigation started; `done` completes it at 100 %. */
export function loadingBarState(
  elapsedMs: number,
  done = false,
  options: LoadingBarOptions = LOADING_BAR,
): LoadingBarState {
  const visible = elapsedMs >= options.throttleMs;
  if (done) return { visible, progress: visible ? 100 : 0 };
  if (!visible) return { visible: false, progress: 0 };
  const ticked = Math.floor(elapsedMs / options.tickMs) * options.tickMs;
  return { visible: true, progress: Math.round(estimatedProgress(ticked, options.durationMs) * 10) / 10 };
}
