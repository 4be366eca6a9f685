/**
 * API tokens for tools and CI: created by an editor, shown once, stored as the SHA-256 of
 * the token, scoped (read, write), revocable, optionally expiring. A token acts as its
 * editor (role included) within its scopes, and dies with the account.
 */
import type { Selectable } from "kysely";
import type { Db } from "../db/dialect";
import type { ApiTokensTable } from "../db/schema";

export type TokenScope = "read" | "write";

export interface ApiTokenRecord {
  id: string;
  editor_id: string;
  name: string;
  /** The token's first characters, to recognise it in a list ("cbt_Xa3f…"). */
  prefix: string;
  scopes: TokenScope[];
  created_ms: number;
  expires_ms: number | null;
  last_used_ms: number | null;
}

const COLUMNS = ["id", "editor_id", "name", "prefix", "scopes", "created_ms", "expires_ms", "last_used_ms"] as const;

function tokenOfRow(row: Omit<Selectable<ApiTokensTable>, "token_hash">): ApiTokenRecord {
  let scopes: TokenScope[] = [];
  try {
    const parsed: unknown = JSON.parse(row.scopes);
    if (Array.isArray(parsed)) scopes = parsed.filter((s): s is TokenScope => s === "read" || s === "write");
  } catch {
    scopes = [];
  }
  return { ...row, scopes };
}

export class ApiTokensStore {
  constructor(private readonly db: Db) {}

  async create(token: Omit<ApiTokenRecord, "last_used_ms">, tokenHash: string): Promise<void> {
    await this.db
      .insertInto("api_tokens")
      .values({
        id: token.id,
        editor_id: token.editor_id,
        name: token.name,
        prefix: token.prefix,
        scopes: JSON.stringify(token.scopes),
        created_ms: token.created_ms,
        expires_ms: token.expires_ms,
        last_used_ms: null,
        token_hash: tokenHash,
      })
      .execute();
  }

  /** The live token of this hash (not expired), or undefined. */
  async find(tokenHash: string, now: number): Promise<ApiTokenRecord | undefined> {
    const row = await this.db
      .selectFrom("api_tokens")
      .select(COLUMNS)
      .where("token_hash", "=", tokenHash)
      .where((eb) => eb.or([eb("expires_ms", "is", null), eb("expires_ms", ">", now)]))
      .executeTakeFirst();
    return row ? tokenOfRow(row) : undefined;
  }

  /** Records a use (the caller does it at most once a minute per token). */
  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable("api_tokens").set({ last_used_ms: now }).where("id", "=", id).execute();
  }

  async listForEditor(editorId: string): Promise<ApiTokenRecord[]> {
    const rows = await this.db
      .selectFrom("api_tokens")
      .select(COLUMNS)
      .where("editor_id", "=", editorId)
      .orderBy("created_ms", "desc")
      .execute();
    return rows.map(tokenOfRow);
  }

  async revoke(editorId: string, id: string): Promise<boolean> {
    const [result] = await this.db
      .deleteFrom("api_tokens")
      .where("id", "=", id)
      .where("editor_id", "=", editorId)
      .execute();
    return Number(result?.numDeletedRows ?? 0) > 0;
  }

  async revokeAll(editorId: string): Promise<number> {
    const [result] = await this.db.deleteFrom("api_tokens").where("editor_id", "=", editorId).execute();
    return Number(result?.numDeletedRows ?? 0);
  }
}
