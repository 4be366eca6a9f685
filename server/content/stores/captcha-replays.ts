/**
 * Captcha challenges already used: a challenge is single-use, and every process on the
 * database must refuse the second use, so the record lives in the store. A record is kept
 * until its challenge expires (an expired challenge is refused for that alone).
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache } from "../db/sqlite";

export interface CaptchaReplayStore {
  /** Records challenge `id` as used until `expiresMs`; false when it was used before (a replay). */
  consume(id: string, expiresMs: number, now: number): Promise<boolean>;
  /** Drops the records of challenges expired at `now`; returns how many. */
  prune(now: number): Promise<number>;
}

/** How often a process prunes expired records while consuming. */
export const REPLAY_PRUNE_EVERY_MS = 60_000;

export class SqliteCaptchaReplayStore implements CaptchaReplayStore {
  private readonly sql: StatementCache;
  private lastPrune = 0;

  constructor(db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async consume(id: string, expiresMs: number, now: number): Promise<boolean> {
    if (now - this.lastPrune > REPLAY_PRUNE_EVERY_MS) await this.prune(now);
    const result = this.sql
      .get("INSERT INTO captcha_replays(id, expires_ms) VALUES(?, ?) ON CONFLICT(id) DO NOTHING")
      .run(id, Math.round(expiresMs));
    return Number(result.changes) === 1;
  }

  async prune(now: number): Promise<number> {
    this.lastPrune = now;
    return Number(this.sql.get("DELETE FROM captcha_replays WHERE expires_ms < ?").run(Math.round(now)).changes);
  }
}
