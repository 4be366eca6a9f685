/** Configuration from environment variables, parsed once with zod; every default runs offline. */
import path from "node:path";
import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

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
  /** Unset: the embedded content service answers in process. */
  CONTENT_API_URL: z.url().optional(),
  /** Site served when the domain name is unknown to the content service. */
  SITE_ID: z.string().default("demo-broker"),
  /**
   * Which proxies to trust for the client's address and protocol (X-Forwarded-For/-Proto/-Host),
   * with Express's `trust proxy` semantics: "true", a hop count, "loopback", or addresses and
   * CIDRs separated by commas. Unset: none (the socket's address and protocol count).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | number | string | undefined => {
      const v = value?.trim();
      if (!v || v === "false") return undefined;
      if (v === "true") return true;
      if (/^\d+$/.test(v)) return Number(v);
      return v;
    }),
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
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  /**
   * Accept offline captcha tokens ("offline-…") without a secret even in production:
   * for end-to-end tests and the bench on loopback only, never on a public site.
   */
  RECAPTCHA_OFFLINE: boolish,
  /** Contact submissions allowed per client IP per minute (token bucket). */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Map tiles; empty string disables tiles (markers on a plain background). */
  MAP_TILE_URL: z.string().default(""),
  MAP_TILE_ATTRIBUTION: z.string().default(""),
  /** Public origin used in canonical URLs, sitemap and share links. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Shows the debug dump on error pages. */
  EXPOSE_ERRORS: boolish,
});
export type Config = z.infer<typeof configSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
