/**
 * Rate limits: token buckets keyed by client (IP), `capacity` requests refilled evenly
 * over `perMs`. The buckets live in the store (stores/rate-limits.ts), so every web
 * process draws from the same bucket.
 */
import type { RateLimitResult, RateLimitStore } from "./stores/rate-limits";

export type { RateLimitResult };

/** One limit (e.g. contact posts per IP per minute) over the shared buckets. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    /** Prefix of this limit's bucket keys, e.g. "contact". */
    private readonly name: string,
    private readonly capacity = 10,
    private readonly perMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): Promise<RateLimitResult> {
    return this.store.take(`${this.name}:${key}`, this.capacity, this.perMs, this.now());
  }
}

/** The client's IP: first hop of x-forwarded-for, else x-real-ip (set by the HTTP layer), else "unknown". */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  if (first) return first;
  return request.headers.get("x-real-ip")?.trim() || "unknown";
}
