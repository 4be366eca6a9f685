/**
 * The only place the edit panel touches the studio store (studio/store). Components
 * read the store through `StudioStoreContext`, which defaults to the real
 * `useStudioStore`; tests and the general settings may provide another store
 * with the same shape.
 */
import { createContext, useContext } from "react";
import type { StoreApi, UseBoundStore } from "zustand";
import type { Block } from "../../schema/block";
import { useStudioStore } from "../store";

export interface SetValueOptions {
  groupKey?: string;
}

/** The part of the studio state the edit panel relies on. */
export interface FieldsStoreState {
  doc: { blocks: Block[]; chrome?: { header: Block[]; footer: Block[] }; page_footer?: Block[] } | null;
  selectedId?: string | null;
  focusPath?: string | null;
  setValue: (blockId: string, path: string, value: unknown, opts?: SetValueOptions) => void;
  /** Several writes as one undo step; stores without it get one setValue per write. */
  setValues?: (blockId: string, writes: readonly { path: string; value: unknown }[], opts?: SetValueOptions) => void;
  getValue: (blockId: string, path: string) => unknown;
  undo: () => void;
  redo: () => void;
}

export type FieldsStore = UseBoundStore<StoreApi<FieldsStoreState>>;

export const defaultStudioStore = useStudioStore as unknown as FieldsStore;

export const StudioStoreContext = createContext<FieldsStore>(defaultStudioStore);

export function useFieldsStore(): FieldsStore {
  return useContext(StudioStoreContext);
}

/** Finds a block by id; the panel selects only this block so other blocks' edits do not re-render it. */
export function selectBlock(state: FieldsStoreState, blockId: string): Block | undefined {
  const doc = state.doc;
  if (!doc) return undefined;
  for (const block of doc.blocks) if (block.id === blockId) return block;
  // The site's header and footer, and the page's own footer, are edited with the same panel.
  for (const list of [doc.chrome?.header, doc.page_footer, doc.chrome?.footer]) {
    if (list) for (const block of list) if (block.id === blockId) return block;
  }
  return undefined;
}
