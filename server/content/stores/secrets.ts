/**
 * Keys the server makes itself once and every process shares (the ALTCHA signing key).
 * They live in the database, never in a bundle or a log; the first process to ask makes
 * the key, every other reads the same one.
 */
import type { DatabaseSync } from "node:sqlite";
import { StatementCache } from "../db/sqlite";

export interface SecretsStore {
  /** The secret `name`: made with `make()` on first use, the same value for every process after. */
  getOrCreate(name: string, make: () => string): Promise<string>;
}

export class SqliteSecretsStore implements SecretsStore {
  private readonly sql: StatementCache;

  constructor(db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async getOrCreate(name: string, make: () => string): Promise<string> {
    this.sql.get("INSERT INTO app_secrets(name, value) VALUES(?, ?) ON CONFLICT(name) DO NOTHING").run(name, make());
    return (this.sql.get("SELECT value FROM app_secrets WHERE name = ?").get(name) as { value: string }).value;
  }
}
