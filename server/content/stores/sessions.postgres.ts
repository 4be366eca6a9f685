/** Editor sessions and WebAuthn challenges on PostgreSQL (the embedded one: sessions.ts). */
import type pg from "pg";
import {
  type ChallengeKind,
  type ChallengeRecord,
  isLive,
  type NewSession,
  READ_COLUMNS,
  SESSION_PRUNE_EVERY_MS,
  type SessionRecord,
  type SessionsStore,
  sessionOfRow,
} from "./sessions";

const COLUMNS = "id, editor_id, method, created_ms, last_seen_ms, expires_ms, ip, user_agent";

export class PostgresSessionsStore implements SessionsStore {
  private lastPrune = 0;

  constructor(private readonly pool: pg.Pool) {}

  async create(session: NewSession): Promise<void> {
    await this.pool.query(`INSERT INTO sessions(${COLUMNS}, token_hash) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
      session.id,
      session.editor_id,
      session.method,
      session.created_ms,
      session.last_seen_ms,
      session.expires_ms,
      session.ip,
      session.user_agent,
      session.token_hash,
    ]);
  }

  async find(tokenHash: string, now: number, idleMs: number): Promise<SessionRecord | undefined> {
    if (now - this.lastPrune > SESSION_PRUNE_EVERY_MS) await this.prune(now, idleMs);
    const { rows } = await this.pool.query(`SELECT ${READ_COLUMNS} FROM sessions WHERE token_hash = $1`, [tokenHash]);
    if (!rows[0]) return undefined;
    const session = sessionOfRow(rows[0]);
    if (isLive(session, now, idleMs)) return session;
    await this.pool.query("DELETE FROM sessions WHERE id = $1", [session.id]);
    return undefined;
  }

  async touch(id: string, now: number): Promise<void> {
    await this.pool.query("UPDATE sessions SET last_seen_ms = GREATEST(last_seen_ms, $1) WHERE id = $2", [now, id]);
  }

  async reauthenticated(id: string, now: number): Promise<void> {
    await this.pool.query("UPDATE sessions SET reauth_ms = $1 WHERE id = $2", [now, id]);
  }

  async listForEditor(editorId: string, now: number, idleMs: number): Promise<SessionRecord[]> {
    const { rows } = await this.pool.query(
      `SELECT ${READ_COLUMNS} FROM sessions WHERE editor_id = $1 AND expires_ms > $2 AND last_seen_ms > $3 ORDER BY last_seen_ms DESC`,
      [editorId, now, now - idleMs],
    );
    return rows.map(sessionOfRow);
  }

  async revoke(editorId: string, id: string): Promise<boolean> {
    const result = await this.pool.query("DELETE FROM sessions WHERE id = $1 AND editor_id = $2", [id, editorId]);
    return (result.rowCount ?? 0) > 0;
  }

  async revokeAll(editorId: string, exceptId?: string): Promise<number> {
    const result = await this.pool.query("DELETE FROM sessions WHERE editor_id = $1 AND id <> $2", [
      editorId,
      exceptId ?? "",
    ]);
    return result.rowCount ?? 0;
  }

  async prune(now: number, idleMs: number): Promise<number> {
    this.lastPrune = now;
    const result = await this.pool.query("DELETE FROM sessions WHERE expires_ms <= $1 OR last_seen_ms <= $2", [
      now,
      now - idleMs,
    ]);
    await this.pool.query("DELETE FROM auth_challenges WHERE expires_ms <= $1", [now]);
    return result.rowCount ?? 0;
  }

  async putChallenge(id: string, challenge: ChallengeRecord): Promise<void> {
    await this.pool.query(
      "INSERT INTO auth_challenges(id, challenge, kind, editor_id, expires_ms) VALUES($1, $2, $3, $4, $5)",
      [id, challenge.challenge, challenge.kind, challenge.editor_id, challenge.expires_ms],
    );
  }

  async takeChallenge(id: string, now: number): Promise<ChallengeRecord | undefined> {
    const { rows } = await this.pool.query<{
      challenge: string;
      kind: string;
      editor_id: string | null;
      expires_ms: number;
    }>("DELETE FROM auth_challenges WHERE id = $1 RETURNING challenge, kind, editor_id, expires_ms", [id]);
    const row = rows[0];
    if (!row || row.expires_ms <= now) return undefined;
    return {
      challenge: row.challenge,
      kind: row.kind as ChallengeKind,
      editor_id: row.editor_id,
      expires_ms: row.expires_ms,
    };
  }
}
