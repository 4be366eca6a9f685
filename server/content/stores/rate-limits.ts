/**
 * Token buckets shared by every process on one database (contact posts per IP today;
 * sign-in throttling next). One statement reads, refills, takes and writes a bucket, so
 * two processes taking from the same bucket at once cannot both get its last token.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db, StoreDialect } from "../db/dialect";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until one request is allowed again (0 when allowed). */
  retryAfter: number;
}

/** How often a process prunes full buckets while taking. */
const PRUNE_EVERY_MS = 60_000;

const float = (value: number) => sql<number>`cast(${value} as double precision)`;
const bucket = (column: "tokens" | "updated_ms") => sql.ref<number>(`rate_limit_buckets.${column}`);

function rateLimitResult(row: { tokens: number; allowed: boolean | number }, rate: number): RateLimitResult {
  if (row.allowed) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - row.tokens) / rate / 1000)) };
}

export class RateLimitStore {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  /**
   * Takes one token from the bucket `key` (created full): `capacity` tokens, refilled
   * evenly over `perMs`. `now` is the caller's clock in ms.
   */
  async take(key: string, capacity: number, perMs: number, now: number): Promise<RateLimitResult> {
    if (now - this.lastPrune > PRUNE_EVERY_MS) await this.prune(now);
    const rate = capacity / perMs;
    const { greatest, least } = this.dialect;
    const at = sql<number>`cast(${Math.round(now)} as bigint)`;
    // In DO UPDATE every expression reads the row as it was before the update.
    const refill = least(
      float(capacity),
      sql`${bucket("tokens")} + ${greatest(0, sql`${at} - ${bucket("updated_ms")}`)} * ${float(rate)}`,
    );
    const tokens: RawBuilder<number> = sql`CASE WHEN ${refill} >= 1 THEN ${refill} - 1 ELSE ${refill} END`;
    const updated = greatest(bucket("updated_ms"), at);
    const row = await this.db
      .insertInto("rate_limit_buckets")
      .values({
        key,
        tokens: sql`${float(capacity)} - 1`,
        allowed: sql<boolean>`${float(capacity)} >= 1`,
        updated_ms: at,
        full_at_ms: sql`${at} + ceil(1 / ${float(rate)})`,
      })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          tokens,
          allowed: sql<boolean>`${refill} >= 1`,
          updated_ms: updated,
          full_at_ms: sql`${updated} + ceil((${float(capacity)} - (${tokens})) / ${float(rate)})`,
        }),
      )
      .returning(["tokens", "allowed"])
      .executeTakeFirstOrThrow();
    return rateLimitResult(row, rate);
  }

  /** Drops the buckets that are full again at `now` (a missing bucket is a full one). */
  async prune(now: number): Promise<number> {
    this.lastPrune = now;
    const [result] = await this.db
      .deleteFrom("rate_limit_buckets")
      .where("full_at_ms", "<=", Math.round(now))
      .execute();
    return Number(result?.numDeletedRows ?? 0);
  }
}
