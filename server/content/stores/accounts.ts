/**
 * Editor accounts (people who sign in to the studio), their passkeys, and the one-time
 * account links that create or recover an account (first-run setup, invitation, reset).
 * Secrets are never stored: passwords as argon2id hashes, links by the SHA-256 of their token.
 * Times are milliseconds since the epoch.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { StatementCache, sqliteTransaction } from "../db/sqlite";

export type Role = "admin" | "editor";
export const ROLES: readonly Role[] = ["admin", "editor"];

export interface EditorRecord {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  name: string;
  role: Role;
  /** PHC string of the password's argon2id hash; null when the account has no password (yet). */
  password_hash: string | null;
  created_ms: number;
  updated_ms: number;
}

export interface NewEditor {
  email: string;
  name: string;
  role: Role;
  password_hash?: string | null;
}

export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  editor_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  /** The editor's label for it ("MacBook", "YubiKey"). */
  name: string;
  created_ms: number;
  last_used_ms: number | null;
}

export type AccountLinkKind = "setup" | "invite" | "reset";

export interface AccountLinkRecord {
  kind: AccountLinkKind;
  /** The account it completes; null for the first-run setup link. */
  editor_id: string | null;
  created_ms: number;
  expires_ms: number;
}

export type CreateEditorResult = { ok: true; editor: EditorRecord } | { ok: false; reason: "email-taken" };
export type UpdateEditorResult =
  | { ok: true; editor: EditorRecord }
  | { ok: false; reason: "not-found" | "email-taken" | "last-admin" };
export type RemoveEditorResult = { ok: true } | { ok: false; reason: "not-found" | "last-admin" };
export type SetupResult = { ok: true; editor: EditorRecord } | { ok: false; reason: "invalid" | "email-taken" };

export interface AccountsStore {
  count(): Promise<number>;
  create(editor: NewEditor, now: number): Promise<CreateEditorResult>;
  get(id: string): Promise<EditorRecord | undefined>;
  findByEmail(email: string): Promise<EditorRecord | undefined>;
  /** Every account, by name. */
  list(): Promise<EditorRecord[]>;
  /** Changes name, e-mail or role; the last admin cannot stop being one. */
  update(
    id: string,
    changes: Partial<Pick<EditorRecord, "name" | "email" | "role">>,
    now: number,
  ): Promise<UpdateEditorResult>;
  setPassword(id: string, hash: string | null, now: number): Promise<boolean>;
  /** Deletes the account with its passkeys, sessions, tokens and links; never the last admin. */
  remove(id: string): Promise<RemoveEditorResult>;

  addPasskey(passkey: Omit<PasskeyRecord, "last_used_ms">): Promise<void>;
  getPasskey(id: string): Promise<PasskeyRecord | undefined>;
  listPasskeys(editorId: string): Promise<PasskeyRecord[]>;
  /** Records a use: the authenticator's new signature counter. */
  recordPasskeyUse(id: string, counter: number, now: number): Promise<void>;
  removePasskey(editorId: string, id: string): Promise<boolean>;

  /** Stores a one-time link by the hash of its token. */
  /**
   * Stores a new link; an account's earlier links that are still unused die with it (only the
   * newest invitation or reset works). Setup links have no account and all stay valid.
   */
  createLink(tokenHash: string, link: AccountLinkRecord): Promise<void>;
  /** The link's record when it is still valid (unused, not expired), without using it. */
  peekLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined>;
  /**
   * Uses a link once: marks it used and returns it, or undefined when it is unknown, used or
   * expired. Two concurrent uses: one wins.
   */
  takeLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined>;
  /**
   * Creates the first admin with a setup link, atomically: refused when the link is not valid
   * or any account exists already (the link is then used up too).
   */
  completeSetup(tokenHash: string, editor: NewEditor, now: number): Promise<SetupResult>;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

type EditorRow = Omit<EditorRecord, "role"> & { role: string };
type PasskeyRow = Omit<PasskeyRecord, "transports" | "backed_up"> & { transports: string; backed_up: number | boolean };

export const editorOfRow = (row: EditorRow): EditorRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role === "admin" ? "admin" : "editor",
  password_hash: row.password_hash ?? null,
  created_ms: Number(row.created_ms),
  updated_ms: Number(row.updated_ms),
});

