/** Shared token buckets on PostgreSQL: one atomic upsert per take (the row lock orders concurrent takes). */
import type pg from "pg";
import {
  PRUNE_EVERY_MS,
  type RateLimitResult,
  type RateLimitStore,
  rateLimitResult,
  takeStatement,
} from "./rate-limits";

const PARAMS = { key: "$1", capacity: "$2::float8", rate: "$3::float8", now: "$4::bigint" } as const;

export class PostgresRateLimitStore implements RateLimitStore {
  private readonly takeSql = takeStatement({ min: "LEAST", max: "GREATEST", param: (name) => PARAMS[name] });
  private lastPrune = 0;

  constructor(private readonly pool: pg.Pool) {}

  async take(key: string, capacity: number, perMs: number, now: number): Promise<RateLimitResult> {
    if (now - this.lastPrune > PRUNE_EVERY_MS) await this.prune(now);
    const rate = capacity / perMs;
    const { rows } = await this.pool.query<{ tokens: number; allowed: boolean }>(this.takeSql, [
      key,
      capacity,
      rate,
      Math.round(now),
    ]);
    return rateLimitResult(rows[0]!, rate);
  }

  async prune(now: number): Promise<number> {
    this.lastPrune = now;
    const result = await this.pool.query("DELETE FROM rate_limit_buckets WHERE full_at_ms <= $1", [Math.round(now)]);
    return result.rowCount ?? 0;
  }
}
