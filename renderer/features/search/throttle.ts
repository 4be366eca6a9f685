/**
 * Leading-and-trailing throttle of an async call (the "see results (N)" count: at most
 * one call per 500 ms, and the last request always runs). Timers are injectable for tests.
 */
export const COUNT_THROTTLE_MS = 500;

export function createThrottle<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
  timers: { now: () => number; set: (cb: () => void, ms: number) => unknown; clear: (h: unknown) => void } = {
    now: () => Date.now(),
    set: (cb, ms) => setTimeout(cb, ms),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown;
  let queued: A | undefined;
  const fire = (args: A) => {
    last = timers.now();
    fn(...args);
  };
  return {
    run(...args: A) {
      const elapsed = timers.now() - last;
      if (elapsed >= waitMs && timer === undefined) {
        fire(args);
        return;
      }
      queued = args;
      if (timer === undefined) {
        timer = timers.set(
          () => {
            timer = undefined;
            if (queued) {
              const a = queued;
              queued = undefined;
              fire(a);
            }
          },
          Math.max(0, waitMs - elapsed),
        );
      }
    },
    cancel() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      queued = undefined;
    },
  };
}

/** Cards per row of the results (blocks.md §9): 3 at xxxl and up, 2 at md and up, else 1. */
export function cardColumns(width: number): 1 | 2 | 3 {
  if (width >= 1680) return 3;
  if (width >= 768) return 2;
  return 1;
}
