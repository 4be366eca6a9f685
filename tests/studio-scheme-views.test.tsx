/**
 * The studio's canvas skips rendering a block view again when only a colour scheme changed that
 * the view does not read (studio/canvas/CanvasBlockView.tsx): its frame's `data-scheme` and the
 * stylesheets do the rest. Safe only if every view whose markup depends on its own scheme or on
 * the next block's (`ctx.nextScheme`) is in SCHEME_READING_TYPES: every demo block and every
 * registry example is rendered in every scheme, and next to a block of every scheme, here.
 */
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BlockView } from "../renderer/blocks/BlockList";
import { preloadAllBlocks } from "../renderer/blocks/registry";
import type { BlockContext } from "../renderer/blocks/types";
import { getI18n } from "../renderer/lib/i18n";
import { SiteProvider } from "../renderer/lib/site";
import type { Block } from "../schema/block";
import { parseBlocks } from "../schema/parse";
import { blockRegistry } from "../schema/registry";
import { COLOR_SCHEMES } from "../schema/theme";
import { loadFixtures } from "../server/content/seed";
import { SCHEME_READING_TYPES, sameBlockView } from "../studio/canvas/CanvasBlockView";

function render(block: Block, ctx: BlockContext): string {
  const element = (
    <I18nextProvider i18n={getI18n(ctx.locale)}>
      <SiteProvider
        value={{
          locale: ctx.locale,
          siteType: "broker",
          config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
          alternatePaths: { fr: "/fr", en: "/en" },
        }}
      >
        <BlockView block={block} ctx={ctx} />
      </SiteProvider>
    </I18nextProvider>
  );
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [`/${ctx.locale}`] });
  return renderToString(<RouterProvider router={router} />);
}

function sources(): Block[] {
  const raw: unknown[] = [...loadFixtures().demoBlocks];
  for (const definition of Object.values(blockRegistry)) {
    raw.push({ id: `example-${definition.type}`, block_type: definition.type, ...definition.example });
  }
  return parseBlocks(raw, () => {}).blocks;
}

const withScheme = (block: Block, scheme: string): Block => ({
  ...block,
  block_params: { ...block.block_params, color_scheme: scheme },
});

describe("canvas block views and colour schemes", () => {
  beforeAll(async () => {
    await preloadAllBlocks();
  });

  const blocks = sources();

  it("has a block of every registered type to render", () => {
    expect(new Set(blocks.map((b) => b.block_type))).toEqual(new Set(Object.keys(blockRegistry)));
  });

  it("lists every view whose markup changes with its own colour scheme or the next block's", () => {
    const readers = new Set<string>();
    for (const block of blocks) {
      for (const region of ["header", "content", "footer"] as const) {
        const ctx: BlockContext = { locale: "fr", siteType: "broker", index: 0, region, nextType: "text_block" };
        const base = render(withScheme(block, COLOR_SCHEMES[0]!), { ...ctx, nextScheme: COLOR_SCHEMES[0] });
        for (const scheme of COLOR_SCHEMES) {
          if (render(withScheme(block, scheme), { ...ctx, nextScheme: COLOR_SCHEMES[0] }) !== base)
            readers.add(block.block_type);
          if (render(withScheme(block, COLOR_SCHEMES[0]!), { ...ctx, nextScheme: scheme }) !== base)
            readers.add(block.block_type);
        }
      }
    }
    // Exactly those: a missing one would show a stale view, an extra one would render for nothing.
    expect([...readers].sort()).toEqual([...SCHEME_READING_TYPES].sort());
    // The skip is worth something only if most views do not read a scheme.
    expect(readers.size).toBeLessThan(Object.keys(blockRegistry).length / 4);
  });

  it("renders a view again when its fields, its other params or its context change, and on any change for a reader", () => {
    const ctx: BlockContext = { locale: "fr", siteType: "broker", index: 3, region: "content", nextScheme: "normal" };
    const text = blocks.find((b) => !SCHEME_READING_TYPES.has(b.block_type))!;
    const footer = blocks.find((b) => b.block_type === "footer_classic_block")!;
    const a = withScheme(text, "normal");
    expect(sameBlockView({ block: a, ctx }, { block: withScheme(a, "dark"), ctx })).toBe(true);
    expect(sameBlockView({ block: a, ctx }, { block: a, ctx: { ...ctx, nextScheme: "dark" } })).toBe(true);
    expect(sameBlockView({ block: a, ctx }, { block: { ...a, fields: { ...a.fields } }, ctx })).toBe(false);
    expect(
      sameBlockView({ block: a, ctx }, { block: { ...a, block_params: { ...a.block_params, anchor: "x" } }, ctx }),
    ).toBe(false);
    expect(sameBlockView({ block: a, ctx }, { block: a, ctx: { ...ctx, index: 4 } })).toBe(false);
    const f = withScheme(footer, "normal");
    expect(sameBlockView({ block: f, ctx }, { block: withScheme(f, "dark"), ctx })).toBe(false);
    expect(sameBlockView({ block: f, ctx }, { block: f, ctx: { ...ctx, nextScheme: "dark" } })).toBe(false);
  });
});
