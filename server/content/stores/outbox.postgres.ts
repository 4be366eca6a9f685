/**
 * The delivery outbox on PostgreSQL: workers of every process claim due rows with
 * `FOR UPDATE SKIP LOCKED` (a row another worker is claiming is skipped, never waited for)
 * and a lease, so two processes never send the same row at once.
 */
import type pg from "pg";
import {
  type ClaimOptions,
  DELIVERY_COLUMNS,
  type DeliveryRecord,
  type DeliveryRow,
  type DeliveryState,
  deliveryOfRow,
  errorText,
  type OutboxStore,
} from "./outbox";

export class PostgresOutboxStore implements OutboxStore {
  constructor(private readonly pool: pg.Pool) {}

  async claim({ owner, now, leaseMs, limit }: ClaimOptions): Promise<DeliveryRecord[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      `UPDATE lead_deliveries SET lease_owner = $1, lease_until_ms = $2::bigint + $3::bigint, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM lead_deliveries
         WHERE state = 'pending' AND next_attempt_ms <= $2 AND (lease_until_ms IS NULL OR lease_until_ms <= $2)
         ORDER BY next_attempt_ms, created_at
         LIMIT $4
         FOR UPDATE SKIP LOCKED
       )
       RETURNING ${DELIVERY_COLUMNS}`,
      [owner, now, leaseMs, limit],
    );
    return rows.map(deliveryOfRow).sort((a, b) => a.next_attempt_ms - b.next_attempt_ms);
  }

  async complete(id: string, owner: string, at: Date): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE lead_deliveries SET state = 'delivered', delivered_at = $1, last_error = NULL,
         lease_owner = NULL, lease_until_ms = NULL
       WHERE id = $2 AND lease_owner = $3 AND state = 'pending'`,
      [at, id, owner],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async fail(id: string, owner: string, error: string, retryAt: number | null): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE lead_deliveries SET state = $1, next_attempt_ms = coalesce($2::bigint, next_attempt_ms), last_error = $3,
         lease_owner = NULL, lease_until_ms = NULL
       WHERE id = $4 AND lease_owner = $5 AND state = 'pending'`,
      [retryAt === null ? "failed" : "pending", retryAt, errorText(error), id, owner],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async release(owner: string): Promise<number> {
    const result = await this.pool.query(
      `UPDATE lead_deliveries SET lease_owner = NULL, lease_until_ms = NULL, attempts = GREATEST(attempts - 1, 0)
       WHERE lease_owner = $1 AND state = 'pending'`,
      [owner],
    );
    return result.rowCount ?? 0;
  }

  async forSubmission(submissionId: string): Promise<DeliveryRecord[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM lead_deliveries WHERE submission_id = $1 ORDER BY channel`,
      [submissionId],
    );
    return rows.map(deliveryOfRow);
  }

  async retry(submissionId: string, now: number): Promise<number> {
    const result = await this.pool.query(
      `UPDATE lead_deliveries SET state = 'pending', attempts = 0, next_attempt_ms = $1
       WHERE submission_id = $2 AND state <> 'delivered' AND lease_owner IS NULL`,
      [now, submissionId],
    );
    return result.rowCount ?? 0;
  }

  async counts(): Promise<Record<DeliveryState, number>> {
    const { rows } = await this.pool.query<{ state: DeliveryState; n: number }>(
      "SELECT state, count(*)::int AS n FROM lead_deliveries GROUP BY state",
    );
    const out: Record<DeliveryState, number> = { pending: 0, delivered: 0, failed: 0 };
    for (const row of rows) out[row.state] = row.n;
    return out;
  }
}
