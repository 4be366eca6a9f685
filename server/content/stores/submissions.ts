/**
 * Form submissions. A submission answered with success is already on disk: the
 * insert commits with `PRAGMA synchronous = FULL` (the WAL is fsynced at commit),
 * while the rest of the connection keeps the cheaper NORMAL level.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Locale } from "../../../schema/common";

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
  /** Stores durably and returns the new id; throws when the write fails. */
  insert(submission: NewSubmission): string;
  list(siteId: string, options: { offset: number; limit: number }): { total: number; submissions: SubmissionRecord[] };
  count(siteId?: string): number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS submissions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  site_id TEXT NOT NULL,
  type TEXT NOT NULL,
  locale TEXT NOT NULL,
  recipient_type TEXT,
  recipient_slug TEXT,
  payload TEXT NOT NULL,
  ip_hash TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS submissions_site ON submissions(site_id, seq);
CREATE TABLE IF NOT EXISTS submission_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

type Row = Omit<SubmissionRecord, "payload" | "locale"> & { payload: string; locale: string };

export class SqliteSubmissionsStore implements SubmissionsStore {
  private readonly salt: string;

  constructor(private readonly db: DatabaseSync) {
    db.exec(SCHEMA);
    // IPs are kept only as a keyed hash; the key stays in this database.
    db.prepare("INSERT OR IGNORE INTO submission_settings(key, value) VALUES('ip_salt', ?)").run(
      randomBytes(32).toString("hex"),
    );
    this.salt = (
      db.prepare("SELECT value FROM submission_settings WHERE key = 'ip_salt'").get() as { value: string }
    ).value;
  }

  hashIp(ip: string): string {
    return createHmac("sha256", this.salt).update(ip).digest("hex").slice(0, 32);
  }

  insert(submission: NewSubmission): string {
    const id = randomUUID();
    const insert = this.db.prepare(
      `INSERT INTO submissions(id, site_id, type, locale, recipient_type, recipient_slug, payload, ip_hash, created_at)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.exec("PRAGMA synchronous = FULL");
    try {
      this.db.exec("BEGIN IMMEDIATE");
      try {
        insert.run(
          id,
          submission.site_id,
          submission.type,
          submission.locale,
          submission.recipient_type ?? null,
          submission.recipient_slug ?? null,
          JSON.stringify(submission.payload),
          submission.ip ? this.hashIp(submission.ip) : null,
          new Date().toISOString(),
        );
        this.db.exec("COMMIT");
      } catch (error) {
        this.db.exec("ROLLBACK");
        throw error;
      }
    } finally {
      this.db.exec("PRAGMA synchronous = NORMAL");
    }
    return id;
  }

  list(siteId: string, options: { offset: number; limit: number }) {
    const total = this.count(siteId);
    const rows = this.db
      .prepare(
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

  count(siteId?: string): number {
    const row = (
      siteId === undefined
        ? this.db.prepare("SELECT count(*) AS n FROM submissions").get()
        : this.db.prepare("SELECT count(*) AS n FROM submissions WHERE site_id = ?").get(siteId)
    ) as { n: number };
    return row.n;
  }
}
