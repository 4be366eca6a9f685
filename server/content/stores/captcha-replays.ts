/**
 * Captcha challenges already used: a challenge is single-use, and every process on the
 * database must refuse the second use, so the record lives in the store. A record is kept
 * until its challenge expires (an expired challenge is refused for that alone).
 */
import type { Db } from "../db/dialect";

/** How often a process prunes expired records while consuming. */
const REPLAY_PRUNE_EVERY_MS = 60_000;

export class CaptchaReplayStore {
  private lastPrune = 0;

  constructor(private readonly db: Db) {}

  /** Records challenge `id` as used until `expiresMs`; false when it was used before (a replay). */
  async consume(id: string, expiresMs: number, now: number): Promise<boolean> {
    if (now - this.lastPrune > REPLAY_PRUNE_EVERY_MS) await this.prune(now);
    // One INSERT … ON CONFLICT DO NOTHING decides the first use across processes.
    const [result] = await this.db
      .insertInto("captcha_replays")
      .values({ id, expires_ms: Math.round(expiresMs) })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return Number(result?.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Drops the records of challenges expired at `now`; returns how many. */
  async prune(now: number): Promise<number> {
    this.lastPrune = now;
    const [result] = await this.db.deleteFrom("captcha_replays").where("expires_ms", "<", Math.round(now)).execute();
    return Number(result?.numDeletedRows ?? 0);
  }
}
