/**
 * Previews (the gallery at /{lang}/qa/blocks and the studio's canvas) get what public pages
 * get: the site's facts for blocks that load their own data (blog, listings, forms), the
 * features' stylesheets of the blocks shown, and the configured map tiles. Rendered by the
 * production build (`npm run build`; skipped without one) through React Router's handler.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSiteFacts, siteFactsOf } from "../renderer/lib/site-facts";
import { createViewModules, type ViteManifest } from "../renderer/lib/view-modules.server";
import { createServices } from "../server/app";
import { BROKER, createTestService, fixtureEditor, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");
const CLIENT = path.resolve(import.meta.dirname, "../build/client");

describe("site facts", () => {
  it("are made from the first load and found in the innermost route that has them", () => {
    const facts = siteFactsOf({
      site_id: "s",
      site_key: "k",
      microsite_id: "m",
      site_type: "broker",
      variant_id: null,
      recaptcha: { site_key: "offline" },
    });
    expect(facts).toEqual({
      siteId: "s",
      siteKey: "k",
      micrositeId: "m",
      siteType: "broker",
      recaptchaSiteKey: "offline",
    });
    const other = { ...facts, micrositeId: "inner" };
    expect(findSiteFacts([{ loaderData: { siteFacts: facts } }, { loaderData: { siteFacts: other } }])).toBe(other);
    expect(findSiteFacts([{ loaderData: { siteFacts: facts } }, { loaderData: null }])).toBe(facts);
    expect(findSiteFacts([{ loaderData: { locale: "fr" } }, {}])).toBeUndefined();
  });
});

describe.skipIf(!fs.existsSync(BUILD))("previews in the production build", () => {
  let ctx: TestService;
  let render: (pagePath: string, headers?: HeadersInit) => Promise<string>;
  let handle: (pagePath: string, headers?: HeadersInit) => Promise<Response>;

  beforeAll(async () => {
    const build = (await import(BUILD)) as ServerBuild;
    ctx = await createTestService({
      MAP_TILE_URL: "https://tiles.example/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "© Tiles",
    });
    const services = createServices(ctx.config, ctx.service);
    services.viewModules = createViewModules(CLIENT);
    const handler = createRequestHandler(build, "production");
    const entry = build.entry.module as unknown as { servicesContext: Parameters<RouterContextProvider["set"]>[0] };
    handle = async (pagePath, headers) => {
      const context = new RouterContextProvider();
      context.set(entry.servicesContext as never, services as never);
      return handler(new Request(`http://localhost${pagePath}`, { headers }), context);
    };
    render = async (pagePath, headers) => {
      const response = await handle(pagePath, headers);
      expect(response.status).toBe(200);
      return response.text();
    };
  }, 120_000);
  afterAll(() => ctx?.cleanup());

  it("gives the gallery's blocks the site's microsite, key and captcha key", async () => {
    const html = await render("/fr/qa/blocks/blog_grid_block");
    expect(html).toContain(BROKER.microsite_id);
    expect(html).toContain(BROKER.site_key);
    expect(html).toContain("recaptchaSiteKey");
  });

  it("links the stylesheet of the search feature for properties_block in the gallery", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT, ".vite/manifest.json"), "utf8")) as ViteManifest;
    const view = manifest["renderer/blocks/properties/PropertiesBlock.tsx"];
    const css = [...(view?.css ?? []), ...(view?.imports ?? []).flatMap((k) => manifest[k]?.css ?? [])];
    expect(css.length).toBeGreaterThan(0);
    const html = await render("/en/qa/blocks/properties_block");
    for (const file of css) expect(html).toContain(`<link rel="stylesheet" href="/${file}"`);
  });

  it("sends an anonymous visitor of the studio to the sign-in page, without the page list", async () => {
    const response = await handle("/en/qa/sections");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/qa/sign-in?next=%2Fen%2Fqa%2Fsections");
    const french = await handle("/fr/qa/parametres-generaux");
    expect(french.headers.get("location")).toBe("/fr/qa/connexion?next=%2Ffr%2Fqa%2Fparametres-generaux");
  });

  it("gives the studio's canvas the site's facts", async () => {
    const signIn = await ctx.service.handle(
      new Request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost" },
        body: JSON.stringify({ email: fixtureEditor().email, password: fixtureEditor().password }),
      }),
    );
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const html = await render("/en/qa/sections", { cookie });
    expect(html).toContain("siteFacts");
    expect(html).toContain(BROKER.microsite_id);
  });

  it("hands the configured tiles to every route's maps", async () => {
    for (const pagePath of ["/fr", "/fr/qa/blocks/map_fullwidth_block"]) {
      expect(await render(pagePath)).toContain("https://tiles.example/{z}/{x}/{y}.png");
    }
  });
});
