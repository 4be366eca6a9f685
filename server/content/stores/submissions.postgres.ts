/** Form submissions on PostgreSQL. The insert is acknowledged after its commit is flushed (`synchronous_commit` on, the default). */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Locale } from "../../../schema/common";
import { hashIp, type NewSubmission, newIpSalt, type SubmissionRecord, type SubmissionsStore } from "./submissions";

type Row = Omit<SubmissionRecord, "created_at" | "locale"> & { created_at: Date; locale: string };

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
    await this.pool.query(
      `INSERT INTO submissions(id, site_id, type, locale, recipient_type, recipient_slug, payload, ip_hash, created_at)
       VALUES($1, $2, $3, $4, $5, $6, $7, $8, now())`,
      [
        id,
        submission.site_id,
        submission.type,
        submission.locale,
        submission.recipient_type ?? null,
        submission.recipient_slug ?? null,
        JSON.stringify(submission.payload),
        ipHash,
      ],
    );
    return id;
  }

  async list(siteId: string, options: { offset: number; limit: number }) {
    const total = await this.count(siteId);
    const { rows } = await this.pool.query<Row>(
      `SELECT id, site_id, type, locale, recipient_type, recipient_slug, payload, ip_hash, created_at
       FROM submissions WHERE site_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      [siteId, options.limit, options.offset],
    );
    return {
      total,
      submissions: rows.map((r) => ({ ...r, locale: r.locale as Locale, created_at: r.created_at.toISOString() })),
    };
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
