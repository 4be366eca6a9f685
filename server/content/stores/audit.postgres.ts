/** The audit trail on PostgreSQL (the embedded one: audit.ts). */
import type pg from "pg";
import { type AuditEntry, type AuditFilter, type AuditStore, auditOfRow, auditWhere } from "./audit";

const COLUMNS = "seq, at_ms, actor_id, actor_label, action, target, outcome, details, ip, user_agent, via";

export class PostgresAuditStore implements AuditStore {
  constructor(private readonly pool: pg.Pool) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.pool.query(
      `INSERT INTO audit_log(at_ms, actor_id, actor_label, action, target, outcome, details, ip, user_agent, via)
       VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
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
      ],
    );
  }

  async list(filter: AuditFilter) {
    const { where, params } = auditWhere(filter, (i) => `$${i}`);
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM audit_log ${where} ORDER BY seq DESC LIMIT $${params.length + 1}`,
      [...params, filter.limit + 1],
    );
    const entries = rows.slice(0, filter.limit).map(auditOfRow);
    return { entries, next: rows.length > filter.limit ? (entries.at(-1)?.seq ?? null) : null };
  }
}
