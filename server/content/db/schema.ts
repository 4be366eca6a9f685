/**
 * The tables every store queries, as Kysely types them: one `Database` for both databases.
 * Rows read back the same from either (db/postgres.ts sets PostgreSQL's parsers to match SQLite):
 * a JSON document is its text, an instant is ISO 8601 text, a flag is 0 or 1, a bigint a number.
 * The tables themselves are made by the migrations (db/migrations.ts).
 */
import type { ColumnType, Generated } from "kysely";

/** A JSON document: TEXT in SQLite, `json` in PostgreSQL (kept as written); read and written as its text. */
export type Json = string;
/** An instant: ISO 8601 TEXT in SQLite, `timestamptz` in PostgreSQL; read and written as ISO text. */
export type Instant = string;
/** A flag: INTEGER 0/1 in SQLite, `boolean` in PostgreSQL; read as 0/1, written as a boolean. */
export type Flag = ColumnType<number, boolean, boolean>;
/** A flag with a default (false). */
type DefaultFlag = ColumnType<number, boolean | undefined, boolean>;

export interface SitesTable {
  site_id: string;
  microsite_id: string;
  doc: Json;
}
export interface SiteDomainsTable {
  domain: string;
  site_id: string;
}
export interface PagesTable {
  site_id: string;
  page_id: string;
  path_fr: string;
  path_en: string;
  version: number;
  doc: Json;
  updated_at: Instant | null;
}
export interface RedirectsTable {
  site_id: string;
  from_path: string;
  doc: Json;
}
export interface DemoBlocksTable {
  id: number;
  doc: Json;
}
export interface KeyValueTable {
  key: string;
  value: string;
}
export interface VariantsTable {
  site_id: string;
  variant_id: string;
  doc: Json;
}
export interface PageVersionsTable {
  site_id: string;
  page_id: string;
  version: number;
  doc: Json;
  editor_id: string | null;
  editor_name: string | null;
  created_at: Instant;
  summary: Json;
  /** The editor's note at publish (migration 332). */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** A scheduled publish: the time it was scheduled for. */
  scheduled_for: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}
export interface ThemeVersionsTable {
  site_id: string;
  version: number;
  doc: Json;
  editor_id: string | null;
  editor_name: string | null;
  created_at: Instant;
}
export interface RevisionsTable {
  /** `listings_log_floor` (migration 310): the oldest listings version the change log still holds. */
  name: "content" | "listings" | "listings_log_floor";
  n: number;
}

export interface ListingsTable {
  id: Generated<number>;
  uls: string;
  type: string;
  for_sale_for_rent: string;
  price: number;
  bedrooms: number;
  bathrooms: number;
  open_house: DefaultFlag;
  mun_code: string;
  lat: number;
  lng: number;
  listed_at: Instant;
  /** The listing's badge is "sold" (migration 93): out of a search unless its status asks for it. */
  sold: DefaultFlag;
  /** Migration 310: the feed (site id) that wrote it; null for the demo's generated listings. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
}
/** Migration 310: the listings each write touched, under the listings version it made. */
export interface ListingChangesTable {
  version: number;
  listing_id: number;
}
/** Migration 311: what changed per listing, in commit order. */
export interface ListingEventsTable {
  seq: Generated<number>;
  uls: string;
  kind: string;
  data: Json | null;
  source: string | null;
  at: Instant;
}
export interface ListingDocsTable {
  id: number;
  doc: Json;
}
/** SQLite only: the R*Tree of listing points (PostgreSQL's GiST index is on `listings` itself). */
export interface ListingsRtreeTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
}
export interface MunicipalitiesTable {
  mun_code: string;
  description: string;
}
export interface RemovedListingsTable {
  uls: string;
  doc: Json;
  removed_at: Instant;
  /** Migration 310: "sold" (the page shows it sold) or "removed" (410). */
  reason: ColumnType<string, string | undefined, string>;
  /** Migration 310: the feed that took it off (null: the demo's). */
  source: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 312: a site's listing feed as set in the studio (the environment's is not stored). */
