/**
 * The delivery outbox of leads (the transactional outbox pattern): one row per lead and
 * channel, written in the lead's own transaction (stores/submissions.ts), delivered by the
 * worker of server/leads/delivery.ts. A worker claims due rows with a lease so that two
 * processes never send the same row at once; a row whose lease ran out (its process was
 * killed mid-send) is due again. The row's id is the idempotency key the receiver sees
 * (the e-mail's Message-ID, the webhook's delivery header), so a retry after a crash is
 * recognisable as the same message.
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache, sqliteTransaction } from "../db/sqlite";

export const DELIVERY_CHANNELS = ["email", "webhook"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryState = "pending" | "delivered" | "failed";

export interface DeliveryRecord {
  /** The idempotency key of this lead on this channel. */
  id: string;
  submission_id: string;
  channel: DeliveryChannel;
  state: DeliveryState;
  attempts: number;
  next_attempt_ms: number;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface ClaimOptions {
  /** Who claims (one id per worker): only its own leases can be completed or failed. */
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
}

export interface OutboxStore {
  /**
   * Takes up to `limit` due rows (pending, next attempt reached, no live lease), oldest
   * first, leases them to `owner` until `now + leaseMs` and counts the attempt.
   */
  claim(options: ClaimOptions): Promise<DeliveryRecord[]>;
  /** Marks a leased row delivered; false when the lease was lost (another worker has it now). */
  complete(id: string, owner: string, at: Date): Promise<boolean>;
  /** Records a failed attempt: due again at `retryAt`, or failed for good when `retryAt` is null. */
  fail(id: string, owner: string, error: string, retryAt: number | null): Promise<boolean>;
  /** Gives back the leases of `owner` without counting their attempt (a graceful stop). */
  release(owner: string): Promise<number>;
  /** A lead's rows, by channel. */
  forSubmission(submissionId: string): Promise<DeliveryRecord[]>;
  /** Makes a lead's undelivered rows due at `now` again (the inbox's "try again"); returns how many. */
  retry(submissionId: string, now: number): Promise<number>;
  /** How many rows are in each state. */
  counts(): Promise<Record<DeliveryState, number>>;
}

/** Error text kept with a row: one line, bounded, never a payload. */
export const errorText = (error: string) => error.replace(/\s+/g, " ").trim().slice(0, 500);

export type DeliveryRow = Omit<DeliveryRecord, "channel" | "state" | "delivered_at" | "created_at"> & {
  channel: string;
  state: string;
  delivered_at: string | Date | null;
  created_at: string | Date;
};

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

export function deliveryOfRow(row: DeliveryRow): DeliveryRecord {
  return {
    ...row,
    channel: row.channel as DeliveryChannel,
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    next_attempt_ms: Number(row.next_attempt_ms),
    delivered_at: row.delivered_at === null ? null : iso(row.delivered_at),
    created_at: iso(row.created_at),
  };
}

export const DELIVERY_COLUMNS =
  "id, submission_id, channel, state, attempts, next_attempt_ms, last_error, delivered_at, created_at";

/** The embedded implementation: the claim runs under SQLite's write lock (one writer at a time). */
export class SqliteOutboxStore implements OutboxStore {
  private readonly sql: StatementCache;

  constructor(private readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async claim({ owner, now, leaseMs, limit }: ClaimOptions): Promise<DeliveryRecord[]> {
    return sqliteTransaction(this.db, () => {
      const rows = this.sql
        .get(
          `SELECT ${DELIVERY_COLUMNS} FROM lead_deliveries
           WHERE state = 'pending' AND next_attempt_ms <= ? AND (lease_until_ms IS NULL OR lease_until_ms <= ?)
           ORDER BY next_attempt_ms, created_at LIMIT ?`,
        )
        .all(now, now, limit) as unknown as DeliveryRow[];
      const lease = this.sql.get(
        "UPDATE lead_deliveries SET lease_owner = ?, lease_until_ms = ?, attempts = attempts + 1 WHERE id = ?",
      );
      for (const row of rows) lease.run(owner, now + leaseMs, row.id);
      return rows.map((row) => deliveryOfRow({ ...row, attempts: Number(row.attempts) + 1 }));
    });
  }

  async complete(id: string, owner: string, at: Date): Promise<boolean> {
    const result = this.sql
      .get(
        `UPDATE lead_deliveries SET state = 'delivered', delivered_at = ?, last_error = NULL,
           lease_owner = NULL, lease_until_ms = NULL
         WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
      )
      .run(at.toISOString(), id, owner);
    return Number(result.changes) > 0;
  }

  async fail(id: string, owner: string, error: string, retryAt: number | null): Promise<boolean> {
    const result = this.sql
      .get(
        `UPDATE lead_deliveries SET state = ?, next_attempt_ms = coalesce(?, next_attempt_ms), last_error = ?,
           lease_owner = NULL, lease_until_ms = NULL
         WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
      )
      .run(retryAt === null ? "failed" : "pending", retryAt, errorText(error), id, owner);
    return Number(result.changes) > 0;
  }

  async release(owner: string): Promise<number> {
    const result = this.sql
      .get(
        `UPDATE lead_deliveries SET lease_owner = NULL, lease_until_ms = NULL, attempts = max(attempts - 1, 0)
         WHERE lease_owner = ? AND state = 'pending'`,
      )
      .run(owner);
    return Number(result.changes);
  }

  async forSubmission(submissionId: string): Promise<DeliveryRecord[]> {
    const rows = this.sql
      .get(`SELECT ${DELIVERY_COLUMNS} FROM lead_deliveries WHERE submission_id = ? ORDER BY channel`)
      .all(submissionId) as unknown as DeliveryRow[];
    return rows.map(deliveryOfRow);
  }

  async retry(submissionId: string, now: number): Promise<number> {
    const result = this.sql
      .get(
        `UPDATE lead_deliveries SET state = 'pending', attempts = 0, next_attempt_ms = ?
         WHERE submission_id = ? AND state <> 'delivered' AND lease_owner IS NULL`,
      )
      .run(now, submissionId);
    return Number(result.changes);
  }

  async counts(): Promise<Record<DeliveryState, number>> {
    const rows = this.sql.get("SELECT state, count(*) AS n FROM lead_deliveries GROUP BY state").all() as {
      state: DeliveryState;
      n: number;
    }[];
    const out: Record<DeliveryState, number> = { pending: 0, delivered: 0, failed: 0 };
    for (const row of rows) out[row.state] = Number(row.n);
    return out;
  }
}
