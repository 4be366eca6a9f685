/** Used captcha challenges on PostgreSQL: one INSERT … ON CONFLICT DO NOTHING decides first use across processes. */
import type pg from "pg";
import { type CaptchaReplayStore, REPLAY_PRUNE_EVERY_MS } from "./captcha-replays";

export class PostgresCaptchaReplayStore implements CaptchaReplayStore {
  private lastPrune = 0;

  constructor(private readonly pool: pg.Pool) {}

  async consume(id: string, expiresMs: number, now: number): Promise<boolean> {
    if (now - this.lastPrune > REPLAY_PRUNE_EVERY_MS) await this.prune(now);
    const result = await this.pool.query(
      "INSERT INTO captcha_replays(id, expires_ms) VALUES($1, $2) ON CONFLICT(id) DO NOTHING",
      [id, Math.round(expiresMs)],
    );
    return result.rowCount === 1;
  }

  async prune(now: number): Promise<number> {
    this.lastPrune = now;
    const result = await this.pool.query("DELETE FROM captcha_replays WHERE expires_ms < $1", [Math.round(now)]);
    return result.rowCount ?? 0;
  }
}
