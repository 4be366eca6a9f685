/** Editor accounts, passkeys and account links on PostgreSQL (the embedded one: accounts.ts). */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { pgTransaction, type Queryable } from "../db/postgres";
import {
  type AccountLinkRecord,
  type AccountsStore,
  type CreateEditorResult,
  type EditorRecord,
  editorOfRow,
  linkOfRow,
  type NewEditor,
  normaliseEmail,
  type PasskeyRecord,
  passkeyOfRow,
  type RemoveEditorResult,
  type Role,
  type SetupResult,
  type UpdateEditorResult,
} from "./accounts";

const EDITOR_COLUMNS = "id, email, name, role, password_hash, created_ms, updated_ms";
const PASSKEY_COLUMNS =
  "id, editor_id, public_key, counter, transports, device_type, backed_up, name, created_ms, last_used_ms";
// Unique violation: a concurrent insert of the same e-mail.
const UNIQUE_VIOLATION = "23505";

type EditorRow = Parameters<typeof editorOfRow>[0];
type PasskeyRow = Parameters<typeof passkeyOfRow>[0];
type LinkRow = Parameters<typeof linkOfRow>[0];

async function insertEditor(db: Queryable, editor: NewEditor, now: number): Promise<CreateEditorResult> {
  const { rows } = await db.query<EditorRow>(
    `INSERT INTO editors(id, email, name, role, password_hash, created_ms, updated_ms)
     VALUES($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (email) DO NOTHING RETURNING ${EDITOR_COLUMNS}`,
    [randomUUID(), normaliseEmail(editor.email), editor.name, editor.role, editor.password_hash ?? null, now],
  );
  return rows[0] ? { ok: true, editor: editorOfRow(rows[0]) } : { ok: false, reason: "email-taken" };
}

async function takeLink(db: Queryable, tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
  const { rows } = await db.query<LinkRow>(
    `UPDATE account_links SET used_ms = $1 WHERE token_hash = $2 AND used_ms IS NULL AND expires_ms > $1
     RETURNING kind, editor_id, created_ms, expires_ms`,
    [now, tokenHash],
  );
  return rows[0] ? linkOfRow(rows[0]) : undefined;
}

export class PostgresAccountsStore implements AccountsStore {
  constructor(private readonly pool: pg.Pool) {}

