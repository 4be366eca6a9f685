/**
 * No dead internal link on the demo sites (issue 14: the agency's header, footer and member
 * cards pointed at pages it did not have). Every internal link of every fixture page and of
 * site.json (header, footer, blocks' cta and url fields, links inside rich text), and every link
 * the server renders on those pages (blog blocks, locale switcher, listings), is requested on
 * its site's host through the production server's app, in process: each must answer 200.
 * Needs the production build (`npm run build`; skipped without one, as the other HTTP tests).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../server/app";
import { loadFixtures } from "../server/content/seed";
import { createTestService, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

/** An internal link: one path on the same site, without its fragment. */
function internalPath(value: string): string | undefined {
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  const [withoutHash] = value.split("#");
  return withoutHash || undefined;
}

/** Every `url` field and every `href` inside rich text, anywhere in a fixture value. */
function fixtureLinks(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fixtureLinks(item, out);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key === "url" && typeof item === "string") {
        const link = internalPath(item);
        if (link) out.add(link);
      } else fixtureLinks(item, out);
    }
  else if (typeof value === "string" && value.includes("href="))
    for (const match of value.matchAll(/href=["']([^"']+)["']/g)) {
      const link = internalPath(match[1]!);
      if (link) out.add(link);
    }
  return out;
}

/** The links of a rendered page's anchors (`<a href="/…">`), entities decoded. */
function renderedLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
    const href = match[1]!.replaceAll("&amp;", "&");
    const link = internalPath(href);
    if (link) links.push(link);
  }
  return links;
}

const { sites } = loadFixtures();
// Images, fonts and files are not pages: only links to pages are checked here.
const isPageLink = (link: string) => !/\.(svg|png|jpe?g|webp|pdf|css|js)$/i.test(link);

describe.skipIf(!fs.existsSync(BUILD))("internal links of the demo sites (production build)", () => {
  let ctx: TestService;
  let server: http.Server;
  let port: number;

  function get(host: string, target: string): Promise<{ status: number; body: string; location?: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: target, headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            location: response.headers.location,
          }),
        );
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end();
    });
  }

  beforeAll(async () => {
    const build = (await import(BUILD)) as ServerBuild;
    ctx = await createTestService({ NODE_ENV: "production", PAGE_CACHE_MB: "0" });
    const created = await createApp({ config: ctx.config, build: async () => build, content: ctx.service });
    server = http.createServer(created.handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.cleanup();
  });

  for (const { site, pages } of sites) {
    const host = site.domains[0]!;
    it(`${site.site_id}: its sitemap lists every page, and every address in it answers 200`, async () => {
      const sitemap = await get(host, "/sitemaps/pages.xml");
      expect(sitemap.status).toBe(200);
      const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!.replaceAll("&amp;", "&")).pathname,
      );
      for (const page of pages.filter((p) => !p.hidden))
        for (const pagePath of [page.paths.fr, page.paths.en]) expect(listed, pagePath).toContain(pagePath);
      const broken: string[] = [];
      for (const link of listed) {
        const answer = await get(host, link);
        if (answer.status !== 200) broken.push(`${link} → ${answer.status}`);
      }
      expect(broken).toEqual([]);
    }, 180_000);

    it(`${site.site_id}: every link of its pages, header and footer answers 200 on ${host}`, async () => {
      const links = fixtureLinks([site, pages]);
      // Each page itself, and what it renders (blog cards, listings, the locale switcher…).
      const pagePaths = pages.flatMap((page) => [page.paths.fr, page.paths.en]);
      for (const pagePath of pagePaths) {
        const answer = await get(host, pagePath);
        expect(answer.status, `${host}${pagePath}`).toBe(200);
        for (const link of renderedLinks(answer.body)) links.add(link);
      }
      const broken: string[] = [];
      for (const link of [...links].filter(isPageLink).sort()) {
        if (pagePaths.includes(link)) continue;
        const answer = await get(host, link);
        if (answer.status !== 200)
          broken.push(`${link} → ${answer.status}${answer.location ? ` ${answer.location}` : ""}`);
      }
      expect(broken).toEqual([]);
    }, 180_000);
  }
});
