/**
 * Editor accounts (people who sign in to the studio), their passkeys, and the one-time
 * account links that create or recover an account (first-run setup, invitation, reset).
 * Secrets are never stored: passwords as argon2id hashes, links by the SHA-256 of their token.
 * Times are milliseconds since the epoch.
 */
import { randomUUID } from "node:crypto";
import type { Db, StoreDialect, Trx } from "../db/dialect";

export type Role = "admin" | "editor";

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

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const EDITOR_COLUMNS = ["id", "email", "name", "role", "password_hash", "created_ms", "updated_ms"] as const;
const PASSKEY_COLUMNS = [
  "id",
  "editor_id",
  "public_key",
  "counter",
  "transports",
  "device_type",
  "backed_up",
  "name",
  "created_ms",
  "last_used_ms",
] as const;
const LINK_COLUMNS = ["kind", "editor_id", "created_ms", "expires_ms"] as const;

const editorOf = (row: Omit<EditorRecord, "role"> & { role: string }): EditorRecord => ({
  ...row,
  role: row.role === "admin" ? "admin" : "editor",
});

const passkeyOf = (
  row: Omit<PasskeyRecord, "transports" | "backed_up"> & { transports: string; backed_up: number },
): PasskeyRecord => ({ ...row, transports: safeStringArray(row.transports), backed_up: Boolean(row.backed_up) });

