/**
 * The stores and per-service helpers the listing, article and contact routes use.
 * Routes are static arrays and RouteContext carries only `repo`, so each service
 * attaches its stores to its repository object here and routes look them up.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Config } from "../../config";
import { type CaptchaVerifier, createCaptchaVerifier } from "../captcha";
import { HttpError } from "../http";
import { TokenBucketLimiter } from "../rate-limit";
import type { ContentRepository } from "../repository";
import { type ArticlesStore, SqliteArticlesStore } from "./articles";
import { type ListingsStore, SqliteListingsStore } from "./listings";
import { SqliteSubmissionsStore, type SubmissionsStore } from "./submissions";

export interface ContentStores {
  listings: ListingsStore;
  articles: ArticlesStore;
  submissions: SubmissionsStore;
  captcha: CaptchaVerifier;
  /** Contact submissions per client IP. */
  contactLimiter: TokenBucketLimiter;
}

const registry = new WeakMap<ContentRepository, ContentStores>();

export function createStores(db: DatabaseSync, config: Config, overrides: Partial<ContentStores> = {}): ContentStores {
  return {
    listings: new SqliteListingsStore(db),
    articles: new SqliteArticlesStore(db),
    submissions: new SqliteSubmissionsStore(db),
    captcha: createCaptchaVerifier(config),
    contactLimiter: new TokenBucketLimiter(config.CONTACT_RATE_LIMIT, 60_000),
    ...overrides,
  };
}

export function attachStores(repo: ContentRepository, stores: ContentStores): void {
  registry.set(repo, stores);
}

export function storesOf(repo: ContentRepository): ContentStores {
  const stores = registry.get(repo);
  if (!stores) throw new HttpError(503, "This content store has no listings, articles or submissions");
  return stores;
}
