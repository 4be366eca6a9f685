import { describe, expect, it } from "vitest";
import { assignChunks, type ChunkState, NO_CHUNKS } from "../studio/canvas/chunks";

const ids = (n: number, prefix = "b") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const keyOf = (state: ChunkState, id: string) => state.chunks.find((c) => c.ids.includes(id))?.key;
const flat = (state: ChunkState) => state.chunks.flatMap((c) => c.ids);

/** Every chunk's start is the index of its first block, and the chunks cover the list in order. */
function expectConsistent(state: ChunkState, list: string[]) {
  expect(flat(state)).toEqual(list);
  for (const chunk of state.chunks) expect(list[chunk.start]).toBe(chunk.ids[0]);
  expect(new Set(state.chunks.map((c) => c.key)).size).toBe(state.chunks.length);
}

describe("assignChunks", () => {
  it("cuts a new page into chunks of the given size", () => {
    const state = assignChunks(NO_CHUNKS, ids(20), 8);
    expect(state.chunks.map((c) => c.ids.length)).toEqual([8, 8, 4]);
    expectConsistent(state, ids(20));
  });

  it("keeps every chunk when the list is the same", () => {
    const first = assignChunks(NO_CHUNKS, ids(20), 8);
    expect(assignChunks(first, ids(20), 8).chunks).toEqual(first.chunks);
  });

  it("puts an inserted block in the chunk it lands in and moves no other block", () => {
    const first = assignChunks(NO_CHUNKS, ids(20), 8);
    const list = ids(20);
    list.splice(3, 0, "new");
    const next = assignChunks(first, list, 8);
    expectConsistent(next, list);
    expect(keyOf(next, "new")).toBe(keyOf(first, "b2"));
    for (const id of ids(20)) expect(keyOf(next, id)).toBe(keyOf(first, id));
  });

  it("keeps the other blocks' chunks when one is deleted", () => {
    const first = assignChunks(NO_CHUNKS, ids(20), 8);
    const list = ids(20).filter((id) => id !== "b8");
    const next = assignChunks(first, list, 8);
    expectConsistent(next, list);
    for (const id of list) expect(keyOf(next, id)).toBe(keyOf(first, id));
  });

  it("gives a moved block a chunk of its own place, keeping the others", () => {
    const first = assignChunks(NO_CHUNKS, ids(20), 8);
    const list = ids(20).filter((id) => id !== "b1");
    list.splice(12, 0, "b1");
    const next = assignChunks(first, list, 8);
    expectConsistent(next, list);
    for (const id of ids(20)) if (id !== "b1") expect(keyOf(next, id)).toBe(keyOf(first, id));
    // b1 joins the chunk it landed in.
    expect(keyOf(next, "b1")).toBe(keyOf(first, "b12"));
  });

  it("keeps the other blocks' chunks when a block moves up", () => {
    const first = assignChunks(NO_CHUNKS, ids(20), 8);
    const list = ids(20).filter((id) => id !== "b12");
    list.splice(2, 0, "b12");
    const next = assignChunks(first, list, 8);
    expectConsistent(next, list);
    for (const id of ids(20)) if (id !== "b12") expect(keyOf(next, id)).toBe(keyOf(first, id));
    expect(keyOf(next, "b12")).toBe(keyOf(first, "b0"));
  });

  it("splits a chunk grown to twice its size", () => {
    let state = assignChunks(NO_CHUNKS, ids(8), 8);
    let list = ids(8);
    for (let i = 0; i < 12; i++) {
      list = [...list.slice(0, 4), `n${i}`, ...list.slice(4)];
      state = assignChunks(state, list, 8);
      expectConsistent(state, list);
    }
    expect(Math.max(...state.chunks.map((c) => c.ids.length))).toBeLessThanOrEqual(16);
    expect(state.chunks.length).toBeGreaterThan(1);
  });

  it("cuts again from scratch when moves have left too many small chunks", () => {
    let state = assignChunks(NO_CHUNKS, ids(32), 8);
    let list = ids(32);
    // Move every other block to the end: each move splits a chunk.
    for (let i = 0; i < 32; i += 2) {
      list = [...list.filter((id) => id !== `b${i}`), `b${i}`];
      state = assignChunks(state, list, 8);
      expectConsistent(state, list);
      expect(state.chunks.length).toBeLessThanOrEqual(2 * Math.ceil(32 / 8) + 1);
    }
  });

  it("never reuses a key, also for a new page", () => {
    const first = assignChunks(NO_CHUNKS, ids(10), 8);
    const other = assignChunks(first, ids(10, "x"), 8);
    const firstKeys = new Set(first.chunks.map((c) => c.key));
    for (const chunk of other.chunks) expect(firstKeys.has(chunk.key)).toBe(false);
    expect(other.chunks.map((c) => c.ids.length)).toEqual([8, 2]);
  });
});
