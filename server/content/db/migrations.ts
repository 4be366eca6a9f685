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
    // Issue 29 (this branch owns 120–129): every published theme of a site, who published it and
    // when; the site record holds the current one and its version number.
    version: 120,
    name: "theme_versions",
    up: async (trx, dialect) => {
      await trx.schema
        .createTable("theme_versions")
        .addColumn("site_id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("doc", dialect.types.json, (c) => c.notNull())
        .addColumn("editor_id", "text")
        .addColumn("editor_name", "text")
        .addColumn("created_at", dialect.types.instant, (c) => c.notNull())
        .addPrimaryKeyConstraint("theme_versions_pk", ["site_id", "version"])
        .execute();
    },
  },
];
