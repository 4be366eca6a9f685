/**
 * Form submissions. A submission answered with success is already on disk: in the
 * embedded store the insert commits with `PRAGMA synchronous = FULL` (the WAL is
 * fsynced at commit), while the rest of the connection keeps the cheaper NORMAL level;
 * PostgreSQL commits with its default `synchronous_commit = on`.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Locale } from "../../../schema/common";
import { StatementCache, sqliteTransaction } from "../db/sqlite";

export interface NewSubmission {
  site_id: string;
  type: string;
  locale: Locale;
  recipient_type?: string | null;
  recipient_slug?: string | null;
  payload: Record<string, unknown>;
  ip?: string | null;
}

export interface SubmissionRecord {
  id: string;
  site_id: string;
  type: string;
  locale: Locale;
  recipient_type: string | null;
  recipient_slug: string | null;
  payload: Record<string, unknown>;
  ip_hash: string | null;
  created_at: string;
}

export interface SubmissionsStore {
  /** Stores durably (committed and flushed before it resolves) and returns the new id; rejects when the write fails. */
  insert(submission: NewSubmission): Promise<string>;
  /** A site's submissions, newest first. */
  list(
    siteId: string,
    options: { offset: number; limit: number },
  ): Promise<{ total: number; submissions: SubmissionRecord[] }>;
  count(siteId?: string): Promise<number>;
}

/** IPs are kept only as a keyed hash; the key is made once per database and stays in it. */
export const newIpSalt = () => randomBytes(32).toString("hex");
export const hashIp = (salt: string, ip: string) => createHmac("sha256", salt).update(ip).digest("hex").slice(0, 32);

type Row = Omit<SubmissionRecord, "payload" | "locale"> & { payload: string; locale: string };

/** The embedded implementation (schema in db/sqlite-migrations.ts). PostgreSQL: submissions.postgres.ts. */
export class SqliteSubmissionsStore implements SubmissionsStore {
  private salt: string | undefined;
  private readonly sql: StatementCache;

  constructor(private readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  private ipSalt(): string {
    if (this.salt === undefined) {
      this.sql.get("INSERT OR IGNORE INTO submission_settings(key, value) VALUES('ip_salt', ?)").run(newIpSalt());
      this.salt = (
        this.sql.get("SELECT value FROM submission_settings WHERE key = 'ip_salt'").get() as { value: string }
      ).value;
    }
    return this.salt;
  }

  async insert(submission: NewSubmission): Promise<string> {
    const id = randomUUID();
    const ipHash = submission.ip ? hashIp(this.ipSalt(), submission.ip) : null;
    const insert = this.sql.get(
      `INSERT INTO submissions(id, site_id, type, locale, recipient_type, recipient_slug, payload, ip_hash, created_at)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.exec("PRAGMA synchronous = FULL");
    try {
      sqliteTransaction(this.db, () => {
        insert.run(
          id,
          submission.site_id,
          submission.type,
          submission.locale,
          submission.recipient_type ?? null,
          submission.recipient_slug ?? null,
          JSON.stringify(submission.payload),
          ipHash,
          new Date().toISOString(),
        );
      });
    } finally {
      this.db.exec("PRAGMA synchronous = NORMAL");
    }
    return id;
  }

  async list(siteId: string, options: { offset: number; limit: number }) {
    const total = await this.count(siteId);
    const rows = this.sql
      .get(
        `SELECT id, site_id, type, locale, recipient_type, recipient_slug, payload, ip_hash, created_at
         FROM submissions WHERE site_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?`,
      )
      .all(siteId, options.limit, options.offset) as Row[];
    return {
      total,
      submissions: rows.map((r) => ({
        ...r,
        locale: r.locale as Locale,
        payload: JSON.parse(r.payload) as Record<string, unknown>,
      })),
    };
  }

  async count(siteId?: string): Promise<number> {
    const row = (
      siteId === undefined
        ? this.sql.get("SELECT count(*) AS n FROM submissions").get()
        : this.sql.get("SELECT count(*) AS n FROM submissions WHERE site_id = ?").get(siteId)
    ) as { n: number };
    return row.n;
  }
}
