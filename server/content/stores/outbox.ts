/**
 * The delivery outbox of leads (the transactional outbox pattern): one row per lead and
 * channel, written in the lead's own transaction (stores/submissions.ts), delivered by the
 * worker of server/leads/delivery.ts. A worker claims due rows with a lease so that two
 * processes never send the same row at once; a row whose lease ran out (its process was
 * killed mid-send) is due again. The row's id is the idempotency key the receiver sees
 * (the e-mail's Message-ID, the webhook's delivery header), so a retry after a crash is
 * recognisable as the same message.
 */
import type { Db, StoreDialect } from "../db/dialect";

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

/** Error text kept with a row: one line, bounded, never a payload. */
export const errorText = (error: string) => error.replace(/\s+/g, " ").trim().slice(0, 500);

const COLUMNS = [
  "id",
  "submission_id",
  "channel",
  "state",
  "attempts",
  "next_attempt_ms",
  "last_error",
  "delivered_at",
  "created_at",
] as const;

const deliveryOf = (row: Omit<DeliveryRecord, "channel" | "state"> & { channel: string; state: string }) =>
  ({ ...row, channel: row.channel as DeliveryChannel, state: row.state as DeliveryState }) satisfies DeliveryRecord;

export class OutboxStore {
  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  /**
   * Takes up to `limit` due rows (pending, next attempt reached, no live lease), oldest
   * first, leases them to `owner` until `now + leaseMs` and counts the attempt.
   */
  async claim({ owner, now, leaseMs, limit }: ClaimOptions): Promise<DeliveryRecord[]> {
    // One statement: the due rows are chosen and leased together. PostgreSQL skips rows another
    // worker is claiming at that moment (never waits for them); SQLite runs it under its write lock.
    const rows = await this.db
      .updateTable("lead_deliveries")
      .set((eb) => ({ lease_owner: owner, lease_until_ms: now + leaseMs, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", (eb) =>
        this.dialect.forUpdate(
          eb
            .selectFrom("lead_deliveries")
            .select("id")
            .where("state", "=", "pending")
            .where("next_attempt_ms", "<=", now)
            .where((w) => w.or([w("lease_until_ms", "is", null), w("lease_until_ms", "<=", now)]))
            .orderBy("next_attempt_ms")
            .orderBy("created_at")
            .limit(limit),
          true,
        ),
      )
      .returning(COLUMNS)
      .execute();
    return rows
      .map(deliveryOf)
      .sort((a, b) => a.next_attempt_ms - b.next_attempt_ms || (a.created_at < b.created_at ? -1 : 1));
  }

  /** Marks a leased row delivered; false when the lease was lost (another worker has it now). */
  async complete(id: string, owner: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("lead_deliveries")
      .set({
        state: "delivered",
        delivered_at: at.toISOString(),
        last_error: null,
        lease_owner: null,
        lease_until_ms: null,
      })
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records a failed attempt: due again at `retryAt`, or failed for good when `retryAt` is null. */
  async fail(id: string, owner: string, error: string, retryAt: number | null): Promise<boolean> {
    const result = await this.db
      .updateTable("lead_deliveries")
      .set((eb) => ({
        state: retryAt === null ? "failed" : "pending",
        next_attempt_ms: retryAt === null ? eb.ref("next_attempt_ms") : retryAt,
        last_error: errorText(error),
        lease_owner: null,
        lease_until_ms: null,
      }))
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives back the leases of `owner` without counting their attempt (a graceful stop). */
  async release(owner: string): Promise<number> {
    const result = await this.db
      .updateTable("lead_deliveries")
      .set((eb) => ({
        lease_owner: null,
        lease_until_ms: null,
        attempts: this.dialect.greatest(eb("attempts", "-", 1), 0),
      }))
      .where("lease_owner", "=", owner)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A lead's rows, by channel. */
  async forSubmission(submissionId: string): Promise<DeliveryRecord[]> {
    const rows = await this.db
      .selectFrom("lead_deliveries")
      .select(COLUMNS)
      .where("submission_id", "=", submissionId)
      .orderBy("channel")
      .execute();
    return rows.map(deliveryOf);
  }

  /** Makes a lead's undelivered rows due at `now` again (the inbox's "try again"); returns how many. */
  async retry(submissionId: string, now: number): Promise<number> {
    const result = await this.db
      .updateTable("lead_deliveries")
      .set({ state: "pending", attempts: 0, next_attempt_ms: now })
      .where("submission_id", "=", submissionId)
      .where("state", "<>", "delivered")
      .where("lease_owner", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** How many rows are in each state. */
  async counts(): Promise<Record<DeliveryState, number>> {
    const rows = await this.db
      .selectFrom("lead_deliveries")
      .select((eb) => ["state", eb.fn.countAll<number>().as("n")])
      .groupBy("state")
      .execute();
    const out: Record<DeliveryState, number> = { pending: 0, delivered: 0, failed: 0 };
    for (const row of rows) out[row.state as DeliveryState] = Number(row.n);
    return out;
  }
}
