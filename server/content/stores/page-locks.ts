/**
 * Page locks (Payload's model): opening a page for editing takes its lock, the studio renews
 * it with a heartbeat, and it lapses `ttl` after the last one. Another holder sees who has
 * it and may take it over; the first learns it at its next heartbeat. A holder is one
 * session (or API token), so a second tab of the same session shares the lock.
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache, sqliteTransaction } from "../db/sqlite";

export interface LockHolder {
  /** The session's public id, or "token:<id>". */
  holder: string;
  editor_id: string;
  editor_name: string;
}

export interface PageLock extends LockHolder {
  site_id: string;
  page_id: string;
  acquired_ms: number;
  heartbeat_ms: number;
  expires_ms: number;
}

export type AcquireResult =
  | { ok: true; lock: PageLock /** The holder it was taken from, on a takeover. */; took_from?: LockHolder }
  | { ok: false; lock: PageLock };

export interface PageLocksStore {
  /**
   * Takes or renews the lock: granted when nobody holds it, the lock lapsed, the caller holds
   * it, or `takeover` is set. Otherwise refused with the current lock.
   */
  acquire(
    site: string,
    page: string,
    holder: LockHolder,
    now: number,
    ttlMs: number,
    takeover: boolean,
  ): Promise<AcquireResult>;
  /** The live lock of a page, or undefined. */
  get(site: string, page: string, now: number): Promise<PageLock | undefined>;
  /** Gives the lock up when the caller holds it. */
  release(site: string, page: string, holder: string): Promise<boolean>;
  /** Gives up every lock of these holders (sessions revoked, signed out). */
  releaseHolders(holders: readonly string[]): Promise<number>;
}

const COLUMNS = "site_id, page_id, holder, editor_id, editor_name, acquired_ms, heartbeat_ms, expires_ms";

export const lockOfRow = (row: Record<string, unknown>): PageLock => ({
  site_id: String(row.site_id),
  page_id: String(row.page_id),
  holder: String(row.holder),
  editor_id: String(row.editor_id),
  editor_name: String(row.editor_name),
  acquired_ms: Number(row.acquired_ms),
  heartbeat_ms: Number(row.heartbeat_ms),
  expires_ms: Number(row.expires_ms),
});

/**
 * The acquire upsert: the row is replaced (a new holder keeps nothing of the old one) unless
 * a live lock of someone else stands and no takeover was asked; a renewal keeps its start.
 * Parameters: 1 site, 2 page, 3 holder, 4 editor id, 5 editor name, 6 now, 7 expires, 8 takeover (0/1).
 */
export const acquireStatement = (p: (n: number) => string) => `
  INSERT INTO page_locks(${COLUMNS}) VALUES(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(6)}, ${p(7)})
  ON CONFLICT(site_id, page_id) DO UPDATE SET
    holder = excluded.holder,
    editor_id = excluded.editor_id,
    editor_name = excluded.editor_name,
    acquired_ms = CASE WHEN page_locks.holder = excluded.holder AND page_locks.expires_ms > ${p(6)}
      THEN page_locks.acquired_ms ELSE excluded.acquired_ms END,
    heartbeat_ms = excluded.heartbeat_ms,
    expires_ms = excluded.expires_ms
  WHERE page_locks.holder = excluded.holder OR page_locks.expires_ms <= ${p(6)} OR ${p(8)} = 1
  RETURNING ${COLUMNS}`;

export class SqlitePageLocksStore implements PageLocksStore {
  private readonly sql: StatementCache;
  private readonly acquireSql = acquireStatement((n) => `?${n}`);

  constructor(private readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async acquire(site: string, page: string, holder: LockHolder, now: number, ttlMs: number, takeover: boolean) {
    return sqliteTransaction(this.db, (): AcquireResult => {
      const before = this.sql
        .get(`SELECT ${COLUMNS} FROM page_locks WHERE site_id = ? AND page_id = ?`)
        .get(site, page);
      const row = this.sql
        .get(this.acquireSql)
        .get(site, page, holder.holder, holder.editor_id, holder.editor_name, now, now + ttlMs, takeover ? 1 : 0);
      if (!row) return { ok: false, lock: lockOfRow(before!) };
      const previous = before ? lockOfRow(before) : undefined;
      const tookFrom =
        previous && previous.holder !== holder.holder && previous.expires_ms > now ? previous : undefined;
      return { ok: true, lock: lockOfRow(row), ...(tookFrom ? { took_from: holderOf(tookFrom) } : {}) };
    });
  }

  async get(site: string, page: string, now: number): Promise<PageLock | undefined> {
    const row = this.sql
      .get(`SELECT ${COLUMNS} FROM page_locks WHERE site_id = ? AND page_id = ? AND expires_ms > ?`)
      .get(site, page, now);
    return row ? lockOfRow(row) : undefined;
  }

  async release(site: string, page: string, holder: string): Promise<boolean> {
    return (
      Number(
        this.sql.get("DELETE FROM page_locks WHERE site_id = ? AND page_id = ? AND holder = ?").run(site, page, holder)
          .changes,
      ) > 0
    );
  }

  async releaseHolders(holders: readonly string[]): Promise<number> {
    if (holders.length === 0) return 0;
    return Number(
      this.sql
        .get("DELETE FROM page_locks WHERE holder IN (SELECT value FROM json_each(?))")
        .run(JSON.stringify(holders)).changes,
    );
  }
}

export const holderOf = (lock: LockHolder): LockHolder => ({
  holder: lock.holder,
  editor_id: lock.editor_id,
  editor_name: lock.editor_name,
});
