/**
 * The canvas lays its blocks out in chunks of a few blocks each (`.studio-chunk`, a block
 * formatting context of its own). A keystroke that changes one block's height then re-lays out
 * that block's chunk and the list of chunks, not the 600 blocks and drop zones of a 300-block
 * page one by one (~2 ms a key); a chunk far from the visible part is skipped whole by the
 * browser (far-blocks.ts), so it watches some forty chunks instead of 300 blocks.
 *
 * React keeps a block's DOM and state only while it stays in the same parent, so the chunks
 * are stable: a block stays in the chunk it was in, a new block joins the chunk where it is
 * inserted, and only a block moved elsewhere (or a chunk grown to twice its size) changes
 * chunk. When edits have left too many small chunks, the list is cut again from scratch.
 */

export const CHUNK_SIZE = 8;

export interface Chunk {
  /** React key: kept while the chunk keeps blocks of its own. */
  key: string;
  /** Index of its first block in the page. */
  start: number;
  ids: string[];
}

export interface ChunkState {
  chunks: Chunk[];
  /** Next number for a new chunk's key: keys are never reused. */
  next: number;
}

export const NO_CHUNKS: ChunkState = { chunks: [], next: 0 };

function fromScratch(ids: readonly string[], size: number, next: number): ChunkState {
  const chunks: Chunk[] = [];
  for (let start = 0; start < ids.length; start += size)
    chunks.push({ key: `c${next++}`, start, ids: ids.slice(start, start + size) });
  return { chunks, next };
}

/** The chunks of `ids`, keeping those of `previous` where the blocks are the same. */
export function assignChunks(previous: ChunkState, ids: readonly string[], size = CHUNK_SIZE): ChunkState {
  const chunkOf = new Map<string, string>();
  const sizeOf = new Map<string, number>();
  for (const chunk of previous.chunks) {
    sizeOf.set(chunk.key, chunk.ids.length);
    for (const id of chunk.ids) chunkOf.set(id, chunk.key);
  }
  let next = previous.next;
  const used = new Set<string>();
  const chunks: Chunk[] = [];
  let current: Chunk | undefined;
  // A chunk made in this pass takes `size` blocks; a kept one grows up to twice that.
  let limit = size;
  ids.forEach((id, index) => {
    const was = chunkOf.get(id);
    // A known block starts its own chunk again where a run of that chunk's blocks starts; a
    // block alone away from its chunk was moved, and joins the chunk it lands in as a new one.
    const starts =
      was !== undefined &&
      was !== current?.key &&
      !used.has(was) &&
      (chunkOf.get(ids[index + 1] ?? "") === was || sizeOf.get(was) === 1);
    const joins = current !== undefined && current.ids.length < limit && (was === current.key || !starts);
    if (joins) {
      current!.ids.push(id);
      return;
    }
    const kept = starts;
    const key = kept ? (was as string) : `c${next++}`;
    used.add(key);
    limit = kept ? 2 * size : size;
    current = { key, start: index, ids: [id] };
    chunks.push(current);
  });
  // Moves and deletions leave small chunks behind: past twice the chunks needed, cut again.
  if (chunks.length > 2 * Math.ceil(ids.length / size) + 1) return fromScratch(ids, size, next);
  return { chunks, next };
}
