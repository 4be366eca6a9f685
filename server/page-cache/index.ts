/**
 * The rendered-page cache (issue 20; docs/decisions.md "Rendered-page cache"): anonymous GETs of
 * the routes that opt in (`handle = { pageCache: true }`: content pages, the search page's shell,
 * blog posts) are rendered once per key — origin, path, significant query, content revision,
 * build — and served from memory with a fresh nonce in the CSP header and the body. An Express
 * middleware placed before the compression middleware, so a hit costs no more than a copy of
 * the compressed bytes and a few header strings.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { compressDocument } from "../../renderer/lib/compress.server";
import type { PageCacheFacts } from "../../renderer/lib/context";
import { LOCALE_COOKIE, localeCookie } from "../../renderer/lib/locale";
import { NONCE_PATTERN, nextNonce } from "../../renderer/lib/nonce.server";
import { preferredEncoding, readCookie } from "../../schema/http-headers";
import { log } from "../ops/log";
import { type CacheDecision, cacheableRouteMatcher, decide, type RequestFacts } from "./request";
import { revisionReader } from "./revision";
import { PageStore } from "./store";
import {
  brotliWithNonce,
  buildTemplate,
  type DocumentTemplate,
  documentEtag,
  gzipWithNonce,
  identityWithNonce,
  splitAtNonce,
} from "./template";

export interface PageCacheOptions {
  build: ServerBuild;
  mode: "production" | "development";
  /** The load context of a render, as the app makes it, with `facts` for the loaders to fill. */
  loadContext: (facts: PageCacheFacts) => RouterContextProvider;
  /** The content revision (storage.content.revision()): every content write changes it. */
  revision: () => Promise<number>;
  maxBytes: number;
  /** `s-maxage` for shared caches, in seconds; 0 keeps them from storing pages. */
  sMaxAge: number;
  staleWhileRevalidate: number;
  /** Longest an entry is served, whatever the revision: renders read the clock (the footer's year). */
  maxAgeMs?: number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  /** Renders made by the cache (one per miss that was not coalesced). */
  renders: number;
  bypasses: number;
  notModified: number;
  /** Renders whose answer could not be kept (errors, redirects, not-found pages). */
  uncacheable: number;
  entries: number;
  bytes: number;
  evictions: number;
}

/** A header of the rendered answer, kept as is or split where its value held the nonce. */
type StoredHeader = { name: string; value: string } | { name: string; parts: string[] };

/** An answer of the cache but its body: known as soon as the page is rendered. */
interface PageHead {
  headers: StoredHeader[];
  /** Weak: the same for every response of the document, whatever its nonce and coding. */
  etag: string;
  locale?: string;
  surrogateKey?: string;
  cacheTag?: string;
}

interface CachedPage extends PageHead {
  template: DocumentTemplate;
  createdAt: number;
  size: number;
}

interface Rendered {
  status: number;
  headers: Headers;
  body: Buffer;
  facts: PageCacheFacts;
}

/** Headers made per response, never copied from the render. */
const PER_RESPONSE = new Set(["content-length", "content-encoding", "vary", "set-cookie", "date", "etag"]);

const origins = new Map<string, string>();

/**
 * The request's origin as the site's renders see it (React Router's Express adapter, without
 * `trust proxy`): the socket's protocol, the Host header's name and port. Memoised: a handful of
 * distinct Host headers come by.
 */
