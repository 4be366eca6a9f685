/**
 * Everything the content service stores, behind one asynchronous contract with two
 * implementations: the embedded SQLite default (one file in DATA_DIR, offline) and
 * PostgreSQL (selected by DATABASE_URL), the way to run several web processes.
 *
 * A store is an interface (repository.ts, stores/<name>.ts) with an implementation per
 * dialect (the SQLite one next to the interface, the PostgreSQL one in
 * `<name>.postgres.ts`), its tables in each dialect's migrations (db/*-migrations.ts),
 * and its cases in tests/store/*-contract.test.ts, which run them against both.
 */

import path from "node:path";
import type pg from "pg";
import type { Config } from "../config";
import type { MigrationReport } from "./db/migration";
import { createPool, migratePostgres, type PostgresOptions } from "./db/postgres";
import { migrateSqlite, openSqliteFile, SQLITE_FILE } from "./db/sqlite";
import { PostgresContentRepository } from "./postgres-repository";
import type { ContentRepository } from "./repository";
import { SqliteContentRepository } from "./sqlite-repository";
import { type AccountsStore, SqliteAccountsStore } from "./stores/accounts";
import { PostgresAccountsStore } from "./stores/accounts.postgres";
import { type ApiTokensStore, SqliteApiTokensStore } from "./stores/api-tokens";
import { PostgresApiTokensStore } from "./stores/api-tokens.postgres";
import { type ArticlesStore, SqliteArticlesStore } from "./stores/articles";
import { PostgresArticlesStore } from "./stores/articles.postgres";
import { type AuditStore, SqliteAuditStore } from "./stores/audit";
import { PostgresAuditStore } from "./stores/audit.postgres";
import { type CaptchaReplayStore, SqliteCaptchaReplayStore } from "./stores/captcha-replays";
import { PostgresCaptchaReplayStore } from "./stores/captcha-replays.postgres";
import { type ListingsStore, SqliteListingsStore } from "./stores/listings";
import { PostgresListingsStore } from "./stores/listings.postgres";
import { type LoginThrottleStore, SqliteLoginThrottleStore } from "./stores/login-throttle";
import { PostgresLoginThrottleStore } from "./stores/login-throttle.postgres";
import { type OutboxStore, SqliteOutboxStore } from "./stores/outbox";
import { PostgresOutboxStore } from "./stores/outbox.postgres";
import { type PageLocksStore, SqlitePageLocksStore } from "./stores/page-locks";
import { PostgresPageLocksStore } from "./stores/page-locks.postgres";
import { type PageVersionsStore, SqlitePageVersionsStore } from "./stores/page-versions";
import { PostgresPageVersionsStore } from "./stores/page-versions.postgres";
import { type RateLimitStore, SqliteRateLimitStore } from "./stores/rate-limits";
import { PostgresRateLimitStore } from "./stores/rate-limits.postgres";
import { type SecretsStore, SqliteSecretsStore } from "./stores/secrets";
import { PostgresSecretsStore } from "./stores/secrets.postgres";
import { type SessionsStore, SqliteSessionsStore } from "./stores/sessions";
import { PostgresSessionsStore } from "./stores/sessions.postgres";
import { SqliteSubmissionsStore, type SubmissionsStore } from "./stores/submissions";
import { PostgresSubmissionsStore } from "./stores/submissions.postgres";

export interface Storage {
  readonly kind: "sqlite" | "postgres";
  /** Sites, pages, redirects, demo blocks, the content revision and the store's own settings. */
  readonly content: ContentRepository;
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
  /** Every saved version of every page (written by `content.savePage`, read here). */
  readonly pageVersions: PageVersionsStore;
  /** The delivery outbox of leads (e-mail, webhook). */
  readonly outbox: OutboxStore;
  /** Captcha challenges already used (single use across processes). */
  readonly captchaReplays: CaptchaReplayStore;
  /** Keys the server made once (the ALTCHA signing key). */
  readonly secrets: SecretsStore;
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

/** The readiness write: the same statement in both dialects (a timestamp, so every probe changes the row). */
const WRITE_PROBE_SQL =
  "INSERT INTO meta(key, value) VALUES('write_probe_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value";

/** Opens the embedded store in a data folder: creates the file when missing, applies migrations. */
export function openSqliteStorage(dataDir: string, fileName = SQLITE_FILE): Storage {
  const db = openSqliteFile(path.join(dataDir, fileName));
  const migrations = migrateSqlite(db);
  return {
    kind: "sqlite",
    content: new SqliteContentRepository(db),
    listings: new SqliteListingsStore(db),
    articles: new SqliteArticlesStore(db),
    submissions: new SqliteSubmissionsStore(db),
    rateLimits: new SqliteRateLimitStore(db),
    accounts: new SqliteAccountsStore(db),
    sessions: new SqliteSessionsStore(db),
    loginThrottle: new SqliteLoginThrottleStore(db),
    apiTokens: new SqliteApiTokensStore(db),
    audit: new SqliteAuditStore(db),
    pageLocks: new SqlitePageLocksStore(db),
    pageVersions: new SqlitePageVersionsStore(db),
    outbox: new SqliteOutboxStore(db),
    captchaReplays: new SqliteCaptchaReplayStore(db),
    secrets: new SqliteSecretsStore(db),
    migrations,
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async probeWrite() {
      db.prepare(WRITE_PROBE_SQL).run(String(Date.now()));
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

/** Opens the PostgreSQL store: a pool, then the migrations (under an advisory lock). */
export async function openPostgresStorage(options: PostgresOptions): Promise<Storage> {
  const pool = createPool(options);
  let migrations: MigrationReport;
  try {
    migrations = await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return postgresStorage(pool, migrations, options.listingsIndex ?? "memory");
}

function postgresStorage(
  pool: pg.Pool,
  migrations: MigrationReport,
  listingsIndex: NonNullable<PostgresOptions["listingsIndex"]>,
): Storage {
  let closed = false;
  return {
    kind: "postgres",
    content: new PostgresContentRepository(pool),
    listings: new PostgresListingsStore(pool, { index: listingsIndex }),
    articles: new PostgresArticlesStore(pool),
    submissions: new PostgresSubmissionsStore(pool),
    rateLimits: new PostgresRateLimitStore(pool),
    accounts: new PostgresAccountsStore(pool),
    sessions: new PostgresSessionsStore(pool),
    loginThrottle: new PostgresLoginThrottleStore(pool),
    apiTokens: new PostgresApiTokensStore(pool),
    audit: new PostgresAuditStore(pool),
    pageLocks: new PostgresPageLocksStore(pool),
    pageVersions: new PostgresPageVersionsStore(pool),
    outbox: new PostgresOutboxStore(pool),
    captchaReplays: new PostgresCaptchaReplayStore(pool),
    secrets: new PostgresSecretsStore(pool),
    migrations,
    async ping() {
      await pool.query("SELECT 1");
    },
    async probeWrite() {
      await pool.query(WRITE_PROBE_SQL.replace("?", "$1"), [String(Date.now())]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
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
