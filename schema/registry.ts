/**
 * The schema registry: every block type the product knows, by `block_type`.
 * Each family lists its definitions in `schema/blocks/<family>.ts`.
 */
import type { BlockDefinition } from "./block";
import { textBlocks } from "./blocks/text";

const all: readonly BlockDefinition[] = [...textBlocks] as unknown as readonly BlockDefinition[];

export const blockRegistry: Readonly<Record<string, BlockDefinition>> = Object.freeze(
  Object.fromEntries(all.map((definition) => [definition.type, definition])),
);

export const blockTypes = Object.keys(blockRegistry);

export function getBlockDefinition(type: string): BlockDefinition | undefined {
  return blockRegistry[type];
}