  async count(): Promise<number> {
    return (await this.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM editors")).rows[0]!.n;
  }

  async create(editor: NewEditor, now: number): Promise<CreateEditorResult> {
    return insertEditor(this.pool, editor, now);
  }

  async get(id: string): Promise<EditorRecord | undefined> {
    const { rows } = await this.pool.query<EditorRow>(`SELECT ${EDITOR_COLUMNS} FROM editors WHERE id = $1`, [id]);
    return rows[0] ? editorOfRow(rows[0]) : undefined;
  }

  async findByEmail(email: string): Promise<EditorRecord | undefined> {
    const { rows } = await this.pool.query<EditorRow>(`SELECT ${EDITOR_COLUMNS} FROM editors WHERE email = $1`, [
      normaliseEmail(email),
    ]);
    return rows[0] ? editorOfRow(rows[0]) : undefined;
  }

  async list(): Promise<EditorRecord[]> {
    const { rows } = await this.pool.query<EditorRow>(
      `SELECT ${EDITOR_COLUMNS} FROM editors ORDER BY name COLLATE "C", email COLLATE "C"`,
    );
    return rows.map(editorOfRow);
  }

  async update(
    id: string,
    changes: Partial<Pick<EditorRecord, "name" | "email" | "role">>,
    now: number,
  ): Promise<UpdateEditorResult> {
    try {
      return await pgTransaction(this.pool, async (client) => {
        // The admins are locked together, so two demotions at once cannot leave none.
        await client.query("SELECT id FROM editors WHERE role = 'admin' FOR UPDATE");
        const current = (
          await client.query<EditorRow>(`SELECT ${EDITOR_COLUMNS} FROM editors WHERE id = $1 FOR UPDATE`, [id])
        ).rows[0];
        if (!current) return { ok: false, reason: "not-found" } as const;
        const role: Role = changes.role ?? (current.role as Role);
        if (current.role === "admin" && role !== "admin") {
          const admins = (
            await client.query<{ n: number }>("SELECT count(*)::int AS n FROM editors WHERE role = 'admin'")
          ).rows[0]!.n;
          if (admins <= 1) return { ok: false, reason: "last-admin" } as const;
        }
        const email = changes.email === undefined ? current.email : normaliseEmail(changes.email);
        const { rows } = await client.query<EditorRow>(
          `UPDATE editors SET email = $1, name = $2, role = $3, updated_ms = $4 WHERE id = $5 RETURNING ${EDITOR_COLUMNS}`,
          [email, changes.name ?? current.name, role, now, id],
        );
        return { ok: true, editor: editorOfRow(rows[0]!) } as const;
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { ok: false, reason: "email-taken" };
      throw error;
    }
  }

  async setPassword(id: string, hash: string | null, now: number): Promise<boolean> {
    const result = await this.pool.query("UPDATE editors SET password_hash = $1, updated_ms = $2 WHERE id = $3", [
      hash,
      now,
      id,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  async remove(id: string): Promise<RemoveEditorResult> {
    return pgTransaction(this.pool, async (client) => {
      await client.query("SELECT id FROM editors WHERE role = 'admin' FOR UPDATE");
      const current = (await client.query<{ role: string }>("SELECT role FROM editors WHERE id = $1 FOR UPDATE", [id]))
        .rows[0];
      if (!current) return { ok: false, reason: "not-found" } as const;
      if (current.role === "admin") {
        const admins = (
          await client.query<{ n: number }>("SELECT count(*)::int AS n FROM editors WHERE role = 'admin'")
        ).rows[0]!.n;
        if (admins <= 1) return { ok: false, reason: "last-admin" } as const;
      }
      await client.query("DELETE FROM editors WHERE id = $1", [id]);
      return { ok: true } as const;
    });
  }

  async addPasskey(passkey: Omit<PasskeyRecord, "last_used_ms">): Promise<void> {
    await this.pool.query(`INSERT INTO passkeys(${PASSKEY_COLUMNS}) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL)`, [
      passkey.id,
      passkey.editor_id,
      passkey.public_key,
      passkey.counter,
      JSON.stringify(passkey.transports),
      passkey.device_type,
      passkey.backed_up,
      passkey.name,
      passkey.created_ms,
    ]);
  }

  async getPasskey(id: string): Promise<PasskeyRecord | undefined> {
    const { rows } = await this.pool.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE id = $1`, [id]);
    return rows[0] ? passkeyOfRow(rows[0]) : undefined;
  }

  async listPasskeys(editorId: string): Promise<PasskeyRecord[]> {
    const { rows } = await this.pool.query<PasskeyRow>(
      `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE editor_id = $1 ORDER BY created_ms`,
      [editorId],
    );
    return rows.map(passkeyOfRow);
  }

  async recordPasskeyUse(id: string, counter: number, now: number): Promise<void> {
    await this.pool.query("UPDATE passkeys SET counter = $1, last_used_ms = $2 WHERE id = $3", [counter, now, id]);
  }

  async removePasskey(editorId: string, id: string): Promise<boolean> {
    const result = await this.pool.query("DELETE FROM passkeys WHERE id = $1 AND editor_id = $2", [id, editorId]);
    return (result.rowCount ?? 0) > 0;
  }

  async createLink(tokenHash: string, link: AccountLinkRecord): Promise<void> {
    // One statement: the earlier links of the account are used up as the new one is stored.
    await this.pool.query(
      `WITH revoked AS (
         UPDATE account_links SET used_ms = $4 WHERE $3::text IS NOT NULL AND editor_id = $3 AND used_ms IS NULL
       )
       INSERT INTO account_links(token_hash, kind, editor_id, created_ms, expires_ms, used_ms) VALUES($1, $2, $3, $4, $5, NULL)`,
      [tokenHash, link.kind, link.editor_id, link.created_ms, link.expires_ms],
    );
  }

  async peekLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
    const { rows } = await this.pool.query<LinkRow>(
      "SELECT kind, editor_id, created_ms, expires_ms FROM account_links WHERE token_hash = $1 AND used_ms IS NULL AND expires_ms > $2",
      [tokenHash, now],
    );
    return rows[0] ? linkOfRow(rows[0]) : undefined;
  }

  async takeLink(tokenHash: string, now: number): Promise<AccountLinkRecord | undefined> {
    return takeLink(this.pool, tokenHash, now);
  }

  async completeSetup(tokenHash: string, editor: NewEditor, now: number): Promise<SetupResult> {
    return pgTransaction(this.pool, async (client) => {
      // One setup at a time across processes: the second waits, then finds an account.
      await client.query("LOCK TABLE editors IN SHARE ROW EXCLUSIVE MODE");
      const link = await takeLink(client, tokenHash, now);
      const exists = (await client.query("SELECT 1 FROM editors LIMIT 1")).rows.length > 0;
      if (link?.kind !== "setup" || exists) return { ok: false, reason: "invalid" } as const;
      const created = await insertEditor(client, { ...editor, role: "admin" }, now);
      if (!created.ok) return created;
      await client.query("UPDATE account_links SET used_ms = $1 WHERE kind = 'setup' AND used_ms IS NULL", [now]);
      return created;
    });
  }
}
