/**
 * Token buckets shared by every process on one database (contact posts per IP today;
 * sign-in throttling next). One statement reads, refills, takes and writes a bucket, so
 * two processes taking from the same bucket at once cannot both get its last token.
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache } from "../db/sqlite";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until one request is allowed again (0 when allowed). */
  retryAfter: number;
}

export interface RateLimitStore {
  /**
   * Takes one token from the bucket `key` (created full): `capacity` tokens, refilled
   * evenly over `perMs`. `now` is the caller's clock in ms.
   */
  take(key: string, capacity: number, perMs: number, now: number): Promise<RateLimitResult>;
  /** Drops the buckets that are full again at `now` (a missing bucket is a full one). */
  prune(now: number): Promise<number>;
}

/** How often a process prunes full buckets while taking. */
export const PRUNE_EVERY_MS = 60_000;

type Functions = { min: string; max: string; param: (name: "key" | "capacity" | "rate" | "now") => string };

/**
 * The bucket upsert in a dialect: `min`/`max` are SQLite's scalar min/max or PostgreSQL's
 * LEAST/GREATEST. In DO UPDATE every expression reads the row as it was before the update.
 */
export function takeStatement({ min, max, param }: Functions): string {
  const [capacity, rate, now] = [param("capacity"), param("rate"), param("now")];
  const refill = `${min}(${capacity}, rate_limit_buckets.tokens + ${max}(0, ${now} - rate_limit_buckets.updated_ms) * ${rate})`;
  const tokens = `CASE WHEN ${refill} >= 1 THEN ${refill} - 1 ELSE ${refill} END`;
  const updated = `${max}(rate_limit_buckets.updated_ms, ${now})`;
  return `INSERT INTO rate_limit_buckets(key, tokens, allowed, updated_ms, full_at_ms)
    VALUES(${param("key")}, ${capacity} - 1, ${capacity} >= 1, ${now}, ${now} + ceil(1 / ${rate}))
    ON CONFLICT(key) DO UPDATE SET
      tokens = ${tokens},
      allowed = ${refill} >= 1,
      updated_ms = ${updated},
      full_at_ms = ${updated} + ceil((${capacity} - (${tokens})) / ${rate})
    RETURNING tokens, allowed`;
}

export function rateLimitResult(row: { tokens: number; allowed: boolean | number }, rate: number): RateLimitResult {
  if (row.allowed) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - row.tokens) / rate / 1000)) };
}

/** The embedded implementation; PostgreSQL: rate-limits.postgres.ts. */
export class SqliteRateLimitStore implements RateLimitStore {
  private readonly sql: StatementCache;
  private readonly takeSql = takeStatement({ min: "min", max: "max", param: (name) => `$${name}` });
  private lastPrune = 0;

  constructor(db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async take(key: string, capacity: number, perMs: number, now: number): Promise<RateLimitResult> {
    if (now - this.lastPrune > PRUNE_EVERY_MS) await this.prune(now);
    const rate = capacity / perMs;
    const row = this.sql.get(this.takeSql).get({ key, capacity, rate, now: Math.round(now) }) as {
      tokens: number;
      allowed: number;
    };
    return rateLimitResult(row, rate);
  }

  async prune(now: number): Promise<number> {
    this.lastPrune = now;
    return Number(this.sql.get("DELETE FROM rate_limit_buckets WHERE full_at_ms <= ?").run(Math.round(now)).changes);
  }
}
