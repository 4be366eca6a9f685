/**
 * Storage: everything the content service keeps, opened on one database: the embedded SQLite
 * default (one file in DATA_DIR, offline) or PostgreSQL (selected by DATABASE_URL), the way to
 * run several web processes.
 *
 * Two names for the layers: `Storage` is all of it on one database; each `<Name>Store`
 * (stores/<name>.ts) is one part of it, one class written once against Kysely
 * (`Kysely<Database>`, db/schema.ts), for both databases. The few things the two spell
 * differently are the seams of `StoreDialect` (db/dialect.ts: db/sqlite.ts, db/postgres.ts). The
 * schema is one list of migrations (db/migrations.ts), and tests/store/*-contract.test.ts run
 * every store's cases against both databases.
 */

import path from "node:path";
import { sql } from "kysely";
import type { Config } from "../config";
import type { Db, StoreDialect } from "./db/dialect";
import { type MigrationReport, migrate } from "./db/migration";
import { MIGRATIONS } from "./db/migrations";
import { createPool, type PostgresOptions, postgresDatabase } from "./db/postgres";
import { openSqliteFile, SQLITE_FILE, sqliteDatabase } from "./db/sqlite";
import { AccountsStore } from "./stores/accounts";
import { AlertsStore } from "./stores/alerts";
import { ApiTokensStore } from "./stores/api-tokens";
import { ArticlesStore } from "./stores/articles";
import { AuditStore } from "./stores/audit";
import { CaptchaReplayStore } from "./stores/captcha-replays";
import { ContentStore } from "./stores/content";
import { DraftsStore } from "./stores/drafts";
import { FeedsStore } from "./stores/feeds";
import { type ListingsOptions, ListingsStore } from "./stores/listings";
import { LoginThrottleStore } from "./stores/login-throttle";
import { OutboxStore } from "./stores/outbox";
import { PageLocksStore } from "./stores/page-locks";
import { PageVersionsStore } from "./stores/page-versions";
import { PreviewLinksStore } from "./stores/preview-links";
import { PublishJobsStore } from "./stores/publish-jobs";
import { RateLimitStore } from "./stores/rate-limits";
import { SecretsStore } from "./stores/secrets";
import { SessionsStore } from "./stores/sessions";
import { SubmissionsStore } from "./stores/submissions";

