/**
 * API tokens for tools and CI: created by an editor, shown once, stored as the SHA-256 of
 * the token, scoped (read, write), revocable, optionally expiring. A token acts as its
 * editor (role included) within its scopes, and dies with the account.
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache } from "../db/sqlite";

export type TokenScope = "read" | "write";
export const TOKEN_SCOPES: readonly TokenScope[] = ["read", "write"];

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

export interface ApiTokensStore {
  create(token: Omit<ApiTokenRecord, "last_used_ms">, tokenHash: string): Promise<void>;
  /** The live token of this hash (not expired), or undefined. */
  find(tokenHash: string, now: number): Promise<ApiTokenRecord | undefined>;
  /** Records a use (the caller does it at most once a minute per token). */
  touch(id: string, now: number): Promise<void>;
  listForEditor(editorId: string): Promise<ApiTokenRecord[]>;
  revoke(editorId: string, id: string): Promise<boolean>;
  revokeAll(editorId: string): Promise<number>;
}

const COLUMNS = "id, editor_id, name, prefix, scopes, created_ms, expires_ms, last_used_ms";

export function tokenOfRow(row: Record<string, unknown>): ApiTokenRecord {
  let scopes: TokenScope[] = [];
  try {
    const parsed: unknown = JSON.parse(String(row.scopes));
    if (Array.isArray(parsed)) scopes = parsed.filter((s): s is TokenScope => s === "read" || s === "write");
  } catch {
    scopes = [];
  }
  return {
    id: String(row.id),
    editor_id: String(row.editor_id),
    name: String(row.name),
    prefix: String(row.prefix),
    scopes,
    created_ms: Number(row.created_ms),
    expires_ms: row.expires_ms === null || row.expires_ms === undefined ? null : Number(row.expires_ms),
    last_used_ms: row.last_used_ms === null || row.last_used_ms === undefined ? null : Number(row.last_used_ms),
  };
}

export class SqliteApiTokensStore implements ApiTokensStore {
  private readonly sql: StatementCache;

  constructor(db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async create(token: Omit<ApiTokenRecord, "last_used_ms">, tokenHash: string): Promise<void> {
    this.sql
      .get(`INSERT INTO api_tokens(${COLUMNS}, token_hash) VALUES(?, ?, ?, ?, ?, ?, ?, NULL, ?)`)
      .run(
        token.id,
        token.editor_id,
        token.name,
        token.prefix,
        JSON.stringify(token.scopes),
        token.created_ms,
        token.expires_ms,
        tokenHash,
      );
  }

  async find(tokenHash: string, now: number): Promise<ApiTokenRecord | undefined> {
    const row = this.sql
      .get(`SELECT ${COLUMNS} FROM api_tokens WHERE token_hash = ? AND (expires_ms IS NULL OR expires_ms > ?)`)
      .get(tokenHash, now);
    return row ? tokenOfRow(row) : undefined;
  }

  async touch(id: string, now: number): Promise<void> {
    this.sql.get("UPDATE api_tokens SET last_used_ms = ? WHERE id = ?").run(now, id);
  }

  async listForEditor(editorId: string): Promise<ApiTokenRecord[]> {
    return this.sql
      .get(`SELECT ${COLUMNS} FROM api_tokens WHERE editor_id = ? ORDER BY created_ms DESC`)
      .all(editorId)
      .map(tokenOfRow);
  }

  async revoke(editorId: string, id: string): Promise<boolean> {
    return Number(this.sql.get("DELETE FROM api_tokens WHERE id = ? AND editor_id = ?").run(id, editorId).changes) > 0;
  }

  async revokeAll(editorId: string): Promise<number> {
    return Number(this.sql.get("DELETE FROM api_tokens WHERE editor_id = ?").run(editorId).changes);
  }
}
