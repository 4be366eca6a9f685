/**
 * An OData 4 client for the RESO Web API family (RESO Web API Core, CREA DDF, Centris): OAuth2
 * client credentials with a token cached per credential and refreshed a minute before it expires
 * (and once on a 401), one request lane per credential (a minimum interval between requests), a
 * request budget per run, 429 answered by waiting its Retry-After, and 5xx or network failures
 * retried with a doubling backoff. Pages follow `@odata.nextLink`, which must stay on the
 * feed's own host (the bearer token never goes anywhere else). Every answer is parsed with zod.
 */
import { z } from "zod";
import { FeedError, oneLine } from "./errors";

export interface Credential {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
}

export interface ODataClientOptions {
  /** The OData service root, e.g. https://ddfapi.realtor.ca/odata/v1 */
  baseUrl: string;
  credential: Credential;
  /** Least time between two requests of this credential (the provider's rate limit). */
  minIntervalMs: number;
  /** Requests this client may make (a run's budget). */
  budget: number;
  /** Longest Retry-After a run waits for; a longer one fails the run with `rate_limited`. */
  maxRetryAfterS?: number;
  /** Attempts of a request failing with 5xx or on the network (the first included). */
  attempts?: number;
  /** First backoff (doubling). */
  backoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface ODataPage {
  value: Record<string, unknown>[];
  nextLink?: string;
}

const pageSchema = z.object({
  value: z.array(z.record(z.string(), z.unknown())),
  "@odata.nextLink": z.string().optional(),
});

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  token_type: z.string().optional(),
});

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const odataErrorSchema = z.object({
  error: z.object({ code: z.union([z.string(), z.number()]).optional(), message: z.string().optional() }),
});

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A token lives this long when the endpoint does not say (an hour, DDF's and most providers'). */
const DEFAULT_TOKEN_S = 3600;
/** Refreshed this long before it expires (FEEDS.md: a minute). */
const REFRESH_BEFORE_MS = 60_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}
/** Tokens per credential, shared by every run of this process (a scheduled run reuses the last one's). */
const tokens = new Map<string, CachedToken>();
const pendingTokens = new Map<string, Promise<CachedToken>>();
/** When each credential's lane may send its next request. */
const lanes = new Map<string, number>();

const credentialKey = (c: Credential) => `${c.tokenUrl}\n${c.clientId}\n${c.scope ?? ""}`;

/** Forgets cached tokens (tests; a secret changed in the studio). */
export function forgetTokens(): void {
  tokens.clear();
  lanes.clear();
}

/** An OData string literal: the apostrophe doubled (FEEDS.md §1); URL-encoded where the query is built. */
export const odataString = (value: string) => `'${value.replaceAll("'", "''")}'`;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** An OData DateTimeOffset literal, as the provider wrote it (checked: it goes into a query). */
export function odataInstant(value: string): string {
  if (!INSTANT.test(value)) throw new FeedError("bad_response", `Not a timestamp: ${oneLine(value, 60)}`);
  return value;
}

