/** The block-by-block comparison of two versions of a page (schema/page-diff.ts). */
import { describe, expect, it } from "vitest";
import { diffPages, sameValue, summariseChanges } from "../schema/page-diff";

const block = (id: string, fr: Record<string, unknown> = {}, params: Record<string, unknown> = {}, en = fr) => ({
  id,
  block_type: "text_block_1",
  block_params: params,
  fields: { fr, en },
});
const page = (content: unknown[], extra: Record<string, unknown> = {}) => ({
  title: { fr: "Accueil", en: "Home" },
  paths: { fr: "/fr", en: "/en" },
  content,
  ...extra,
});

describe("diffPages", () => {
  it("finds nothing between a page and itself, whatever the key order", () => {
    const a = page([block("a", { title: "Un", body: "x" }, { color_scheme: "dark" })]);
    const b = page([
      {
        fields: { en: { body: "x", title: "Un" }, fr: { body: "x", title: "Un" } },
        block_params: { color_scheme: "dark" },
        block_type: "text_block_1",
        id: "a",
      },
    ]);
    expect(diffPages(a, b)).toEqual({ blocks: [], page: [] });
  });

  it("names added, removed and changed blocks, in the new order then the removed ones", () => {
    const before = page([block("a", { title: "Un" }), block("b", { title: "Deux" }), block("c", { title: "Trois" })]);
    const after = page([block("a", { title: "Un !" }), block("n", { title: "Neuf" }), block("c", { title: "Trois" })]);
    const diff = diffPages(before, after);
    expect(diff.blocks.map((b) => [b.kind, b.key])).toEqual([
      ["changed", "a"],
      ["added", "n"],
      ["removed", "b"],
    ]);
    expect(diff.blocks[0]).toMatchObject({
      moved: false,
      fields: [{ path: "fields.fr.title", locales: ["fr", "en"] }],
    });
  });

  it("tells which language a text changed in, and which parameters changed", () => {
    const before = page([block("a", { title: "Un" }, { color_scheme: "light" }, { title: "One" })]);
    const after = page([block("a", { title: "Un" }, { color_scheme: "dark" }, { title: "One!" })]);
    const [change] = diffPages(before, after).blocks;
    expect(change).toMatchObject({
      kind: "changed",
      fields: [
        { path: "fields.en.title", locales: ["en"] },
        { path: "block_params.color_scheme", locales: [] },
      ],
    });
  });

  it("names a repeater's changed items when its length is the same, the whole list otherwise", () => {
    const buttons = (...labels: string[]) => ({ buttons: labels.map((text) => ({ text })) });
    const before = page([block("a", buttons("Voir", "Appeler")), block("b", buttons("Voir"))]);
    const after = page([block("a", buttons("Voir", "Écrire")), block("b", buttons("Voir", "Appeler"))]);
    const [a, b] = diffPages(before, after).blocks;
    expect(a).toMatchObject({ fields: [{ path: "fields.fr.buttons.1" }] });
    expect(b).toMatchObject({ fields: [{ path: "fields.fr.buttons" }] });
  });

  it("marks only the blocks that left their order as moved", () => {
    const before = page([block("a"), block("b"), block("c"), block("d")]);
    const after = page([block("b"), block("c"), block("a"), block("d", { title: "changé" })]);
    const diff = diffPages(before, after);
    expect(diff.blocks).toEqual([
      { kind: "moved", key: "a", block_type: "text_block_1", index: 2, from: 0 },
      expect.objectContaining({ kind: "changed", key: "d", moved: false }),
    ]);
  });

  it("matches blocks without an id, or with a repeated one, by their place", () => {
    const before = page([{ block_type: "x", fields: { fr: { t: 1 } } }, block("dup"), block("dup")]);
    const after = page([{ block_type: "x", fields: { fr: { t: 2 } } }, block("dup"), block("dup", { t: "z" })]);
    const diff = diffPages(before, after);
    expect(diff.blocks.map((b) => [b.kind, b.key])).toEqual([
      ["changed", "#0"],
      ["changed", "#2"],
    ]);
  });

  it("names the page's own parts that changed; absent and false visibility are the same", () => {
    const before = page([], { hidden: undefined });
    const after = page([], { title: { fr: "Accueil", en: "Welcome" }, hidden: false, seo: { title: "x" } });
    expect(diffPages(before, after).page).toEqual(["title", "seo"]);
  });
});

describe("summariseChanges", () => {
  it("counts a first version's blocks as added", () => {
    expect(summariseChanges(undefined, page([block("a"), block("b")]))).toEqual({
      origin: "created",
      added: 2,
      removed: 0,
      changed: 0,
      moved: 0,
      page: false,
    });
  });

  it("counts each kind, a changed block that also moved counting in both", () => {
    const before = page([block("a"), block("b"), block("c")]);
    const after = page([block("c", { t: 1 }), block("a"), block("n")], { title: { fr: "Autre", en: "Other" } });
    expect(summariseChanges(before, after)).toEqual({
      origin: "published",
      added: 1,
      removed: 1,
      changed: 1,
      moved: 1,
      page: true,
    });
  });
});

describe("sameValue", () => {
  it("compares JSON values deeply, arrays by order and objects by keys", () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});
