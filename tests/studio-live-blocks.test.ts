import { describe, expect, it, vi } from "vitest";
import { create } from "zustand";
import type { Block } from "../schema/block";
import { createLiveBlocks } from "../studio/canvas/live-blocks";

const block = (id: string, title = id): Block =>
  ({ id, block_type: "text_block_1", block_params: {}, fields: { fr: { main_title: title }, en: {} } }) as Block;

function setup(ids: string[]) {
  const store = create<{ doc: { blocks: Block[] } | null }>(() => ({ doc: { blocks: ids.map((id) => block(id)) } }));
  const live = createLiveBlocks(store);
  const calls = new Map<string, number>();
  const stops = ids.map((id) => live.subscribe(id, () => calls.set(id, (calls.get(id) ?? 0) + 1)));
  const setBlocks = (edit: (blocks: Block[]) => Block[]) =>
    store.setState({ doc: { blocks: edit(store.getState().doc!.blocks) } });
  return { store, live, calls, stops, setBlocks };
}

describe("createLiveBlocks", () => {
  it("wakes only the block whose object changed", () => {
    const { live, calls, setBlocks } = setup(["a", "b", "c"]);
    setBlocks((blocks) => blocks.map((b) => (b.id === "b" ? block("b", "new title") : b)));
    expect(Object.fromEntries(calls)).toEqual({ b: 1 });
    expect((live.get(1, "b")!.fields.fr as { main_title: string }).main_title).toBe("new title");
  });

  it("wakes nobody when the list is the same array", () => {
    const { store, calls } = setup(["a", "b"]);
    store.setState({ doc: store.getState().doc });
    expect(calls.size).toBe(0);
  });

  it("wakes the blocks whose position changed, and finds a moved block by id", () => {
    const { live, calls, setBlocks } = setup(["a", "b", "c"]);
    setBlocks(([a, b, c]) => [b!, a!, c!]);
    expect(Object.fromEntries(calls)).toEqual({ a: 1, b: 1 });
    expect(live.get(0, "a")?.id).toBe("a");
  });

  it("wakes a removed block, which then finds nothing", () => {
    const { live, calls, setBlocks } = setup(["a", "b", "c"]);
    setBlocks((blocks) => blocks.filter((b) => b.id !== "c"));
    expect(calls.get("c")).toBe(1);
    expect(live.get(2, "c")).toBeUndefined();
  });

  it("leaves the store once the last block stops listening", () => {
    const store = create<{ doc: { blocks: Block[] } | null }>(() => ({ doc: { blocks: [block("a")] } }));
    const subscribe = vi.spyOn(store, "subscribe");
    const live = createLiveBlocks(store);
    const stopA = live.subscribe("a", () => {});
    const stopB = live.subscribe("a", () => {});
    expect(subscribe).toHaveBeenCalledTimes(1);
    stopA();
    stopB();
    const listener = vi.fn();
    // Subscribing again starts from the current list: no stale wake-up.
    store.setState({ doc: { blocks: [block("a", "changed")] } });
    live.subscribe("a", listener);
    expect(subscribe).toHaveBeenCalledTimes(2);
    expect(listener).not.toHaveBeenCalled();
  });
});
