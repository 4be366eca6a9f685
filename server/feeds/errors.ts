/**
 * A sync's failures as codes the sync screen says in plain words (locales/studio: studio.feeds.errors.*),
 * with the provider's own message kept for the curious (never a secret: tokens and secrets are
 * never part of a message).
 */
export const FEED_ERROR_CODES = [
  /** The token endpoint refused the client id or secret (OAuth2 `invalid_client`). */
  "secret_refused",
  /** The client is known but may not use this grant or feed (`unauthorized_client`; DDF: an inactive feed gets no token). */
  "client_not_allowed",
  /** The scope asked for was refused (`invalid_scope`). */
  "scope_refused",
  /** The token endpoint answered something else than a token. */
  "token_refused",
  /** The token endpoint could not be reached. */
  "token_unreachable",
  /** The feed refused the access token twice (401), a fresh one included. */
  "access_refused",
  /** The feed says this client may not read it (403). */
  "forbidden",
  /** The feed could not be reached (network, time-out) after retries. */
  "feed_unreachable",
  /** The feed kept failing (5xx) after retries. */
  "feed_unavailable",
  /** The feed refused a request (another 4xx), with its message. */
  "feed_error",
  /** The feed asked to wait longer than a run waits (429 with a long Retry-After): the next run goes on. */
  "rate_limited",
  /** The feed answered something that is not OData JSON (or a next page on another host). */
  "bad_response",
  /** This run made as many requests as it may: it stops here and the next run goes on. */
  "budget_reached",
  /** Another process took the feed over (this one's lease ran out). */
  "lease_lost",
  /** The settings cannot be used (no secret saved, the key to read it is missing). */
  "not_configured",
  /** Anything else: a bug or the store failing; the message says what. */
  "internal",
] as const;
export type FeedErrorCode = (typeof FEED_ERROR_CODES)[number];

export class FeedError extends Error {
  constructor(
    readonly code: FeedErrorCode,
    message: string,
    /** Seconds the provider asked to wait (rate_limited). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = "FeedError";
  }
}

/** One line, bounded: provider messages go into reports and logs. */
export const oneLine = (text: string, max = 300) => text.replace(/\s+/g, " ").trim().slice(0, max);
