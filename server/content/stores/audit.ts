/**
 * The audit trail: one row per write and per sign-in attempt, with who, when, what, from
 * where and how. Append-only: nothing in the product edits or deletes a row. Read newest
 * first, filtered, in pages (`before` is the last `seq` of the previous page).
 */
import { sql } from "kysely";
import type { Db } from "../db/dialect";

/** How the actor acted: a session, an API token, the shell, nobody, or a publish they scheduled. */
export type AuditVia = "session" | "token" | "cli" | "anonymous" | "schedule";

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

function detailsOf(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class AuditStore {
  constructor(private readonly db: Db) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto("audit_log")
      .values({
        at_ms: entry.at_ms,
        actor_id: entry.actor_id,
        actor_label: entry.actor_label,
        action: entry.action,
        target: entry.target,
        outcome: entry.outcome,
        details: entry.details ? JSON.stringify(entry.details) : null,
        ip: entry.ip,
        user_agent: entry.user_agent,
        via: entry.via,
      })
      .execute();
  }

  async list(filter: AuditFilter): Promise<{ entries: AuditRecord[]; next: number | null }> {
    const { action } = filter;
    const rows = await this.db
      .selectFrom("audit_log")
      .select([
        "seq",
        "at_ms",
        "actor_id",
        "actor_label",
        "action",
        "target",
        "outcome",
        "details",
        "ip",
        "user_agent",
        "via",
      ])
      .$if(Boolean(filter.actor_id), (q) => q.where("actor_id", "=", filter.actor_id!))
      .$if(Boolean(action?.endsWith(".")), (q) => q.where(sql`substr(action, 1, ${action!.length})`, "=", action!))
      .$if(Boolean(action && !action.endsWith(".")), (q) => q.where("action", "=", action!))
      .$if(Boolean(filter.outcome), (q) => q.where("outcome", "=", filter.outcome!))
      .$if(filter.from_ms !== undefined, (q) => q.where("at_ms", ">=", filter.from_ms!))
      .$if(filter.to_ms !== undefined, (q) => q.where("at_ms", "<", filter.to_ms!))
      .$if(filter.before !== undefined, (q) => q.where("seq", "<", filter.before!))
      .orderBy("seq", "desc")
      .limit(filter.limit + 1)
      .execute();
    const entries = rows.slice(0, filter.limit).map(
      (row): AuditRecord => ({
        ...row,
        outcome: row.outcome === "failure" ? "failure" : "success",
        details: detailsOf(row.details),
        via: row.via as AuditVia,
      }),
    );
    return { entries, next: rows.length > filter.limit ? (entries.at(-1)?.seq ?? null) : null };
  }
}
