/** Failed sign-in counts on PostgreSQL (the embedded one: login-throttle.ts): the row lock orders concurrent failures. */
import type pg from "pg";
import { pgTransaction } from "../db/postgres";
import { failStatement, type LoginThrottleStore, THROTTLE_PRUNE_EVERY_MS, type ThrottleState } from "./login-throttle";

const PARAMS = { 1: "$1", 2: "$2::bigint", 3: "$3::bigint" } as const;

export class PostgresLoginThrottleStore implements LoginThrottleStore {
  private readonly failSql = failStatement((n) => PARAMS[n]);
  private lastPrune = 0;

  constructor(private readonly pool: pg.Pool) {}

  async get(key: string, now: number, windowMs: number): Promise<ThrottleState> {
    const { rows } = await this.pool.query<{ failures: number; last_failure_ms: number; blocked_until_ms: number }>(
      "SELECT failures, last_failure_ms, blocked_until_ms FROM login_throttle WHERE key = $1",
      [key],
    );
    const row = rows[0];
    if (!row) return { failures: 0, blocked_until_ms: 0 };
    return {
      failures: row.last_failure_ms > now - windowMs ? row.failures : 0,
      blocked_until_ms: row.blocked_until_ms > now ? row.blocked_until_ms : 0,
    };
  }

  async fail(
    key: string,
    now: number,
    windowMs: number,
    delayOf: (failures: number) => number,
  ): Promise<ThrottleState> {
    if (now - this.lastPrune > THROTTLE_PRUNE_EVERY_MS) await this.prune(now, windowMs);
    return pgTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ failures: number; blocked_until_ms: number }>(this.failSql, [
        key,
        now,
        windowMs,
      ]);
      const row = rows[0]!;
      const until = Math.max(row.blocked_until_ms, now + delayOf(row.failures));
      await client.query("UPDATE login_throttle SET blocked_until_ms = $1 WHERE key = $2", [until, key]);
      return { failures: row.failures, blocked_until_ms: until > now ? until : 0 };
    });
  }

  async clear(key: string): Promise<void> {
    await this.pool.query("DELETE FROM login_throttle WHERE key = $1", [key]);
  }

  async prune(now: number, windowMs: number): Promise<number> {
    this.lastPrune = now;
    const result = await this.pool.query(
      "DELETE FROM login_throttle WHERE last_failure_ms <= $1 AND blocked_until_ms <= $2",
      [now - windowMs, now],
    );
    return result.rowCount ?? 0;
  }
}
