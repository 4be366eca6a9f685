/**
 * Failed sign-in counts per key (an account's e-mail hash, a client address), shared by
 * every web process. The policy (how long a key waits after n failures) is the caller's
 * (server/auth/throttle.ts); the store counts atomically and keeps the latest end of a wait.
 * Times are milliseconds since the epoch.
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache, sqliteTransaction } from "../db/sqlite";

export interface ThrottleState {
  /** Failures since the last success, forgotten a window after the last one. */
  failures: number;
  /** Attempts are refused until then (0: not blocked). */
  blocked_until_ms: number;
}

export interface LoginThrottleStore {
  /** The state of a key; failures older than `windowMs` count as none. */
  get(key: string, now: number, windowMs: number): Promise<ThrottleState>;
  /**
   * Counts one failure and blocks the key until `now + delayOf(failures)` (never shortening a
   * longer block); returns the new state.
   */
  fail(key: string, now: number, windowMs: number, delayOf: (failures: number) => number): Promise<ThrottleState>;
  /** Forgets a key (a successful sign-in). */
  clear(key: string): Promise<void>;
  /** Drops keys with no failure in the window and no block left. */
  prune(now: number, windowMs: number): Promise<number>;
}

export const THROTTLE_PRUNE_EVERY_MS = 10 * 60_000;

/** The failure upsert, the same SQL in both dialects but for the parameters' spelling. */
export const failStatement = (p: (n: 1 | 2 | 3) => string) => `
  INSERT INTO login_throttle(key, failures, last_failure_ms, blocked_until_ms) VALUES(${p(1)}, 1, ${p(2)}, 0)
  ON CONFLICT(key) DO UPDATE SET
    failures = CASE WHEN login_throttle.last_failure_ms <= ${p(2)} - ${p(3)} THEN 1 ELSE login_throttle.failures + 1 END,
    last_failure_ms = ${p(2)}
  RETURNING failures, blocked_until_ms`;

export class SqliteLoginThrottleStore implements LoginThrottleStore {
  private readonly sql: StatementCache;
  private readonly failSql = failStatement((n) => `?${n}`);
  private lastPrune = 0;

  constructor(private readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async get(key: string, now: number, windowMs: number): Promise<ThrottleState> {
    const row = this.sql
      .get("SELECT failures, last_failure_ms, blocked_until_ms FROM login_throttle WHERE key = ?")
      .get(key) as { failures: number; last_failure_ms: number; blocked_until_ms: number } | undefined;
    if (!row) return { failures: 0, blocked_until_ms: 0 };
    const blocked = row.blocked_until_ms > now ? row.blocked_until_ms : 0;
    return { failures: row.last_failure_ms > now - windowMs ? row.failures : 0, blocked_until_ms: blocked };
  }

  async fail(
    key: string,
    now: number,
    windowMs: number,
    delayOf: (failures: number) => number,
  ): Promise<ThrottleState> {
    if (now - this.lastPrune > THROTTLE_PRUNE_EVERY_MS) await this.prune(now, windowMs);
    return sqliteTransaction(this.db, () => {
      const row = this.sql.get(this.failSql).get(key, now, windowMs) as { failures: number; blocked_until_ms: number };
      const until = Math.max(row.blocked_until_ms, now + delayOf(row.failures));
      this.sql.get("UPDATE login_throttle SET blocked_until_ms = ? WHERE key = ?").run(until, key);
      return { failures: row.failures, blocked_until_ms: until > now ? until : 0 };
    });
  }

  async clear(key: string): Promise<void> {
    this.sql.get("DELETE FROM login_throttle WHERE key = ?").run(key);
  }

  async prune(now: number, windowMs: number): Promise<number> {
    this.lastPrune = now;
    return Number(
      this.sql
        .get("DELETE FROM login_throttle WHERE last_failure_ms <= ? AND blocked_until_ms <= ?")
        .run(now - windowMs, now).changes,
    );
  }
}
