/**
 * The parts of the rendered-page cache (server/page-cache): compressed templates that take any
 * nonce, the CRC arithmetic of their gzip trailer, which requests it answers and under which
 * key, its LRU memory and coalescing, the revision reads and the CDN purge hook.
 */
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { nextNonce } from "../renderer/lib/nonce.server";
import { crcWithNonce, multmodp, nonceCrc, x2nmodp } from "../server/page-cache/crc32";
import { matchesEtag } from "../server/page-cache/index";
import { createPurgeHook, tagsOf } from "../server/page-cache/purge";
import { decide, hasPrivateCookie, type RequestFacts } from "../server/page-cache/request";
import { revisionReader } from "../server/page-cache/revision";
import { PageStore } from "../server/page-cache/store";
import {
  brotliWithNonce,
  buildTemplate,
  gzipWithNonce,
  identityWithNonce,
  splitAtNonce,
} from "../server/page-cache/template";

const nonceBytes = (nonce: string) => Buffer.from(nonce, "latin1");

/** An HTML-like document with `nonce` in script tags, repetitive enough to compress like a page. */
function documentWith(nonce: string, scripts: number, filler = 300): Buffer {
  const words = ["maison", "condo", "Québec", "Lévis", "courtier", "évaluation", '<div class="card">', "</div>"];
  const parts = ['<!DOCTYPE html><html lang="fr"><head>'];
  for (let i = 0; i < scripts; i++) {
    parts.push(`<script nonce="${nonce}">window.__x${i}=${JSON.stringify(randomBytes(8).toString("hex"))}</script>`);
    for (let j = 0; j < filler; j++) parts.push(words[(i * 7 + j * 3) % words.length]!, " ");
    // The nonce right before another one and at the very end: edge positions.
    if (i === 1) parts.push(`<link nonce="${nonce}"><style nonce="${nonce}">`);
  }
  parts.push(`</body></html><!--${nonce}`);
  return Buffer.from(parts.join(""));
}

