/**
 * A loading state, once shown, stays at least this long (site.md §9 "fetch minimum display
 * delay", 200 ms): an answer that comes back in 30 ms would otherwise flash the skeletons or
 * the "loading" line in and out.
 */
export const MINIMUM_DISPLAY_MS = 200;

/**
 * Resolves with the promise's value, no sooner than `ms` after the call. A failure is not held
 * back: an error shows at once.
 */
export function withMinimumDisplay<T>(
  promise: Promise<T>,
  ms: number = MINIMUM_DISPLAY_MS,
  wait: (ms: number) => Promise<void> = (delay) => new Promise((resolve) => setTimeout(resolve, delay)),
): Promise<T> {
  const floor = wait(ms);
  return promise.then(async (value) => {
    await floor;
    return value;
  });
}
