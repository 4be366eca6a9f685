/**
 * Captcha verification of form submissions. With RECAPTCHA_SECRET_KEY: Google's
 * siteverify. Without it, development and test use an offline verifier (tokens
 * starting with "offline-"), and production refuses every submission unless
 * RECAPTCHA_OFFLINE is set (end-to-end tests and the bench, on loopback).
 */
import type { Config } from "../config";

export type CaptchaFailure = "missing" | "invalid" | "hostname" | "expired" | "unavailable" | "not-configured";
export type CaptchaResult = { ok: true } | { ok: false; reason: CaptchaFailure };

export interface CaptchaVerifier {
  readonly kind: "recaptcha" | "offline" | "unconfigured";
  verify(token: string, context: { remoteIp?: string; hostnames?: readonly string[] }): Promise<CaptchaResult>;
}

export const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
/** A token older than this is refused even when Google says it is valid. */
export const MAX_TOKEN_AGE_MS = 2 * 60 * 1000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export class RecaptchaVerifier implements CaptchaVerifier {
  readonly kind = "recaptcha";
  constructor(
    private readonly secret: string,
    private readonly options: { fetch?: Fetch; now?: () => number; timeoutMs?: number } = {},
  ) {}

  async verify(token: string, context: { remoteIp?: string; hostnames?: readonly string[] }): Promise<CaptchaResult> {
    if (!token) return { ok: false, reason: "missing" };
    const body = new URLSearchParams({ secret: this.secret, response: token });
    if (context.remoteIp) body.set("remoteip", context.remoteIp);
    let answer: { success?: boolean; hostname?: string; challenge_ts?: string };
    try {
      const response = await (this.options.fetch ?? fetch)(SITEVERIFY_URL, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) return { ok: false, reason: "unavailable" };
      answer = (await response.json()) as typeof answer;
    } catch {
      return { ok: false, reason: "unavailable" };
    }
    if (answer.success !== true) return { ok: false, reason: "invalid" };
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

/** Development and test only: accepts tokens starting with "offline-". */
export class OfflineCaptchaVerifier implements CaptchaVerifier {
  readonly kind = "offline";
  async verify(token: string): Promise<CaptchaResult> {
    if (!token) return { ok: false, reason: "missing" };
    return token.startsWith("offline-") && token.length > "offline-".length
      ? { ok: true }
      : { ok: false, reason: "invalid" };
  }
}

/** Production without a secret: nothing can be verified, so nothing is accepted. */
export class UnconfiguredCaptchaVerifier implements CaptchaVerifier {
  readonly kind = "unconfigured";
  async verify(): Promise<CaptchaResult> {
    return { ok: false, reason: "not-configured" };
  }
}

export function createCaptchaVerifier(config: Config): CaptchaVerifier {
  if (config.RECAPTCHA_SECRET_KEY) return new RecaptchaVerifier(config.RECAPTCHA_SECRET_KEY);
  if (config.NODE_ENV === "development" || config.NODE_ENV === "test" || config.RECAPTCHA_OFFLINE) {
    return new OfflineCaptchaVerifier();
  }
  return new UnconfiguredCaptchaVerifier();
}
