/**
 * Captcha verification of form submissions, one interface for every provider:
 *  - ALTCHA (the default): a self-hosted proof of work. The service signs a challenge
 *    (HMAC, expires after 10 minutes, bound to the site), the visitor's browser solves it,
 *    and the solution is checked here; a challenge is single-use, recorded in the store so
 *    every process refuses a replay. No third party, no cookie.
 *  - reCAPTCHA v2 invisible, with RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY (site.md §4,
 *    §9): Google's siteverify, then the hostname and the token's age are checked.
 *  - Offline tokens ("offline-…"), for tests only (NODE_ENV=test, RECAPTCHA_OFFLINE).
 */
import { randomBytes } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import type { CaptchaConfig } from "../../schema/page";
import type { Config } from "../config";
import type { Storage } from "./storage";
import type { CaptchaReplayStore } from "./stores/captcha-replays";

export type CaptchaFailure = "missing" | "invalid" | "hostname" | "expired" | "replayed" | "unavailable";
export type CaptchaResult = { ok: true } | { ok: false; reason: CaptchaFailure };

export interface CaptchaContext {
  remoteIp?: string;
  /** The site's domains (reCAPTCHA's hostname check). */
  hostnames?: readonly string[];
  /** The site posting (an ALTCHA challenge is bound to the site it was made for). */
  siteId?: string;
}

export interface CaptchaVerifier {
  readonly kind: CaptchaConfig["provider"];
  /** What the browser needs to know (page answers carry it). */
  readonly publicConfig: CaptchaConfig;
  verify(token: string, context: CaptchaContext): Promise<CaptchaResult>;
}

