/** Token buckets keyed by client (IP): `capacity` requests, refilled evenly over `perMs`. */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until one request is allowed again (0 when allowed). */
  retryAfter: number;
}

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updated: number }>();

  constructor(
    private readonly capacity = 10,
    private readonly perMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string): RateLimitResult {
    const now = this.now();
    const rate = this.capacity / this.perMs;
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, updated: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.updated) * rate);
    bucket.updated = now;
    // Re-insert so the Map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfter: 0 };
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / rate / 1000)) };
  }
}

/** The client's IP: first hop of x-forwarded-for, else x-real-ip (set by the HTTP layer), else "unknown". */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  if (first) return first;
  return request.headers.get("x-real-ip")?.trim() || "unknown";
}
