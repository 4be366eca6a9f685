/**
 * Asset URLs (site.md §7): one helper resolves them against CONTENT_ASSET_BASE, `/resources/…`
 * on the content host; the embedded service serves `/resources/…` from its data folder safely;
 * the CSP names an http base; visitor answers of the content service point at the base.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../renderer/lib/csp";
import { assetBasesOf, assetOrigins, assetUrl, withAssetUrls } from "../schema/assets";
import { createApp } from "../server/app";
import { loadConfig } from "../server/config";
import { RESOURCES_CACHE_CONTROL } from "../server/content/resources";
import { BROKER, createTestService, PROTECTED_BASE, type TestService } from "./helpers/content-service";

const CDN = { base: "https://cdn.example.com/site", contentHost: "https://content.example.com" };
const SAME = { base: "", contentHost: "" };

describe("assetUrl", () => {
  it("leaves absolute URLs, data URLs and protocol-relative URLs untouched", () => {
    for (const url of [
      "https://images.example.com/a.jpg",
      "http://x.test/b.png",
      "data:image/png;base64,AAAA",
      "//cdn.other/c.svg",
    ]) {
      expect(assetUrl(url, CDN)).toBe(url);
    }
  });

  it("joins site paths to the asset base, whatever its trailing slash", () => {
    expect(assetUrl("/images/house.svg", CDN)).toBe("https://cdn.example.com/site/images/house.svg");
    expect(assetUrl("images/house.svg", { ...CDN, base: "https://cdn.example.com/site/" })).toBe(
      "https://cdn.example.com/site/images/house.svg",
    );
    expect(assetUrl("/images/a b.jpg?w=2", CDN)).toBe("https://cdn.example.com/site/images/a b.jpg?w=2");
  });

  it("sends /resources/ paths to the content host, not the asset base", () => {
    expect(assetUrl("/resources/brokers/julie.jpg", CDN)).toBe(
      "https://content.example.com/resources/brokers/julie.jpg",
    );
    // Only the folder itself: /resourcesX is a site path.
    expect(assetUrl("/resourcesX/a.jpg", CDN)).toBe("https://cdn.example.com/site/resourcesX/a.jpg");
    // With the embedded service, the content host is this site.
    expect(assetUrl("/resources/a.jpg", { ...CDN, contentHost: "" })).toBe("/resources/a.jpg");
  });

  it("changes nothing with the default bases (same origin)", () => {
    expect(assetUrl("/images/house.svg", SAME)).toBe("/images/house.svg");
    expect(assetUrl("/resources/a.jpg", SAME)).toBe("/resources/a.jpg");
    expect(assetUrl(undefined, CDN)).toBeUndefined();
    expect(assetUrl("", CDN)).toBe("");
  });
});

describe("withAssetUrls", () => {
  const blocks = [
    {
      block_type: "hero",
      fields: {
        fr: {
          image: { url: "/images/skyline.svg", alt: "Ciel", width: 10, height: 10 },
          button: { url: "/fr/contact", text: "Écrivez-moi", target: "_self" },
          video: { sources: [{ url: "/resources/tour.mp4", type: "video/mp4" }] },
          external: { url: "https://img.example.org/x.jpg" },
        },
      },
    },
  ];

  it("resolves images and video sources, never links", () => {
    const out = withAssetUrls(blocks, CDN);
    const fr = out[0]!.fields.fr;
    expect(fr.image.url).toBe("https://cdn.example.com/site/images/skyline.svg");
    expect(fr.image.alt).toBe("Ciel");
    expect(fr.video.sources[0]!.url).toBe("https://content.example.com/resources/tour.mp4");
    expect(fr.button.url).toBe("/fr/contact");
    expect(fr.external.url).toBe("https://img.example.org/x.jpg");
    // The input is not changed (it is cached and shared).
    expect(blocks[0]!.fields.fr.image.url).toBe("/images/skyline.svg");
  });

  it("resolves listing photos and blog thumbnails named by string fields", () => {
    const listing = {
      property_image: "/images/listings/1.jpg",
      carousel_images: ["/images/listings/1.jpg", "https://x.test/2.jpg"],
      url: { fr: "/fr/propriete/1", en: "/en/property/1" },
      thumbnails: { url_small: "/resources/s.jpg", url_large: "/resources/l.jpg" },
    };
    const out = withAssetUrls(listing, CDN);
    expect(out.property_image).toBe("https://cdn.example.com/site/images/listings/1.jpg");
    expect(out.carousel_images).toEqual(["https://cdn.example.com/site/images/listings/1.jpg", "https://x.test/2.jpg"]);
    expect(out.url).toBe(listing.url);
    expect(out.thumbnails.url_large).toBe("https://content.example.com/resources/l.jpg");
  });

  it("returns the same value when the bases move nothing", () => {
    expect(withAssetUrls(blocks, SAME)).toBe(blocks);
  });
});

describe("configuration", () => {
  it("reads CONTENT_ASSET_BASE (http or https) and the content host from CONTENT_API_URL", () => {
    const config = loadConfig({
      CONTENT_ASSET_BASE: "https://cdn.example.com/",
      CONTENT_API_URL: "https://api.example.com/v1",
    });
    expect(assetBasesOf(config)).toEqual({ base: "https://cdn.example.com", contentHost: "https://api.example.com" });
    expect(assetBasesOf(loadConfig({}))).toEqual(SAME);
    expect(assetBasesOf(loadConfig({ CONTENT_ASSET_BASE: "" }))).toEqual(SAME);
    expect(() => loadConfig({ CONTENT_ASSET_BASE: "javascript:alert(1)" })).toThrow(/CONTENT_ASSET_BASE/);
    expect(() => loadConfig({ CONTENT_ASSET_BASE: "cdn.example.com" })).toThrow(/CONTENT_ASSET_BASE/);
  });

  it("lets pages load images and videos from an http base", () => {
    const origins = assetOrigins({ base: "http://localhost:9000/assets", contentHost: "https://content.example.com" });
    expect(origins).toEqual(["http://localhost:9000", "https://content.example.com"]);
    const policy = contentSecurityPolicy("n0nce", { assetOrigins: origins });
    expect(policy).toMatch(/img-src [^;]*http:\/\/localhost:9000/);
    expect(policy).toMatch(/media-src [^;]*http:\/\/localhost:9000/);
    expect(contentSecurityPolicy("n0nce")).not.toContain("localhost:9000");
  });
});

/** No page is asked for here: /resources never reaches React Router. */
const NO_PAGES = { entry: { module: {} }, routes: {}, assets: { routes: {} } } as unknown as ServerBuild;