export function requestOrigin(req: IncomingMessage): string {
  const https = (req.socket as TLSSocket).encrypted === true;
  const hostHeader = req.headers.host ?? "";
  const memo = `${https ? "s" : ""}${hostHeader}`;
  let origin = origins.get(memo);
  if (origin === undefined) {
    const offset = hostHeader.startsWith("[") ? hostHeader.indexOf("]") + 1 : 0;
    const colon = hostHeader.indexOf(":", offset);
    const name = (colon < 0 ? hostHeader : hostHeader.slice(0, colon)).split(/[\\/?#@]/)[0] || "localhost";
    const port = Number.parseInt(colon < 0 ? "" : hostHeader.slice(colon + 1), 10);
    origin = `${https ? "https" : "http"}://${name}${Number.isSafeInteger(port) ? `:${port}` : ""}`;
    if (origins.size >= 256) origins.clear();
    origins.set(memo, origin);
  }
  return origin;
}

/** Weak comparison of If-None-Match with the entry's tag (RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

type Encoding = "br" | "gzip" | undefined;
const encodings = new Map<string, Encoding>();
const WITH_BROTLI = ["br", "gzip"] as const;
const GZIP_ONLY = ["gzip"] as const;

/** The coding of an answer (memoised: a handful of distinct headers come by). */
function chooseEncoding(header: string | undefined, hasBrotli: boolean): Encoding {
  const key = `${hasBrotli ? "b" : "g"}${header ?? ""}`;
  if (encodings.has(key)) return encodings.get(key);
  const answer = preferredEncoding(header, hasBrotli ? WITH_BROTLI : GZIP_ONLY);
  if (encodings.size >= 256) encodings.clear();
  encodings.set(key, answer);
  return answer;
}

export function createPageCache(options: PageCacheOptions) {
  const handler = createRequestHandler(options.build, options.mode);
  const isCacheableRoute = cacheableRouteMatcher(options.build);
  const buildId = options.build.assets.version;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const store = new PageStore<CachedPage>(options.maxBytes);
  const readRevision = revisionReader(options.revision);
  const counts = { hits: 0, misses: 0, renders: 0, bypasses: 0, notModified: 0, uncacheable: 0 };
  const cacheControl =
    options.sMaxAge > 0
      ? `public, max-age=0, s-maxage=${options.sMaxAge}, stale-while-revalidate=${options.staleWhileRevalidate}`
      : "public, no-cache";

  async function render(url: URL): Promise<Rendered> {
    const facts: PageCacheFacts = { cacheable: false, tags: [] };
    // Nothing of the visitor's request reaches the render: what it shows depends on the key only.
    // No Accept-Encoding either: the document comes back whole, to be compressed into templates.
    const response = await handler(new Request(url), options.loadContext(facts));
    counts.renders++;
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body, facts };
  }

  /** The head of a rendered answer, or undefined when it must not be served to anyone else. */
  function describe(rendered: Rendered): (PageHead & { nonce: string }) | undefined {
    const { status, headers, body, facts } = rendered;
    if (status !== 200 || !facts.cacheable || body.byteLength === 0) return undefined;
    if (!headers.get("content-type")?.startsWith("text/html") || headers.has("content-encoding")) return undefined;
    // Only the locale cookie, which the entry sets again per visitor; any other is someone's own.
    if (headers.getSetCookie().some((cookie) => !cookie.startsWith(`${LOCALE_COOKIE}=`))) return undefined;
    const nonce = /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];
    if (!nonce || !NONCE_PATTERN.test(nonce)) return undefined;
    const stored: StoredHeader[] = [];
    headers.forEach((value, name) => {
      if (PER_RESPONSE.has(name)) return;
      stored.push(value.includes(nonce) ? { name, parts: value.split(nonce) } : { name, value });
    });
    const tags = facts.tags.filter((tag) => /^[\x21-\x7e]+$/.test(tag) && !tag.includes(","));
    return {
      nonce,
      headers: stored,
      etag: documentEtag(splitAtNonce(body, Buffer.from(nonce, "latin1"))),
      locale: facts.locale,
      surrogateKey: tags.length ? tags.join(" ") : undefined,
      cacheTag: tags.length ? tags.join(",") : undefined,
    };
  }

  /** The entry of a cacheable render: its templates, compressed off the main thread. */
  async function toEntry(
    rendered: Rendered,
    head: PageHead & { nonce: string },
    key: string,
  ): Promise<CachedPage | undefined> {
    const template = await buildTemplate(rendered.body, head.nonce);
    if (!template) return undefined;
    const { nonce: _, ...kept } = head;
    return {
      ...kept,
      template,
      createdAt: Date.now(),
      size: template.size + key.length * 2 + kept.headers.reduce((sum, h) => sum + h.name.length + 200, 0),
    };
  }

  /** The headers of an answer of `head` with `nonce`, and whether the visitor has it already (304). */
  function answerHeaders(
    req: IncomingMessage,
    head: PageHead,
    nonce: string,
    state: "HIT" | "MISS",
  ): { headers: OutgoingHttpHeaders; notModified: boolean } {
    const headers: OutgoingHttpHeaders = {};
    for (const header of head.headers) {
      headers[header.name] = "parts" in header ? header.parts.join(nonce) : header.value;
    }
    headers.etag = head.etag;
    headers["cache-control"] = cacheControl;
    headers.vary = "Accept-Encoding";
    if (head.surrogateKey) {
      headers["surrogate-key"] = head.surrogateKey;
      headers["cache-tag"] = head.cacheTag;
    }
    headers["x-page-cache"] = state;
    if (head.locale && readCookie(req.headers.cookie, LOCALE_COOKIE) !== head.locale) {
      headers["set-cookie"] = localeCookie(head.locale as "fr" | "en");
    }
    const notModified = matchesEtag(req.headers["if-none-match"], head.etag);
    if (notModified) {
      counts.notModified++;
      // The browser keeps the body it has, with the nonce it came with: a new policy header would
      // replace the stored one (RFC 9111 §4.3.4) and block that body's scripts.
      delete headers["content-security-policy"];
      delete headers["content-type"];
    }
    return { headers, notModified };
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: CachedPage, state: "HIT" | "MISS"): void {
    const nonce = nextNonce();
    const { headers, notModified } = answerHeaders(req, entry, nonce, state);
    if (notModified) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const nonceBytes = Buffer.from(nonce, "latin1");
    const encoding = chooseEncoding(req.headers["accept-encoding"], entry.template.br !== undefined);
    const body =
      encoding === "br"
        ? (brotliWithNonce(entry.template, nonceBytes) as Buffer)
        : encoding === "gzip"
          ? gzipWithNonce(entry.template, nonceBytes)
          : identityWithNonce(entry.template, nonceBytes);
    if (encoding) headers["content-encoding"] = encoding;
    headers["content-length"] = body.byteLength;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * The first answer of a new entry, with its render's own nonce, compressed as a render is,
   * while the templates are built: whoever asks first waits no longer than without the cache.
   */
  function sendFirst(
    req: IncomingMessage,
    res: ServerResponse,
    rendered: Rendered,
    head: PageHead & { nonce: string },
  ): void {
    const { headers, notModified } = answerHeaders(req, head, head.nonce, "MISS");
    if (notModified) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const coded = new Headers();
    const accept = (req.headers["accept-encoding"] as string | undefined) ?? null;
    const body = compressDocument(rendered.body, accept, coded);
    const encoding = coded.get("content-encoding");
    if (encoding) headers["content-encoding"] = encoding;
    headers["content-length"] = body.byteLength;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** A render the cache could not keep, answered as the usual path would. */
  function sendRendered(req: IncomingMessage, res: ServerResponse, rendered: Rendered): void {
    const headers = new Headers();
    rendered.headers.forEach((value, name) => {
      if (name !== "set-cookie" && name !== "content-length") headers.set(name, value);
    });
    for (const cookie of rendered.headers.getSetCookie()) {
      if (!cookie.startsWith(`${LOCALE_COOKIE}=`)) headers.append("set-cookie", cookie);
    }
    const { locale } = rendered.facts;
    if (locale && readCookie(req.headers.cookie, LOCALE_COOKIE) !== locale) {
      headers.append("set-cookie", localeCookie(locale as "fr" | "en"));
    }
    if (!headers.has("cache-control")) headers.set("cache-control", "private, no-cache");
    headers.set("x-page-cache", "MISS");
    let body = rendered.body;
    if (body.byteLength > 0 && !headers.has("content-encoding")) {
      body = compressDocument(body, (req.headers["accept-encoding"] as string | undefined) ?? null, headers);
    } else {
      headers.set("content-length", String(body.byteLength));
    }
    res.statusCode = rendered.status;
    headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    const cookies = headers.getSetCookie();
    if (cookies.length) res.setHeader("set-cookie", cookies);
    res.end(req.method === "HEAD" || body.byteLength === 0 ? undefined : body);
  }

  function facts(req: IncomingMessage): RequestFacts {
    const h = req.headers;
    return {
      method: req.method ?? "GET",
      origin: requestOrigin(req),
      target: req.url ?? "/",
      cookie: h.cookie,
      authorization: h.authorization,
    };
  }

  /**
   * Answers `req` from the cache, or hands it to `next` (the Express app). Mounted ahead of
   * Express (server/app.ts): a hit pays for no routing.
   */
  async function handle(req: IncomingMessage, res: ServerResponse, next: () => void) {
    let decision: CacheDecision;
    try {
      decision = decide(facts(req), isCacheableRoute);
    } catch (error) {
      // Whatever the request, the app still answers it.
      log.error("[page-cache] failed, the app answers instead", { error });
      return next();
    }
    if (decision.kind === "skip") return next();
    if (decision.kind === "bypass") {
      counts.bypasses++;
      // Someone's own page (an editor's, or a query the cache does not know): never in a shared cache.
      res.setHeader("cache-control", "private, no-cache");
      res.setHeader("x-page-cache", "BYPASS");
      return next();
    }
    try {
      const revision = await readRevision();
      store.observeRevision(revision);
      const key = `${buildId}\n${revision}\n${decision.key}`;
      const cached = store.get(key);
      if (cached && Date.now() - cached.createdAt < maxAgeMs) {
        counts.hits++;
        return send(req, res, cached, "HIT");
      }
      // The first request renders and answers at once; those that come meanwhile wait for the entry.
      let first: Promise<{ rendered: Rendered; head?: PageHead & { nonce: string } }> | undefined;
      const { promise, leader } = store.coalesce(key, async () => {
        first = render(decision.url).then((rendered) => ({ rendered, head: describe(rendered) }));
        const { rendered, head } = await first;
        const entry = head && (await toEntry(rendered, head, key));
        if (entry) store.set(key, entry, revision);
        else counts.uncacheable++;
        return entry;
      });
      if (leader && first) {
        // Its answer does not wait for the templates. A failed render is reported below; a failed
        // template only costs the entry.
        let renderedOk = false;
        promise.catch((error) => renderedOk && log.error("[page-cache] no entry made", { error }));
        const { rendered, head } = await first;
        renderedOk = true;
        if (head) {
          counts.misses++;
          return sendFirst(req, res, rendered, head);
        }
        // Not kept: answered with its render unless the request had campaign keys the render
        // left out (a redirect would lose them).
        const dropped = new URL(req.url ?? "/", "http://x").search !== decision.url.search;
        if (!dropped) return sendRendered(req, res, rendered);
        res.setHeader("cache-control", "private, no-cache");
        return next();
      }
      const entry = await promise;
      if (entry) {
        counts.hits++;
        return send(req, res, entry, "HIT");
      }
      // The render could not be kept: the requests that waited for it render for themselves.
      res.setHeader("cache-control", "private, no-cache");
      return next();
    } catch (error) {
      // The store or the render failed: the usual path answers (and reports) as it would have.
      log.error("[page-cache] failed, the app answers instead", { error });
      if (res.headersSent) return;
      return next();
    }
  }

  return {
    handle,
    stats: (): PageCacheStats => ({ ...counts, ...store.stats() }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
