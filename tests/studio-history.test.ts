/**
 * The studio's history on a 300-block page: a typing burst is one patch each way, undo and
 * redo apply patches to the current document (every block they do not touch keeps its object,
 * down to the edited block's other language), and validation runs once per changed block.
 */
import type { Patch } from "immer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Block } from "../schema/block";
import { getBlockDefinition } from "../schema/registry";
import {
  blockFromExample,
  DEFAULT_EDITOR_SETTINGS,
  type HistoryStep,
  mergeStep,
  type StudioDoc,
  useStudioStore,
  validateBlock,
  validateDoc,
} from "../studio/store";

const store = () => useStudioStore.getState();
const TYPES = ["text_block_1", "text_block_2", "txt_img_double_block_1"];

function bigDoc(count = 300): StudioDoc {
  return {
    page_id: "big",
    site_id: "s1",
    base_version: 1,
    title: { fr: "Grande page", en: "Big page" },
    paths: { fr: "/fr/grande", en: "/en/big" },
    blocks: Array.from({ length: count }, (_, i) => blockFromExample(TYPES[i % TYPES.length]!, `b${i}`) as Block),
    theme: { preset: "blue", radius: {}, colors: {} },
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-01T00:00:00Z"));
  useStudioStore.setState({ editorSettings: { ...DEFAULT_EDITOR_SETTINGS } });
  store().load(bigDoc(), { restoreDraft: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Types `text` one key at a time, 50 ms apart, as the edit panel does. */
function type(blockId: string, path: string, text: string) {
  let value = String(store().getValue(blockId, path) ?? "");
  for (const char of text) {
    value += char;
    store().setValue(blockId, path, value, { groupKey: `${blockId}:${path}` });
    vi.advanceTimersByTime(50);
  }
  return value;
}

describe("mergeStep", () => {
  const step = (patches: Patch[], inversePatches: Patch[]): HistoryStep => ({
    patches,
    inversePatches,
    label: "edit",
    groupKey: "k",
    at: 0,
  });
  const path = ["blocks", 3, "fields", "fr", "main_title"];

  it("keeps one patch for keys typed into the same field, and the inverse from before the burst", () => {
    const last = step([{ op: "replace", path, value: "ab" }], [{ op: "replace", path, value: "a" }]);
    const merged = mergeStep(
      last,
      [{ op: "replace", path: [...path], value: "abc" }],
      [{ op: "replace", path, value: "ab" }],
      7,
    );
    expect(merged.patches).toEqual([{ op: "replace", path, value: "abc" }]);
    expect(merged.inversePatches).toEqual([{ op: "replace", path, value: "a" }]);
    expect(merged.at).toBe(7);
  });

  it("keeps an added value added (the field did not exist before the burst)", () => {
    const last = step([{ op: "add", path, value: "a" }], [{ op: "remove", path }]);
    const merged = mergeStep(last, [{ op: "replace", path, value: "ab" }], [{ op: "replace", path, value: "a" }], 1);
    expect(merged.patches).toEqual([{ op: "add", path, value: "ab" }]);
    expect(merged.inversePatches).toEqual([{ op: "remove", path }]);
  });

  it("queues anything else: another path, a removal, several patches", () => {
    const last = step([{ op: "replace", path, value: "ab" }], [{ op: "replace", path, value: "a" }]);
    const other = ["blocks", 3, "fields", "en", "main_title"];
    const queued = mergeStep(
      last,
      [{ op: "replace", path: other, value: "x" }],
      [{ op: "replace", path: other, value: "" }],
      1,
    );
    expect(queued.patches).toHaveLength(2);
    expect(queued.inversePatches).toEqual([
      { op: "replace", path: other, value: "" },
      { op: "replace", path, value: "a" },
    ]);
    const removed = mergeStep(last, [{ op: "remove", path }], [{ op: "add", path, value: "ab" }], 1);
    expect(removed.patches).toHaveLength(2);
    // Once a step holds several patches it only grows: no patch is dropped out of order.
    const after = mergeStep(removed, [{ op: "replace", path, value: "z" }], [{ op: "remove", path }], 2);
    expect(after.patches).toHaveLength(3);
  });
});

describe("history on a 300-block page", () => {
  it("a 40-key burst is one step of one patch each way; undo and redo restore both ends", () => {
    const path = "fields.fr.main_title";
    const before = store().getValue("b150", path);
    const typed = type("b150", path, "Une maison lumineuse pres du fleuve, a d");
    expect(store().steps).toHaveLength(1);
    expect(store().steps[0]!.patches).toHaveLength(1);
    expect(store().steps[0]!.inversePatches).toHaveLength(1);
    store().undo();
    expect(store().getValue("b150", path)).toBe(before);
    store().redo();
    expect(store().getValue("b150", path)).toBe(typed);
  });

  it("undo applies its patches to the current document: every block it does not touch keeps its object", () => {
    const loaded = store().doc!;
    type("b10", "fields.fr.main_title", "abc");
    vi.advanceTimersByTime(2000);
    store().cycleColorScheme("b150");
    const edited = store().doc!;
    expect(edited.blocks[150]).not.toBe(loaded.blocks[150]);

    store().undo(); // the colour scheme
    const undone = store().doc!;
    expect(undone).not.toBe(edited);
    for (let i = 0; i < undone.blocks.length; i++) if (i !== 150) expect(undone.blocks[i]).toBe(edited.blocks[i]);
    // Inside the block it changed, only the path of the patch is new.
    expect(undone.blocks[150]!.fields).toBe(edited.blocks[150]!.fields);
    expect(undone.blocks[150]!.block_params).toEqual(loaded.blocks[150]!.block_params);
    expect(undone.theme).toBe(edited.theme);

    store().undo(); // the typing burst
    const first = store().doc!;
    for (let i = 0; i < first.blocks.length; i++) if (i !== 10) expect(first.blocks[i]).toBe(undone.blocks[i]);
    expect(first.blocks[10]!.fields.en).toBe(loaded.blocks[10]!.fields.en);
    expect(first.blocks[10]!.fields.fr.main_title).toBe(loaded.blocks[10]!.fields.fr.main_title);

    store().redo();
    const redone = store().doc!;
    for (let i = 0; i < redone.blocks.length; i++) if (i !== 10) expect(redone.blocks[i]).toBe(first.blocks[i]);
  });

  it("validating the page after a keystroke runs the schema for the edited block only", () => {
    validateDoc(store().doc); // every block once
    const definition = getBlockDefinition("text_block_1")!;
    const parse = vi.spyOn(definition.schema, "safeParse");
    store().setValue("b0", "fields.fr.main_title", "Nouveau titre", { groupKey: "b0:title" });
    const issues = validateDoc(store().doc);
    expect(issues).toEqual([]);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(validateBlock(store().doc!.blocks[0]!)).toBe(validateBlock(store().doc!.blocks[0]!));
  });

  it("the loaded page is frozen at once, so the first keystroke does not walk it", () => {
    expect(Object.isFrozen(store().doc!.blocks[299])).toBe(true);
    expect(Object.isFrozen(store().doc!.blocks[299]!.fields.fr)).toBe(true);
  });
});