export interface FeedSettingsTable {
  site_id: string;
  kind: string;
  base_url: string;
  token_url: string;
  client_id: string;
  /** AES-256-GCM, never sent to a browser. */
  secret_enc: string | null;
  scope: string | null;
  mine: Json;
  interval_minutes: number;
  photos: string;
  remarks_language: string;
  enabled: Flag;
  updated_ms: number;
  updated_by: string | null;
}
/** Migration 312: a feed's scheduling, claimed through a lease so one process syncs it at a time. */
export interface FeedStateTable {
  source: string;
  next_run_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  run_id: string | null;
  /** When an editor asked for a sync now (the next run says so); cleared when a run ends. */
  requested_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the feed was last known current (a run that finished, deletions checked). */
  current_ms: number | null;
  /** Its listings are hidden: not refreshed within the provider's limit. */
  hidden: Flag;
  failures: number;
}
export interface FeedCursorsTable {
  source: string;
  name: string;
  value: Json;
  updated_ms: number;
}
/** The raw record per (source, key), as the provider sent it. */
export interface FeedRecordsTable {
  source: string;
  key: string;
  uls: string | null;
  modified: string | null;
  hash: string;
  doc: Json;
  state: string;
  reason: string | null;
  generation: number;
  updated_ms: number;
}
export interface FeedRunsTable {
  id: string;
  source: string;
  kind: string;
  trigger: string;
  owner: string;
  status: string;
  started_ms: number;
  ended_ms: number | null;
  created: number;
  updated: number;
  removed: number;
  skipped: number;
  requests: number;
  report: Json;
  error_code: string | null;
  error_message: string | null;
}

export interface ArticleCategoriesTable {
  id: number;
  label_fr: string;
  label_en: string;
}
export interface ArticlesTable {
  id: number;
  category_id: number;
  slug_fr: string | null;
  slug_en: string | null;
  published_at: Instant;
  read_time_fr: number | null;
  read_time_en: number | null;
  doc: Json;
}

export interface SubmissionsTable {
  seq: Generated<number>;
  id: string;
  site_id: string;
  type: string;
  locale: string;
  recipient_type: string | null;
  recipient_slug: string | null;
  payload: Json;
  ip_hash: string | null;
  created_at: Instant;
  status: Generated<string>;
  handled_at: Instant | null;
  name: Generated<string>;
  email: Generated<string>;
  search: Generated<string>;
  consent: Json | null;
}
export interface LeadDeliveriesTable {
  id: string;
  submission_id: string;
  channel: string;
  state: Generated<string>;
  attempts: Generated<number>;
  next_attempt_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  last_error: string | null;
  delivered_at: Instant | null;
  created_at: Instant;
}
export interface AlertSubscriptionsTable {
  id: string;
  site_id: string;
  email: string;
  email_key: string;
  locale: string;
  search: Json;
  page: string;
  origin: string | null;
  frequency: string;
  state: string;
  paused_reason: string | null;
  consent_text: string;
  consent_version: string;
  consent_locale: string;
  consent_page: string;
  consent_source: string;
  ip_hash: string | null;
  created_at: Instant;
  confirmed_at: Instant | null;
  withdrawn_at: Instant | null;
  updated_at: Instant;
  from_seq: number | null;
  next_digest_ms: number | null;
  last_sent_at: Instant | null;
  sent: Generated<number>;
  last_match_ms: number | null;
  bounces: Generated<number>;
}
export interface AlertTokensTable {
  token_hash: string;
  subscription_id: string;
  created_at: Instant;
}
export interface AlertMatchesTable {
  subscription_id: string;
  seq: number;
  uls: string;
  kind: string;
  data: Json;
  created_ms: number;
  message_id: string | null;
}
export interface AlertMessagesTable {
  id: string;
  subscription_id: string;
  kind: string;
  payload: Json;
  state: string;
  attempts: Generated<number>;
  next_attempt_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  last_error: string | null;
  sent_at: Instant | null;
  created_at: Instant;
}
export interface AlertCursorTable {
  name: string;
  seq: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
}
export interface AlertSuppressionsTable {
  site_id: string;
  email_key: string;
  reason: string;
  at: Instant;
}
export interface RateLimitBucketsTable {
  key: string;
  tokens: number;
  allowed: Flag;
  updated_ms: number;
  full_at_ms: number;
}
export interface CaptchaReplaysTable {
  id: string;
  expires_ms: number;
}

