/**
 * Form submissions on PostgreSQL. The insert and its outbox rows commit in one transaction,
 * acknowledged after the commit is flushed (`synchronous_commit` on).
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { pgTransaction } from "../db/postgres";
import {
  hashIp,
  type LeadFilter,
  type LeadRow,
  type LeadStatus,
  leadColumns,
  leadOfRow,
  leadPageSql,
  leadWhere,
  type NewSubmission,
  newIpSalt,
  type SubmissionRecord,
  type SubmissionsStore,
} from "./submissions";

export class PostgresSubmissionsStore implements SubmissionsStore {
  private salt: Promise<string> | undefined;

  constructor(private readonly pool: pg.Pool) {}

  private ipSalt(): Promise<string> {
    // The first process to ask makes the key; every other reads the same one.
    this.salt ??= this.pool
      .query<{ value: string }>(
        `WITH made AS (
           INSERT INTO submission_settings(key, value) VALUES('ip_salt', $1) ON CONFLICT(key) DO NOTHING RETURNING value
         )
         SELECT value FROM made UNION ALL SELECT value FROM submission_settings WHERE key = 'ip_salt' LIMIT 1`,
        [newIpSalt()],
      )
      .then(({ rows }) => rows[0]!.value)
      .catch((error) => {
        this.salt = undefined;
        throw error;
      });
    return this.salt;
  }

  async insert(submission: NewSubmission): Promise<string> {
    const id = randomUUID();
    const ipHash = submission.ip ? hashIp(await this.ipSalt(), submission.ip) : null;
    const { name, email, search } = leadColumns(submission.payload);
    const now = new Date();
    const values = [
      id,
      submission.site_id,
      submission.type,
      submission.locale,
      submission.recipient_type ?? null,
      submission.recipient_slug ?? null,
      JSON.stringify(submission.payload),
      ipHash,
      now,
      name,
      email,
      search,
      submission.consent ? JSON.stringify(submission.consent) : null,
    ];
    const insertLead = `INSERT INTO submissions(id, site_id, type, locale, recipient_type, recipient_slug, payload,
         ip_hash, created_at, status, name, email, search, consent)
       VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, 'new', $10, $11, $12, $13)`;
    const channels = submission.deliveries ?? [];
    if (channels.length === 0) {
      await this.pool.query(insertLead, values);
      return id;
    }
    await pgTransaction(this.pool, async (client) => {
      await client.query(insertLead, values);
      await client.query(
        `INSERT INTO lead_deliveries(id, submission_id, channel, state, attempts, next_attempt_ms, created_at)
         SELECT unnest($1::text[]), $2, unnest($3::text[]), 'pending', 0, $4, $5`,
        [channels.map(() => randomUUID()), id, channels, now.getTime(), now],
      );
    });
    return id;
  }

  async list(siteId: string, options: { offset: number; limit: number; filter?: LeadFilter }) {
    const params: unknown[] = [];
    const where = leadWhere(siteId, options.filter ?? {}, (value) => {
      params.push(value);
      return `$${params.length}`;
    });
    const { rows: counted } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM submissions s WHERE ${where}`,
      params,
    );
    const { rows } = await this.pool.query<LeadRow>(
      leadPageSql(where, `$${params.length + 1}`, `$${params.length + 2}`),
      [...params, options.limit, options.offset],
    );
    return { total: counted[0]!.n, submissions: rows.map(leadOfRow) };
  }

  async get(siteId: string, id: string): Promise<SubmissionRecord | undefined> {
    const { rows } = await this.pool.query<LeadRow>(leadPageSql("s.site_id = $1 AND s.id = $2", "1", "0"), [
      siteId,
      id,
    ]);
    return rows[0] ? leadOfRow(rows[0]) : undefined;
  }

  async find(id: string): Promise<SubmissionRecord | undefined> {
    const { rows } = await this.pool.query<LeadRow>(leadPageSql("s.id = $1", "1", "0"), [id]);
    return rows[0] ? leadOfRow(rows[0]) : undefined;
  }

  async setStatus(siteId: string, id: string, status: LeadStatus, at: Date): Promise<boolean> {
    const result = await this.pool.query(
      "UPDATE submissions SET status = $1, handled_at = $2 WHERE site_id = $3 AND id = $4",
      [status, status === "handled" ? at : null, siteId, id],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async delete(siteId: string, id: string): Promise<boolean> {
    const result = await this.pool.query("DELETE FROM submissions WHERE site_id = $1 AND id = $2", [siteId, id]);
    return (result.rowCount ?? 0) > 0;
  }

  async purge(before: Date): Promise<number> {
    const result = await this.pool.query("DELETE FROM submissions WHERE created_at < $1", [before]);
    return result.rowCount ?? 0;
  }

  async count(siteId?: string): Promise<number> {
    const { rows } =
      siteId === undefined
        ? await this.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM submissions")
        : await this.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM submissions WHERE site_id = $1", [
            siteId,
          ]);
    return rows[0]!.n;
  }
}
