/**
 * Runs blocks through their definition's schema. Results are kept per block object: the
 * store's blocks are immutable (immer), so an edit makes a new object for the edited block
 * only and every other block's result is reused. Validating a 300-block document after a
 * keystroke costs one schema run, not 300.
 */

import type { Block } from "../../schema/block";
import { getBlockDefinition } from "../../schema/registry";
import type { StudioDoc, ValidationIssue } from "./types";

const cache = new WeakMap<Block, readonly ValidationIssue[]>();

function runSchema(block: Block): ValidationIssue[] {
  const definition = getBlockDefinition(block.block_type);
  if (!definition) {
    return [{ blockId: block.id, block_type: block.block_type, path: "block_type", message: "Unknown block type" }];
  }
  const result = definition.schema.safeParse(block);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    const locale =
      issue.path[0] === "fields" && (issue.path[1] === "fr" || issue.path[1] === "en") ? issue.path[1] : undefined;
    return { blockId: block.id, block_type: block.block_type, locale, path, message: issue.message };
  });
}

/** The block's schema issues (none: valid), computed once per block object. Do not mutate the result. */
export function validateBlock(block: Block): readonly ValidationIssue[] {
  let issues = cache.get(block);
  if (!issues) {
    issues = runSchema(block);
    // A block that is still mutable (a test's or an import's object, not yet frozen by immer)
    // may change in place: its result is not kept.
    if (Object.isFrozen(block)) cache.set(block, issues);
  }
  return issues;
}

export function validateDoc(doc: StudioDoc | null): ValidationIssue[] {
  if (!doc) return [];
  return doc.blocks.flatMap(validateBlock);
}
