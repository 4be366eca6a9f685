/**
 * Every fixture page and the demo page hold only valid blocks. Header and footer
 * types are still being added, so only blocks of registered types are checked
 * here; a later pass asserts every block is of a registered type.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBlocks } from "../schema/parse";
import { blockRegistry } from "../schema/registry";
import { FIXTURES_DIR, loadFixtures } from "../server/content/seed";

const { sites, demoBlocks } = loadFixtures();
const registered = (raw: unknown) =>
  typeof raw === "object" && raw !== null && (raw as { block_type?: string }).block_type! in blockRegistry;

function parseRegistered(raw: readonly unknown[]) {
  const warnings: string[] = [];
  const result = parseBlocks(raw.filter(registered), (m) => warnings.push(m));
  return { ...result, warnings };
}

describe("fixture pages", () => {
  it("load both demo sites", () => {
    expect(sites.map((s) => s.site.site_id).sort()).toEqual(["demo-agency", "demo-broker"]);
  });

  for (const { site, pages, variants, redirects } of sites) {
    describe(site.site_id, () => {
      it("has unique page ids and paths", () => {
        const ids = pages.map((p) => p.page_id);
        expect(new Set(ids).size).toBe(ids.length);
        const paths = pages.flatMap((p) => [p.paths.fr, p.paths.en]);
        expect(new Set(paths).size).toBe(paths.length);
      });

      it("shows each client testimony once, never with the broker's own portrait", () => {
        // One broker's business: the same review shown in two blocks reads as padding.
        const seen: string[] = [];
        const portraits: string[] = [];
        const walk = (value: unknown) => {
          if (Array.isArray(value)) value.forEach(walk);
          else if (value && typeof value === "object") {
            const item = value as Record<string, unknown>;
            const author = item.author_name ?? item.broker_name;
            if (typeof author === "string" && typeof item.description === "string") {
              seen.push(`${author}: ${item.description}`);
              const avatar = (item.author_avatar ?? item.broker_avatar) as { url?: string } | undefined;
              if (avatar?.url?.includes("portrait-broker")) portraits.push(author);
            }
            Object.values(item).forEach(walk);
          }
        };
        for (const page of pages)
          for (const block of page.content as { fields?: Record<string, unknown> }[]) walk(block.fields?.fr);
        expect(seen.filter((entry, i) => seen.indexOf(entry) !== i)).toEqual([]);
        expect(portraits).toEqual([]);
      });

      for (const page of pages) {
        it(`${page.page_id}: every block parses, with a unique id`, () => {
          const { issues, warnings, blocks } = parseRegistered(page.content);
          expect(issues).toEqual([]);
          expect(warnings).toEqual([]);
          expect(blocks.length).toBeGreaterThan(0);
          const ids = page.content.map((b) => (b as { id?: string }).id);
          expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
          expect(new Set(ids).size).toBe(ids.length);
        });

        it(`${page.page_id}: has SEO in both languages and an Open Graph image`, () => {
          for (const locale of ["fr", "en"] as const) {
            expect(page.title[locale]).toBeTruthy();
            expect(page.seo?.global?.[locale]?.title).toBeTruthy();
            expect(page.seo?.global?.[locale]?.description).toBeTruthy();
            const og = page.seo?.facebook?.[locale]?.og_image?.url;
            expect(og).toBeTruthy();
            expect(fs.existsSync(path.join(FIXTURES_DIR, "../public", og!))).toBe(true);
          }
        });

        it(`${page.page_id}: images exist and carry their size`, () => {
          const images = JSON.stringify(page.content).match(/"url":"\/images\/[^"]+"/g) ?? [];
          for (const match of images) {
            const url = match.slice(7, -1);
            expect(fs.existsSync(path.join(FIXTURES_DIR, "../public", url)), url).toBe(true);
          }
          for (const block of page.content as { fields: Record<string, { media_repeater?: { image?: object }[] }> }[]) {
            for (const fields of Object.values(block.fields ?? {}))
              for (const item of fields.media_repeater ?? [])
                expect(item.image).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
          }
        });
      }

      it("variants change existing pages only, with valid blocks of unique ids", () => {
        const ids = new Set(pages.map((p) => p.page_id));
        for (const variant of variants) {
          for (const [pageId, own] of Object.entries(variant.pages)) {
            expect(ids.has(pageId), `${variant.variant_id} → ${pageId}`).toBe(true);
            const { issues, warnings, blocks } = parseRegistered(own.content);
            expect(issues).toEqual([]);
            expect(warnings).toEqual([]);
            expect(blocks.length).toBeGreaterThan(0);
            const blockIds = own.content.map((b) => (b as { id?: string }).id);
            expect(new Set(blockIds).size).toBe(blockIds.length);
          }
        }
      });

      it("redirects point to existing pages", () => {
        const paths = new Set(pages.flatMap((p) => [p.paths.fr, p.paths.en]));
        for (const redirect of redirects) expect(paths.has(redirect.to), redirect.to).toBe(true);
      });
    });
  }

  it("has no lorem ipsum", () => {
    for (const { pages, variants } of sites)
      for (const record of [...pages, ...variants]) expect(JSON.stringify(record).toLowerCase()).not.toContain("lorem");
  });
});

describe("demo page", () => {
  it("parses every block of a registered type", () => {
    const { issues, warnings } = parseRegistered(demoBlocks);
    expect(issues).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("has one block of each registered text type", () => {
    const types = demoBlocks.map((b) => (b as { block_type: string }).block_type);
    for (const type of ["text_block_1", "text_block_2", "txt_img_double_block_1"]) expect(types).toContain(type);
    const ids = demoBlocks.map((b) => (b as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