describe("compressed templates", () => {
  it("decompress, gzip and Brotli, to the document with whatever nonce each response gets", async () => {
    const rendered = nextNonce();
    const document = documentWith(rendered, 6);
    const template = await buildTemplate(document, rendered);
    expect(template).toBeDefined();
    if (!template) return;
    expect(template.br).toBeDefined();
    expect(template.gzip.offsets.length).toBe(splitAtNonce(document, nonceBytes(rendered)).length - 1);
    for (let i = 0; i < 200; i++) {
      const nonce = nextNonce();
      const expected = Buffer.from(document.toString("latin1").replaceAll(rendered, nonce), "latin1");
      const gzip = gzipWithNonce(template, nonceBytes(nonce));
      // gunzip checks the trailer's CRC-32 and length.
      expect(zlib.gunzipSync(gzip).equals(expected)).toBe(true);
      expect(zlib.brotliDecompressSync(brotliWithNonce(template, nonceBytes(nonce)) as Buffer).equals(expected)).toBe(
        true,
      );
      if (i < 5) expect(identityWithNonce(template, nonceBytes(nonce)).equals(expected)).toBe(true);
    }
  });

  it("have one weak tag per document, whatever the nonce it was rendered with", async () => {
    const a = nextNonce();
    const b = nextNonce();
    const document = documentWith("PLACEHOLDER_NONCE_0000==", 3);
    const withA = Buffer.from(document.toString().replaceAll("PLACEHOLDER_NONCE_0000==", a));
    const withB = Buffer.from(document.toString().replaceAll("PLACEHOLDER_NONCE_0000==", b));
    const [ta, tb] = await Promise.all([buildTemplate(withA, a), buildTemplate(withB, b)]);
    expect(ta?.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(ta?.etag).toBe(tb?.etag);
    const other = await buildTemplate(Buffer.from(withA.toString().replace("maison", "chalet")), a);
    expect(other?.etag).not.toBe(ta?.etag);
  });

  it("are not made for a nonce of another shape", async () => {
    expect(await buildTemplate(Buffer.from("<html>abc</html>"), "abc")).toBeUndefined();
  });
});

describe("CRC-32 of a document with a variable nonce", () => {
  it("matches zlib's over the whole document, for nonces anywhere", () => {
    for (let round = 0; round < 50; round++) {
      const parts = Array.from({ length: 1 + (round % 5) }, () => randomBytes(Math.floor(Math.random() * 3000)));
      const crc = nonceCrc(parts, 24);
      const nonce = Buffer.from(randomBytes(16).toString("base64"));
      const whole = Buffer.concat(parts.flatMap((part, i) => (i < parts.length - 1 ? [part, nonce] : [part])));
      expect(crcWithNonce(crc, nonce)).toBe(zlib.crc32(whole));
    }
  });

  it("multiplies and shifts as zlib's crc32_combine does", () => {
    const a = randomBytes(1000);
    const b = randomBytes(777);
    // crc(a ‖ b) = crc(a) · x^(8·|b|) ⊕ crc(b)
    const combined = (multmodp(x2nmodp(b.byteLength, 3), zlib.crc32(a)) ^ zlib.crc32(b)) >>> 0;
    expect(combined).toBe(zlib.crc32(Buffer.concat([a, b])));
  });
});

describe("which requests the cache answers", () => {
  const cacheable = (pathname: string) => /^\/(fr|en)(\/|$)/.test(pathname);
  const facts = (target: string, extra: Partial<RequestFacts> = {}): RequestFacts => ({
    method: "GET",
    origin: "https://broker.example",
    target,
    cookie: undefined,
    authorization: undefined,
    ...extra,
  });

  it("keys on origin, path and the significant query, in a stable order, without campaign keys", () => {
    const a = decide(facts("/fr/proprietes?type=condo&utm_source=x&bedrooms=2"), cacheable);
    const b = decide(facts("/fr/proprietes?bedrooms=2&type=condo&gclid=1"), cacheable);
    expect(a).toMatchObject({ kind: "candidate", key: "https://broker.example/fr/proprietes?bedrooms=2&type=condo" });
    expect(b.kind === "candidate" && a.kind === "candidate" && b.key === a.key).toBe(true);
    // The render sees the same query as the key: no campaign key reaches it.
    expect(a.kind === "candidate" && a.url.search).toBe("?bedrooms=2&type=condo");
    const other = decide(facts("/fr/proprietes", { origin: "https://other.example" }), cacheable);
    expect(other.kind === "candidate" && other.key).toBe("https://other.example/fr/proprietes");
    expect(decide(facts("/fr/a-propos?variant=b"), cacheable)).toMatchObject({
      key: expect.stringContaining("variant=b"),
    });
  });

  it("bypasses editors, credentials and unknown or oversized queries", () => {
    expect(decide(facts("/fr", { cookie: "a=1; courtier_session=xyz" }), cacheable)).toEqual({
      kind: "bypass",
      reason: "session",
    });
    expect(decide(facts("/fr", { cookie: "__Host-courtier_session=xyz" }), cacheable)).toMatchObject({
      reason: "session",
    });
    expect(decide(facts("/fr", { cookie: "courtier_edit_mode=1" }), cacheable)).toMatchObject({
      reason: "edit-mode",
    });
    expect(decide(facts("/fr", { authorization: "Basic eA==" }), cacheable)).toMatchObject({ reason: "authorization" });
    expect(decide(facts("/fr?edit=1"), cacheable)).toMatchObject({ reason: "query" });
    expect(decide(facts(`/fr/proprietes?mun=${"x".repeat(600)}`), cacheable)).toMatchObject({ reason: "query" });
    // A cookie whose name merely contains the session's is someone else's.
    expect(hasPrivateCookie("not_courtier_session_x=1; i18n_redirected=fr")).toBeUndefined();
  });

  it("leaves alone what is not a cacheable page", () => {
    for (const target of ["/fr/a-propos.data", "/api/pages/x", "/assets/app.js", "/robots.txt", "/qa"]) {
      expect(decide(facts(target), cacheable)).toEqual({ kind: "skip" });
    }
    expect(decide(facts("/fr", { method: "POST" }), cacheable)).toEqual({ kind: "skip" });
    expect(decide(facts("/fr", { method: "HEAD" }), cacheable).kind).toBe("candidate");
  });

  it("compares entity tags weakly, in lists and with *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("the cache's memory", () => {
  const entry = (size: number) => ({ size });

  it("drops the least recently used entries once its bytes pass the limit", () => {
    const store = new PageStore<{ size: number }>(1000);
    store.observeRevision(1);
    store.set("a", entry(200), 1);
    store.set("b", entry(200), 1);
    store.set("c", entry(200), 1);
    store.set("d", entry(200), 1);
    expect(store.get("a")).toBeDefined(); // a is now the most recent
    store.set("e", entry(250), 1); // 1050 bytes: b goes
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.stats()).toEqual({ entries: 4, bytes: 850, evictions: 1 });
    // An entry larger than a quarter of the memory is not kept at all.
    store.set("huge", entry(400), 1);
    expect(store.get("huge")).toBeUndefined();
  });

  it("frees every entry when a newer revision is seen, and refuses renders of an older one", () => {
    const store = new PageStore<{ size: number }>(1000);
    store.observeRevision(1);
    store.set("a", entry(100), 1);
    store.observeRevision(2);
    expect(store.stats()).toMatchObject({ entries: 0, bytes: 0 });
    store.set("late", entry(100), 1);
    expect(store.get("late")).toBeUndefined();
  });

  it("forgets everything when the revision goes back (a database restored from a backup)", () => {
    const store = new PageStore<{ size: number }>(1000);
    store.observeRevision(7);
    store.set("7:/fr", entry(100), 7);
    store.observeRevision(3);
    expect(store.stats().entries).toBe(0);
    // A render that started before the restore must not be kept under the old number.
    store.set("7:/fr", entry(100), 7);
    store.observeRevision(7);
    expect(store.get("7:/fr")).toBeUndefined();
  });

  it("runs one render for concurrent misses of a key, and forgets it once settled, even failed", async () => {
    const store = new PageStore<{ size: number }>(1000);
    let renders = 0;
    let release: () => void = () => {};
    const render = () => {
      renders++;
      return new Promise<string>((resolve) => {
        release = () => resolve("page");
      });
    };
    const calls = Array.from({ length: 50 }, () => store.coalesce("k", render));
    expect(renders).toBe(1);
    expect(calls.filter((call) => call.leader)).toHaveLength(1);
    release();
    expect(new Set(await Promise.all(calls.map((call) => call.promise)))).toEqual(new Set(["page"]));
    const failing = store.coalesce("k", () => Promise.reject(new Error("render failed")));
    expect(failing.leader).toBe(true);
    await expect(failing.promise).rejects.toThrow("render failed");
    expect(store.coalesce("k", async () => "again").leader).toBe(true);
  });
});

describe("revision reads", () => {
  it("never give a request a read that started before it arrived", async () => {
    let value = 1;
    let reads = 0;
    const pending: (() => void)[] = [];
    const read = revisionReader(() => {
      reads++;
      const seen = value;
      return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
    });
    const first = read(); // read #1 starts with value 1
    value = 2; // a publish commits while it is in flight
    const second = read();
    const third = read(); // shares the next read with the second
    expect(reads).toBe(1);
    pending.shift()?.();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(2);
    pending.shift()?.();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });
});

describe("CDN purge hook", () => {
  it("names the page, or the whole site, by surrogate key", () => {
    expect(tagsOf({ siteId: "demo-broker", pageId: "about" })).toEqual(["page:demo-broker:about"]);
    expect(tagsOf({ siteId: "demo broker" })).toEqual(["site:demo%20broker"]);
  });

  it("posts the keys with the token, and retries a failure before giving up", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let failures = 2;
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: failures-- > 0 ? 503 : 200 });
    }) as unknown as typeof fetch;
    const purge = createPurgeHook({
      url: "https://cdn.example/purge",
      token: "secret-token",
      fetch: fakeFetch,
      retryDelays: [1, 1],
    });
    expect(await purge({ siteId: "demo-broker", pageId: "about" })).toBe(true);
    expect(calls).toHaveLength(3);
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe("Bearer secret-token");
    expect(headers["surrogate-key"]).toBe("page:demo-broker:about");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ tags: ["page:demo-broker:about"] });

    const logs: string[] = [];
    failures = 10;
    const gaveUp = createPurgeHook({
      url: "https://cdn.example/purge",
      fetch: fakeFetch,
      retryDelays: [1],
      log: (m) => logs.push(m),
    });
    expect(await gaveUp({ siteId: "demo-broker" })).toBe(false);
    expect(logs[0]).toMatch(/purge of site:demo-broker failed/);
  });
});