// ---- ALTCHA -------------------------------------------------------------------------------

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** A challenge is valid this long after it was made. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** The first byte of the derived key must be zero: 256 attempts on average. */
const KEY_PREFIX = "00";

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution }`. */
const altchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALTCHA_ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{2,64}$/),
        salt: z.string().regex(/^[0-9a-f]{2,64}$/),
        cost: z.number().int().min(1).max(10_000_000),
        keyLength: z.number().int().min(8).max(64),
        keyPrefix: z.string().regex(/^[0-9a-f]{1,64}$/),
        expiresAt: z.number().int().positive(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .loose(),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().regex(/^[0-9a-f]{2,128}$/),
    time: z.number().optional(),
  }),
});

export interface AltchaChallenge {
  parameters: Record<string, unknown>;
  signature: string;
}

export class AltchaVerifier implements CaptchaVerifier {
  readonly kind = "altcha";
  readonly publicConfig: CaptchaConfig = { provider: "altcha" };
  private key: Promise<string> | undefined;

  constructor(
    private readonly options: {
      /** The HMAC key: from ALTCHA_HMAC_KEY or made once and kept in the store. */
      hmacKey: () => Promise<string>;
      replays: CaptchaReplayStore;
      /** PBKDF2 iterations per attempt (ALTCHA_COST). */
      cost: number;
      now?: () => number;
    },
  ) {}

  private hmacKey(): Promise<string> {
    this.key ??= this.options.hmacKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** A new signed challenge for a form of `siteId`. */
  async challenge(siteId: string): Promise<AltchaChallenge> {
    const challenge = await createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: this.options.cost,
      deriveKey,
      keyPrefix: KEY_PREFIX,
      expiresAt: new Date(this.now() + CHALLENGE_TTL_MS),
      data: { site: siteId },
      hmacSignatureSecret: await this.hmacKey(),
    });
    if (!challenge.signature) throw new Error("ALTCHA challenge was not signed");
    return { parameters: challenge.parameters as unknown as Record<string, unknown>, signature: challenge.signature };
  }

  async verify(token: string, context: CaptchaContext): Promise<CaptchaResult> {
    if (!token) return { ok: false, reason: "missing" };
    let payload: z.infer<typeof altchaPayloadSchema>;
    try {
      const decoded = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as unknown;
      const parsed = altchaPayloadSchema.safeParse(decoded);
      if (!parsed.success) return { ok: false, reason: "invalid" };
      payload = parsed.data;
    } catch {
      return { ok: false, reason: "invalid" };
    }
    const { parameters } = payload.challenge;
    // Checked here with the injectable clock (altcha-lib checks it too, against the real one).
    if (parameters.expiresAt * 1000 < this.now()) return { ok: false, reason: "expired" };
    const result = await verifySolution({
      challenge: payload.challenge as never,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: await this.hmacKey(),
    });
    if (result.expired) return { ok: false, reason: "expired" };
    if (!result.verified) return { ok: false, reason: "invalid" };
    // The signature covers `data`: a challenge made for another site is refused.
    if (context.siteId !== undefined && parameters.data?.site !== context.siteId)
      return { ok: false, reason: "invalid" };
    const first = await this.options.replays.consume(
      payload.challenge.signature,
      parameters.expiresAt * 1000,
      this.now(),
    );
    return first ? { ok: true } : { ok: false, reason: "replayed" };
  }
}

// ---- reCAPTCHA ------------------------------------------------------------------------------

export const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
/** A token older than this is refused even when Google says it is valid. */
export const MAX_TOKEN_AGE_MS = 2 * 60 * 1000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const siteverifyAnswerSchema = z.object({
  success: z.boolean().optional(),
  hostname: z.string().optional(),
  challenge_ts: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

export class RecaptchaVerifier implements CaptchaVerifier {
  readonly kind = "recaptcha";
  readonly publicConfig: CaptchaConfig;

  constructor(
    private readonly secret: string,
    private readonly options: { siteKey?: string; fetch?: Fetch; now?: () => number; timeoutMs?: number } = {},
  ) {
    this.publicConfig = { provider: "recaptcha", ...(options.siteKey ? { site_key: options.siteKey } : {}) };
  }

  async verify(token: string, context: CaptchaContext): Promise<CaptchaResult> {
    if (!token) return { ok: false, reason: "missing" };
    const body = new URLSearchParams({ secret: this.secret, response: token });
    if (context.remoteIp) body.set("remoteip", context.remoteIp);
    let answer: z.infer<typeof siteverifyAnswerSchema>;
    try {
      const response = await (this.options.fetch ?? fetch)(SITEVERIFY_URL, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) return { ok: false, reason: "unavailable" };
      const parsed = siteverifyAnswerSchema.safeParse(await response.json());
      if (!parsed.success) return { ok: false, reason: "unavailable" };
      answer = parsed.data;
    } catch {
      return { ok: false, reason: "unavailable" };
    }
    if (answer.success !== true) {
      // Google answers timeout-or-duplicate for a token used twice or too old.
      return { ok: false, reason: answer["error-codes"]?.includes("timeout-or-duplicate") ? "replayed" : "invalid" };
    }
    const hostnames = context.hostnames?.map((h) => h.toLowerCase()) ?? [];
    if (hostnames.length > 0 && !hostnames.includes(String(answer.hostname ?? "").toLowerCase())) {
      return { ok: false, reason: "hostname" };
    }
    const issued = Date.parse(answer.challenge_ts ?? "");
    const now = (this.options.now ?? Date.now)();
    if (!Number.isFinite(issued) || now - issued > MAX_TOKEN_AGE_MS || issued - now > MAX_TOKEN_AGE_MS) {
      return { ok: false, reason: "expired" };
    }
    return { ok: true };
  }
}

// ---- offline (tests) ------------------------------------------------------------------------

/** Tests only: accepts tokens starting with "offline-". */
export class OfflineCaptchaVerifier implements CaptchaVerifier {
  readonly kind = "offline";
  readonly publicConfig: CaptchaConfig = { provider: "offline" };
  async verify(token: string): Promise<CaptchaResult> {
    if (!token) return { ok: false, reason: "missing" };
    return token.startsWith("offline-") && token.length > "offline-".length
      ? { ok: true }
      : { ok: false, reason: "invalid" };
  }
}

/** Offline tokens only where a test asks for them: NODE_ENV=test (unless RECAPTCHA_OFFLINE=false) or RECAPTCHA_OFFLINE. */
export const offlineCaptcha = (config: Config) => config.RECAPTCHA_OFFLINE ?? config.NODE_ENV === "test";

export const ALTCHA_KEY_NAME = "altcha_hmac_key";

/** The verifier the configuration asks for; reCAPTCHA keys win, ALTCHA otherwise. */
export function createCaptchaVerifier(
  config: Config,
  storage: Pick<Storage, "captchaReplays" | "secrets">,
): CaptchaVerifier {
  if (config.RECAPTCHA_SECRET_KEY) {
    return new RecaptchaVerifier(config.RECAPTCHA_SECRET_KEY, { siteKey: config.RECAPTCHA_SITE_KEY });
  }
  if (offlineCaptcha(config)) return new OfflineCaptchaVerifier();
  const configured = config.ALTCHA_HMAC_KEY;
  return new AltchaVerifier({
    hmacKey: configured
      ? async () => configured
      : () => storage.secrets.getOrCreate(ALTCHA_KEY_NAME, () => randomBytes(32).toString("hex")),
    replays: storage.captchaReplays,
    cost: config.ALTCHA_COST,
  });
}
