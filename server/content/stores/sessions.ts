/**
 * Editor sessions and WebAuthn challenges, shared by every web process on the database.
 * A session is found by the SHA-256 of its cookie's secret (the secret itself is never
 * stored) and listed and revoked by a public id. It ends at `expires_ms` (absolute) or
 * when unused for the idle lifetime the caller passes. Times are milliseconds since the epoch.
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache } from "../db/sqlite";

export type SessionMethod = "passkey" | "password" | "setup" | "invite";

export interface SessionRecord {
  /** Public id: shown in the session list, used to revoke. Not the cookie's secret. */
  id: string;
  editor_id: string;
  method: SessionMethod;
  created_ms: number;
  last_seen_ms: number;
  /** The absolute end, whatever the activity. */
  expires_ms: number;
  ip: string | null;
  user_agent: string | null;
  /** When the editor last proved who they are in this session (sign-in, then re-authentication). */
  authenticated_ms: number;
}

export interface NewSession extends Omit<SessionRecord, "authenticated_ms"> {
  token_hash: string;
}

/** "reauthenticate": a signed-in editor confirming who they are with a passkey (sudo mode). */
export type ChallengeKind = "register" | "authenticate" | "reauthenticate";

export interface ChallengeRecord {
  challenge: string;
  kind: ChallengeKind;
  /** The account registering a passkey; null for a sign-in. */
  editor_id: string | null;
  expires_ms: number;
}

export interface SessionsStore {
  create(session: NewSession): Promise<void>;
  /**
   * The live session of this secret's hash: not past its absolute end nor idle for longer
   * than `idleMs`. A dead one is deleted and undefined returned.
   */
  find(tokenHash: string, now: number, idleMs: number): Promise<SessionRecord | undefined>;
  /** Records activity (the caller does it at most once a minute). */
  touch(id: string, now: number): Promise<void>;
  /** Records that the session's editor proved who they are again (sudo mode). */
  reauthenticated(id: string, now: number): Promise<void>;
  listForEditor(editorId: string, now: number, idleMs: number): Promise<SessionRecord[]>;
  /** Revokes one session of an editor; false when there was none. */
  revoke(editorId: string, id: string): Promise<boolean>;
  /** Revokes every session of an editor but `exceptId`; returns how many. */
  revokeAll(editorId: string, exceptId?: string): Promise<number>;
  /** Deletes sessions past their end (absolute or idle) and expired challenges. */
  prune(now: number, idleMs: number): Promise<number>;

  putChallenge(id: string, challenge: ChallengeRecord): Promise<void>;
  /** Uses a challenge once: deleted and returned, or undefined when unknown or expired. */
  takeChallenge(id: string, now: number): Promise<ChallengeRecord | undefined>;
}

/** How often a process prunes dead sessions while finding. */
export const SESSION_PRUNE_EVERY_MS = 10 * 60_000;

const COLUMNS = "id, editor_id, method, created_ms, last_seen_ms, expires_ms, ip, user_agent";
/** What a read returns: the columns, and when the editor last proved who they are. */
export const READ_COLUMNS = `${COLUMNS}, reauth_ms`;

export const sessionOfRow = (row: Record<string, unknown>): SessionRecord => ({
  id: String(row.id),
  editor_id: String(row.editor_id),
  method: row.method as SessionMethod,
  created_ms: Number(row.created_ms),
  last_seen_ms: Number(row.last_seen_ms),
  expires_ms: Number(row.expires_ms),
  ip: (row.ip as string | null) ?? null,
  user_agent: (row.user_agent as string | null) ?? null,
  authenticated_ms: row.reauth_ms == null ? Number(row.created_ms) : Number(row.reauth_ms),
});

export const isLive = (session: SessionRecord, now: number, idleMs: number) =>
  session.expires_ms > now && session.last_seen_ms + idleMs > now;

export class SqliteSessionsStore implements SessionsStore {
  private readonly sql: StatementCache;
  private lastPrune = 0;

  constructor(db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async create(session: NewSession): Promise<void> {
    this.sql
      .get(`INSERT INTO sessions(${COLUMNS}, token_hash) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(
        session.id,
        session.editor_id,
        session.method,
        session.created_ms,
        session.last_seen_ms,
        session.expires_ms,
        session.ip,
        session.user_agent,
        session.token_hash,
      );
  }

  async find(tokenHash: string, now: number, idleMs: number): Promise<SessionRecord | undefined> {
    if (now - this.lastPrune > SESSION_PRUNE_EVERY_MS) await this.prune(now, idleMs);
    const row = this.sql.get(`SELECT ${READ_COLUMNS} FROM sessions WHERE token_hash = ?`).get(tokenHash);
    if (!row) return undefined;
    const session = sessionOfRow(row);
    if (isLive(session, now, idleMs)) return session;
    this.sql.get("DELETE FROM sessions WHERE id = ?").run(session.id);
    return undefined;
  }

  async touch(id: string, now: number): Promise<void> {
    this.sql.get("UPDATE sessions SET last_seen_ms = max(last_seen_ms, ?) WHERE id = ?").run(now, id);
  }

  async reauthenticated(id: string, now: number): Promise<void> {
    this.sql.get("UPDATE sessions SET reauth_ms = ? WHERE id = ?").run(now, id);
  }

  async listForEditor(editorId: string, now: number, idleMs: number): Promise<SessionRecord[]> {
    const rows = this.sql
      .get(
        `SELECT ${READ_COLUMNS} FROM sessions WHERE editor_id = ? AND expires_ms > ? AND last_seen_ms > ? ORDER BY last_seen_ms DESC`,
      )
      .all(editorId, now, now - idleMs);
    return rows.map(sessionOfRow);
  }

  async revoke(editorId: string, id: string): Promise<boolean> {
    return Number(this.sql.get("DELETE FROM sessions WHERE id = ? AND editor_id = ?").run(id, editorId).changes) > 0;
  }

  async revokeAll(editorId: string, exceptId?: string): Promise<number> {
    return Number(
      this.sql.get("DELETE FROM sessions WHERE editor_id = ? AND id <> ?").run(editorId, exceptId ?? "").changes,
    );
  }

  async prune(now: number, idleMs: number): Promise<number> {
    this.lastPrune = now;
    const sessions = Number(
      this.sql.get("DELETE FROM sessions WHERE expires_ms <= ? OR last_seen_ms <= ?").run(now, now - idleMs).changes,
    );
    this.sql.get("DELETE FROM auth_challenges WHERE expires_ms <= ?").run(now);
    return sessions;
  }

  async putChallenge(id: string, challenge: ChallengeRecord): Promise<void> {
    this.sql
      .get("INSERT INTO auth_challenges(id, challenge, kind, editor_id, expires_ms) VALUES(?, ?, ?, ?, ?)")
      .run(id, challenge.challenge, challenge.kind, challenge.editor_id, challenge.expires_ms);
  }

  async takeChallenge(id: string, now: number): Promise<ChallengeRecord | undefined> {
    const row = this.sql
      .get("DELETE FROM auth_challenges WHERE id = ? RETURNING challenge, kind, editor_id, expires_ms")
      .get(id) as { challenge: string; kind: string; editor_id: string | null; expires_ms: number } | undefined;
    if (!row || Number(row.expires_ms) <= now) return undefined;
    return {
      challenge: row.challenge,
      kind: row.kind as ChallengeKind,
      editor_id: row.editor_id,
      expires_ms: Number(row.expires_ms),
    };
  }
}
