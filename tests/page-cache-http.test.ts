/**
 * The rendered-page cache (server/page-cache) through the production server's Express app, in
 * process, over real HTTP: fresh nonces per response in the header and the body, a publish seen
 * on the next request, editors never served from it, conditional requests, coalesced misses,
 * errors never kept. Needs the production build (`npm run build`; skipped without one).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../renderer/lib/locale";
import type { Block } from "../schema/block";
import { createApp } from "../server/app";
import type { PageRecord } from "../server/content/stores/content";
import type { PageCache } from "../server/page-cache/index";
import { BROKER, createTestService, editorToken, publishPage, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded according to its Content-Encoding. */
  body: Buffer;
  /** As sent. */
  raw: Buffer;
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe.skipIf(!fs.existsSync(BUILD))("rendered-page cache over HTTP (production build)", () => {
  let ctx: TestService;
  let server: http.Server;
  let port: number;
  let cache: PageCache;
  /** A fixture editor's API token: how a tool publishes. */
  let token: string;
  /** Documents React rendered (the entry's handleRequest), counted outside the cache. */
  let documentRenders = 0;
  /** When set, the content service fails as an unreachable store would. */
  let contentDown = false;

  function get(target: string, headers: http.OutgoingHttpHeaders = {}, method = "GET"): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const body =
            raw.byteLength === 0
              ? raw
              : encoding === "gzip"
                ? zlib.gunzipSync(raw)
                : encoding === "br"
                  ? zlib.brotliDecompressSync(raw)
                  : raw;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, raw });
        });
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end();
    });
  }

  async function aboutPage(): Promise<PageRecord> {
    const page = await ctx.service.storage.content.getPage(BROKER.site_id, "about");
    if (!page) throw new Error("fixture page 'about' missing");
    return structuredClone(page);
  }

  async function retitleAbout(title: string) {
    const page = await aboutPage();
    const intro = page.content.find((b) => (b as Block).id === "about-intro") as Block;
    (intro.fields.fr as { main_title: string }).main_title = title;
    expect((await publishPage(ctx.service, page, token)).status).toBe(200);
  }

  beforeAll(async () => {
    const real = (await import(BUILD)) as ServerBuild;
    const handleRequest = real.entry.module.default;
    const build: ServerBuild = {
      ...real,
      entry: {
        module: {
          ...real.entry.module,
          default: (...args: Parameters<typeof handleRequest>) => {
            documentRenders++;
            return handleRequest(...args);
          },
        },
      },
    };
    ctx = await createTestService({
      NODE_ENV: "production",
      PAGE_CACHE_MB: "16",
      PAGE_CACHE_S_MAXAGE: "120",
      PAGE_CACHE_STALE_WHILE_REVALIDATE: "30",
    });
    token = await editorToken(ctx.service);
    const content = {
      ...ctx.service,
      handle: (request: Request) =>
        contentDown ? Promise.reject(new Error("store unavailable")) : ctx.service.handle(request),
    };
    const created = await createApp({ config: ctx.config, build: async () => build, content });
    if (!created.pageCache) throw new Error("the page cache is off");
    cache = created.pageCache;
    server = http.createServer(created.handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    // Loading the build goes through Vite's transform: slow on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.cleanup();
  });

  it("gives two responses different nonces, each its own CSP header's, and otherwise the same body", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const first = await get("/fr", { "accept-encoding": encoding });
      const second = await get("/fr", { "accept-encoding": encoding });
      expect(second.headers["x-page-cache"]).toBe("HIT");
      expect(second.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(Number(second.headers["content-length"])).toBe(second.raw.byteLength);
      const nonces = [first, second].map((answer) => {
        const nonce = nonceOf(answer.headers["content-security-policy"] as string);
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        const html = answer.body.toString();
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
        return nonce as string;
      });
      expect(nonces[0]).not.toBe(nonces[1]);
      const [a, b] = [first, second].map((answer, i) => answer.body.toString().replaceAll(nonces[i]!, "NONCE"));
      expect(a).toContain("</html>");
      expect(a).toBe(b);
    }
  });

  it("sends bodies about as small as the document compressed in one stream at the render's levels", async () => {
    await get("/fr");
    for (const encoding of ["gzip", "br"] as const) {
      const answer = await get("/fr", { "accept-encoding": encoding });
      expect(answer.headers["x-page-cache"]).toBe("HIT");
      const once =
        encoding === "gzip"
          ? zlib.gzipSync(answer.body, { level: 3 })
          : zlib.brotliCompressSync(answer.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } });
      expect(answer.raw.byteLength).toBeLessThan(once.byteLength * 1.05);
    }
  });

  it("answers from memory without rendering again, with headers for shared caches", async () => {
    await get("/fr/a-propos");
    const before = documentRenders;
    const answer = await get("/fr/a-propos", { "accept-encoding": "gzip, br" });
    expect(documentRenders).toBe(before);
    expect(answer.status).toBe(200);
    expect(answer.headers["x-page-cache"]).toBe("HIT");
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=120, stale-while-revalidate=30");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["surrogate-key"]).toBe(`site:${BROKER.site_id} page:${BROKER.site_id}:about`);
    expect(answer.headers["cache-tag"]).toBe(`site:${BROKER.site_id},page:${BROKER.site_id}:about`);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.body.toString()).toContain("Bonjour, je suis Julie");
  });

  it("sets the locale cookie for a visitor without it, not for one who has it", async () => {
    await get("/en/about");
    const without = await get("/en/about");
    expect(without.headers["x-page-cache"]).toBe("HIT");
    expect(without.headers["set-cookie"]?.join()).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;`));
    const withIt = await get("/en/about", { cookie: `${LOCALE_COOKIE}=en` });
    expect(withIt.headers["x-page-cache"]).toBe("HIT");
    expect(withIt.headers["set-cookie"]).toBeUndefined();
  });

  it("shows a publish on the very next request", async () => {
    expect((await get("/fr/a-propos")).body.toString()).toContain("Bonjour, je suis Julie");
    await retitleAbout("Bonjour, c'est Julie");
    const next = await get("/fr/a-propos");
    expect(next.headers["x-page-cache"]).toBe("MISS");
    expect(next.body.toString()).toContain("Bonjour, c'est Julie");
    expect(next.body.toString()).not.toContain("Bonjour, je suis Julie");
    // The first answer is its render's, sent before the templates are made: the same page, tag
    // and headers as the answers from the entry, with its own nonce.
    const nonce = nonceOf(next.headers["content-security-policy"] as string);
    expect(next.body.toString()).toContain(`nonce="${nonce}"`);
    const hit = await get("/fr/a-propos");
    expect(hit.headers["x-page-cache"]).toBe("HIT");
    expect(hit.headers.etag).toBe(next.headers.etag);
    expect(hit.headers["surrogate-key"]).toBe(next.headers["surrogate-key"]);
    expect(hit.headers["cache-control"]).toBe(next.headers["cache-control"]);
    const hitNonce = nonceOf(hit.headers["content-security-policy"] as string) as string;
    expect(hit.body.toString().replaceAll(hitNonce, "N")).toBe(next.body.toString().replaceAll(nonce as string, "N"));
  });

  it("never answers an editor's session or edit mode from the cache", async () => {
    await get("/fr/a-propos");
    for (const cookie of [
      "courtier_session=abcdefghijklmnopqrstuvwxyz",
      `${LOCALE_COOKIE}=fr; __Host-courtier_session=abcdefghijklmnopqrstuvwxyz`,
      "courtier_edit_mode=1",
    ]) {
      const hitsBefore = cache.stats().hits;
      const rendersBefore = documentRenders;
      const answer = await get("/fr/a-propos", { cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBe("BYPASS");
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      expect(answer.headers["surrogate-key"]).toBeUndefined();
      expect(documentRenders).toBe(rendersBefore + 1);
      expect(cache.stats().hits).toBe(hitsBefore);
    }
    // Nor a request made with credentials, nor a query the cache does not know.
    for (const [target, headers] of [
      ["/fr/a-propos", { authorization: "Bearer x" }],
      ["/fr/a-propos?edit=1", {}],
      ["/fr/a-propos?preview=abc", {}],
    ] as const) {
      const answer = await get(target, headers);
      expect(answer.headers["x-page-cache"]).toBe("BYPASS");
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
    }
  });

  it("keys on the significant query only: campaign keys share the entry, the variant has its own", async () => {
    await get("/fr/a-propos");
    const tracked = await get("/fr/a-propos?utm_source=news&gclid=abc");
    expect(tracked.headers["x-page-cache"]).toBe("HIT");
    const first = await get("/fr/a-propos?variant=b");
    expect(first.headers["x-page-cache"]).toBe("MISS");
    expect((await get("/fr/a-propos?variant=b&utm_medium=mail")).headers["x-page-cache"]).toBe("HIT");
  });

  it("answers If-None-Match with the current tag by 304, and a tag of the old content by the new page", async () => {
    const page = await get("/fr/a-propos", { "accept-encoding": "gzip" });
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    // The same tag whatever the nonce and the coding: it names the document, not the bytes.
    expect((await get("/fr/a-propos", { "accept-encoding": "br" })).headers.etag).toBe(etag);

    const notModified = await get("/fr/a-propos", { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.byteLength).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    // The browser keeps the body it has with that body's nonce: no new policy for it.
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
    expect(notModified.headers["cache-control"]).toMatch(/s-maxage=120/);

    await retitleAbout("Bonjour, Julie ici");
    const changed = await get("/fr/a-propos", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString()).toContain("Bonjour, Julie ici");
  });

  it("renders 50 concurrent cold requests once", async () => {
    const before = documentRenders;
    const rendersBefore = cache.stats().renders;
    const answers = await Promise.all(Array.from({ length: 50 }, () => get("/fr/services")));
    expect(documentRenders - before).toBe(1);
    expect(cache.stats().renders - rendersBefore).toBe(1);
    const bodies = answers.map((answer) => {
      expect(answer.status).toBe(200);
      const nonce = nonceOf(answer.headers["content-security-policy"] as string) as string;
      return answer.body.toString().replaceAll(nonce, "NONCE");
    });
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(answers.map((a) => a.headers["content-security-policy"])).size).toBe(50);
    expect(answers.filter((a) => a.headers["x-page-cache"] === "MISS")).toHaveLength(1);
  });

  it("never keeps a render error or a page that is not found", async () => {
    contentDown = true;
    try {
      const failed = await get("/fr/temoignages");
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.headers["cache-control"]).toBe("private, no-cache");
      expect(failed.headers["surrogate-key"]).toBeUndefined();
    } finally {
      contentDown = false;
    }
    const recovered = await get("/fr/temoignages");
    expect(recovered.status).toBe(200);
    expect(recovered.headers["x-page-cache"]).toBe("MISS");

    const before = documentRenders;
    for (let i = 0; i < 2; i++) {
      const missing = await get("/fr/cette-page-nexiste-pas");
      expect(missing.status).toBe(404);
      expect(missing.headers["x-page-cache"]).toBe("MISS");
      expect(missing.headers["cache-control"]).toBe("private, no-cache");
    }
    expect(documentRenders - before).toBe(2);
  });

  it("serves blog posts and the search page's shell from the cache; leaves page data, files and the API alone", async () => {
    const post = "/fr/blogue/premier-achat-les-etapes-1";
    expect((await get(post)).status).toBe(200);
    const again = await get(post);
    expect(again.headers["x-page-cache"]).toBe("HIT");
    expect(again.body.toString()).toContain("Premier achat");
    expect(again.headers["surrogate-key"]).toBe("site:demo-broker page:demo-broker:blog article:demo-broker:1");

    await get("/fr/proprietes");
    expect((await get("/fr/proprietes")).headers["x-page-cache"]).toBe("HIT");
    // The shell shows the filters of its query: one entry per set of filters, whatever their order.
    expect((await get("/fr/proprietes?type=condo&bedrooms=2")).headers["x-page-cache"]).toBe("MISS");
    expect((await get("/fr/proprietes?bedrooms=2&type=condo")).headers["x-page-cache"]).toBe("HIT");

    for (const target of ["/fr/a-propos.data", "/robots.txt", `/api/pages/${BROKER.site_id}`]) {
      expect((await get(target)).headers["x-page-cache"]).toBeUndefined();
    }
  });

  it("serves a listing's page from the cache until the listing changes; a listing taken off the market answers 410, never kept", async () => {
    const sitemap = (await get("/sitemaps/listings/1.xml")).body.toString();
    const path = /(\/fr\/propriete\/[a-z0-9-]+-(\d+))</.exec(sitemap)!;
    expect((await get(path[1]!)).status).toBe(200);
    const again = await get(path[1]!);
    expect(again.headers["x-page-cache"]).toBe("HIT");
    expect(again.headers["surrogate-key"]).toMatch(/^site:demo-broker page:demo-broker:/);
    expect(again.body.toString()).toContain('"@type":"RealEstateListing"');

    expect(await ctx.service.storage.listings.remove(path[2]!)).toBe(true);
    for (let i = 0; i < 2; i++) {
      const gone = await get(path[1]!);
      expect(gone.status).toBe(410);
      expect(gone.headers["x-page-cache"]).not.toBe("HIT");
      expect(gone.headers["cache-control"]).toBe("private, no-cache");
    }
  });

  it("answers malformed requests with a 4xx, never a 500", async () => {
    for (const [target, headers] of [
      ["/fr/%E0%A4%A", {}],
      ["/fr/a-propos?variant=%ZZ", {}],
      ["/fr/a-propos", { host: "bad host[" }],
      ["/fr/a-propos", { "if-none-match": 'W/"unclosed, *x', "accept-encoding": "br;q=abc, gzip;q=-1" }],
    ] as const) {
      const answer = await get(target, headers);
      expect(answer.status, `${target} ${JSON.stringify(headers)} ${answer.headers["x-page-cache"]}`).toBeLessThan(500);
    }
  });

  it("answers HEAD from the cache without a body", async () => {
    await get("/fr/a-propos");
    const head = await get("/fr/a-propos", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("HIT");
    expect(head.raw.byteLength).toBe(0);
  });
});
