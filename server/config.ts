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
  /** Key the studio sends to write pages; unset means writes are refused. */
  EDITOR_KEY: z.string().min(16).optional(),
  /** API key of the content client (`/api`), for tools. */
  CONTENT_API_KEY: z.string().min(16).optional(),
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
