/**
 * Validates the raw blocks of a page answer one by one. A block that fails its
 * schema or has an unknown type is dropped with one warning that names it and
 * the failing dotted path; a bad block never takes the page down.
 */
import type { Block, BlockIssue } from "./block";
import { issuePath, normaliseRawBlock, rawBlockSchema } from "./block";
import { getBlockDefinition } from "./registry";

export interface ParseBlocksResult {
  blocks: Block[];
  issues: BlockIssue[];
}

export type Warn = (message: string) => void;

const defaultWarn: Warn = (message) => console.warn(message);

export function parseBlock(
  raw: unknown,
  index: number,
  warn: Warn = defaultWarn,
): { block?: Block; issue?: BlockIssue } {
  const envelope = rawBlockSchema.safeParse(raw);
  if (!envelope.success) {
    const first = envelope.error.issues[0];
    const issue = { index, path: issuePath(first?.path ?? []), message: first?.message ?? "Invalid block" };
    warn(`Block #${index} dropped: not a block (${issue.path || "root"}: ${issue.message}).`);
    return { issue };
  }
  const normalised = normaliseRawBlock(envelope.data, index, warn);
  const definition = getBlockDefinition(normalised.block_type);
  if (!definition) {
    const issue = {
      index,
      id: normalised.id,
      block_type: normalised.block_type,
      path: "block_type",
      message: "Unknown block type",
    };
    warn(`Block ${normalised.id} dropped: unknown block type "${normalised.block_type}".`);
    return { issue };
  }
  const result = definition.schema.safeParse(normalised);
  if (!result.success) {
    const first = result.error.issues[0];
    const issue = {
      index,
      id: normalised.id,
      block_type: normalised.block_type,
      path: issuePath(first?.path ?? []),
      message: first?.message ?? "Invalid value",
    };
    warn(`Block ${normalised.id} (${normalised.block_type}) dropped: ${issue.path}: ${issue.message}.`);
    return { issue };
  }
  return { block: result.data as Block };
}

export function parseBlocks(raw: readonly unknown[] | undefined, warn: Warn = defaultWarn): ParseBlocksResult {
  const blocks: Block[] = [];
  const issues: BlockIssue[] = [];
  (raw ?? []).forEach((item, index) => {
    const { block, issue } = parseBlock(item, index, warn);
    if (block) blocks.push(block);
    if (issue) issues.push(issue);
  });
  return { blocks, issues };
}
