/**
 * Validates the raw blocks of a page answer one by one, each first brought up to its type's
 * current schema version (schema/block.ts, migrateBlock). A block that fails its schema, cannot
 * be migrated or has an unknown type is dropped from the view with one warning that names it and
 * the failing dotted path; a bad block never takes the page down (the store keeps it as it is).
 */
import type { Block, BlockDefinition, BlockIssue } from "./block";
import { issuePath, migrateBlock, normaliseRawBlock, rawBlockSchema } from "./block";
import { getBlockDefinition } from "./registry";

/** How a block type is found: the registry (tests hand in a changed schema). */
export type DefinitionLookup = (type: string) => BlockDefinition | undefined;

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
  lookup: DefinitionLookup = getBlockDefinition,
): { block?: Block; issue?: BlockIssue } {
  const envelope = rawBlockSchema.safeParse(raw);
  if (!envelope.success) {
    const first = envelope.error.issues[0];
    const issue = { index, path: issuePath(first?.path ?? []), message: first?.message ?? "Invalid block" };
    warn(`Block #${index} dropped: not a block (${issue.path || "root"}: ${issue.message}).`);
    return { issue };
  }
  const normalised = normaliseRawBlock(envelope.data, index, warn);
  const definition = lookup(normalised.block_type);
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
  const migrated = migrateBlock(normalised, definition);
  if (!migrated.ok) {
    const issue = {
      index,
      id: normalised.id,
      block_type: normalised.block_type,
      path: "schema_version",
      message: migrated.message,
    };
    warn(`Block ${normalised.id} (${normalised.block_type}) dropped: ${migrated.message}.`);
    return { issue };
  }
  const result = definition.schema.safeParse(migrated.block);
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

export function parseBlocks(
  raw: readonly unknown[] | undefined,
  warn: Warn = defaultWarn,
  lookup: DefinitionLookup = getBlockDefinition,
): ParseBlocksResult {
  const blocks: Block[] = [];
  const issues: BlockIssue[] = [];
  (raw ?? []).forEach((item, index) => {
    const { block, issue } = parseBlock(item, index, warn, lookup);
    if (block) blocks.push(block);
    if (issue) issues.push(issue);
  });
  return { blocks, issues };
}

/**
 * Blocks as a save stores them: each brought up to its type's current version where it can be;
 * every other block (unknown type, not migratable, not a block) kept exactly as it came, so a
 * save never loses what it cannot read.
 */
export function migrateStoredBlocks(raw: readonly unknown[], lookup: DefinitionLookup = getBlockDefinition): unknown[] {
  return raw.map((item, index) => {
    const envelope = rawBlockSchema.safeParse(item);
    if (!envelope.success) return item;
    const definition = lookup(envelope.data.block_type);
    if (!definition || (envelope.data.schema_version ?? 1) === definition.version) return item;
    const migrated = migrateBlock(
      normaliseRawBlock(envelope.data, index, () => {}),
      definition,
    );
    return migrated.ok ? migrated.block : item;
  });
}

/**
 * Blocks as a version's change summary compares them: each parsed with its schema, so a value
 * the schema fills in (a link's `target: "_self"`, a video's defaults) is the same whether a save
 * wrote it or not; a block that does not parse is compared as it is. Without this the studio's
 * first publish of a fixture page reported every block with a link as changed.
 */
export function comparableBlocks(raw: readonly unknown[], lookup: DefinitionLookup = getBlockDefinition): unknown[] {
  const quiet: Warn = () => {};
  return raw.map((item, index) => parseBlock(item, index, quiet, lookup).block ?? item);
}