export interface Storage {
  readonly kind: StoreDialect["name"];
  /** Sites, pages, redirects, variants, demo blocks, the content revision and the store's own settings. */
  readonly content: ContentStore;
  readonly listings: ListingsStore;
  readonly articles: ArticlesStore;
  readonly submissions: SubmissionsStore;
  /** Token buckets shared by every process on this database. */
  readonly rateLimits: RateLimitStore;
  /** Editor accounts, passkeys and one-time account links. */
  readonly accounts: AccountsStore;
  /** Editor sessions and WebAuthn challenges. */
  readonly sessions: SessionsStore;
  /** Failed sign-ins per account and per client address. */
  readonly loginThrottle: LoginThrottleStore;
  readonly apiTokens: ApiTokensStore;
  readonly audit: AuditStore;
  readonly pageLocks: PageLocksStore;
  /** The draft of each page, shared by every device and editor (issue 33). */
  readonly drafts: DraftsStore;
  /** Publishes at a chosen time, claimed by whichever web process finds them due. */
  readonly publishJobs: PublishJobsStore;
  /** Links showing a page's draft or a version to someone without an account (hashed, expiring, revocable). */
  readonly previewLinks: PreviewLinksStore;
  /** Every saved version of every page (written by `content.savePage`, read here). */
  readonly pageVersions: PageVersionsStore;
  /** The delivery outbox of leads (e-mail, webhook). */
  readonly outbox: OutboxStore;
  /** Captcha challenges already used (single use across processes). */
  readonly captchaReplays: CaptchaReplayStore;
  /** Keys the server made once (the ALTCHA signing key, the feed secrets' encryption key). */
  readonly secrets: SecretsStore;
  /** Listing feeds: settings, scheduling leases, cursors, raw records, runs (issue 31). */
  readonly feeds: FeedsStore;
  /** Saved-search alerts: subscriptions and their consent, matches, their e-mails' outbox (issue 32). */
  readonly alerts: AlertsStore;
  /** The schema migrations as found and applied at open. */
  readonly migrations: MigrationReport;
  /** Answers once the database can be queried (readiness checks). */
  ping(): Promise<void>;
  /**
   * Commits one small write (a row of `meta`): fails when the store cannot take writes, a full
   * disk above all (readiness checks, issue 27).
   */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

/** Every store on one database (already migrated: `migrations` says how). */
export function createStorage(
  db: Db,
  dialect: StoreDialect,
  migrations: MigrationReport,
  listings: ListingsOptions = {},
): Storage {
  return {
    kind: dialect.name,
    content: new ContentStore(db, dialect),
    listings: new ListingsStore(db, dialect, listings),
    articles: new ArticlesStore(db),
    submissions: new SubmissionsStore(db, dialect),
    rateLimits: new RateLimitStore(db, dialect),
    accounts: new AccountsStore(db, dialect),
    sessions: new SessionsStore(db, dialect),
    loginThrottle: new LoginThrottleStore(db),
    apiTokens: new ApiTokensStore(db),
    audit: new AuditStore(db),
    pageLocks: new PageLocksStore(db, dialect),
    pageVersions: new PageVersionsStore(db),
    drafts: new DraftsStore(db, dialect),
    publishJobs: new PublishJobsStore(db, dialect),
    previewLinks: new PreviewLinksStore(db),
    outbox: new OutboxStore(db, dialect),
    captchaReplays: new CaptchaReplayStore(db),
    secrets: new SecretsStore(db),
    feeds: new FeedsStore(db, dialect),
    alerts: new AlertsStore(db, dialect),
    migrations,
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    // The readiness write: a timestamp, so every probe changes the row (a full disk refuses it).
    async probeWrite() {
      await sql`INSERT INTO meta(key, value) VALUES('write_probe_at', ${String(Date.now())})
        ON CONFLICT(key) DO UPDATE SET value = excluded.value`.execute(db);
    },
    close: () => dialect.close(),
  };
}

/**
 * Opens the embedded store in a data folder: creates the file when missing, applies migrations.
 * Its 50,000 listings load into memory in tens of milliseconds, so searches wait for a rebuild of
 * the index ("wait"); `listingsIndex: "sql"` answers them with queries (the tests of that path).
 */
export async function openSqliteStorage(
  dataDir: string,
  options: { listingsIndex?: ListingsOptions["index"] } = {},
): Promise<Storage> {
  const { db, dialect } = sqliteDatabase(openSqliteFile(path.join(dataDir, SQLITE_FILE)));
  let migrations: MigrationReport;
  try {
    migrations = await migrate(db, dialect, MIGRATIONS);
  } catch (error) {
    await dialect.close();
    throw error;
  }
  return createStorage(db, dialect, migrations, { index: options.listingsIndex ?? "wait" });
}

/** Opens the PostgreSQL store: a pool, then the migrations (under an advisory lock). */
export async function openPostgresStorage(options: PostgresOptions): Promise<Storage> {
  const { db, dialect } = postgresDatabase(createPool(options));
  let migrations: MigrationReport;
  try {
    migrations = await migrate(db, dialect, MIGRATIONS);
  } catch (error) {
    await dialect.close();
    throw error;
  }
  return createStorage(db, dialect, migrations, { index: options.listingsIndex ?? "memory" });
}

export const postgresOptionsOf = (config: Config, url: string): PostgresOptions => ({
  url,
  poolMax: config.DATABASE_POOL_MAX,
  connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  listingsIndex: config.LISTINGS_INDEX,
});

/** The store the configuration names: PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR. */
export async function openStorage(config: Config): Promise<Storage> {
  if (config.DATABASE_URL) return openPostgresStorage(postgresOptionsOf(config, config.DATABASE_URL));
  return openSqliteStorage(config.dataDir);
}
