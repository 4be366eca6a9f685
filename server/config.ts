/** Configuration from environment variables, parsed once with zod; every default runs offline. */
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { FRAME_HOST_PATTERN } from "../schema/embed-frames";

const boolish = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

const emptyIsUnset = (value: unknown) => (value === "" ? undefined : value);
const optionalText = z.preprocess(emptyIsUnset, z.string().optional());

/** PBKDF2 iterations per attempt: about a second on a mid-range phone (docs/decisions.md). */
export const DEFAULT_ALTCHA_COST = 1000;

/** Express's `trust proxy` value: false, a hop count, or a list of addresses, ranges and names. */
export type TrustProxy = boolean | number | string[];
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY as Express reads it, or a message saying what is wrong. */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address, bits, extra] = entry.split("/");
    const family = net.isIP(address ?? "");
    const maxBits = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined) {
      return `"${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal`;
    }
  }
  return entries;
}

/**
 * A feed's address: https, or plain http on this machine only (the suite's test server): a
 * client secret and a bearer token never travel in clear over a network.
 */
export const feedUrlSchema = z.url({ protocol: /^https?$/ }).refine((value) => {
  const url = new URL(value);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}, "must be an https:// URL (http:// only on localhost)");

const commaList = z.preprocess(
  emptyIsUnset,
  z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .optional(),
);

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./.data"),
  /**
   * PostgreSQL connection string (postgres://user:password@host:5432/db?sslmode=require).
   * Unset: the embedded SQLite store in DATA_DIR.
   */
  DATABASE_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Connections each process keeps open at most. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Longest a statement may run before PostgreSQL cancels it. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /**
   * PostgreSQL listings: "memory" keeps a columnar index of the listings in each process (about
   * 150 MB per million listings) for counts, pages and maps; "sql" answers every search with a query.
   */
  LISTINGS_INDEX: z.enum(["memory", "sql"]).default("memory"),
  /** Unset: the embedded content service answers in process. */
  CONTENT_API_URL: z.url().optional(),
  /** Site served when the domain name is unknown to the content service. */
  SITE_ID: z.string().default("demo-broker"),
  /** An editor session ends after this long without a request (the open studio keeps it alive). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** An editor session ends this long after sign-in, active or not. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90 * 24)
    .default(7 * 24),
  /**
   * Seeds the fixture accounts of fixtures/editors.json (known passwords) when they are missing:
   * for tests and demos only, never on a public site.
   */
  FIXTURE_EDITORS: boolish,
  /** reCAPTCHA v2 invisible, both keys or neither; unset: the self-hosted ALTCHA proof of work. */
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET_KEY: optionalText,
  /**
   * Tests only: accept offline captcha tokens ("offline-…") instead of a captcha (the bench and
   * unit tests, on loopback; never on a public site). NODE_ENV=test turns it on unless "false".
   */
  RECAPTCHA_OFFLINE: boolish,
  /** Key that signs ALTCHA challenges; unset: one is made at first start and kept in the store. */
  ALTCHA_HMAC_KEY: z.preprocess(emptyIsUnset, z.string().min(32, "must be 32 characters or more").optional()),
  /**
   * PBKDF2 iterations per proof-of-work attempt (a visitor's device makes 256 attempts on
   * average, in parallel workers). Lower only for tests.
   */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_ALTCHA_COST),
  /** Lead e-mails: nodemailer transport URL, `smtp://user:password@host:587` or `smtps://…:465`. */
  SMTP_URL: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  /** Where lead e-mails go: one address or several separated by commas. */
  LEADS_EMAIL_TO: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("must be e-mail addresses separated by commas")).min(1))
      .optional(),
  ),
  /** Sender of lead e-mails; default: the first LEADS_EMAIL_TO address. */
  LEADS_EMAIL_FROM: z.preprocess(emptyIsUnset, z.email().optional()),
  /** A CRM's endpoint: each lead is POSTed as JSON, signed with LEADS_WEBHOOK_SECRET. */
  LEADS_WEBHOOK_URL: z.preprocess(emptyIsUnset, z.url({ protocol: /^https?$/ }).optional()),
  LEADS_WEBHOOK_SECRET: z.preprocess(emptyIsUnset, z.string().min(16, "must be 16 characters or more").optional()),
  /** Leads older than this are deleted by a daily job (Québec Law 25: kept no longer than needed). */
  LEADS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  /** First retry of a failed delivery; each next one waits twice as long, at most 6 hours. */
  LEADS_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(21_600_000).default(30_000),
  /** Attempts before a delivery is marked failed (15: about a day of retries). */
  LEADS_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(15),
  /** A delivery claimed this long ago by a process that never finished it (killed) is tried again. */
  LEADS_DELIVERY_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /**
   * Which proxies may tell the client's address and protocol (X-Forwarded-For/-Proto: the rate
   * limit, sign-in throttling, the audit trail, Secure cookies and HSTS; Express's `trust proxy`): unset or "false"
   * trusts none, a number trusts that many hops, or a comma-separated list of addresses,
   * CIDR ranges and the names loopback, linklocal, uniquelocal; "true" trusts any (never on a
   * server reachable without its proxy).
   */
  TRUST_PROXY: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
  ),
  /** Contact submissions allowed per client IP per minute (token bucket). */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Web processes `npm start` runs (Node's cluster module; every one answers every request);
   * unset: one per core; 1: no cluster. Development (Vite) always runs one.
   */
  WEB_CONCURRENCY: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(256).optional()),
  /** Log lines as JSON objects (one per line) or readable text; unset: json in production, text otherwise. */
  LOG_FORMAT: z.preprocess(emptyIsUnset, z.enum(["json", "text"]).optional()),
  /** Adds the client's address to request log lines (personal data: off unless the operator opts in). */
  LOG_CLIENT_IP: boolish,
  /** Map tiles; empty string disables tiles (markers on a plain background). */
  MAP_TILE_URL: z.string().default(""),
  MAP_TILE_ATTRIBUTION: z.string().default(""),
  /**
   * Where the site's assets (images of blocks, listing photos, share images, favicons) are served
   * from, e.g. a CDN `https://cdn.example.com`; unset: this site's own origin. `/resources/…`
   * paths go to the content host instead (CONTENT_API_URL's origin, or this server).
   */
  /**
   * Hosts an embed may frame besides the known players (YouTube, Vimeo, Matterport, Google
   * Maps), e.g. a virtual-tour host: comma-separated host names (schema/embed-frames.ts).
   */
  EMBED_FRAME_HOSTS: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(FRAME_HOST_PATTERN, "must be host names separated by commas (tour.example.com)")))
      .default([]),
  ),
  CONTENT_ASSET_BASE: z.preprocess(emptyIsUnset, z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Error reports (Sentry's SDKs) from the server and the browser; unset: nothing is sent and the
   * browser loads no reporting code. A DSN is public by design: it only lets one send events.
   */
  SENTRY_DSN: z.preprocess(
    emptyIsUnset,
    z
      .url({ protocol: /^https?$/ })
      .refine((dsn) => {
        const url = new URL(dsn);
        return url.username !== "" && /^\/(?:.*\/)?\d+$/.test(url.pathname);
      }, "must be a Sentry DSN: https://<key>@<host>/<project id>")
      .optional(),
  ),
  /** The environment reports are filed under; unset: NODE_ENV. */
  SENTRY_ENVIRONMENT: z.preprocess(emptyIsUnset, z.string().max(64).optional()),
  /** Public origin used in canonical URLs, sitemap and share links. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Shows the debug dump on error pages. */
  EXPOSE_ERRORS: boolish,
  /**
   * Memory of the rendered-page cache, per process, in megabytes; 0 turns it off (every page is
   * rendered per request). Off anyway with CONTENT_API_URL: a remote service has no revision to key on.
   */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(65_536).default(64),
  /** How long a shared cache (CDN) may keep an anonymous page, in seconds (`s-maxage`); 0: never. */
  PAGE_CACHE_S_MAXAGE: z.coerce.number().int().min(0).max(31_536_000).default(60),
  /** How long past that a shared cache may serve it while it fetches it again (`stale-while-revalidate`). */
  PAGE_CACHE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(31_536_000).default(60),
  /** Called after each content write to purge a CDN by surrogate key (docs/scaling.md). */
  PAGE_CACHE_PURGE_URL: z.preprocess((value) => (value === "" ? undefined : value), z.url().optional()),
  /** Sent as `Authorization: Bearer …` to PAGE_CACHE_PURGE_URL. */
  PAGE_CACHE_PURGE_TOKEN: z.preprocess((value) => (value === "" ? undefined : value), z.string().optional()),
  /**
   * The default site's listing feed (issue 31): reso (any RESO Web API Core server), ddf (CREA) or
   * centris; unset: none, or the one set in the studio. With it: FEED_URL (the OData service
   * root), FEED_TOKEN_URL, FEED_CLIENT_ID and FEED_CLIENT_SECRET (OAuth2 client credentials).
   */
  FEED_KIND: z.preprocess(emptyIsUnset, z.enum(["reso", "ddf", "centris"]).optional()),
  FEED_URL: z.preprocess(emptyIsUnset, feedUrlSchema.optional()),
  FEED_TOKEN_URL: z.preprocess(emptyIsUnset, feedUrlSchema.optional()),
  FEED_CLIENT_ID: optionalText,
  FEED_CLIENT_SECRET: optionalText,
  /** OAuth2 scope; unset: the provider's (DDF: DDFApi_Read). */
  FEED_SCOPE: optionalText,
  /** Minutes between two syncs (a scheduled sync runs inside the server). */
  FEED_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Offices and agents (their keys or MLS ids) whose listings are the broker's own, comma-separated. */
  FEED_OFFICES: commaList,
  FEED_AGENTS: commaList,
  /** The language of the feed's remarks (Centris gives both); unset: the provider's usual one. */
  FEED_REMARKS_LANGUAGE: z.preprocess(emptyIsUnset, z.enum(["fr", "en"]).optional()),
  /** Listing photos: hotlinked from the provider, or mirrored (copied to this site, when the media library can). */
  FEED_PHOTOS: z.preprocess(emptyIsUnset, z.enum(["hotlink", "mirror"]).optional()),
  /** Key that encrypts feed secrets saved in the studio (32+ characters); unset: made once and kept in the store. */
  FEEDS_SECRET_KEY: z.preprocess(emptyIsUnset, z.string().min(32, "must be 32 characters or more").optional()),
  /** Scheduled syncs inside the server; false leaves them to `npm run feeds -- sync` (cron, tests). */
  FEEDS_SCHEDULER: boolish,
  /**
   * Saved-search alerts (issue 32): on with SMTP_URL unless "false". Their e-mails go out through
   * the leads' SMTP settings, from ALERTS_EMAIL_FROM (default LEADS_EMAIL_FROM, else the first
   * LEADS_EMAIL_TO address).
   */
  ALERTS: boolish,
  ALERTS_EMAIL_FROM: z.preprocess(emptyIsUnset, z.email().optional()),
  /**
   * The mailto: of the alert e-mails' List-Unsubscribe (beside the one-click URL): a mailbox a
   * person reads, since nothing reads it for the service. Default: the first LEADS_EMAIL_TO address.
   */
  ALERTS_UNSUBSCRIBE_EMAIL: z.preprocess(emptyIsUnset, z.email().optional()),
  /** Instant alerts wait this long after a first match, so the changes of the next minutes join the same e-mail. */
  ALERTS_INSTANT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(180_000),
  /** Local hour of daily and weekly digests, and the weekly digest's day (0 Sunday … 6 Saturday; 1 Monday). */
  ALERTS_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  ALERTS_WEEKLY_DAY: z.coerce.number().int().min(0).max(6).default(1),
  /** The site's time zone for digests (an IANA name). */
  ALERTS_TIME_ZONE: z
    .string()
    .default("America/Toronto")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone, e.g. America/Toronto"),
  /** Listings shown per e-mail; the rest are behind its "see all" link. */
  ALERTS_MAX_LISTINGS: z.coerce.number().int().min(1).max(50).default(10),
  /** How often each process looks for new listing events and due e-mails. */
  ALERTS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  /** An alert that found nothing for this many days is paused (its page says so and can resume it). */
  ALERTS_INACTIVE_DAYS: z.coerce.number().int().min(7).max(3650).default(180),
});
export type Config = z.infer<typeof configSchema> & { dataDir: string };

/** Both reCAPTCHA keys or neither; a webhook needs its secret; e-mails need a recipient. */
function checkTogether(config: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (Boolean(config.RECAPTCHA_SITE_KEY) !== Boolean(config.RECAPTCHA_SECRET_KEY)) {
    problems.push("  RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY: set both or neither");
  }
  if (config.LEADS_WEBHOOK_URL && !config.LEADS_WEBHOOK_SECRET) {
    problems.push("  LEADS_WEBHOOK_SECRET: required with LEADS_WEBHOOK_URL (the CRM checks the signature)");
  }
  if (config.SMTP_URL && !config.LEADS_EMAIL_TO) {
    problems.push("  LEADS_EMAIL_TO: required with SMTP_URL (where lead e-mails go)");
  }
  const feed = ["FEED_KIND", "FEED_URL", "FEED_TOKEN_URL", "FEED_CLIENT_ID", "FEED_CLIENT_SECRET"] as const;
  if (feed.some((name) => config[name] !== undefined)) {
    const missing = feed.filter((name) => config[name] === undefined);
    if (missing.length)
      problems.push(`  ${missing.join(", ")}: required with the other FEED_ settings (a listing feed)`);
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const problems = checkTogether(parsed.data);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
