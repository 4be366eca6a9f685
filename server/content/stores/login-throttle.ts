/**
 * Failed sign-in counts per key (an account's e-mail hash, a client address), shared by
 * every web process. The policy (how long a key waits after n failures) is the caller's
 * (server/auth/throttle.ts); the store counts atomically and keeps the latest end of a wait.
 * Times are milliseconds since the epoch.
 */
import { sql } from "kysely";
import type { Db } from "../db/dialect";

export interface ThrottleState {
  /** Failures since the last success, forgotten a window after the last one. */
  failures: number;
  /** Attempts are refused until then (0: not blocked). */
  blocked_until_ms: number;
}

const THROTTLE_PRUNE_EVERY_MS = 10 * 60_000;

export class LoginThrottleStore {
  private lastPrune = 0;

  constructor(private readonly db: Db) {}

  /** The state of a key; failures older than `windowMs` count as none. */
  async get(key: string, now: number, windowMs: number): Promise<ThrottleState> {
    const row = await this.db
      .selectFrom("login_throttle")
      .select(["failures", "last_failure_ms", "blocked_until_ms"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) return { failures: 0, blocked_until_ms: 0 };
    return {
      failures: row.last_failure_ms > now - windowMs ? row.failures : 0,
      blocked_until_ms: row.blocked_until_ms > now ? row.blocked_until_ms : 0,
    };
  }

  /**
   * Counts one failure and blocks the key until `now + delayOf(failures)` (never shortening a
   * longer block); returns the new state.
   */
  async fail(
    key: string,
    now: number,
    windowMs: number,
    delayOf: (failures: number) => number,
  ): Promise<ThrottleState> {
    if (now - this.lastPrune > THROTTLE_PRUNE_EVERY_MS) await this.prune(now, windowMs);
    const at = sql<number>`cast(${now} as bigint)`;
    // The upsert counts under the row's lock (SQLite: the write lock), so concurrent failures all count.
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("login_throttle")
        .values({ key, failures: 1, last_failure_ms: at, blocked_until_ms: 0 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            failures: sql`CASE WHEN login_throttle.last_failure_ms <= ${at} - cast(${windowMs} as bigint)
              THEN 1 ELSE login_throttle.failures + 1 END`,
            last_failure_ms: at,
          }),
        )
        .returning(["failures", "blocked_until_ms"])
        .executeTakeFirstOrThrow();
      const until = Math.max(row.blocked_until_ms, now + delayOf(row.failures));
      await trx.updateTable("login_throttle").set({ blocked_until_ms: until }).where("key", "=", key).execute();
      return { failures: row.failures, blocked_until_ms: until > now ? until : 0 };
    });
  }

  /** Forgets a key (a successful sign-in). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom("login_throttle").where("key", "=", key).execute();
  }

  /** Drops keys with no failure in the window and no block left. */
  async prune(now: number, windowMs: number): Promise<number> {
    this.lastPrune = now;
    const result = await this.db
      .deleteFrom("login_throttle")
      .where("last_failure_ms", "<=", now - windowMs)
      .where("blocked_until_ms", "<=", now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