function request(port: number, target: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    // The path is sent as written (no normalisation), as an attacker would send it.
    const req = http.request({ host: "127.0.0.1", port, path: target, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("/resources/ on the embedded content host, over HTTP", () => {
  let ctx: TestService;
  let server: http.Server;
  let port: number;
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

  beforeAll(async () => {
    ctx = await createTestService({ PAGE_CACHE_MB: "0", CONTENT_ASSET_BASE: "https://cdn.example.com" });
    const dir = path.join(ctx.dataDir, "resources");
    fs.mkdirSync(path.join(dir, "brokers"), { recursive: true });
    fs.writeFileSync(path.join(dir, "brokers", "julie.png"), png);
    fs.writeFileSync(path.join(dir, "plan.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, ".env"), "SECRET=1");
    // Outside the folder: must never be reachable.
    fs.writeFileSync(path.join(ctx.dataDir, "secret.txt"), "top secret");
    const created = await createApp({ config: ctx.config, build: async () => NO_PAGES, content: ctx.service });
    server = http.createServer(created.handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.cleanup();
  });

  it("serves a file with its type and cache headers", async () => {
    const answer = await request(port, "/resources/brokers/julie.png");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/png");
    expect(answer.headers["cache-control"]).toBe(RESOURCES_CACHE_CONTROL);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.body.equals(png)).toBe(true);
    const svg = await request(port, "/resources/plan.svg");
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    // Opened on its own, an uploaded SVG runs nothing.
    expect(svg.headers["content-security-policy"]).toContain("sandbox");
    expect((await request(port, "/resources/plan.svg", "HEAD")).status).toBe(200);
  });

  it("answers 404 for a missing file, a folder and a dotfile", async () => {
    for (const target of ["/resources/missing.jpg", "/resources/brokers", "/resources/brokers/", "/resources/.env"]) {
      const answer = await request(port, target);
      expect(answer.status, target).toBe(404);
      expect(answer.body.toString(), target).not.toContain("SECRET");
    }
  });

  it("refuses paths that climb out of the folder with a 4xx, never the file", async () => {
    for (const target of [
      "/resources/../secret.txt",
      "/resources/..%2fsecret.txt",
      "/resources/%2e%2e/secret.txt",
      "/resources/%2e%2e%2fsecret.txt",
      "/resources/brokers/..%2f..%2fsecret.txt",
      "/resources/..%5csecret.txt",
      "/resources/%00secret.txt",
    ]) {
      const answer = await request(port, target);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.status, target).toBeLessThan(500);
      expect(answer.body.toString(), target).not.toContain("top secret");
    }
  });

  it("refuses writes", async () => {
    expect((await request(port, "/resources/brokers/julie.png", "POST")).status).toBe(405);
  });

  it("gives the browser's search results photos on the asset base", async () => {
    const response = await ctx.service.handle(
      new Request(`${PROTECTED_BASE}/properties?format=map&listingLimit=3`, {
        headers: { "x-site-key": BROKER.site_key },
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { propertiesListing: { property_image: string }[] } };
    expect(body.data.propertiesListing.length).toBeGreaterThan(0);
    for (const listing of body.data.propertiesListing) {
      expect(listing.property_image).toMatch(/^https:\/\/cdn\.example\.com\//);
    }
  });
});
