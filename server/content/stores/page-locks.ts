/**
 * Page locks (Payload's model): opening a page for editing takes its lock, the studio renews
 * it with a heartbeat, and it lapses `ttl` after the last one. Another holder sees who has
 * it and may take it over; the first learns it at its next heartbeat. A holder is one
 * session (or API token), so a second tab of the same session shares the lock.
 */
import { sql } from "kysely";
import type { Db, StoreDialect } from "../db/dialect";

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

const COLUMNS = [
  "site_id",
  "page_id",
  "holder",
  "editor_id",
  "editor_name",
  "acquired_ms",
  "heartbeat_ms",
  "expires_ms",
] as const;

const lockOf = (row: PageLock): PageLock => ({ ...row });

const holderOf = (lock: LockHolder): LockHolder => ({
  holder: lock.holder,
  editor_id: lock.editor_id,
  editor_name: lock.editor_name,
});

export class PageLocksStore {
  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  /**
   * Takes or renews the lock: granted when nobody holds it, the lock lapsed, the caller holds
   * it, or `takeover` is set. Otherwise refused with the current lock.
   */
  async acquire(
    site: string,
    page: string,
    holder: LockHolder,
    now: number,
    ttlMs: number,
    takeover: boolean,
  ): Promise<AcquireResult> {
    return this.db.transaction().execute(async (trx): Promise<AcquireResult> => {
      const current = () =>
        trx.selectFrom("page_locks").select(COLUMNS).where("site_id", "=", site).where("page_id", "=", page);
      // The row (when there is one) stays locked until commit: what we read is what we replace.
      const before = await this.dialect.forUpdate(current()).executeTakeFirst();
      const at = sql<number>`cast(${now} as bigint)`;
      // The row is replaced (a new holder keeps nothing of the old one) unless a live lock of
      // someone else stands and no takeover was asked; a renewal keeps its start.
      const row = await trx
        .insertInto("page_locks")
        .values({
          site_id: site,
          page_id: page,
          holder: holder.holder,
          editor_id: holder.editor_id,
          editor_name: holder.editor_name,
          acquired_ms: now,
          heartbeat_ms: now,
          expires_ms: now + ttlMs,
        })
        .onConflict((oc) => {
          const update = oc.columns(["site_id", "page_id"]).doUpdateSet((eb) => ({
            holder: eb.ref("excluded.holder"),
            editor_id: eb.ref("excluded.editor_id"),
            editor_name: eb.ref("excluded.editor_name"),
            acquired_ms: sql`CASE WHEN page_locks.holder = excluded.holder AND page_locks.expires_ms > ${at}
              THEN page_locks.acquired_ms ELSE excluded.acquired_ms END`,
            heartbeat_ms: eb.ref("excluded.heartbeat_ms"),
            expires_ms: eb.ref("excluded.expires_ms"),
          }));
          return takeover
            ? update
            : update.where((eb) =>
                eb.or([eb("page_locks.holder", "=", eb.ref("excluded.holder")), eb("page_locks.expires_ms", "<=", at)]),
              );
        })
        .returning(COLUMNS)
        .executeTakeFirst();
      if (!row) {
        // Refused: someone else's live lock (read again: a concurrent insert may have made it).
        const standing = (await current().executeTakeFirst()) ?? before;
        return { ok: false, lock: lockOf(standing!) };
      }
      const tookFrom = before && before.holder !== holder.holder && before.expires_ms > now ? before : undefined;
      return { ok: true, lock: lockOf(row), ...(tookFrom ? { took_from: holderOf(tookFrom) } : {}) };
    });
  }

  /** The live lock of a page, or undefined. */
  async get(site: string, page: string, now: number): Promise<PageLock | undefined> {
    const row = await this.db
      .selectFrom("page_locks")
      .select(COLUMNS)
      .where("site_id", "=", site)
      .where("page_id", "=", page)
      .where("expires_ms", ">", now)
      .executeTakeFirst();
    return row ? lockOf(row) : undefined;
  }

  /** Gives the lock up when the caller holds it. */
  async release(site: string, page: string, holder: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("page_locks")
      .where("site_id", "=", site)
      .where("page_id", "=", page)
      .where("holder", "=", holder)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Gives up every lock of these holders (sessions revoked, signed out). */
  async releaseHolders(holders: readonly string[]): Promise<number> {
    if (holders.length === 0) return 0;
    const result = await this.db.deleteFrom("page_locks").where("holder", "in", holders).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
