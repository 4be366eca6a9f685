/** API tokens on PostgreSQL (the embedded one: api-tokens.ts). */
import type pg from "pg";
import { type ApiTokenRecord, type ApiTokensStore, tokenOfRow } from "./api-tokens";

const COLUMNS = "id, editor_id, name, prefix, scopes, created_ms, expires_ms, last_used_ms";

export class PostgresApiTokensStore implements ApiTokensStore {
  constructor(private readonly pool: pg.Pool) {}

  async create(token: Omit<ApiTokenRecord, "last_used_ms">, tokenHash: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO api_tokens(${COLUMNS}, token_hash) VALUES($1, $2, $3, $4, $5, $6, $7, NULL, $8)`,
      [
        token.id,
        token.editor_id,
        token.name,
        token.prefix,
        JSON.stringify(token.scopes),
        token.created_ms,
        token.expires_ms,
        tokenHash,
      ],
    );
  }

  async find(tokenHash: string, now: number): Promise<ApiTokenRecord | undefined> {
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM api_tokens WHERE token_hash = $1 AND (expires_ms IS NULL OR expires_ms > $2)`,
      [tokenHash, now],
    );
    return rows[0] ? tokenOfRow(rows[0]) : undefined;
  }

  async touch(id: string, now: number): Promise<void> {
    await this.pool.query("UPDATE api_tokens SET last_used_ms = $1 WHERE id = $2", [now, id]);
  }

  async listForEditor(editorId: string): Promise<ApiTokenRecord[]> {
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM api_tokens WHERE editor_id = $1 ORDER BY created_ms DESC`,
      [editorId],
    );
    return rows.map(tokenOfRow);
  }

  async revoke(editorId: string, id: string): Promise<boolean> {
    const result = await this.pool.query("DELETE FROM api_tokens WHERE id = $1 AND editor_id = $2", [id, editorId]);
    return (result.rowCount ?? 0) > 0;
  }

  async revokeAll(editorId: string): Promise<number> {
    return (await this.pool.query("DELETE FROM api_tokens WHERE editor_id = $1", [editorId])).rowCount ?? 0;
  }
}
