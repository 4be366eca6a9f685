/**
 * The idle prefetch (IdlePrefetch.tsx) loads itself once the page has been still for its
 * 2,000 ms: its code, like the links it writes, never weighs on the page's start.
 */
import { lazy, Suspense, useEffect, useState } from "react";

// Prefetching that cannot load is no reason to replace the page with an error.
const IdlePrefetch = lazy(() => import("./IdlePrefetch").catch(() => ({ default: () => null })));

/** The same delay as PREFETCH_IDLE_MS (a unit test checks), kept here so the module stays out of the start. */
export const PREFETCH_LOAD_MS = 2000;

export function IdlePrefetchLater() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), PREFETCH_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return due ? (
    <Suspense fallback={null}>
      <IdlePrefetch />
    </Suspense>
  ) : null;
}