export interface EditorsTable {
  id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string | null;
  created_ms: number;
  updated_ms: number;
}
export interface PasskeysTable {
  id: string;
  editor_id: string;
  public_key: string;
  counter: number;
  /** A JSON array of strings. */
  transports: string;
  device_type: string;
  backed_up: Flag;
  name: string;
  created_ms: number;
  last_used_ms: number | null;
}
export interface AccountLinksTable {
  token_hash: string;
  kind: string;
  editor_id: string | null;
  created_ms: number;
  expires_ms: number;
  used_ms: number | null;
}
export interface SessionsTable {
  id: string;
  token_hash: string;
  editor_id: string;
  method: string;
  created_ms: number;
  last_seen_ms: number;
  expires_ms: number;
  ip: string | null;
  user_agent: string | null;
  /** Migration 91: when the editor last proved who they are after signing in (sudo mode); null: at sign-in. */
  reauth_ms: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface AuthChallengesTable {
  id: string;
  challenge: string;
  kind: string;
  editor_id: string | null;
  expires_ms: number;
}
export interface LoginThrottleTable {
  key: string;
  failures: number;
  last_failure_ms: number;
  blocked_until_ms: number;
}
export interface ApiTokensTable {
  id: string;
  editor_id: string;
  name: string;
  prefix: string;
  token_hash: string;
  /** A JSON array of scopes. */
  scopes: string;
  created_ms: number;
  expires_ms: number | null;
  last_used_ms: number | null;
}
export interface AuditLogTable {
  seq: Generated<number>;
  at_ms: number;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target: string | null;
  outcome: string;
  details: Json | null;
  ip: string | null;
  user_agent: string | null;
  via: string;
}
export interface PageLocksTable {
  site_id: string;
  page_id: string;
  holder: string;
  editor_id: string;
  editor_name: string;
  acquired_ms: number;
  heartbeat_ms: number;
  expires_ms: number;
}
export interface PageDraftsTable {
  site_id: string;
  page_id: string;
  /** "" for the page's own draft; a variant's id for its content of the page (issue 29). */
  variant_id: Generated<string>;
  revision: number;
  doc: Json;
  editor_id: string;
  editor_name: string;
  created_at: Instant;
  updated_at: Instant;
}
export interface PublishJobsTable {
  id: string;
  site_id: string;
  page_id: string;
  run_at_ms: number;
  state: string;
  page_doc: Json;
  chrome_doc: Json | null;
  base_version: number;
  draft_revision: number | null;
  note: string | null;
  editor_id: string;
  editor_name: string;
  created_at: Instant;
  attempts: ColumnType<number, number | undefined, number>;
  lease_owner: string | null;
  lease_until_ms: number | null;
  finished_at: Instant | null;
  result_version: number | null;
  error: string | null;
}
export interface PreviewLinksTable {
  id: string;
  token_hash: string;
  site_id: string;
  page_id: string;
  version: number | null;
  editor_id: string;
  editor_name: string;
  created_at: Instant;
  expires_ms: number;
  revoked_at: Instant | null;
}
export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Instant;
}

export interface Database {
  sites: SitesTable;
  site_domains: SiteDomainsTable;
  pages: PagesTable;
  redirects: RedirectsTable;
  demo_blocks: DemoBlocksTable;
  meta: KeyValueTable;
  variants: VariantsTable;
  page_versions: PageVersionsTable;
  theme_versions: ThemeVersionsTable;
  revisions: RevisionsTable;
  listings: ListingsTable;
  listing_docs: ListingDocsTable;
  listings_rtree: ListingsRtreeTable;
  municipalities: MunicipalitiesTable;
  removed_listings: RemovedListingsTable;
  listing_changes: ListingChangesTable;
  listing_events: ListingEventsTable;
  feed_settings: FeedSettingsTable;
  feed_state: FeedStateTable;
  feed_cursors: FeedCursorsTable;
  feed_records: FeedRecordsTable;
  feed_runs: FeedRunsTable;
  article_categories: ArticleCategoriesTable;
  articles: ArticlesTable;
  submissions: SubmissionsTable;
  submission_settings: KeyValueTable;
  lead_deliveries: LeadDeliveriesTable;
  alert_subscriptions: AlertSubscriptionsTable;
  alert_tokens: AlertTokensTable;
  alert_matches: AlertMatchesTable;
  alert_messages: AlertMessagesTable;
  alert_cursor: AlertCursorTable;
  alert_suppressions: AlertSuppressionsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  captcha_replays: CaptchaReplaysTable;
  app_secrets: { name: string; value: string };
  editors: EditorsTable;
  passkeys: PasskeysTable;
  account_links: AccountLinksTable;
  sessions: SessionsTable;
  auth_challenges: AuthChallengesTable;
  login_throttle: LoginThrottleTable;
  api_tokens: ApiTokensTable;
  audit_log: AuditLogTable;
  page_locks: PageLocksTable;
  page_drafts: PageDraftsTable;
  publish_jobs: PublishJobsTable;
  preview_links: PreviewLinksTable;
  schema_migrations: SchemaMigrationsTable;
}
