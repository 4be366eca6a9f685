/**
 * What the listing, article and contact routes use: the stores of the service's storage
 * and the per-service helpers built on them (captcha verifier, rate limiter, lead delivery).
 */
import type { Config } from "../../config";
import type { AuditHook } from "../auth";
import { type CaptchaVerifier, createCaptchaVerifier } from "../captcha";
import { RateLimiter } from "../rate-limit";
import type { Storage } from "../storage";
import type { ArticlesStore } from "./articles";
import type { ListingsStore } from "./listings";
import type { DeliveryChannel, OutboxStore } from "./outbox";
import type { SubmissionsStore } from "./submissions";

/** How this service delivers leads: the configured channels, and a wake-up for this process's worker. */
export interface LeadDelivery {
  readonly channels: readonly DeliveryChannel[];
  /** Called once a lead is stored; server/leads/delivery.ts replaces it with its worker's wake-up. */
  stored: () => void;
}

export interface ContentStores {
  listings: ListingsStore;
  articles: ArticlesStore;
  submissions: SubmissionsStore;
  outbox: OutboxStore;
  captcha: CaptchaVerifier;
  /** Contact submissions per client IP, in buckets every process shares. */
  contactLimiter: Pick<RateLimiter, "take">;
  leadDelivery: LeadDelivery;
  /** Where editors' actions on leads are recorded (the audit trail of editor accounts plugs in here). */
  audit?: AuditHook;
}

/** The delivery channels the configuration turns on. */
export function leadChannels(config: Config): DeliveryChannel[] {
  const channels: DeliveryChannel[] = [];
  if (config.SMTP_URL && config.LEADS_EMAIL_TO) channels.push("email");
  if (config.LEADS_WEBHOOK_URL) channels.push("webhook");
  return channels;
}

export function createStores(storage: Storage, config: Config, overrides: Partial<ContentStores> = {}): ContentStores {
  return {
    listings: storage.listings,
    articles: storage.articles,
    submissions: storage.submissions,
    outbox: storage.outbox,
    captcha: createCaptchaVerifier(config, storage),
    contactLimiter: new RateLimiter(storage.rateLimits, "contact", config.CONTACT_RATE_LIMIT, 60_000),
    leadDelivery: { channels: leadChannels(config), stored: () => {} },
    ...overrides,
  };
}
