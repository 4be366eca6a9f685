/**
 * The canvas's block view: the public BlockView, kept from rendering again when what changed is
 * a colour scheme it does not read. A block's scheme is its frame's `data-scheme` (BlockFrame), and
 * stylesheets do the rest; only a few views read a scheme themselves. Undoing a scheme change on
 * an offices grid re-rendered every card (11 ms) for a change of one attribute.
 */
import { memo } from "react";
import { BlockView } from "../../renderer/blocks/BlockList";
import type { BlockContext } from "../../renderer/blocks/types";
import type { Block } from "../../schema/block";

/**
 * Block types whose view reads its own colour scheme or the next block's (`ctx.nextScheme`):
 * they render again when either changes. tests/studio-scheme-views.test.tsx renders every type
 * in every scheme: this must be exactly the types whose markup changes with one.
 */
export const SCHEME_READING_TYPES: ReadonlySet<string> = new Set([
  "header_classic_block",
  "header_megamenu_block",
  "header_out_of_norm_block",
  "footer_classic_block",
  "rewards_block",
  "demo_block",
]);

type Props = { block: Block; ctx: BlockContext };

/**
 * Whether two flat objects hold the same keys with the same values, but perhaps `ignored`'s (no
 * allocation: runs for every block of the page at each render of the canvas's list).
 */
export function sameEntries<T extends object>(a: T, b: T, ignored?: keyof T): boolean {
  if (a === b) return true;
  let count = 0;
  for (const key in a) {
    count++;
    if (key !== ignored && a[key] !== b[key]) return false;
  }
  for (const _ in b) count--;
  return count === 0;
}

export function sameBlockView(a: Props, b: Props): boolean {
  const x = a.block;
  const y = b.block;
  const readsSchemes = SCHEME_READING_TYPES.has(y.block_type);
  if (!sameEntries(a.ctx, b.ctx, readsSchemes ? undefined : "nextScheme")) return false;
  if (x === y) return true;
  if (readsSchemes || x.id !== y.id || x.block_type !== y.block_type || x.fields !== y.fields) return false;
  return sameEntries(x.block_params, y.block_params, "color_scheme");
}

export const CanvasBlockView = memo(BlockView, sameBlockView);
