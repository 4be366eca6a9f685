/** Page locks on PostgreSQL (the embedded one: page-locks.ts): the acquire is one upsert under the row's lock. */
import type pg from "pg";
import { pgTransaction } from "../db/postgres";
import {
  type AcquireResult,
  acquireStatement,
  holderOf,
  type LockHolder,
  lockOfRow,
  type PageLock,
  type PageLocksStore,
} from "./page-locks";

const COLUMNS = "site_id, page_id, holder, editor_id, editor_name, acquired_ms, heartbeat_ms, expires_ms";
const PARAMS: Record<number, string> = { 6: "$6::bigint", 7: "$7::bigint", 8: "$8::int" };

export class PostgresPageLocksStore implements PageLocksStore {
  private readonly acquireSql = acquireStatement((n) => PARAMS[n] ?? `$${n}`);

  constructor(private readonly pool: pg.Pool) {}

  async acquire(
    site: string,
    page: string,
    holder: LockHolder,
    now: number,
    ttlMs: number,
    takeover: boolean,
  ): Promise<AcquireResult> {
    return pgTransaction(this.pool, async (client) => {
      // The row (when there is one) stays locked until commit: what we read is what we replace.
      const before = (
        await client.query(`SELECT ${COLUMNS} FROM page_locks WHERE site_id = $1 AND page_id = $2 FOR UPDATE`, [
          site,
          page,
        ])
      ).rows[0];
      const { rows } = await client.query(this.acquireSql, [
        site,
        page,
        holder.holder,
        holder.editor_id,
        holder.editor_name,
        now,
        now + ttlMs,
        takeover ? 1 : 0,
      ]);
      if (!rows[0]) {
        // Refused: someone else's live lock (read again: a concurrent insert may have made it).
        const current = (
          await client.query(`SELECT ${COLUMNS} FROM page_locks WHERE site_id = $1 AND page_id = $2`, [site, page])
        ).rows[0];
        return { ok: false, lock: lockOfRow(current ?? before) } as const;
      }
      const previous = before ? lockOfRow(before) : undefined;
      const tookFrom =
        previous && previous.holder !== holder.holder && previous.expires_ms > now ? previous : undefined;
      return { ok: true, lock: lockOfRow(rows[0]), ...(tookFrom ? { took_from: holderOf(tookFrom) } : {}) } as const;
    });
  }

  async get(site: string, page: string, now: number): Promise<PageLock | undefined> {
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM page_locks WHERE site_id = $1 AND page_id = $2 AND expires_ms > $3`,
      [site, page, now],
    );
    return rows[0] ? lockOfRow(rows[0]) : undefined;
  }

  async release(site: string, page: string, holder: string): Promise<boolean> {
    const result = await this.pool.query("DELETE FROM page_locks WHERE site_id = $1 AND page_id = $2 AND holder = $3", [
      site,
      page,
      holder,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  async releaseHolders(holders: readonly string[]): Promise<number> {
    if (holders.length === 0) return 0;
    const result = await this.pool.query("DELETE FROM page_locks WHERE holder = ANY($1::text[])", [holders]);
    return result.rowCount ?? 0;
  }
}
