import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderRegistry } from "../renderer/blocks/registry";
import { blockTypes } from "../renderer/lib/page-loader.server";
import {
  blockViewSources,
  createViewModules,
  pageKeys,
  VIDEO_PLAYER,
  type ViteManifest,
} from "../renderer/lib/view-modules.server";

describe("view modules (modulepreload links)", () => {
  it("reads the source file of every view in the render registry", () => {
    const sources = blockViewSources();
    expect(Object.keys(sources).sort()).toEqual(Object.keys(renderRegistry).sort());
    for (const file of Object.values(sources)) expect(fs.existsSync(file), file).toBe(true);
  });

  const manifest: ViteManifest = {
    "renderer/entry.client.tsx": { file: "assets/entry.js", isEntry: true, imports: ["_react.js"] },
    "renderer/root.tsx?__react-router-build-client-route": {
      file: "assets/root.js",
      imports: ["_react.js"],
      css: ["assets/root.css"],
    },
    "renderer/routes/page.tsx?__react-router-build-client-route": { file: "assets/page.js", imports: ["_registry.js"] },
    "_react.js": { file: "assets/react.js" },
    "_registry.js": { file: "assets/registry.js", dynamicImports: ["renderer/blocks/text/TextBlock1.tsx"] },
    "renderer/blocks/text/TextBlock1.tsx": {
      file: "assets/TextBlock1.js",
      isDynamicEntry: true,
      imports: ["_react.js", "_RichText.js"],
      // Its own stylesheet, and one the root links already.
      css: ["assets/text.css", "assets/root.css"],
    },
    "_RichText.js": {
      file: "assets/RichText.js",
      dynamicImports: [
        "locales/forms/fr.json",
        "locales/forms/en.json",
        "locales/fr.json?only=contact-form&messages",
        "locales/en.json?only=contact-form&messages",
      ],
    },
    "locales/forms/fr.json": { file: "assets/forms-fr.js", isDynamicEntry: true },
    "locales/forms/en.json": { file: "assets/forms-en.js", isDynamicEntry: true },
    "locales/fr.json?except=contact-form&messages": { file: "assets/fr.js", isDynamicEntry: true },
    "locales/fr.json?only=contact-form&messages": { file: "assets/contact-fr.js", isDynamicEntry: true },
    "locales/en.json?only=contact-form&messages": { file: "assets/contact-en.js", isDynamicEntry: true },
    "renderer/ui/Video.tsx": { file: "assets/Video.js", isDynamicEntry: true, imports: ["_react.js"] },
  };
  const views = { text_block_1: "renderer/blocks/text/TextBlock1.tsx" };

  it("lists a page's views with their imports and its messages, not what every page loads", () => {
    const keys = pageKeys(manifest, views, ["text_block_1", "unknown_block"], "fr");
    // The namespace its views await, in the page's language only.
    expect(keys.sort()).toEqual([
      "_RichText.js",
      "locales/forms/fr.json",
      "locales/fr.json?except=contact-form&messages",
      "locales/fr.json?only=contact-form&messages",
      "renderer/blocks/text/TextBlock1.tsx",
    ]);
  });

  it("answers URLs from a client build's manifest, and nothing without one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "view-modules-"));
    expect(createViewModules(dir)).toBeUndefined();
    fs.mkdirSync(path.join(dir, ".vite"));
    fs.writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(manifest));
    const modules = createViewModules(dir)!;
    // The real registry maps text_block_1 to the same source file as the fake manifest.
    // Scripts to preload, and the view's stylesheet (not the root's, which every page links).
    expect(modules(["text_block_1"], "fr").sort()).toEqual([
      "/assets/RichText.js",
      "/assets/TextBlock1.js",
      "/assets/contact-fr.js",
      "/assets/forms-fr.js",
      "/assets/fr.js",
      "/assets/text.css",
    ]);
    expect(modules([], "en")).toEqual([]);
    // The lazily loaded video player, announced only for pages that show a video.
    expect(modules([VIDEO_PLAYER], "en")).toEqual(["/assets/Video.js"]);
  });

  it("marks pages whose blocks have a video source, not those with an empty video value", () => {
    const hero = (video: unknown) => ({
      id: "h",
      block_type: "hero_cta_block",
      fields: { fr: { media: { image: { url: "/a.jpg" }, video } } },
    });
    expect(blockTypes([hero({ sources: [{ url: "/v.mp4", type: "video/mp4" }] })]).has(VIDEO_PLAYER)).toBe(true);
    expect(blockTypes([hero({ external_sources: [{ url: "https://youtu.be/x" }] })]).has(VIDEO_PLAYER)).toBe(true);
    expect(blockTypes([hero({ sources: [{ url: " " }], external_sources: [] })]).has(VIDEO_PLAYER)).toBe(false);
    expect(blockTypes([hero(undefined)]).has(VIDEO_PLAYER)).toBe(false);
  });

  it("collects nested block types", () => {
    const types = blockTypes([
      { id: "a", block_type: "blog_post_block", fields: { fr: { blocks: [{ block_type: "text_block_1" }] } } },
      { id: "b", block_type: "spacer_block" },
    ]);
    expect([...types].sort()).toEqual(["blog_post_block", "spacer_block", "text_block_1"]);
  });
});
