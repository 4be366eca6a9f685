/**
 * `npx tsx scripts/write-demo-page.ts`: writes fixtures/demo-page.json, the blocks the
 * studio opens as the demo page (GET /development/demo-page): one block per registered
 * type, from its example. tests/demo-page.test.ts fails when it is out of date.
 */
import fs from "node:fs";
import path from "node:path";
import { blockRegistry, blockTypes } from "../schema/registry";

export function demoBlocks() {
  return blockTypes.map((type) => {
    const definition = blockRegistry[type]!;
    return {
      id: `demo-${type.replace(/_/g, "-")}`,
      block_type: type,
      block_params: definition.example.block_params,
      fields: definition.example.fields,
    };
  });
}

export const DEMO_PAGE_FILE = path.resolve(import.meta.dirname, "../fixtures/demo-page.json");

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(DEMO_PAGE_FILE, `${JSON.stringify(demoBlocks(), null, 2)}\n`);
  console.log(`Wrote ${blockTypes.length} demo blocks to ${path.relative(process.cwd(), DEMO_PAGE_FILE)}`);
}
