/**
 * The schema registry: every block type the product knows, by `block_type`.
 * Each family lists its definitions in `schema/blocks/<family>.ts`.
 */
import type { BlockDefinition } from "./block";
import { blogBlocks } from "./blocks/blog";
import { contentBlocks } from "./blocks/content";
import { embedsBlocks } from "./blocks/embeds";
import { footerBlocks } from "./blocks/footers";
import { formBlocks } from "./blocks/forms";
import { headerBlocks } from "./blocks/headers";
import { heroBlocks } from "./blocks/heroes";
import { mapsBlocks } from "./blocks/maps";
import { mediaBlocks } from "./blocks/media";
import { membersBlocks } from "./blocks/members";
import { officesBlocks } from "./blocks/offices";
import { partnersBlocks } from "./blocks/partners";
import { propertiesBlocks } from "./blocks/properties";
import { testimonialsBlocks } from "./blocks/testimonials";
import { textBlocks } from "./blocks/text";
import { utilityBlocks } from "./blocks/utility";

const all: readonly BlockDefinition[] = [
  ...headerBlocks,
  ...footerBlocks,
  ...heroBlocks,
  ...textBlocks,
  ...formBlocks,
  ...propertiesBlocks,
  ...officesBlocks,
  ...mapsBlocks,
  ...contentBlocks,
  ...membersBlocks,
  ...partnersBlocks,
  ...testimonialsBlocks,
  ...mediaBlocks,
  ...embedsBlocks,
  ...utilityBlocks,
  ...blogBlocks,
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