export const passkeyOfRow = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  editor_id: row.editor_id,
  public_key: row.public_key,
  counter: Number(row.counter),
  transports: safeStringArray(row.transports),
  device_type: row.device_type,
  backed_up: Boolean(row.backed_up),
  name: row.name,
  created_ms: Number(row.created_ms),
  last_used_ms: row.last_used_ms === null ? null : Number(row.last_used_ms),
});

function safeStringArray(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export const linkOfRow = (row: {
  kind: string;
  editor_id: string | null;
  created_ms: number;
  expires_ms: number;
}): AccountLinkRecord => ({
  kind: row.kind as AccountLinkKind,
  editor_id: row.editor_id,
  created_ms: Number(row.created_ms),
  expires_ms: Number(row.expires_ms),
});

const EDITOR_COLUMNS = "id, email, name, role, password_hash, created_ms, updated_ms";
const PASSKEY_COLUMNS =
  "id, editor_id, public_key, counter, transports, device_type, backed_up, name, created_ms, last_used_ms";

/** The embedded implementation (schema: migration 20 of db/sqlite-migrations.ts). PostgreSQL: accounts.postgres.ts. */
export class SqliteAccountsStore implements AccountsStore {
  private readonly sql: StatementCache;

  constructor(private readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async count(): Promise<number> {
    return (this.sql.get("SELECT count(*) AS n FROM editors").get() as { n: number }).n;
  }

  private insert(editor: NewEditor, now: number): CreateEditorResult {
    const email = normaliseEmail(editor.email);
    if (this.sql.get("SELECT 1 FROM editors WHERE email = ?").get(email)) return { ok: false, reason: "email-taken" };
    const row = this.sql
      .get(
        `INSERT INTO editors(id, email, name, role, password_hash, created_ms, updated_ms)
         VALUES(?, ?, ?, ?, ?, ?, ?) RETURNING ${EDITOR_COLUMNS}`,
      )
      .get(randomUUID(), email, editor.name, editor.role, editor.password_hash ?? null, now, now) as EditorRow;
    return { ok: true, editor: editorOfRow(row) };
  }

  async create(editor: NewEditor, now: number): Promise<CreateEditorResult> {
    return sqliteTransaction(this.db, () => this.insert(editor, now));
  }

  async get(id: string): Promise<EditorRecord | undefined> {
    const row = this.sql.get(`SELECT ${EDITOR_COLUMNS} FROM editors WHERE id = ?`).get(id) as EditorRow | undefined;
    return row ? editorOfRow(row) : undefined;
  }

  async findByEmail(email: string): Promise<EditorRecord | undefined> {
    const row = this.sql.get(`SELECT ${EDITOR_COLUMNS} FROM editors WHERE email = ?`).get(normaliseEmail(email)) as
      | EditorRow
      | undefined;
    return row ? editorOfRow(row) : undefined;
  }

  async list(): Promise<EditorRecord[]> {
    const rows = this.sql.get(`SELECT ${EDITOR_COLUMNS} FROM editors ORDER BY name, email`).all() as EditorRow[];
    return rows.map(editorOfRow);
  }

  async update(
    id: string,
    changes: Partial<Pick<EditorRecord, "name" | "email" | "role">>,
    now: number,
  ): Promise<UpdateEditorResult> {
    return sqliteTransaction(this.db, () => {
      const current = this.sql.get(`SELECT ${EDITOR_COLUMNS} FROM editors WHERE id = ?`).get(id) as
        | EditorRow
        | undefined;
      if (!current) return { ok: false, reason: "not-found" } as const;
      const email = changes.email === undefined ? current.email : normaliseEmail(changes.email);
      if (email !== current.email && this.sql.get("SELECT 1 FROM editors WHERE email = ?").get(email))
        return { ok: false, reason: "email-taken" } as const;
      const role = changes.role ?? (current.role as Role);
      if (current.role === "admin" && role !== "admin" && this.admins() <= 1)
        return { ok: false, reason: "last-admin" } as const;
      const row = this.sql
        .get(
          `UPDATE editors SET email = ?, name = ?, role = ?, updated_ms = ? WHERE id = ? RETURNING ${EDITOR_COLUMNS}`,
        )
        .get(email, changes.name ?? current.name, role, now, id) as EditorRow;
      return { ok: true, editor: editorOfRow(row) } as const;
    });
  }

  private admins(): number {
    return (this.sql.get("SELECT count(*) AS n FROM editors WHERE role = 'admin'").get() as { n: number }).n;
  }

  async setPassword(id: string, hash: string | null, now: number): Promise<boolean> {
    return (
      Number(
        this.sql.get("UPDATE editors SET password_hash = ?, updated_ms = ? WHERE id = ?").run(hash, now, id).changes,
      ) > 0
    );
  }

  async remove(id: string): Promise<RemoveEditorResult> {
    return sqliteTransaction(this.db, () => {
      const current = this.sql.get("SELECT role FROM editors WHERE id = ?").get(id) as { role: string } | undefined;
      if (!current) return { ok: false, reason: "not-found" } as const;
      if (current.role === "admin" && this.admins() <= 1) return { ok: false, reason: "last-admin" } as const;
      this.sql.get("DELETE FROM editors WHERE id = ?").run(id);
      return { ok: true } as const;
    });
  }

  async addPasskey(passkey: Omit<PasskeyRecord, "last_used_ms">): Promise<void> {
    this.sql
      .get(`INSERT INTO passkeys(${PASSKEY_COLUMNS}) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`)
      .run(
        passkey.id,
        passkey.editor_id,
        passkey.public_key,
        passkey.counter,
        JSON.stringify(passkey.transports),
        passkey.device_type,
        passkey.backed_up ? 1 : 0,
        passkey.name,
        passkey.created_ms,
      );
  }

  async getPasskey(id: string): Promise<PasskeyRecord | undefined> {
    const row = this.sql.get(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE id = ?`).get(id) as PasskeyRow | undefined;
    return row ? passkeyOfRow(row) : undefined;
  }

  async listPasskeys(editorId: string): Promise<PasskeyRecord[]> {
    const rows = this.sql
      .get(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE editor_id = ? ORDER BY created_ms`)
      .all(editorId) as PasskeyRow[];
    return rows.map(passkeyOfRow);
  }

  async recordPasskeyUse(id: string, counter: number, now: number): Promise<void> {
    this.sql.get("UPDATE passkeys SET counter = ?, last_used_ms = ? WHERE id = ?").run(counter, now, id);
  }

  async removePasskey(editorId: string, id: string): Promise<boolean> {
    return Number(this.sql.get("DELETE FROM passkeys WHERE id = ? AND editor_id = ?").run(id, editorId).changes) > 0;
  }

  async createLink(tokenHash: string, link: AccountLinkRecord): Promise<void> {
    sqliteTransaction(this.db, () => {
      if (link.editor_id !== null)
        this.sql
          .get("UPDATE account_links SET used_ms = ? WHERE editor_id = ? AND used_ms IS NULL")
          .run(link.created_ms, link.editor_id);
      this.sql
        .get(
          "INSERT INTO account_links(token_hash, kind, editor_id, created_ms, expires_ms, used_ms) VALUES(?, ?, ?, ?, ?, NULL)",
        )
        .run(tokenHash, link.kind, link.editor_id, link.created_ms, link.expires_ms);
    });
  }

  async peekLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
    const row = this.sql
      .get(
        "SELECT kind, editor_id, created_ms, expires_ms FROM account_links WHERE token_hash = ? AND used_ms IS NULL AND expires_ms > ?",
      )
      .get(tokenHash, now) as Parameters<typeof linkOfRow>[0] | undefined;
    return row ? linkOfRow(row) : undefined;
  }

  private take(tokenHash: string, now: number): AccountLinkRecord | undefined {
    const row = this.sql
      .get(
        `UPDATE account_links SET used_ms = ? WHERE token_hash = ? AND used_ms IS NULL AND expires_ms > ?
         RETURNING kind, editor_id, created_ms, expires_ms`,
      )
      .get(now, tokenHash, now) as Parameters<typeof linkOfRow>[0] | undefined;
    return row ? linkOfRow(row) : undefined;
  }

  async takeLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
    return this.take(tokenHash, now);
  }

  async completeSetup(tokenHash: string, editor: NewEditor, now: number): Promise<SetupResult> {
    return sqliteTransaction(this.db, () => {
      const link = this.take(tokenHash, now);
      if (link?.kind !== "setup" || this.sql.get("SELECT 1 FROM editors LIMIT 1").get())
        return { ok: false, reason: "invalid" } as const;
      const created = this.insert({ ...editor, role: "admin" }, now);
      if (!created.ok) return created;
      // Every other setup link (another process printed one) dies with the first account.
      this.sql.get("UPDATE account_links SET used_ms = ? WHERE kind = 'setup' AND used_ms IS NULL").run(now);
      return created;
    });
  }
}
