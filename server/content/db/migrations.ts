/**
 * The schema of both databases, one list: each entry is one change, applied once (migration.ts).
 *
 * Versions 1 to 90 are the baseline, written per database before the stores were written once
 * (sqlite-migrations.ts, postgres-migrations.ts, frozen: a database made by any earlier release
 * goes on from where it is). Every later change is one entry here, written once: Kysely's
 * schema builder with `dialect.types` for the column types that differ (JSON, instants, flags,
 * milliseconds), or a seam of the dialect where the SQL itself differs. Never edit an applied
 * entry: add one. Branches take ranges of versions (gaps are fine), so parallel work never collides.
 */
import { sql } from "kysely";
import type { Migration } from "./migration";
import { POSTGRES_MIGRATIONS } from "./postgres-migrations";
import { SQLITE_MIGRATIONS } from "./sqlite-migrations";

/** The baseline: each version with the script of each database (the two lists match by version and name). */
function baseline(): Migration[] {
  if (
    SQLITE_MIGRATIONS.length !== POSTGRES_MIGRATIONS.length ||
    SQLITE_MIGRATIONS.some(
      (m, i) => m.version !== POSTGRES_MIGRATIONS[i]!.version || m.name !== POSTGRES_MIGRATIONS[i]!.name,
    )
  ) {
    throw new Error("The baseline migration lists differ in their versions or names");
  }
  return SQLITE_MIGRATIONS.map((m, i) => ({
    version: m.version,
    name: m.name,
    sql: { sqlite: m.up, postgres: POSTGRES_MIGRATIONS[i]!.up },
  }));
}

export const MIGRATIONS: readonly Migration[] = [
  ...baseline(),
  {
    // Issue 27 (sudo mode): when the session's editor last proved who they are (password or
    // passkey) after signing in; sensitive actions need it within ten minutes. NULL: at sign-in.
    version: 91,
    name: "session_reauth",
    up: (trx, dialect) => trx.schema.alterTable("sessions").addColumn("reauth_ms", dialect.types.ms).execute(),
  },
  {
    // Issue 34: sold listings leave the default search (a status filter shows them). The badge
    // lives in the listing's document; a column copies it for the search's SQL and its index.
    version: 93,
    name: "listings_sold",
    up: async (trx, dialect) => {
      await trx.schema
        .alterTable("listings")
        .addColumn("sold", dialect.types.flag, (c) => c.notNull().defaultTo(false))
        .execute();
      // `->>` reads a JSON field alike in SQLite (3.38+) and PostgreSQL.
      await sql`UPDATE listings SET sold = ${true}
        WHERE id IN (SELECT id FROM listing_docs WHERE doc ->> 'badge' = 'sold')`.execute(trx);
    },
  },
];
