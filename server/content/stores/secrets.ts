/**
 * Keys the server makes itself once and every process shares (the ALTCHA signing key).
 * They live in the database, never in a bundle or a log; the first process to ask makes
 * the key, every other reads the same one.
 */
import type { Db } from "../db/dialect";

export class SecretsStore {
  constructor(private readonly db: Db) {}

  /** The secret `name`: made with `make()` on first use, the same value for every process after. */
  async getOrCreate(name: string, make: () => string): Promise<string> {
    // Insert-if-absent, then read what won: a concurrent insert by another process either
    // committed first (ours does nothing) or waits for ours; the read sees the winner either way.
    await this.db
      .insertInto("app_secrets")
      .values({ name, value: make() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const row = await this.db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirst();
    if (!row) throw new Error(`Secret ${name} could not be read`);
    return row.value;
  }
}
