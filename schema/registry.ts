/**
 * The schema registry: every block type the product knows, by `block_type`.
 * Each family lists its definitions in `schema/blocks/<family>.ts`.
 */
import type { BlockDefinition } from "./block";
import { footerBlocks } from "./blocks/footers";
import { headerBlocks } from "./blocks/headers";
import { heroBlocks } from "./blocks/heroes";
import { textBlocks } from "./blocks/text";

const all: readonly BlockDefinition[] = [
  ...headerBlocks,
  ...footerBlocks,
  ...heroBlocks,
  ...textBlocks,
] as unknown as readonly BlockDefinition[];

// Null prototype: a block_type such as "constructor" or "valueOf" from outside must not find anything.
export const blockRegistry: Readonly<Record<string, BlockDefinition>> = Object.freeze(
  Object.assign(
    Object.create(null) as Record<string, BlockDefinition>,
    Object.fromEntries(all.map((d) => [d.type, d])),
  ),
);

export const blockTypes = Object.keys(blockRegistry);

export function getBlockDefinition(type: string): BlockDefinition | undefined {
  return Object.hasOwn(blockRegistry, type) ? blockRegistry[type] : undefined;
}
