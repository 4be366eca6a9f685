/**
 * Content variants through the production server's Express app, in process, over real HTTP,
 * rendered-page cache on: the default page, the variant, the default again each get their own
 * document (never the other's cache entry), the variant's links keep `variant`, the default's
 * carry none. Needs the production build (`npm run build`; skipped without one).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../server/app";
import { createTestService, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");
const SPRING = "printemps-2026";
const SPRING_TITLE = "Le printemps, la meilleure saison pour vendre";
const DEFAULT_TITLE = "Votre prochaine adresse commence ici";

describe.skipIf(!fs.existsSync(BUILD))("content variants over HTTP (production build)", () => {
  let ctx: TestService;
  let server: http.Server;
  let port: number;

  function get(target: string): Promise<{ status: number; cache: string | undefined; html: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: target }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cache: response.headers["x-page-cache"] as string | undefined,
            html: Buffer.concat(chunks).toString(),
          }),
        );
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end();
    });
  }

  /** The hrefs of the document's anchors (not <link> tags), `&amp;` decoded. */
  const anchors = (html: string) =>
    [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const internal = (hrefs: string[]) =>
    hrefs.filter((h) => h.startsWith("/") && !h.startsWith("//") && !h.startsWith("/#"));

  beforeAll(async () => {
    const build = (await import(BUILD)) as ServerBuild;
    ctx = await createTestService({ NODE_ENV: "production", PAGE_CACHE_MB: "16" });
    const created = await createApp({ config: ctx.config, build: async () => build, content: ctx.service });
    if (!created.pageCache) throw new Error("the page cache is off");
    server = http.createServer(created.handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.cleanup();
  });

  it("serves default, variant, default again: each its own content, from its own cache entry", async () => {
    const seen: [string, number, boolean, boolean, string | undefined][] = [];
    for (const target of ["/fr", `/fr?variant=${SPRING}`, "/fr", `/fr?variant=${SPRING}`, "/fr"]) {
      const answer = await get(target);
      seen.push([
        target,
        answer.status,
        answer.html.includes(SPRING_TITLE),
        answer.html.includes(DEFAULT_TITLE),
        answer.cache,
      ]);
    }
    expect(seen).toEqual([
      ["/fr", 200, false, true, "MISS"],
      [`/fr?variant=${SPRING}`, 200, true, false, "MISS"],
      ["/fr", 200, false, true, "HIT"],
      [`/fr?variant=${SPRING}`, 200, true, false, "HIT"],
      ["/fr", 200, false, true, "HIT"],
    ]);
  });

  it("shows the banner with the variant's name in its colour, and none on the default page", async () => {
    const variant = await get(`/fr?variant=${SPRING}`);
    // React writes the quotes of the text as entities.
    expect(variant.html).toMatch(
      /class="variant-banner variant-green"[^>]*>Vous visualisez la variante &quot;Campagne du printemps&quot;</,
    );
    const plain = await get("/fr");
    expect(plain.html).not.toContain("variant-banner");
    // An unknown id: the default page, no banner, not an error.
    const unknown = await get("/fr?variant=hiver-1999");
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain(DEFAULT_TITLE);
    expect(unknown.html).not.toContain("variant-banner");
  });

  it("keeps the variant on every internal link of the page (logos, menu, privacy policy, language)", async () => {
    const hrefs = internal(anchors((await get(`/fr?variant=${SPRING}`)).html));
    expect(hrefs.length).toBeGreaterThan(10);
    const without = hrefs.filter((h) => !new URL(h, "http://x").searchParams.has("variant"));
    expect(without).toEqual([]);
    for (const href of hrefs) expect(new URL(href, "http://x").searchParams.get("variant")).toBe(SPRING);
    expect(hrefs).toContain(`/fr?variant=${SPRING}`);
    expect(hrefs).toContain(`/fr/politique-confidentialite?variant=${SPRING}`);
    expect(hrefs).toContain(`/en?variant=${SPRING}`);
    // And on a page the variant does not change.
    const about = internal(anchors((await get(`/fr/a-propos?variant=${SPRING}`)).html));
    expect(about.filter((h) => !h.includes(`variant=${SPRING}`))).toEqual([]);
  });

  it("carries no variant parameter on the default page", async () => {
    const hrefs = internal(anchors((await get("/fr")).html));
    expect(hrefs.length).toBeGreaterThan(10);
    expect(hrefs.filter((h) => h.includes("variant="))).toEqual([]);
  });
});
