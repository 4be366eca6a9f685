import { describe, expect, it } from "vitest";
import { hasView, renderRegistry } from "../renderer/blocks/registry";
import { blockRegistry, blockTypes } from "../schema/registry";

describe("block registries", () => {
  it("knows at least one block type", () => {
    expect(blockTypes.length).toBeGreaterThan(0);
  });

  it.each(blockTypes)("%s has a view in the render registry", (type) => {
    expect(hasView(type)).toBe(true);
  });

  it.each(blockTypes)("%s: its example parses with its own schema", (type) => {
    const definition = blockRegistry[type]!;
    const result = definition.schema.safeParse({ id: `${type}-example`, block_type: type, ...definition.example });
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([]);
  });

  it("every view has a schema entry", () => {
    const orphans = Object.keys(renderRegistry).filter((type) => !(type in blockRegistry));
    expect(orphans).toEqual([]);
  });

  it("every view module loads and exports a component", async () => {
    for (const [type, entry] of Object.entries(renderRegistry)) {
      const view = await entry.preload();
      expect(["function", "object"], type).toContain(typeof view);
      expect(view, type).toBeTruthy();
    }
  });
});
