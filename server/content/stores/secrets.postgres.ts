/** Shared secrets on PostgreSQL: insert-if-absent, then read what won. */
import type pg from "pg";
import type { SecretsStore } from "./secrets";

export class PostgresSecretsStore implements SecretsStore {
  constructor(private readonly pool: pg.Pool) {}

  async getOrCreate(name: string, make: () => string): Promise<string> {
    const { rows } = await this.pool.query<{ value: string }>(
      `WITH made AS (
         INSERT INTO app_secrets(name, value) VALUES($1, $2) ON CONFLICT(name) DO NOTHING RETURNING value
       )
       SELECT value FROM made UNION ALL SELECT value FROM app_secrets WHERE name = $1 LIMIT 1`,
      [name, make()],
    );
    if (rows[0]) return rows[0].value;
    // Another process inserted it after this statement's snapshot was taken: read it now.
    const again = await this.pool.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = $1", [name]);
    if (!again.rows[0]) throw new Error(`Secret ${name} could not be read`);
    return again.rows[0].value;
  }
}
