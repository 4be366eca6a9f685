/**
 * Documents rendered by the production build (`npm run build`; skipped without one), through
 * React Router's request handler with the real services, as the server renders them: a fresh
 * CSP nonce per response, the whole document in one piece, the full head, both languages' data,
 * client navigation data, and a published change on the next request.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViewModules } from "../renderer/lib/view-modules.server";
import { createServices } from "../server/app";
import type { PageRecord } from "../server/content/stores/content";
import { BROKER, createTestService, editorToken, publishPage, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

describe.skipIf(!fs.existsSync(BUILD))("server-rendered documents (production build)", () => {
  let ctx: TestService;
  let render: (path: string, headers?: HeadersInit) => Promise<Response>;

  beforeAll(async () => {
    const build = (await import(BUILD)) as ServerBuild;
    ctx = await createTestService();
    const services = createServices(ctx.config, ctx.service);
    services.viewModules = createViewModules(path.resolve(import.meta.dirname, "../build/client"));
    const handler = createRequestHandler(build, "production");
    const entry = build.entry.module as unknown as { servicesContext: Parameters<RouterContextProvider["set"]>[0] };
    render = (pagePath, headers) => {
      const context = new RouterContextProvider();
      context.set(entry.servicesContext as never, services as never);
      return handler(new Request(`http://localhost${pagePath}`, { headers }), context);
    };
    // Loading the build goes through Vite's transform: slow on a busy machine.
  }, 120_000);
  afterAll(() => ctx?.cleanup());

  it("gives every response its own nonce, carried by every script", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await render("/fr");
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce as string);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("gives the editors' pages a stricter policy: this site's scripts and frames only, never framed", async () => {
    const publicPolicy = (await render("/fr")).headers.get("content-security-policy") ?? "";
    expect(publicPolicy).toContain("'strict-dynamic'");
    const policy = (await render("/fr/qa/connexion")).headers.get("content-security-policy") ?? "";
    const directive = (name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    expect(directive("frame-src")).toBe("frame-src 'self' https://www.youtube-nocookie.com");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("preloads its scripts at low priority, after the stylesheet and the hero image", async () => {
    const html = await (await render("/fr")).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    // The app's entry, routes and the page's block views (at least a dozen on the home page).
    expect(preloads.length).toBeGreaterThan(10);
    for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
    // The stylesheet and images keep their priority.
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/root-[^"]+"[^>]*data-precedence/);
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
  });

  it("sends the whole document at once, every block in place", async () => {
    const response = await render("/fr");
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.byteLength);
    const html = body.toString("utf8");
    // No Suspense boundary set aside for a script to reveal later.
    expect(html).not.toMatch(/<template id="B:|\$RC\(|<div hidden id="S:/);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("comes compressed in one piece when the client accepts it", async () => {
    const plain = await (await render("/fr/a-propos")).text();
    const response = await render("/fr/a-propos", { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.byteLength);
    const html = zlib.gunzipSync(body).toString("utf8");
    // The same document but for its nonce.
    expect(html.replace(/nonce="[^"]+"/g, "").length).toBe(plain.replace(/nonce="[^"]+"/g, "").length);
  });

  it("writes the full head", async () => {
    const html = await (await render("/fr/a-propos")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr-CA"/);
    for (const pattern of [
      /<title>[^<]+<\/title>/,
      /<meta name="description" content="[^"]+"/,
      /<meta name="robots" content="index, follow"/,
      /<link rel="canonical" href="http:\/\/localhost\/fr\/a-propos"/,
      /<meta property="og:title" content="[^"]+"/,
      /<meta name="twitter:card" content="[^"]+"/,
      /<link rel="alternate" hrefLang="en-CA" href="http:\/\/localhost\/en\/about"/,
      /<link rel="alternate" hrefLang="x-default" href="http:\/\/localhost\/fr\/a-propos"/,
    ]) {
      expect(head).toMatch(pattern);
    }
  });

  it("carries both languages' fields: switching to the alternate path needs no fetch (site.md §4)", async () => {
    const html = await (await render("/fr/a-propos")).text();
    expect(html).toContain("Bonjour, je suis Julie");
    expect(html).toContain("Hi, I'm Julie");
  });

  it("answers client navigation data for a content page and a language switch", async () => {
    for (const dataPath of ["/en/about.data?_routes=routes%2Fpage", "/fr.data"]) {
      const response = await render(dataPath);
      expect(response.status, dataPath).toBe(200);
      expect(await response.text()).not.toContain("errors.404-message");
    }
    expect(await (await render("/en/about.data")).text()).toContain("Hi, I'm Julie");
  });

  it("renders a published change on the next request", async () => {
    expect(await (await render("/fr/a-propos")).text()).toContain("Bonjour, je suis Julie");
    const page = structuredClone(await ctx.service.storage.content.getPage(BROKER.site_id, "about")) as PageRecord;
    const intro = page.content.find((b) => (b as { id: string }).id === "about-intro") as {
      fields: { fr: { main_title: string } };
    };
    intro.fields.fr.main_title = "Julie, à votre service";
    const saved = await publishPage(ctx.service, page, await editorToken(ctx.service));
    expect(saved.status).toBe(200);
    const html = await (await render("/fr/a-propos")).text();
    expect(html).toContain("Julie, à votre service");
    expect(html).not.toContain("Bonjour, je suis Julie");
  });

  it("answers a redirect and an unknown page", async () => {
    await ctx.service.storage.content.putRedirect(BROKER.site_id, {
      from: "/fr/ancienne-page",
      to: "/fr/a-propos",
      status: 301,
    });
    const moved = await render("/fr/ancienne-page");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/fr/a-propos");
    const missing = await render("/fr/cette-page-n-existe-pas");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex');
  });
});
