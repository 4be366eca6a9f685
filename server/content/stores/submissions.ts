/**
 * Form submissions: the leads of the broker's inbox. A submission answered with success is
 * already on disk: in the embedded store the insert commits with `PRAGMA synchronous = FULL`
 * (the WAL is fsynced at commit), while the rest of the connection keeps the cheaper NORMAL
 * level; PostgreSQL commits with `synchronous_commit = on`. Its delivery rows (the outbox,
 * stores/outbox.ts) are written in the same transaction, so a lead is never stored without
 * them nor delivered without being stored.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Locale } from "../../../schema/common";
import { StatementCache, sqliteTransaction } from "../db/sqlite";
import type { DeliveryChannel } from "./outbox";

export const LEAD_STATUSES = ["new", "handled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Where a lead's deliveries stand, for the inbox: none configured, waiting, all delivered,
 * retrying after failures ("failing": a channel failed at least FAILING_AFTER times), or
 * given up on ("failed").
 */
export type DeliverySummary = "none" | "pending" | "delivered" | "failing" | "failed";
export const FAILING_AFTER = 3;

/** Express consent given with a lead (CASL): what was agreed to, when, in which words. */
export interface LeadConsent {
  email: { given_at: string; text: string };
}

export interface NewSubmission {
  site_id: string;
  type: string;
  locale: Locale;
  recipient_type?: string | null;
  recipient_slug?: string | null;
  payload: Record<string, unknown>;
  ip?: string | null;
  consent?: LeadConsent | null;
  /** Outbox rows written with the lead, one per configured channel. */
  deliveries?: readonly DeliveryChannel[];
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
  status: LeadStatus;
  handled_at: string | null;
  /** The visitor's full name and e-mail, as typed (columns the inbox filters on). */
  name: string;
  email: string;
  consent: LeadConsent | null;
  delivery: DeliverySummary;
}

/** The inbox's filters; every one is optional. Dates are ISO instants, `to` exclusive. */
export interface LeadFilter {
  type?: string;
  status?: LeadStatus;
  from?: string;
  to?: string;
  /** Part of the name or e-mail, without regard to case or accents. */
  q?: string;
  /** Only leads whose delivery is failing or failed. */
  deliveryProblem?: boolean;
}

export interface SubmissionsStore {
  /** Stores durably (committed and flushed before it resolves) with its outbox rows; returns the new id. */
  insert(submission: NewSubmission): Promise<string>;
  /** A site's submissions matching `filter`, newest first, with the total that match. */
  list(
    siteId: string,
    options: { offset: number; limit: number; filter?: LeadFilter },
  ): Promise<{ total: number; submissions: SubmissionRecord[] }>;
  get(siteId: string, id: string): Promise<SubmissionRecord | undefined>;
  /** A lead by id whatever its site (the delivery worker, which knows only the id). */
  find(id: string): Promise<SubmissionRecord | undefined>;
  /** Marks a lead new or handled; false when the site has no such lead. */
  setStatus(siteId: string, id: string, status: LeadStatus, at: Date): Promise<boolean>;
  /** Deletes a lead and its outbox rows (a person's request under Law 25); false when absent. */
  delete(siteId: string, id: string): Promise<boolean>;
  /** Deletes every lead created before `before` (the retention period); returns how many. */
  purge(before: Date): Promise<number>;
  count(siteId?: string): Promise<number>;
}

/** IPs are kept only as a keyed hash; the key is made once per database and stays in it. */
export const newIpSalt = () => randomBytes(32).toString("hex");
export const hashIp = (salt: string, ip: string) => createHmac("sha256", salt).update(ip).digest("hex").slice(0, 32);

