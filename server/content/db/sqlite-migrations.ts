/**
 * The baseline of the embedded store's schema (node:sqlite): the migrations written per
 * database before each change was written once (migrations.ts), frozen as they were applied.
 * Version 1 is the schema as it was before migrations existed, written with IF NOT EXISTS so a
 * database made by an older build is adopted as it is. Never edit these; add to migrations.ts.
 */
import type { BaselineMigration } from "./migration";

export const SQLITE_MIGRATIONS: readonly BaselineMigration[] = [
  {
    version: 1,
    name: "initial",
    up: `
CREATE TABLE IF NOT EXISTS sites (
  site_id TEXT PRIMARY KEY,
  microsite_id TEXT NOT NULL UNIQUE,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS site_domains (
  domain TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(site_id)
);
CREATE TABLE IF NOT EXISTS pages (
  site_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  path_fr TEXT NOT NULL,
  path_en TEXT NOT NULL,
  version INTEGER NOT NULL,
  doc TEXT NOT NULL,
  PRIMARY KEY (site_id, page_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS pages_path_fr ON pages(site_id, path_fr);
CREATE UNIQUE INDEX IF NOT EXISTS pages_path_en ON pages(site_id, path_en);
CREATE TABLE IF NOT EXISTS redirects (
  site_id TEXT NOT NULL,
  from_path TEXT NOT NULL,
  doc TEXT NOT NULL,
  PRIMARY KEY (site_id, from_path)
);
CREATE TABLE IF NOT EXISTS demo_blocks (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS listings (
  id INTEGER PRIMARY KEY,
  uls TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  for_sale_for_rent TEXT NOT NULL,
  price REAL NOT NULL,
  bedrooms INTEGER NOT NULL,
  bathrooms INTEGER NOT NULL,
  open_house INTEGER NOT NULL DEFAULT 0,
  mun_code TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  listed_at TEXT NOT NULL
);
-- Documents live apart so filter scans read a narrow table.
CREATE TABLE IF NOT EXISTS listing_docs (
  id INTEGER PRIMARY KEY,
  doc TEXT NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS listings_rtree USING rtree(id, min_lat, max_lat, min_lng, max_lng);
CREATE TABLE IF NOT EXISTS municipalities (
  mun_code TEXT PRIMARY KEY,
  description TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS listings_listed_at ON listings(listed_at, id);
CREATE INDEX IF NOT EXISTS listings_price ON listings(price, id);
CREATE INDEX IF NOT EXISTS listings_fsfr_type_price ON listings(for_sale_for_rent, type, price);
CREATE INDEX IF NOT EXISTS listings_mun ON listings(mun_code);
CREATE INDEX IF NOT EXISTS listings_bedrooms ON listings(bedrooms);
CREATE INDEX IF NOT EXISTS listings_bathrooms ON listings(bathrooms);
CREATE INDEX IF NOT EXISTS listings_open_house ON listings(open_house) WHERE open_house = 1;

CREATE TABLE IF NOT EXISTS article_categories (
  id INTEGER PRIMARY KEY,
  label_fr TEXT NOT NULL,
  label_en TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS articles (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES article_categories(id),
  slug_fr TEXT UNIQUE,
  slug_en TEXT UNIQUE,
  published_at TEXT NOT NULL,
  read_time_fr INTEGER,
  read_time_en INTEGER,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS articles_published ON articles(published_at, id);
CREATE INDEX IF NOT EXISTS articles_category ON articles(category_id, published_at);

CREATE TABLE IF NOT EXISTS submissions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  site_id TEXT NOT NULL,
  type TEXT NOT NULL,
  locale TEXT NOT NULL,
  recipient_type TEXT,
  recipient_slug TEXT,
  payload TEXT NOT NULL,
  ip_hash TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS submissions_site ON submissions(site_id, seq);
CREATE TABLE IF NOT EXISTS submission_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    name: "shared_state",
    up: `
-- Counters every process reads per request: 'content' changes on every content write
-- (sites, pages, redirects, demo blocks, listings, articles), 'listings' on listing writes.
CREATE TABLE revisions (
  name TEXT PRIMARY KEY,
  n INTEGER NOT NULL
);
INSERT INTO revisions(name, n) VALUES ('content', 1), ('listings', 1);

-- Token buckets shared by every process (rate limits). A bucket is full again at
-- full_at_ms; such rows are pruned, since a missing bucket is a full one.
CREATE TABLE rate_limit_buckets (
  key TEXT PRIMARY KEY,
  tokens REAL NOT NULL,
  allowed INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  full_at_ms INTEGER NOT NULL
);
CREATE INDEX rate_limit_buckets_full ON rate_limit_buckets(full_at_ms);

-- A page's version and date are columns (one statement checks and bumps the version);
-- the document no longer carries them.
ALTER TABLE pages ADD COLUMN updated_at TEXT;
UPDATE pages SET updated_at = json_extract(doc, '$.updated_at');
`,
  },
  {
    version: 3,
    name: "editors_sessions_audit_locks",
    up: `
-- Editor accounts (issue 18). Times are milliseconds since the epoch.
CREATE TABLE editors (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'editor')),
  password_hash TEXT,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  editor_id TEXT NOT NULL REFERENCES editors(id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  device_type TEXT NOT NULL,
  backed_up INTEGER NOT NULL,
  name TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  last_used_ms INTEGER
);
CREATE INDEX passkeys_editor ON passkeys(editor_id);
-- One-time links (first-run setup, invitation, reset), by the SHA-256 of their token.
CREATE TABLE account_links (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('setup', 'invite', 'reset')),
  editor_id TEXT REFERENCES editors(id) ON DELETE CASCADE,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  used_ms INTEGER
);
CREATE INDEX account_links_editor ON account_links(editor_id);
-- Sessions: found by the SHA-256 of the cookie's secret, listed and revoked by id.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  editor_id TEXT NOT NULL REFERENCES editors(id) ON DELETE CASCADE,
  method TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  last_seen_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  ip TEXT,
  user_agent TEXT
);
CREATE INDEX sessions_editor ON sessions(editor_id);
CREATE INDEX sessions_expiry ON sessions(expires_ms);
-- WebAuthn challenges, used once.
CREATE TABLE auth_challenges (
  id TEXT PRIMARY KEY,
  challenge TEXT NOT NULL,
  kind TEXT NOT NULL,
  editor_id TEXT REFERENCES editors(id) ON DELETE CASCADE,
  expires_ms INTEGER NOT NULL
);
-- Failed sign-ins per account (e-mail hash) and per client address.
CREATE TABLE login_throttle (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure_ms INTEGER NOT NULL,
  blocked_until_ms INTEGER NOT NULL
);
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  editor_id TEXT NOT NULL REFERENCES editors(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER,
  last_used_ms INTEGER
);
CREATE INDEX api_tokens_editor ON api_tokens(editor_id);
-- The audit trail: append-only, read newest first.
CREATE TABLE audit_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at_ms INTEGER NOT NULL,
  actor_id TEXT,
  actor_label TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  outcome TEXT NOT NULL,
  details TEXT,
  ip TEXT,
  user_agent TEXT,
  via TEXT NOT NULL
);
CREATE INDEX audit_log_at ON audit_log(at_ms);
CREATE INDEX audit_log_actor ON audit_log(actor_id, seq);
CREATE INDEX audit_log_action ON audit_log(action, seq);
-- Page locks (a heartbeat renews them; they lapse at expires_ms).
CREATE TABLE page_locks (
  site_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  holder TEXT NOT NULL,
  editor_id TEXT NOT NULL REFERENCES editors(id) ON DELETE CASCADE,
  editor_name TEXT NOT NULL,
  acquired_ms INTEGER NOT NULL,
  heartbeat_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  PRIMARY KEY (site_id, page_id)
);
CREATE INDEX page_locks_holder ON page_locks(holder);
`,
  },
  {
    version: 10,
    name: "leads",
    up: `
