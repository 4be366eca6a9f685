/**
 * Property-based: fixture blocks, damaged in the ways a content service answer can be
 * (dropped fields, wrong types, unknown block types, odd colour schemes, null params),
 * go through parseBlocks and a server render of BlockList without ever throwing or
 * falling back to client rendering.
 */
import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BlockList } from "../renderer/blocks/BlockList";
import { preloadAllBlocks } from "../renderer/blocks/registry";
import { getI18n } from "../renderer/lib/i18n";
import { SiteProvider } from "../renderer/lib/site";
import type { Block } from "../schema/block";
import type { Locale } from "../schema/common";
import { parseBlocks } from "../schema/parse";
import { blockRegistry } from "../schema/registry";
import { COLOR_SCHEMES } from "../schema/theme";
import { loadFixtures } from "../server/content/seed";

type Json = Record<string, unknown>;

/** Every block of the fixtures (site headers and footers, pages, demo page) and every registry example. */
function sourceBlocks(): Json[] {
  const { sites, demoBlocks } = loadFixtures();
  const blocks: unknown[] = [...demoBlocks];
  for (const { site, pages } of sites) {
    blocks.push(...((site as Json).header as unknown[]), ...((site as Json).footer as unknown[]));
    for (const page of pages as Json[]) {
      for (const key of ["header", "content", "footer"]) {
        if (Array.isArray(page[key])) blocks.push(...(page[key] as unknown[]));
      }
    }
  }
  for (const definition of Object.values(blockRegistry)) {
    blocks.push({ id: `example-${definition.type}`, block_type: definition.type, ...definition.example });
  }
  return blocks.filter((b): b is Json => Boolean(b) && typeof b === "object");
}

/** Dotted paths to every value inside a block (objects, arrays and leaves). */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...prefix, i]);
      paths(item, [...prefix, i], out);
    });
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      out.push([...prefix, key]);
      paths(child, [...prefix, key], out);
    }
  }
  return out;
}

function parentOf(root: unknown, path: (string | number)[]): Json | unknown[] | undefined {
  let current: unknown = root;
  for (const part of path.slice(0, -1)) {
    if (!current || typeof current !== "object") return undefined;
    current = (current as Json)[part as string];
  }
  return current && typeof current === "object" ? (current as Json) : undefined;
}

type Mutation =
  | { kind: "drop"; block: number; at: number }
  | { kind: "retype"; block: number; at: number; value: unknown }
  | { kind: "unknown-type"; block: number; name: string }
  | { kind: "scheme"; block: number; value: unknown }
  | { kind: "null-params"; block: number }
  | { kind: "null-fields"; block: number }
  | { kind: "drop-locale"; block: number; locale: Locale }
  | { kind: "no-id"; block: number };

const wrongValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
  fc.constantFrom("<script>alert(1)</script>", "javascript:alert(1)", "", " ", "#zzz", "-1", "NaN"),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("drop" as const), block: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant("retype" as const), block: fc.nat(), at: fc.nat(), value: wrongValue }),
  fc.record({ kind: fc.constant("unknown-type" as const), block: fc.nat(), name: fc.string() }),
  fc.record({
    kind: fc.constant("scheme" as const),
    block: fc.nat(),
    value: fc.oneof(fc.constantFrom(...COLOR_SCHEMES), fc.string(), fc.constant(null), fc.integer()),
  }),
  fc.record({ kind: fc.constant("null-params" as const), block: fc.nat() }),
  fc.record({ kind: fc.constant("null-fields" as const), block: fc.nat() }),
  fc.record({ kind: fc.constant("drop-locale" as const), block: fc.nat(), locale: fc.constantFrom("fr", "en") }),
  fc.record({ kind: fc.constant("no-id" as const), block: fc.nat() }),
);

function applyMutation(blocks: Json[], m: Mutation) {
  const block = blocks[m.block % blocks.length];
  if (!block) return;
  switch (m.kind) {
    case "drop":
    case "retype": {
      const all = paths(block);
      const path = all[m.at % Math.max(1, all.length)];
      const parent = path ? parentOf(block, path) : undefined;
      if (!path || !parent) return;
      const key = path.at(-1)!;
      if (m.kind === "drop") {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key as string];
      } else {
        (parent as Json)[key as string] = m.value;
      }
      return;
    }
    case "unknown-type":
      block.block_type = m.name;
      return;
    case "scheme":
      block.block_params = { ...((block.block_params as Json | null) ?? {}), color_scheme: m.value };
      return;
    case "null-params":
      block.block_params = null;
      return;
    case "null-fields":
      block.fields = null;
      return;
    case "drop-locale":
      if (block.fields && typeof block.fields === "object") delete (block.fields as Json)[m.locale];
      return;
    case "no-id":
      delete block.id;
      return;
  }
}

function renderBlocks(blocks: Block[], locale: Locale): string {
  const element = (
    <I18nextProvider i18n={getI18n(locale)}>
      <SiteProvider
        value={{
          locale,
          siteType: "broker",
          config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
          alternatePaths: { fr: "/fr", en: "/en" },
        }}
      >
        <BlockList blocks={blocks} locale={locale} siteType="broker" region="content" />
      </SiteProvider>
    </I18nextProvider>
  );
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [`/${locale}`] });
  return renderToString(<RouterProvider router={router} />);
}

const SOURCE = sourceBlocks();
const noWarn = () => {};

/** Fails on console.error (React reports render errors there) and on Suspense client-render fallbacks. */
function expectCleanRender(html: string, errors: unknown[][]) {
  expect(html).not.toContain("Switched to client rendering");
  expect(errors.map((args) => String(args[0]).slice(0, 300))).toEqual([]);
}

describe("rendering damaged blocks", () => {
  beforeAll(async () => {
    await preloadAllBlocks();
  });
  afterEach(() => vi.restoreAllMocks());

  it("has fixture blocks to work with", () => {
    expect(SOURCE.length).toBeGreaterThan(0);
  });

  it.each(["fr", "en"] as const)("renders every undamaged fixture block in %s", (locale) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings: string[] = [];
    const { blocks } = parseBlocks(structuredClone(SOURCE), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    const html = renderBlocks(blocks, locale);
    for (const block of blocks) expect(html).toContain(`data-block-id="${block.id}"`);
    expectCleanRender(html, errors.mock.calls);
  });

  it("never throws on mutated fixture blocks", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.array(mutation, { minLength: 1, maxLength: 5 }),
        fc.constantFrom<Locale>("fr", "en"),
        (picks, mutations, locale) => {
          errors.mockClear();
          const raw = picks.map((i) => structuredClone(SOURCE[i % SOURCE.length]!));
          for (const m of mutations) applyMutation(raw, m);
          const { blocks, issues } = parseBlocks(raw, noWarn);
          expect(blocks.length + issues.length).toBe(raw.length);
          const html = renderBlocks(blocks, locale);
          for (const block of blocks) expect(html).toContain(`data-block-type="${block.block_type}"`);
          expectCleanRender(html, errors.mock.calls);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("drops non-objects and garbage without throwing", () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 5 }), (raw) => {
        const { blocks, issues } = parseBlocks(raw, noWarn);
        expect(blocks.length + issues.length).toBe(raw.length);
      }),
      { numRuns: 200 },
    );
  });
});
