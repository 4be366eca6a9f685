/**
 * Embeds that no longer vanish (issue 33), through the production server in process: an
 * administrator publishes a script embed with a YouTube player, a virtual tour of a host the
 * operator allows and a frame from elsewhere; the visitor's page keeps the first two, sandboxed,
 * drops the third, and its CSP lets the browser load exactly those frames. Needs the production
 * build (`npm run build`; skipped without one).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { JSDOM } from "jsdom";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Block } from "../schema/block";
import { createApp } from "../server/app";
import { BROKER, createTestService, editorToken, publishPage, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

describe.skipIf(!fs.existsSync(BUILD))("frames in embeds, on the published page (production build)", () => {
  let ctx: TestService;
  let server: http.Server;
  let port: number;

  function get(target: string): Promise<{ status: number; csp: string; html: string }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: target }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              csp: String(response.headers["content-security-policy"] ?? ""),
              html: Buffer.concat(chunks).toString(),
            }),
          );
        })
        .on("error", reject);
    });
  }

  beforeAll(async () => {
    const build = (await import(BUILD)) as ServerBuild;
    ctx = await createTestService({ NODE_ENV: "production", EMBED_FRAME_HOSTS: "tour.giraffe360.com" });
    const page = await ctx.service.storage.content.getPage(BROKER.site_id, "about");
    if (!page) throw new Error("fixture page 'about' missing");
    const embed: Block = {
      id: "about-tour",
      block_type: "script_embed_block",
      block_params: { color_scheme: "normal", frontend_only: false },
      fields: {
        fr: {
          script_content:
            '<iframe width="640" height="360" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
            '<iframe src="https://tour.giraffe360.com/maison-brossard" title="Visite virtuelle"></iframe>' +
            '<iframe src="https://evil.example/login"></iframe>',
        },
        en: {},
      },
    } as unknown as Block;
    const next = structuredClone(page);
    next.content = [...next.content, embed];
    // Embedded code is an administrator's right (issue 27).
    expect((await publishPage(ctx.service, next, await editorToken(ctx.service, "admin"))).status).toBe(200);
    const created = await createApp({ config: ctx.config, build: async () => build, content: ctx.service });
    server = http.createServer(created.handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.cleanup();
  });

  it("keeps the allowed players, sandboxed, drops the other frame, and the CSP frames exactly those", async () => {
    const answer = await get("/fr/a-propos");
    expect(answer.status).toBe(200);
    const document = new JSDOM(answer.html).window.document;
    const frames = [...document.querySelectorAll(".script-embed iframe")];
    expect(frames.map((frame) => frame.getAttribute("src"))).toEqual([
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://tour.giraffe360.com/maison-brossard",
    ]);
    for (const frame of frames) expect(frame.getAttribute("sandbox")).toContain("allow-scripts");
    expect(frames.map((frame) => frame.getAttribute("title"))).toEqual(["Lecteur YouTube intégré", "Visite virtuelle"]);
    expect(answer.html).not.toContain("evil.example");
    const frameSrc = answer.csp.split("; ").find((d) => d.startsWith("frame-src")) ?? "";
    expect(frameSrc).toContain("https://www.youtube-nocookie.com");
    expect(frameSrc).toContain("https://tour.giraffe360.com");
    expect(frameSrc.split(" ")).not.toContain("https:");
  });
});
