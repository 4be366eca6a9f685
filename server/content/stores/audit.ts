/**
 * The audit trail: one row per write and per sign-in attempt, with who, when, what, from
 * where and how. Append-only: nothing in the product edits or deletes a row. Read newest
 * first, filtered, in pages (`before` is the last `seq` of the previous page).
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache } from "../db/sqlite";

export type AuditVia = "session" | "token" | "cli" | "anonymous";

export interface AuditEntry {
  at_ms: number;
  /** The account that acted (null: nobody signed in, e.g. a failed sign-in). */
  actor_id: string | null;
  /** Who, as written at the time: "Name <e-mail>", the e-mail a failed sign-in tried, "console". */
  actor_label: string;
  /** What, e.g. "page.publish", "auth.sign-in", "editor.invite". */
  action: string;
  /** What it was done to, e.g. "demo-broker/about", an account's e-mail. */
  target: string | null;
  outcome: "success" | "failure";
  details: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
  via: AuditVia;
}

export interface AuditRecord extends AuditEntry {
  seq: number;
}

export interface AuditFilter {
  actor_id?: string;
  /** An exact action, or a family with a trailing dot ("page."). */
  action?: string;
  outcome?: "success" | "failure";
  from_ms?: number;
  /** Exclusive: entries before this time. */
  to_ms?: number;
  /** Entries older than this sequence number (the next page). */
  before?: number;
  limit: number;
}

export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  list(filter: AuditFilter): Promise<{ entries: AuditRecord[]; next: number | null }>;
}

const COLUMNS = "seq, at_ms, actor_id, actor_label, action, target, outcome, details, ip, user_agent, via";

export function auditOfRow(row: Record<string, unknown>): AuditRecord {
  let details: Record<string, unknown> | null = null;
  if (typeof row.details === "string") {
    try {
      details = JSON.parse(row.details) as Record<string, unknown>;
    } catch {
      details = null;
    }
  } else if (row.details && typeof row.details === "object") details = row.details as Record<string, unknown>;
  return {
    seq: Number(row.seq),
    at_ms: Number(row.at_ms),
    actor_id: (row.actor_id as string | null) ?? null,
    actor_label: String(row.actor_label),
    action: String(row.action),
    target: (row.target as string | null) ?? null,
    outcome: row.outcome === "failure" ? "failure" : "success",
    details,
    ip: (row.ip as string | null) ?? null,
    user_agent: (row.user_agent as string | null) ?? null,
    via: row.via as AuditVia,
  };
}

/** WHERE clause and parameters of a filter; `param(i)` spells the i-th parameter (1-based). */
export function auditWhere(filter: AuditFilter, param: (i: number) => string): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(param(params.length)));
  };
  if (filter.actor_id) add((p) => `actor_id = ${p}`, filter.actor_id);
  if (filter.action?.endsWith(".")) add((p) => `substr(action, 1, ${filter.action!.length}) = ${p}`, filter.action);
  else if (filter.action) add((p) => `action = ${p}`, filter.action);
  if (filter.outcome) add((p) => `outcome = ${p}`, filter.outcome);
  if (filter.from_ms !== undefined) add((p) => `at_ms >= ${p}`, filter.from_ms);
  if (filter.to_ms !== undefined) add((p) => `at_ms < ${p}`, filter.to_ms);
  if (filter.before !== undefined) add((p) => `seq < ${p}`, filter.before);
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

export class SqliteAuditStore implements AuditStore {
  private readonly sql: StatementCache;

  constructor(db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async append(entry: AuditEntry): Promise<void> {
    this.sql
      .get(
        `INSERT INTO audit_log(at_ms, actor_id, actor_label, action, target, outcome, details, ip, user_agent, via)
         VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.at_ms,
        entry.actor_id,
        entry.actor_label,
        entry.action,
        entry.target,
        entry.outcome,
        entry.details ? JSON.stringify(entry.details) : null,
        entry.ip,
        entry.user_agent,
        entry.via,
      );
  }

  async list(filter: AuditFilter) {
    const { where, params } = auditWhere(filter, (i) => `?${i}`);
    const rows = this.sql
      .get(`SELECT ${COLUMNS} FROM audit_log ${where} ORDER BY seq DESC LIMIT ?${params.length + 1}`)
      .all(...(params as (string | number)[]), filter.limit + 1);
    const entries = rows.slice(0, filter.limit).map(auditOfRow);
    return { entries, next: rows.length > filter.limit ? (entries.at(-1)?.seq ?? null) : null };
  }
}