function safeStringArray(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

const linkOf = (row: Omit<AccountLinkRecord, "kind"> & { kind: string }): AccountLinkRecord => ({
  ...row,
  kind: row.kind as AccountLinkKind,
});

/**
 * Editor accounts. Rules that span rows (the last admin stays one, one first account) are
 * decided in a write transaction: SQLite's holds the write lock; PostgreSQL's locks the admins'
 * rows, or the whole table for the first-run setup.
 */
export class AccountsStore {
  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom("editors")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async insert(db: Db | Trx, editor: NewEditor, now: number): Promise<CreateEditorResult> {
    const row = await db
      .insertInto("editors")
      .values({
        id: randomUUID(),
        email: normaliseEmail(editor.email),
        name: editor.name,
        role: editor.role,
        password_hash: editor.password_hash ?? null,
        created_ms: now,
        updated_ms: now,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning(EDITOR_COLUMNS)
      .executeTakeFirst();
    return row ? { ok: true, editor: editorOf(row) } : { ok: false, reason: "email-taken" };
  }

  async create(editor: NewEditor, now: number): Promise<CreateEditorResult> {
    return this.insert(this.db, editor, now);
  }

  async get(id: string): Promise<EditorRecord | undefined> {
    const row = await this.db.selectFrom("editors").select(EDITOR_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? editorOf(row) : undefined;
  }

  async findByEmail(email: string): Promise<EditorRecord | undefined> {
    const row = await this.db
      .selectFrom("editors")
      .select(EDITOR_COLUMNS)
      .where("email", "=", normaliseEmail(email))
      .executeTakeFirst();
    return row ? editorOf(row) : undefined;
  }

  /** Every account, by name. */
  async list(): Promise<EditorRecord[]> {
    const rows = await this.db
      .selectFrom("editors")
      .select(EDITOR_COLUMNS)
      .orderBy(this.dialect.bytewise("name"))
      .orderBy(this.dialect.bytewise("email"))
      .execute();
    return rows.map(editorOf);
  }

  /** The number of admins, their rows locked until the transaction ends (two demotions at once cannot leave none). */
  private async admins(trx: Trx): Promise<number> {
    const rows = await this.dialect
      .forUpdate(trx.selectFrom("editors").select("id").where("role", "=", "admin"))
      .execute();
    return rows.length;
  }

  /** Changes name, e-mail or role; the last admin cannot stop being one. */
  async update(
    id: string,
    changes: Partial<Pick<EditorRecord, "name" | "email" | "role">>,
    now: number,
  ): Promise<UpdateEditorResult> {
    try {
      return await this.db.transaction().execute(async (trx): Promise<UpdateEditorResult> => {
        const admins = await this.admins(trx);
        const current = await this.dialect
          .forUpdate(trx.selectFrom("editors").select(EDITOR_COLUMNS).where("id", "=", id))
          .executeTakeFirst();
        if (!current) return { ok: false, reason: "not-found" };
        const email = changes.email === undefined ? current.email : normaliseEmail(changes.email);
        if (email !== current.email) {
          const taken = await trx.selectFrom("editors").select("id").where("email", "=", email).executeTakeFirst();
          if (taken) return { ok: false, reason: "email-taken" };
        }
        const role = changes.role ?? (current.role as Role);
        if (current.role === "admin" && role !== "admin" && admins <= 1) return { ok: false, reason: "last-admin" };
        const row = await trx
          .updateTable("editors")
          .set({ email, name: changes.name ?? current.name, role, updated_ms: now })
          .where("id", "=", id)
          .returning(EDITOR_COLUMNS)
          .executeTakeFirstOrThrow();
        return { ok: true, editor: editorOf(row) };
      });
    } catch (error) {
      // Another process took the e-mail between the check and the update.
      if (this.dialect.uniqueViolation(error) !== undefined) return { ok: false, reason: "email-taken" };
      throw error;
    }
  }

  async setPassword(id: string, hash: string | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("editors")
      .set({ password_hash: hash, updated_ms: now })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the account with its passkeys, sessions, tokens and links; never the last admin. */
  async remove(id: string): Promise<RemoveEditorResult> {
    return this.db.transaction().execute(async (trx): Promise<RemoveEditorResult> => {
      const admins = await this.admins(trx);
      const current = await this.dialect
        .forUpdate(trx.selectFrom("editors").select("role").where("id", "=", id))
        .executeTakeFirst();
      if (!current) return { ok: false, reason: "not-found" };
      if (current.role === "admin" && admins <= 1) return { ok: false, reason: "last-admin" };
      await trx.deleteFrom("editors").where("id", "=", id).execute();
      return { ok: true };
    });
  }

  async addPasskey(passkey: Omit<PasskeyRecord, "last_used_ms">): Promise<void> {
    await this.db
      .insertInto("passkeys")
      .values({
        id: passkey.id,
        editor_id: passkey.editor_id,
        public_key: passkey.public_key,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        device_type: passkey.device_type,
        backed_up: passkey.backed_up,
        name: passkey.name,
        created_ms: passkey.created_ms,
        last_used_ms: null,
      })
      .execute();
  }

  async getPasskey(id: string): Promise<PasskeyRecord | undefined> {
    const row = await this.db.selectFrom("passkeys").select(PASSKEY_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? passkeyOf(row) : undefined;
  }

  async listPasskeys(editorId: string): Promise<PasskeyRecord[]> {
    const rows = await this.db
      .selectFrom("passkeys")
      .select(PASSKEY_COLUMNS)
      .where("editor_id", "=", editorId)
      .orderBy("created_ms")
      .execute();
    return rows.map(passkeyOf);
  }

  /** Records a use: the authenticator's new signature counter. */
  async recordPasskeyUse(id: string, counter: number, now: number): Promise<void> {
    await this.db.updateTable("passkeys").set({ counter, last_used_ms: now }).where("id", "=", id).execute();
  }

  async removePasskey(editorId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("passkeys")
      .where("id", "=", id)
      .where("editor_id", "=", editorId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Stores a new link by the hash of its token; an account's earlier links that are still unused
   * die with it (only the newest invitation or reset works). Setup links have no account and all
   * stay valid.
   */
  async createLink(tokenHash: string, link: AccountLinkRecord): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (link.editor_id !== null) {
        await trx
          .updateTable("account_links")
          .set({ used_ms: link.created_ms })
          .where("editor_id", "=", link.editor_id)
          .where("used_ms", "is", null)
          .execute();
      }
      await trx
        .insertInto("account_links")
        .values({
          token_hash: tokenHash,
          kind: link.kind,
          editor_id: link.editor_id,
          created_ms: link.created_ms,
          expires_ms: link.expires_ms,
          used_ms: null,
        })
        .execute();
    });
  }

  /** The link's record when it is still valid (unused, not expired), without using it. */
  async peekLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
    const row = await this.db
      .selectFrom("account_links")
      .select(LINK_COLUMNS)
      .where("token_hash", "=", tokenHash)
      .where("used_ms", "is", null)
      .where("expires_ms", ">", now)
      .executeTakeFirst();
    return row ? linkOf(row) : undefined;
  }

  private async take(db: Db | Trx, tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
    const row = await db
      .updateTable("account_links")
      .set({ used_ms: now })
      .where("token_hash", "=", tokenHash)
      .where("used_ms", "is", null)
      .where("expires_ms", ">", now)
      .returning(LINK_COLUMNS)
      .executeTakeFirst();
    return row ? linkOf(row) : undefined;
  }

  /**
   * Uses a link once: marks it used and returns it, or undefined when it is unknown, used or
   * expired. Two concurrent uses: one wins.
   */
  async takeLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
    return this.take(this.db, tokenHash, now);
  }

  /**
   * Creates the first admin with a setup link, atomically: refused when the link is not valid
   * or any account exists already (the link is then used up too).
   */
  async completeSetup(tokenHash: string, editor: NewEditor, now: number): Promise<SetupResult> {
    return this.db.transaction().execute(async (trx): Promise<SetupResult> => {
      // One setup at a time across processes: the second waits, then finds an account.
      await this.dialect.lockTable(trx, "editors");
      const link = await this.take(trx, tokenHash, now);
      const exists = await trx.selectFrom("editors").select("id").limit(1).executeTakeFirst();
      if (link?.kind !== "setup" || exists) return { ok: false, reason: "invalid" };
      const created = await this.insert(trx, { ...editor, role: "admin" }, now);
      if (!created.ok) return created;
      // Every other setup link (another process printed one) dies with the first account.
      await trx
        .updateTable("account_links")
        .set({ used_ms: now })
        .where("kind", "=", "setup")
        .where("used_ms", "is", null)
        .execute();
      return created;
    });
  }
}
