/** Test helpers for the edit panel: a minimal in-memory studio store and a render wrapper. */
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { vi } from "vitest";
import { create } from "zustand";
import { getI18n } from "../renderer/lib/i18n";
import type { Block } from "../schema/block";
import { blockRegistry } from "../schema/registry";
import { getAtPath, setAtPath } from "../studio/fields/path";
import { type FieldsStore, type FieldsStoreState, StudioStoreContext } from "../studio/fields/store-adapter";

export function exampleBlock(type: string, id = `b-${type}`): Block {
  const definition = blockRegistry[type];
  if (!definition) throw new Error(`unknown ${type}`);
  return structuredClone({ id, block_type: type, ...definition.example }) as Block;
}

/** A store with the contract of studio/store (setValue/getValue/undo/redo/focusPath), history by snapshots. */
export function createTestStore(blocks: Block[]): FieldsStore & { setValueSpy: ReturnType<typeof vi.fn> } {
  const past: Block[][] = [];
  const future: Block[][] = [];
  const spy = vi.fn();
  const store = create<FieldsStoreState>()((set, get) => ({
    doc: { blocks },
    selectedId: blocks[0]?.id ?? null,
    focusPath: null,
    getValue: (blockId, path) =>
      getAtPath(
        get().doc?.blocks.find((b) => b.id === blockId),
        path,
      ),
    setValue: (blockId, path, value, opts) => {
      spy(blockId, path, value, opts);
      const doc = get().doc;
      if (!doc) return;
      past.push(doc.blocks);
      future.length = 0;
      set({ doc: { blocks: doc.blocks.map((b) => (b.id === blockId ? setAtPath(b, path, value) : b)) } });
    },
    undo: () => {
      const previous = past.pop();
      const doc = get().doc;
      if (previous && doc) {
        future.push(doc.blocks);
        set({ doc: { blocks: previous } });
      }
    },
    redo: () => {
      const next = future.pop();
      const doc = get().doc;
      if (next && doc) {
        past.push(doc.blocks);
        set({ doc: { blocks: next } });
      }
    },
  }));
  return Object.assign(store, { setValueSpy: spy });
}

export function renderWithStore(ui: ReactNode, store: FieldsStore, locale: "fr" | "en" = "en") {
  return render(
    <I18nextProvider i18n={getI18n(locale)}>
      <StudioStoreContext.Provider value={store}>{ui}</StudioStoreContext.Provider>
    </I18nextProvider>,
  );
}

export function blockOf(store: FieldsStore, id: string): Block {
  const block = store.getState().doc?.blocks.find((b) => b.id === id);
  if (!block) throw new Error(`no block ${id}`);
  return block;
}
