/**
 * Block migrations (issue 28): a block type's schema changes with a migration from its previous
 * version (schema/block.ts). A page stored with the old shape renders with the block migrated;
 * a save stores it migrated; a block no migration can carry stays in the store as it was and
 * shows in the studio as an error card, never silently deleted.
 */
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BlockList } from "../renderer/blocks/BlockList";
import { preloadAllBlocks } from "../renderer/blocks/registry";
import { getI18n } from "../renderer/lib/i18n";
import { SiteProvider } from "../renderer/lib/site";
import { type Block, type BlockDefinition, defineBlock, migrateBlock } from "../schema/block";
import { textBlock1 } from "../schema/blocks/text";
import { f } from "../schema/fields";
import { migrateStoredBlocks, parseBlocks } from "../schema/parse";
import { getBlockDefinition } from "../schema/registry";
import { studioBlocks } from "../studio/shell/api";
import { validateBlock } from "../studio/store/validate";
import { BROKER, createTestService, editorToken } from "./helpers/content-service";

/**
 * text_block_1 as a later release would have it: version 3. Version 2 renamed the title field
 * (`title` → `main_title`); version 3 turned the button's `label` into `text`.
 */
const textBlock1V3 = defineBlock({
  type: "text_block_1",
  family: "text",
  label: textBlock1.label,
  description: textBlock1.description,
  fields: {
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    cta: f.link().optional(),
  },
  example: textBlock1.example,
  version: 3,
  migrations: {
    2: (block) => ({
      ...block,
      fields: Object.fromEntries(
        Object.entries(block.fields).map(([locale, value]) => {
          const { title, ...rest } = value as Record<string, unknown>;
          return [locale, title === undefined ? rest : { ...rest, main_title: title }];
        }),
      ),
    }),
    3: (block) => ({
      ...block,
      fields: Object.fromEntries(
        Object.entries(block.fields).map(([locale, value]) => {
          const { cta, ...rest } = value as { cta?: { label?: string; url?: string } };
          if (!cta) return [locale, rest];
          if (typeof cta.url !== "string") throw new Error("a button without its address");
          return [locale, { ...rest, cta: { url: cta.url, text: cta.label } }];
        }),
      ),
    }),
  },
});
const lookup = (type: string): BlockDefinition | undefined =>
  type === "text_block_1" ? (textBlock1V3 as unknown as BlockDefinition) : getBlockDefinition(type);

/** A page's text_block_1 as version 1 stored it. */
const stored = (id: string, cta: Record<string, unknown> = { label: "Écrivez-moi", url: "/fr/contact" }) => ({
  id,
  block_type: "text_block_1",
  block_params: { color_scheme: "normal" },
  fields: {
    fr: { title: "Vendre à Lévis en 2027", description: "<p>Le marché change.</p>", cta },
    en: { title: "Selling in Lévis in 2027", description: "<p>The market is changing.</p>", cta },
  },
});

function render(blocks: Block[]): string {
  const element = (
    <I18nextProvider i18n={getI18n("fr")}>
      <SiteProvider
        value={{
          locale: "fr",
          siteType: "broker",
          config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
          alternatePaths: { fr: "/fr", en: "/en" },
        }}
      >
        <BlockList blocks={blocks} locale="fr" siteType="broker" region="content" />
      </SiteProvider>
    </I18nextProvider>
  );
  return renderToString(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
}

describe("block migrations", () => {
  beforeAll(() => preloadAllBlocks());

  it("refuses a schema version without its migration when the type is defined", () => {
    expect(() =>
      defineBlock({
        type: "broken_block",
        family: "text",
        label: { fr: "x", en: "x" },
        description: { fr: "x", en: "x" },
        fields: {},
        example: { block_params: {}, fields: { fr: {}, en: {} } },
        version: 3,
        migrations: { 2: (b) => b },
      }),
    ).toThrow("broken_block: no migration to version 3");
  });

  it("renders an old stored page with its block migrated, step by step", () => {
    const warnings: string[] = [];
    const { blocks, issues } = parseBlocks([stored("old")], (m) => warnings.push(m), lookup);
    expect(issues).toEqual([]);
    expect(warnings).toEqual([]);
    expect(blocks[0]).toMatchObject({
      schema_version: 3,
      fields: { fr: { main_title: "Vendre à Lévis en 2027", cta: { url: "/fr/contact", text: "Écrivez-moi" } } },
    });
    const html = render(blocks);
    expect(html).toContain("Vendre à Lévis en 2027");
    expect(html).toContain("Écrivez-moi");
    expect(html).toContain('href="/fr/contact"');
    // A block already at the current version is not migrated again.
    expect(migrateBlock(blocks[0]!, textBlock1V3)).toEqual({ ok: true, block: blocks[0] });
  });

  it("keeps a block no migration can carry: off the visitor's page, in the store, an error card in the studio", () => {
    const broken = stored("broken", { label: "Sans adresse" });
    const newer = { ...stored("newer"), schema_version: 9 };
    const warnings: string[] = [];
    const { blocks, issues } = parseBlocks([broken, newer, stored("fine")], (m) => warnings.push(m), lookup);
    expect(blocks.map((b) => b.id)).toEqual(["fine"]);
    expect(issues.map((i) => [i.id, i.path])).toEqual([
      ["broken", "schema_version"],
      ["newer", "schema_version"],
    ]);
    expect(warnings.join("\n")).toContain("Migration to version 3 failed: a button without its address");
    expect(warnings.join("\n")).toContain("newer version (9)");

    // A save keeps them exactly as they came, and stores the others migrated.
    const saved = migrateStoredBlocks([broken, newer, stored("fine")], lookup);
    expect(saved[0]).toEqual(broken);
    expect(saved[1]).toEqual(newer);
    expect(saved[2]).toMatchObject({ schema_version: 3, fields: { en: { main_title: "Selling in Lévis in 2027" } } });

    // In the studio (today's registry, version 1): the block of a newer release is on the canvas, invalid.
    const inStudio = studioBlocks([newer, stored("fine")]);
    expect(inStudio.map((b) => b.id)).toEqual(["newer", "fine"]);
    expect(validateBlock(inStudio[0]!).length).toBeGreaterThan(0);
  });

  it("stores a saved page's blocks at their current version, and never drops one it cannot read", async () => {
    const ctx = await createTestService();
    try {
      const token = await editorToken(ctx.service);
      const page = structuredClone((await ctx.service.storage.content.getPage(BROKER.site_id, "about"))!);
      const future = { ...stored("future"), schema_version: 7 };
      page.content.push(future, { id: "unknown", block_type: "retired_block_9", fields: {} });
      const answer = await ctx.service.handle(
        new Request(`http://localhost/api/pages/${BROKER.site_id}/about`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ page, base_version: page.version }),
        }),
      );
      expect(answer.status).toBe(200);
      const saved = (await ctx.service.storage.content.getPage(BROKER.site_id, "about"))!;
      expect(saved.content.slice(-2)).toEqual([future, { id: "unknown", block_type: "retired_block_9", fields: {} }]);
    } finally {
      await ctx.cleanup();
    }
  });
});
