/**
 * The canvas re-renders its 300-block list only when the list's structure changes
 * (studio/canvas/Canvas.tsx `sameStructure`); an edit inside a block re-renders that block.
 */
import { describe, expect, it } from "vitest";
import type { Block } from "../schema/block";
import { sameStructure } from "../studio/canvas/Canvas";
import { blockFromExample } from "../studio/store";

const page = () =>
  ["text_block_1", "text_block_2", "text_block_1"].map((t, i) => blockFromExample(t, `b${i}`) as Block);

describe("sameStructure", () => {
  it("holds for an edit inside a block: same ids, types and colour schemes in the same order", () => {
    const before = page();
    const after = [...before];
    after[1] = {
      ...before[1]!,
      fields: { ...before[1]!.fields, fr: { ...before[1]!.fields.fr, main_title: "Autre" } },
    };
    expect(sameStructure(before, after)).toBe(true);
    expect(sameStructure(before, before)).toBe(true);
  });

  it("breaks when a neighbour's context changes: order, type, colour scheme, count", () => {
    const before = page();
    expect(sameStructure(before, [before[1]!, before[0]!, before[2]!])).toBe(false);
    expect(sameStructure(before, before.slice(0, 2))).toBe(false);
    const retyped = [...before];
    retyped[2] = { ...before[2]!, block_type: "text_block_2" };
    expect(sameStructure(before, retyped)).toBe(false);
    const recoloured = [...before];
    recoloured[0] = { ...before[0]!, block_params: { ...before[0]!.block_params, color_scheme: "inverted" } };
    expect(sameStructure(before, recoloured)).toBe(false);
  });
});