/** A query string of OData options: names as they are ($filter…), values URL-encoded (spaces as %20, not +). */
export function odataQuery(options: Record<string, string | number | undefined>): string {
  const parts = Object.entries(options)
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export class ODataClient {
  /** Requests made (the token's included), for the run's report and budget. */
  requests = 0;
  /** Seconds spent waiting on 429s. */
  waitedS = 0;
  private readonly base: URL;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly key: string;

  constructor(private readonly options: ODataClientOptions) {
    this.base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    this.fetch = options.fetch ?? fetch;
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
    this.key = credentialKey(options.credential);
  }

  /** A resource's URL under the service root with its query options (`Property`, `PropertyReplication()`). */
  url(resource: string, query: Record<string, string | number | undefined> = {}): string {
    return new URL(`${resource}${odataQuery(query)}`, this.base).toString();
  }

  /** One page of a collection (a URL from `url`, or a next link). */
  async page(url: string): Promise<ODataPage> {
    const body = await this.getJson(url);
    const parsed = pageSchema.safeParse(body);
    if (!parsed.success) {
      throw new FeedError("bad_response", `The feed's answer is not an OData collection (${url.split("?")[0]})`);
    }
    const next = parsed.data["@odata.nextLink"];
    return { value: parsed.data.value, nextLink: next ? this.sameHost(next) : undefined };
  }

  /** Every page of a query, one after another (following next links). */
  async *pages(url: string): AsyncGenerator<ODataPage> {
    let next: string | undefined = url;
    while (next) {
      const page: ODataPage = await this.page(next);
      yield page;
      next = page.nextLink;
    }
  }

  /** Checks the credentials: gets a token (a fresh one). */
  async checkToken(): Promise<void> {
    tokens.delete(this.key);
    await this.token(true);
  }

  /** A next link resolved against the service root; another host is refused (the token would go there). */
  private sameHost(link: string): string {
    let url: URL;
    try {
      url = new URL(link, this.base);
    } catch {
      throw new FeedError("bad_response", "The feed's next page link is not a URL");
    }
    if (url.origin !== this.base.origin) {
      throw new FeedError("bad_response", `The feed's next page is on another host (${url.host}): not followed`);
    }
    return url.toString();
  }

  /** Waits for this credential's turn, counting the request against the budget. */
  private async turn(): Promise<void> {
    if (this.requests >= this.options.budget) {
      throw new FeedError("budget_reached", `This run made its ${this.options.budget} requests`);
    }
    this.requests++;
    const now = this.now();
    const at = Math.max(now, (lanes.get(this.key) ?? 0) + this.options.minIntervalMs);
    lanes.set(this.key, at);
    if (at > now) await this.sleep(at - now);
  }

  /** A request with the time-out, retried on the network and on 5xx with a doubling backoff. */
  private async send(url: string, init: RequestInit, what: "token" | "feed"): Promise<Response> {
    const attempts = this.options.attempts ?? 5;
    let delay = this.options.backoffMs ?? 1000;
    for (let attempt = 1; ; attempt++) {
      await this.turn();
      let response: Response | undefined;
      let failure = "";
      try {
        response = await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
      } catch (error) {
        failure = (error as Error).name === "TimeoutError" ? "timed out" : oneLine((error as Error).message, 120);
      }
      if (response && response.status < 500) return response;
      if (response) failure = `HTTP ${response.status}`;
      if (attempt >= attempts) {
        if (what === "token") throw new FeedError("token_unreachable", `The token endpoint failed: ${failure}`);
        throw new FeedError(
          response ? "feed_unavailable" : "feed_unreachable",
          `The feed failed ${attempts} times: ${failure}`,
        );
      }
      await response?.body?.cancel().catch(() => {});
      await this.sleep(delay);
      delay *= 2;
    }
  }

  private async token(fresh = false): Promise<string> {
    const cached = tokens.get(this.key);
    if (!fresh && cached && cached.expiresAt - REFRESH_BEFORE_MS > this.now()) return cached.token;
    let pending = pendingTokens.get(this.key);
    if (!pending) {
      pending = this.requestToken().finally(() => pendingTokens.delete(this.key));
      pendingTokens.set(this.key, pending);
    }
    const got = await pending;
    tokens.set(this.key, got);
    return got.token;
  }

  /**
   * OAuth2 client credentials: the id and secret in the body (client_secret_post, what DDF and
   * most RESO servers document), and once more in an Authorization header (client_secret_basic,
   * which RFC 6749 makes every server accept) when the first is refused as `invalid_client`.
   */
  private async requestToken(): Promise<CachedToken> {
    const { tokenUrl, clientId, clientSecret, scope } = this.options.credential;
    const form = (withSecret: boolean) => {
      const body = new URLSearchParams({ grant_type: "client_credentials" });
      if (withSecret) {
        body.set("client_id", clientId);
        body.set("client_secret", clientSecret);
      }
      if (scope) body.set("scope", scope);
      return body;
    };
    const headers = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
    let response = await this.send(tokenUrl, { method: "POST", headers, body: form(true) }, "token");
    let refusal = await this.oauthError(response);
    if (refusal === "invalid_client") {
      const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
        "base64",
      );
      response = await this.send(
        tokenUrl,
        { method: "POST", headers: { ...headers, authorization: `Basic ${basic}` }, body: form(false) },
        "token",
      );
      refusal = await this.oauthError(response);
    }
    if (refusal !== undefined) {
      if (refusal === "invalid_client") throw new FeedError("secret_refused", "The client id or secret was refused");
      if (refusal === "unauthorized_client")
        throw new FeedError("client_not_allowed", "This client may not get a token for the feed");
      if (refusal === "invalid_scope") throw new FeedError("scope_refused", "The scope asked for was refused");
      throw new FeedError("token_refused", `The token endpoint refused: ${oneLine(refusal, 120)}`);
    }
    const parsed = tokenSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new FeedError("token_refused", "The token endpoint answered no access token");
    return {
      token: parsed.data.access_token,
      expiresAt: this.now() + (parsed.data.expires_in ?? DEFAULT_TOKEN_S) * 1000,
    };
  }

  /** The OAuth2 error of a refused token request (undefined when it succeeded). */
  private async oauthError(response: Response): Promise<string | undefined> {
    if (response.ok) return undefined;
    const body = await response.json().catch(() => null);
    const parsed = oauthErrorSchema.safeParse(body);
    if (parsed.success) return parsed.data.error;
    return response.status === 401 ? "invalid_client" : `HTTP ${response.status}`;
  }

  private async getJson(url: string): Promise<unknown> {
    let refreshed = false;
    let waits = 0;
    for (;;) {
      const token = await this.token();
      const response = await this.send(
        url,
        { method: "GET", headers: { accept: "application/json", authorization: `Bearer ${token}` } },
        "feed",
      );
      if (response.ok) {
        try {
          return await response.json();
        } catch {
          throw new FeedError("bad_response", `The feed's answer is not JSON (${url.split("?")[0]})`);
        }
      }
      if (response.status === 401 && !refreshed) {
        // Expired or revoked early: one fresh token, then the same request again.
        await response.body?.cancel().catch(() => {});
        refreshed = true;
        tokens.delete(this.key);
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel().catch(() => {});
        const seconds = retryAfterSeconds(response.headers.get("retry-after"), this.now()) ?? 2 ** Math.min(waits, 6);
        const max = this.options.maxRetryAfterS ?? 120;
        if (seconds > max || waits >= 20) {
          throw new FeedError("rate_limited", `The feed asked to wait ${seconds} s before the next request`, seconds);
        }
        waits++;
        this.waitedS += seconds;
        await this.sleep(seconds * 1000);
        continue;
      }
      const detail = odataErrorSchema.safeParse(await response.json().catch(() => null));
      const message = detail.success && detail.data.error.message ? oneLine(detail.data.error.message, 200) : "";
      if (response.status === 401)
        throw new FeedError("access_refused", `The feed refused the access token${message ? `: ${message}` : ""}`);
      if (response.status === 403)
        throw new FeedError("forbidden", `The feed refused access (403)${message ? `: ${message}` : ""}`);
      throw new FeedError(
        "feed_error",
        `The feed answered ${response.status} to ${url.split("?")[0]}${message ? `: ${message}` : ""}`,
      );
    }
  }

  /**
   * Whether the feed has a resource (EntityEvent is an endorsement of RESO Web API Core, not part
   * of it): a refusal of the request itself (404 unknown entity set, or another 4xx) says no.
   */
  async has(resource: string): Promise<boolean> {
    try {
      await this.page(this.url(resource, { $top: 1 }));
      return true;
    } catch (error) {
      if (error instanceof FeedError && error.code === "feed_error") return false;
      throw error;
    }
  }
}