/** Lower case without accents: "Éloïse Côté" and "eloise cote" match. */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards escaped (ESCAPE '\'). */
export const containsPattern = (text: string) => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns the inbox reads, from a lead's payload. */
export function leadColumns(payload: Record<string, unknown>) {
  const name = String(payload.full_name ?? "").trim();
  const email = String(payload.email ?? "").trim();
  return { name, email, search: searchKey(`${name} ${email}`) };
}

/** The delivery summary of `submissions s` as one correlated subquery (both dialects). */
export const DELIVERY_SUMMARY_SQL = `(SELECT CASE
    WHEN count(*) = 0 THEN 'none'
    WHEN sum(CASE WHEN d.state = 'failed' THEN 1 ELSE 0 END) > 0 THEN 'failed'
    WHEN sum(CASE WHEN d.state = 'pending' AND d.attempts >= ${FAILING_AFTER} THEN 1 ELSE 0 END) > 0 THEN 'failing'
    WHEN sum(CASE WHEN d.state = 'pending' THEN 1 ELSE 0 END) > 0 THEN 'pending'
    ELSE 'delivered' END
  FROM lead_deliveries d WHERE d.submission_id = s.id)`;

/** WHERE clauses of a filter over `submissions s`; `param` adds a parameter and returns its placeholder. */
export function leadWhere(siteId: string, filter: LeadFilter, param: (value: unknown) => string): string {
  const clauses = [`s.site_id = ${param(siteId)}`];
  if (filter.type) clauses.push(`s.type = ${param(filter.type)}`);
  if (filter.status) clauses.push(`s.status = ${param(filter.status)}`);
  if (filter.from) clauses.push(`s.created_at >= ${param(filter.from)}`);
  if (filter.to) clauses.push(`s.created_at < ${param(filter.to)}`);
  if (filter.q?.trim()) clauses.push(`s.search LIKE ${param(containsPattern(filter.q))} ESCAPE '\\'`);
  if (filter.deliveryProblem) {
    clauses.push(
      `EXISTS (SELECT 1 FROM lead_deliveries p WHERE p.submission_id = s.id
         AND (p.state = 'failed' OR (p.state = 'pending' AND p.attempts >= ${FAILING_AFTER})))`,
    );
  }
  return clauses.join(" AND ");
}

const COLUMNS = `s.id, s.site_id, s.type, s.locale, s.recipient_type, s.recipient_slug, s.payload, s.ip_hash,
  s.created_at, s.status, s.handled_at, s.name, s.email, s.consent`;

/** A page of leads, newest first, each with its delivery summary. */
export const leadPageSql = (where: string, limit: string, offset: string) => `
  SELECT ${COLUMNS}, ${DELIVERY_SUMMARY_SQL} AS delivery
  FROM submissions s WHERE ${where}
  ORDER BY s.seq DESC LIMIT ${limit} OFFSET ${offset}`;

export type LeadRow = Omit<
  SubmissionRecord,
  "payload" | "locale" | "status" | "consent" | "delivery" | "created_at" | "handled_at"
> & {
  payload: string | Record<string, unknown>;
  locale: string;
  status: string;
  consent: string | LeadConsent | null;
  delivery: string;
  created_at: string | Date;
  handled_at: string | Date | null;
};

const parsed = <T>(value: string | T): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);
const SUMMARIES = new Set<string>(["none", "pending", "delivered", "failing", "failed"]);

export function leadOfRow(row: LeadRow): SubmissionRecord {
  return {
    ...row,
    locale: row.locale as Locale,
    status: row.status === "handled" ? "handled" : "new",
    payload: parsed(row.payload),
    consent: row.consent === null ? null : parsed(row.consent),
    delivery: (SUMMARIES.has(row.delivery) ? row.delivery : "none") as DeliverySummary,
    created_at: iso(row.created_at),
    handled_at: row.handled_at === null ? null : iso(row.handled_at),
  };
}

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
    const { name, email, search } = leadColumns(submission.payload);
    const now = new Date();
    const insert = this.sql.get(
      `INSERT INTO submissions(id, site_id, type, locale, recipient_type, recipient_slug, payload, ip_hash, created_at,
         status, name, email, search, consent)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?)`,
    );
    const delivery = this.sql.get(
      `INSERT INTO lead_deliveries(id, submission_id, channel, state, attempts, next_attempt_ms, created_at)
       VALUES(?, ?, ?, 'pending', 0, ?, ?)`,
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
          now.toISOString(),
          name,
          email,
          search,
          submission.consent ? JSON.stringify(submission.consent) : null,
        );
        for (const channel of submission.deliveries ?? []) {
          delivery.run(randomUUID(), id, channel, now.getTime(), now.toISOString());
        }
      });
    } finally {
      this.db.exec("PRAGMA synchronous = NORMAL");
    }
    return id;
  }

  async list(siteId: string, options: { offset: number; limit: number; filter?: LeadFilter }) {
    const params: unknown[] = [];
    const where = leadWhere(siteId, options.filter ?? {}, (value) => {
      params.push(value);
      return "?";
    });
    const total = (
      this.sql.get(`SELECT count(*) AS n FROM submissions s WHERE ${where}`).get(...(params as [])) as {
        n: number;
      }
    ).n;
    const rows = this.sql.get(leadPageSql(where, "?", "?")).all(...(params as []), options.limit, options.offset);
    return { total, submissions: (rows as unknown as LeadRow[]).map(leadOfRow) };
  }

  async get(siteId: string, id: string): Promise<SubmissionRecord | undefined> {
    const row = this.sql.get(leadPageSql("s.site_id = ? AND s.id = ?", "1", "0")).get(siteId, id);
    return row ? leadOfRow(row as unknown as LeadRow) : undefined;
  }

  async find(id: string): Promise<SubmissionRecord | undefined> {
    const row = this.sql.get(leadPageSql("s.id = ?", "1", "0")).get(id);
    return row ? leadOfRow(row as unknown as LeadRow) : undefined;
  }

  async setStatus(siteId: string, id: string, status: LeadStatus, at: Date): Promise<boolean> {
    const result = this.sql
      .get("UPDATE submissions SET status = ?, handled_at = ? WHERE site_id = ? AND id = ?")
      .run(status, status === "handled" ? at.toISOString() : null, siteId, id);
    return Number(result.changes) > 0;
  }

  async delete(siteId: string, id: string): Promise<boolean> {
    // The outbox rows go with it (ON DELETE CASCADE; foreign keys are on for every connection).
    const result = this.sql.get("DELETE FROM submissions WHERE site_id = ? AND id = ?").run(siteId, id);
    return Number(result.changes) > 0;
  }

  async purge(before: Date): Promise<number> {
    const result = this.sql.get("DELETE FROM submissions WHERE created_at < ?").run(before.toISOString());
    return Number(result.changes);
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
