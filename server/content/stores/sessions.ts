/**
 * Editor sessions and WebAuthn challenges, shared by every web process on the database.
 * A session is found by the SHA-256 of its cookie's secret (the secret itself is never
 * stored) and listed and revoked by a public id. It ends at `expires_ms` (absolute) or
 * when unused for the idle lifetime the caller passes. Times are milliseconds since the epoch.
 */
import { sql } from "kysely";
import type { Db, StoreDialect } from "../db/dialect";

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

/** How often a process prunes dead sessions while finding. */
const SESSION_PRUNE_EVERY_MS = 10 * 60_000;

/** What a read returns: the session's columns, and when the editor last proved who they are. */
const COLUMNS = [
  "id",
  "editor_id",
  "method",
  "created_ms",
  "last_seen_ms",
  "expires_ms",
  "ip",
  "user_agent",
  "reauth_ms",
] as const;

const sessionOfRow = ({
  reauth_ms,
  ...row
}: Omit<SessionRecord, "method" | "authenticated_ms"> & {
  method: string;
  reauth_ms: number | null;
}): SessionRecord => ({
  ...row,
  method: row.method as SessionMethod,
  authenticated_ms: reauth_ms ?? row.created_ms,
});

const isLive = (session: SessionRecord, now: number, idleMs: number) =>
  session.expires_ms > now && session.last_seen_ms + idleMs > now;

export class SessionsStore {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  async create(session: NewSession): Promise<void> {
    await this.db
      .insertInto("sessions")
      .values({
        id: session.id,
        editor_id: session.editor_id,
        method: session.method,
        created_ms: session.created_ms,
        last_seen_ms: session.last_seen_ms,
        expires_ms: session.expires_ms,
        ip: session.ip,
        user_agent: session.user_agent,
        token_hash: session.token_hash,
      })
      .execute();
  }

  /**
   * The live session of this secret's hash: not past its absolute end nor idle for longer
   * than `idleMs`. A dead one is deleted and undefined returned.
   */
  async find(tokenHash: string, now: number, idleMs: number): Promise<SessionRecord | undefined> {
    if (now - this.lastPrune > SESSION_PRUNE_EVERY_MS) await this.prune(now, idleMs);
    const row = await this.db
      .selectFrom("sessions")
      .select(COLUMNS)
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const session = sessionOfRow(row);
    if (isLive(session, now, idleMs)) return session;
    await this.db.deleteFrom("sessions").where("id", "=", session.id).execute();
    return undefined;
  }

  /** Records activity (the caller does it at most once a minute). */
  async touch(id: string, now: number): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ last_seen_ms: this.dialect.greatest(sql.ref("last_seen_ms"), sql`cast(${now} as bigint)`) })
      .where("id", "=", id)
      .execute();
  }

  /** Records that the session's editor proved who they are again (sudo mode). */
  async reauthenticated(id: string, now: number): Promise<void> {
    await this.db.updateTable("sessions").set({ reauth_ms: now }).where("id", "=", id).execute();
  }

  async listForEditor(editorId: string, now: number, idleMs: number): Promise<SessionRecord[]> {
    const rows = await this.db
      .selectFrom("sessions")
      .select(COLUMNS)
      .where("editor_id", "=", editorId)
      .where("expires_ms", ">", now)
      .where("last_seen_ms", ">", now - idleMs)
      .orderBy("last_seen_ms", "desc")
      .execute();
    return rows.map(sessionOfRow);
  }

  /** Revokes one session of an editor; false when there was none. */
  async revoke(editorId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("id", "=", id)
      .where("editor_id", "=", editorId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Revokes every session of an editor but `exceptId`; returns how many. */
  async revokeAll(editorId: string, exceptId?: string): Promise<number> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("editor_id", "=", editorId)
      .where("id", "<>", exceptId ?? "")
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes sessions past their end (absolute or idle) and expired challenges. */
  async prune(now: number, idleMs: number): Promise<number> {
    this.lastPrune = now;
    const result = await this.db
      .deleteFrom("sessions")
      .where((eb) => eb.or([eb("expires_ms", "<=", now), eb("last_seen_ms", "<=", now - idleMs)]))
      .executeTakeFirst();
    await this.db.deleteFrom("auth_challenges").where("expires_ms", "<=", now).execute();
    return Number(result.numDeletedRows);
  }

  async putChallenge(id: string, challenge: ChallengeRecord): Promise<void> {
    await this.db
      .insertInto("auth_challenges")
      .values({
        id,
        challenge: challenge.challenge,
        kind: challenge.kind,
        editor_id: challenge.editor_id,
        expires_ms: challenge.expires_ms,
      })
      .execute();
  }

  /** Uses a challenge once: deleted and returned, or undefined when unknown or expired. */
  async takeChallenge(id: string, now: number): Promise<ChallengeRecord | undefined> {
    const row = await this.db
      .deleteFrom("auth_challenges")
      .where("id", "=", id)
      .returning(["challenge", "kind", "editor_id", "expires_ms"])
      .executeTakeFirst();
    if (!row || row.expires_ms <= now) return undefined;
    return { ...row, kind: row.kind as ChallengeKind };
  }
}
