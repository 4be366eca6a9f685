import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBlocks } from "../schema/parse";
import { blockTypes } from "../schema/registry";
import { DEMO_PAGE_FILE, demoBlocks } from "../scripts/write-demo-page";

describe("the studio's demo page", () => {
  const stored = JSON.parse(fs.readFileSync(DEMO_PAGE_FILE, "utf8")) as unknown[];

  it("holds one block of every registered type (regenerate with scripts/write-demo-page.ts)", () => {
    expect(stored).toEqual(JSON.parse(JSON.stringify(demoBlocks())));
    expect(new Set((stored as { block_type: string }[]).map((b) => b.block_type))).toEqual(new Set(blockTypes));
  });

  it("every demo block passes its schema", () => {
    const { issues } = parseBlocks(stored, () => {});
    expect(issues).toEqual([]);
  });
});
