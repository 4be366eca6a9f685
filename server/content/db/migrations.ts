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
  {
    // Issue 32 (saved-search alerts): subscriptions with their consent proof (CASL: the words and
    // their version, language, page, times of consent, confirmation and withdrawal, the address
    // as a keyed hash like the leads'), the links' tokens (hashed), the matches of listing events
    // (one per subscription and event), the outbox of alert e-mails (leased like the leads'), the
    // matcher's cursor over listing_events (claimed with a lease) and the suppression list.
    version: 150,
    name: "alert_subscriptions",
    up: async (trx, dialect) => {
      const { json, ms, instant } = dialect.types;
      await trx.schema
        .createTable("alert_subscriptions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("site_id", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("email_key", "text", (c) => c.notNull())
        .addColumn("locale", "text", (c) => c.notNull())
        .addColumn("search", json, (c) => c.notNull())
        .addColumn("page", "text", (c) => c.notNull())
        .addColumn("origin", "text")
        .addColumn("frequency", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("paused_reason", "text")
        .addColumn("consent_text", "text", (c) => c.notNull())
        .addColumn("consent_version", "text", (c) => c.notNull())
        .addColumn("consent_locale", "text", (c) => c.notNull())
        .addColumn("consent_page", "text", (c) => c.notNull())
        .addColumn("consent_source", "text", (c) => c.notNull())
        .addColumn("ip_hash", "text")
        .addColumn("created_at", instant, (c) => c.notNull())
        .addColumn("confirmed_at", instant)
        .addColumn("withdrawn_at", instant)
        .addColumn("updated_at", instant, (c) => c.notNull())
        .addColumn("from_seq", "integer")
        .addColumn("next_digest_ms", ms)
        .addColumn("last_sent_at", instant)
        .addColumn("sent", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_match_ms", ms)
        .addColumn("bounces", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await trx.schema
        .createIndex("alert_subscriptions_site")
        .on("alert_subscriptions")
        .columns(["site_id", "created_at"])
        .execute();
      await trx.schema
        .createIndex("alert_subscriptions_email")
        .on("alert_subscriptions")
        .columns(["site_id", "email_key"])
        .execute();
      await trx.schema
        .createIndex("alert_subscriptions_due")
        .on("alert_subscriptions")
        .columns(["state", "next_digest_ms"])
        .execute();
      await trx.schema
        .createTable("alert_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("alert_subscriptions.id").onDelete("cascade"),
        )
        .addColumn("created_at", instant, (c) => c.notNull())
        .execute();
      await trx.schema.createIndex("alert_tokens_subscription").on("alert_tokens").column("subscription_id").execute();
      await trx.schema
        .createTable("alert_matches")
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("alert_subscriptions.id").onDelete("cascade"),
        )
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("uls", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("data", json, (c) => c.notNull())
        .addColumn("created_ms", ms, (c) => c.notNull())
        .addColumn("message_id", "text")
        .addPrimaryKeyConstraint("alert_matches_pk", ["subscription_id", "seq"])
        .execute();
      await trx.schema
        .createIndex("alert_matches_open")
        .on("alert_matches")
        .columns(["message_id", "created_ms"])
        .execute();
      await trx.schema
        .createTable("alert_messages")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("alert_subscriptions.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("payload", json, (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_ms", ms, (c) => c.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_until_ms", ms)
        .addColumn("last_error", "text")
        .addColumn("sent_at", instant)
        .addColumn("created_at", instant, (c) => c.notNull())
        .execute();
      await trx.schema
        .createIndex("alert_messages_due")
        .on("alert_messages")
        .columns(["state", "next_attempt_ms"])
        .execute();
      await trx.schema
        .createIndex("alert_messages_subscription")
        .on("alert_messages")
        .column("subscription_id")
        .execute();
      await trx.schema
        .createTable("alert_cursor")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_until_ms", ms)
        .execute();
      // -1: not started. The matcher's first claim starts it at the last listing event (events
      // recorded before alerts existed are nobody's news; listing_events is migration 311).
      await trx.insertInto("alert_cursor").values({ name: "events", seq: -1 }).execute();
      await trx.schema
        .createTable("alert_suppressions")
        .addColumn("site_id", "text", (c) => c.notNull())
        .addColumn("email_key", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("at", instant, (c) => c.notNull())
        .addPrimaryKeyConstraint("alert_suppressions_pk", ["site_id", "email_key"])
        .execute();
    },
  },
  {
    // Issue 31 (listing feeds): the search index takes a batch of changes without being rebuilt.
    // Every listing write records the ids it touched under the listings version it made; a
    // process's index at an older version reads those rows and merges them in. The log is kept
    // from `listings_log_floor` on (older entries are pruned; a bulk load starts it again).
    // Listings say which feed wrote them (`source`, a site id; none for the demo's generated
    // ones), and a listing taken off the market says whether it sold (its page shows it sold)
    // or was removed (410).
    version: 310,
    name: "listing_change_log",
    up: async (trx, dialect) => {
      await trx.schema
        .createTable("listing_changes")
        .addColumn("version", dialect.types.ms, (c) => c.notNull())
        .addColumn("listing_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("listing_changes_pk", ["version", "listing_id"])
        .execute();
      const current = await trx.selectFrom("revisions").select("n").where("name", "=", "listings").executeTakeFirst();
      await trx
        .insertInto("revisions")
        .values({ name: "listings_log_floor", n: current?.n ?? 1 })
        .execute();
      await trx.schema.alterTable("listings").addColumn("source", "text").execute();
      await trx.schema.createIndex("listings_source").on("listings").column("source").execute();
      await trx.schema
        .alterTable("removed_listings")
        .addColumn("reason", "text", (c) => c.notNull().defaultTo("removed"))
        .execute();
      await trx.schema.alterTable("removed_listings").addColumn("source", "text").execute();
    },
  },
  {
    // Issue 31: what changed per listing (new, price change, status change, back on market, open
    // house added, removed), in commit order (a write takes the listings revision's row lock
    // before it numbers its events), for the saved-search alerts of issue 32.
    version: 311,
    name: "listing_events",
    up: async (trx, dialect) => {
      await trx.schema
        .createTable("listing_events")
        .addColumn("seq", "integer", (c) => dialect.serialKey(c))
        .addColumn("uls", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("data", dialect.types.json)
        .addColumn("source", "text")
        .addColumn("at", dialect.types.instant, (c) => c.notNull())
        .execute();
      await trx.schema.createIndex("listing_events_uls").on("listing_events").columns(["uls", "seq"]).execute();
    },
  },
  {
    // Issue 31: listing feeds. Settings per site (the client secret encrypted), the state the
    // scheduler claims (a lease), cursors per stream, the raw record per (source, key) and the
    // runs with their reports.
    version: 312,
    name: "listing_feeds",
    up: async (trx, dialect) => {
      const { json, ms, flag } = dialect.types;
      await trx.schema
        .createTable("feed_settings")
        .addColumn("site_id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("base_url", "text", (c) => c.notNull())
        .addColumn("token_url", "text", (c) => c.notNull())
        .addColumn("client_id", "text", (c) => c.notNull())
        .addColumn("secret_enc", "text")
        .addColumn("scope", "text")
        .addColumn("mine", json, (c) => c.notNull())
        .addColumn("interval_minutes", "integer", (c) => c.notNull())
        .addColumn("photos", "text", (c) => c.notNull())
        .addColumn("remarks_language", "text", (c) => c.notNull())
        .addColumn("enabled", flag, (c) => c.notNull())
        .addColumn("updated_ms", ms, (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      await trx.schema
        .createTable("feed_state")
        .addColumn("source", "text", (c) => c.primaryKey())
        .addColumn("next_run_ms", ms, (c) => c.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_until_ms", ms)
        .addColumn("run_id", "text")
        .addColumn("requested_ms", ms)
        .addColumn("current_ms", ms)
        .addColumn("hidden", flag, (c) => c.notNull())
        .addColumn("failures", "integer", (c) => c.notNull())
        .execute();
      await trx.schema
        .createTable("feed_cursors")
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("value", json, (c) => c.notNull())
        .addColumn("updated_ms", ms, (c) => c.notNull())
        .addPrimaryKeyConstraint("feed_cursors_pk", ["source", "name"])
        .execute();
      await trx.schema
        .createTable("feed_records")
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("uls", "text")
        .addColumn("modified", "text")
        .addColumn("hash", "text", (c) => c.notNull())
        .addColumn("doc", json, (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("generation", "integer", (c) => c.notNull())
        .addColumn("updated_ms", ms, (c) => c.notNull())
        .addPrimaryKeyConstraint("feed_records_pk", ["source", "key"])
        .execute();
      await trx.schema.createIndex("feed_records_state").on("feed_records").columns(["source", "state"]).execute();
      await trx.schema
        .createTable("feed_runs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("trigger", "text", (c) => c.notNull())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("started_ms", ms, (c) => c.notNull())
        .addColumn("ended_ms", ms)
        .addColumn("created", "integer", (c) => c.notNull())
        .addColumn("updated", "integer", (c) => c.notNull())
        .addColumn("removed", "integer", (c) => c.notNull())
        .addColumn("skipped", "integer", (c) => c.notNull())
        .addColumn("requests", "integer", (c) => c.notNull())
        .addColumn("report", json, (c) => c.notNull())
        .addColumn("error_code", "text")
        .addColumn("error_message", "text")
        .execute();
      await trx.schema.createIndex("feed_runs_source").on("feed_runs").columns(["source", "started_ms"]).execute();
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
