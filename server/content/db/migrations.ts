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
  // Issue 33 takes 330–339.
  {
    // The draft of a page, shared by every device and editor (it was in one browser's
    // localStorage): the studio's draft document (base, undo steps, cursor), who wrote it last and
    // when, and a revision every write bumps (a writer names the one it started from). A
    // variant's content of a page is a draft of its own (variant_id; "" for the page itself).
    // A page never published yet (issue 29's new pages) has a draft and no page row.
    version: 330,
    name: "page_drafts",
    up: (trx, dialect) =>
      trx.schema
        .createTable("page_drafts")
        .addColumn("site_id", "text", (c) => c.notNull())
        .addColumn("page_id", "text", (c) => c.notNull())
        .addColumn("variant_id", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("revision", "integer", (c) => c.notNull())
        .addColumn("doc", dialect.types.json, (c) => c.notNull())
        .addColumn("editor_id", "text", (c) => c.notNull())
        .addColumn("editor_name", "text", (c) => c.notNull())
        .addColumn("created_at", dialect.types.instant, (c) => c.notNull())
        .addColumn("updated_at", dialect.types.instant, (c) => c.notNull())
        .addPrimaryKeyConstraint("page_drafts_pk", ["site_id", "page_id", "variant_id"])
        .execute(),
  },
  {
    // Publishing at a chosen time: one job per scheduled publish, with the page as it will be
    // published and who scheduled it. Every web process claims due jobs with a lease (the lead
    // outbox's pattern); the job is finished in the publish's own transaction, so it runs once.
    version: 331,
    name: "publish_jobs",
    async up(trx, dialect) {
      await trx.schema
        .createTable("publish_jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("site_id", "text", (c) => c.notNull())
        .addColumn("page_id", "text", (c) => c.notNull())
        .addColumn("run_at_ms", dialect.types.ms, (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("page_doc", dialect.types.json, (c) => c.notNull())
        // The site's header and footer to publish with the page, when they were edited (issue 29).
        .addColumn("chrome_doc", dialect.types.json)
        .addColumn("base_version", "integer", (c) => c.notNull())
        .addColumn("draft_revision", "integer")
        .addColumn("note", "text")
        .addColumn("editor_id", "text", (c) => c.notNull())
        .addColumn("editor_name", "text", (c) => c.notNull())
        .addColumn("created_at", dialect.types.instant, (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lease_owner", "text")
        .addColumn("lease_until_ms", dialect.types.ms)
        .addColumn("finished_at", dialect.types.instant)
        .addColumn("result_version", "integer")
        .addColumn("error", "text")
        .execute();
      // One pending publish per page: scheduling again moves it.
      await trx.schema
        .createIndex("publish_jobs_one_pending")
        .on("publish_jobs")
        .columns(["site_id", "page_id"])
        .unique()
        .where(sql.ref("state"), "=", "pending")
        .execute();
      await trx.schema.createIndex("publish_jobs_due").on("publish_jobs").columns(["state", "run_at_ms"]).execute();
      await trx.schema
        .createIndex("publish_jobs_page")
        .on("publish_jobs")
        .columns(["site_id", "page_id", "created_at"])
        .execute();
    },
  },
  {
    // A publish's note (what and why, shown in the history) and, for a scheduled publish, the
    // time it was scheduled for.
    version: 332,
    name: "page_version_notes",
    async up(trx, dialect) {
      await trx.schema.alterTable("page_versions").addColumn("note", "text").execute();
      await trx.schema.alterTable("page_versions").addColumn("scheduled_for", dialect.types.instant).execute();
    },
  },
  {
    // Links that show a page's draft (or one of its versions) to someone without an account: a
    // secret, stored only as its SHA-256 (as API tokens and one-time links), expiring, revocable.
    version: 333,
    name: "preview_links",
    async up(trx, dialect) {
      await trx.schema
        .createTable("preview_links")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("site_id", "text", (c) => c.notNull())
        .addColumn("page_id", "text", (c) => c.notNull())
        .addColumn("version", "integer")
        .addColumn("editor_id", "text", (c) => c.notNull())
        .addColumn("editor_name", "text", (c) => c.notNull())
        .addColumn("created_at", dialect.types.instant, (c) => c.notNull())
        .addColumn("expires_ms", dialect.types.ms, (c) => c.notNull())
        .addColumn("revoked_at", dialect.types.instant)
        .execute();
      await trx.schema.createIndex("preview_links_page").on("preview_links").columns(["site_id", "page_id"]).execute();
    },
  },
];
