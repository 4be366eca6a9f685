/**
 * What the listing, article and contact routes use: the stores of the service's storage
 * and the per-service helpers built on them (captcha verifier, rate limiter).
 */
import type { Config } from "../../config";
import { type CaptchaVerifier, createCaptchaVerifier } from "../captcha";
import { RateLimiter } from "../rate-limit";
import type { Storage } from "../storage";
import type { ArticlesStore } from "./articles";
import type { ListingsStore } from "./listings";
import type { SubmissionsStore } from "./submissions";

export interface ContentStores {
  listings: ListingsStore;
  articles: ArticlesStore;
  submissions: SubmissionsStore;
  captcha: CaptchaVerifier;
  /** Contact submissions per client IP, in buckets every process shares. */
  contactLimiter: Pick<RateLimiter, "take">;
}

export function createStores(storage: Storage, config: Config, overrides: Partial<ContentStores> = {}): ContentStores {
  return {
    listings: storage.listings,
    articles: storage.articles,
    submissions: storage.submissions,
    captcha: createCaptchaVerifier(config),
    contactLimiter: new RateLimiter(storage.rateLimits, "contact", config.CONTACT_RATE_LIMIT, 60_000),
    ...overrides,
  };
}
