/** Runs every block of a document through its definition's schema. */

import type { Block } from "../../schema/block";
import { getBlockDefinition } from "../../schema/registry";
import type { StudioDoc, ValidationIssue } from "./types";

export function validateBlock(block: Block): ValidationIssue[] {
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

export function validateDoc(doc: StudioDoc | null): ValidationIssue[] {
  if (!doc) return [];
  return doc.blocks.flatMap(validateBlock);
}