-- The broker's inbox: a status, the columns it filters and searches on (a lowercase,
-- accent-free "search" text of name and e-mail), and the consent given with the lead.
ALTER TABLE submissions ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
ALTER TABLE submissions ADD COLUMN handled_at TEXT;
ALTER TABLE submissions ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN search TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN consent TEXT;
UPDATE submissions SET
  name = coalesce(json_extract(payload, '$.full_name'), ''),
  email = coalesce(json_extract(payload, '$.email'), ''),
  search = lower(coalesce(json_extract(payload, '$.full_name'), '') || ' ' || coalesce(json_extract(payload, '$.email'), ''));
CREATE INDEX submissions_created ON submissions(created_at);

-- The delivery outbox: one row per lead and channel, written in the lead's transaction.
-- A worker claims due rows with a lease (lease_owner, lease_until_ms); the row's id is the
-- idempotency key the receiver sees (Message-ID, webhook delivery header).
CREATE TABLE lead_deliveries (
  id TEXT PRIMARY KEY,
  submission_id TEXT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_ms INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until_ms INTEGER,
  last_error TEXT,
  delivered_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX lead_deliveries_due ON lead_deliveries(state, next_attempt_ms);
CREATE INDEX lead_deliveries_submission ON lead_deliveries(submission_id);

-- Captcha challenges already used (single use), kept until they expire.
CREATE TABLE captcha_replays (
  id TEXT PRIMARY KEY,
  expires_ms INTEGER NOT NULL
);
CREATE INDEX captcha_replays_expires ON captcha_replays(expires_ms);

-- Keys the server makes once and every process shares (the ALTCHA signing key).
CREATE TABLE app_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
  {
    version: 40,
    name: "removed_listings",
    up: `
-- Listings taken off the market: their pages answer 410 with similar listings.
CREATE TABLE removed_listings (
  uls TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  removed_at TEXT NOT NULL
);
`,
  },
  {
    version: 41,
    name: "content_variants",
    up: `
-- Content variants (a spring campaign, a test of another home): per site, an id, a name, a
-- colour and the blocks they replace (header, footer, each page's content by page id).
CREATE TABLE variants (
  site_id TEXT NOT NULL,
  variant_id TEXT NOT NULL,
  doc TEXT NOT NULL,
  PRIMARY KEY (site_id, variant_id)
);
`,
  },
  {
    version: 60,
    name: "page_versions",
    up: `
-- Every save of a page keeps a snapshot: the document, who saved it, when, and a summary of
-- what changed against the version before (written in the page's transaction). Pages that
-- exist already start their history with their current version ("imported").
CREATE TABLE page_versions (
  site_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  doc TEXT NOT NULL,
  editor_id TEXT,
  editor_name TEXT,
  created_at TEXT NOT NULL,
  summary TEXT NOT NULL,
  PRIMARY KEY (site_id, page_id, version)
);
INSERT INTO page_versions(site_id, page_id, version, doc, editor_id, editor_name, created_at, summary)
SELECT site_id, page_id, version, doc, NULL, NULL,
  coalesce(updated_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  json_object('origin', 'imported', 'added', coalesce(json_array_length(doc, '$.content'), 0),
    'removed', 0, 'changed', 0, 'moved', 0, 'page', json('false'))
FROM pages;
`,
  },
  {
    version: 90,
    name: "listings_price_orders",
    up: `
-- PostgreSQL's indexes of the price orders; the embedded store sorts in its in-memory index.
SELECT 1;
`,
  },
];
