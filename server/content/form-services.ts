/**
 * What the form and lead routes use besides storage: the captcha verifier, the contact rate
 * limiter and lead delivery, built once per service on the storage's stores.
 */
import type { Config } from "../config";
import { type CaptchaVerifier, createCaptchaVerifier } from "./captcha";
import { RateLimiter } from "./rate-limit";
import type { Storage } from "./storage";
import type { DeliveryChannel } from "./stores/outbox";

/** How this service delivers leads: the configured channels, and a wake-up for this process's worker. */
export interface LeadDelivery {
  readonly channels: readonly DeliveryChannel[];
  /** Called once a lead is stored; server/leads/delivery.ts replaces it with its worker's wake-up. */
  stored: () => void;
}

export interface FormServices {
  captcha: CaptchaVerifier;
  /** Contact submissions per client IP, in buckets every process shares. */
  contactLimiter: Pick<RateLimiter, "take">;
  delivery: LeadDelivery;
  /** Saved-search alerts (issue 32): a wake-up for this process's alerts worker (server/alerts/worker.ts replaces it). */
  alerts: { changed: () => void };
  /** Alert sign-ups per client IP (each sends a confirmation e-mail), in buckets every process shares. */
  alertLimiter: Pick<RateLimiter, "take">;
}

/** The delivery channels the configuration turns on. */
export function leadChannels(config: Config): DeliveryChannel[] {
  const channels: DeliveryChannel[] = [];
  if (config.SMTP_URL && config.LEADS_EMAIL_TO) channels.push("email");
  if (config.LEADS_WEBHOOK_URL) channels.push("webhook");
  return channels;
}

export function createFormServices(
  storage: Storage,
  config: Config,
  overrides: Partial<FormServices> = {},
): FormServices {
  return {
    captcha: createCaptchaVerifier(config, storage),
    contactLimiter: new RateLimiter(storage.rateLimits, "contact", config.CONTACT_RATE_LIMIT, 60_000),
    delivery: { channels: leadChannels(config), stored: () => {} },
    alerts: { changed: () => {} },
    alertLimiter: new RateLimiter(storage.rateLimits, "alert", config.CONTACT_RATE_LIMIT, 60_000),
    ...overrides,
  };
}
