/**
 * The studio store: the open document, its undo history and the selection.
 * Every edit is one immer `produceWithPatches`; the patches are both the history and
 * the persisted draft. Undo applies the inverse patches (structural sharing: untouched
 * blocks keep their identity), redo the patches. Selection and hover are not history.
 */
import {
  applyPatches,
  enablePatches,
  freeze,
  type Draft as ImmerDraft,
  type Patch,
  produce,
  produceWithPatches,
} from "immer";
import { create } from "zustand";
import type { Block } from "../../schema/block";
import { getBlockDefinition } from "../../schema/registry";
import { type Theme, themeSchema } from "../../schema/theme";
import { type ColorScheme, isColorScheme, nextColorScheme } from "../../schema/theme-values";
import { canSetPath, getAtPath, hasPath, setAtPath } from "./paths";
import {
  type Draft,
  docOfDraft,
  type EditorSettings,
  loadDraft,
  loadEditorSettings,
  removeDraft,
  saveDraft,
  saveEditorSettings,
  settingsOf,
} from "./persistence";
import type { BlockListKey, DocOrigin, HistoryStep, StudioDoc, StudioSettings } from "./types";

enablePatches();

export const HISTORY_LIMIT = 200;
export const GROUP_WINDOW_MS = 1000;
export const SAVE_DEBOUNCE_MS = 300;

export const MISSING_BLOCK = "Failed to locate block.";
export const MISSING_PATH = "Path does not exist.";

export interface StudioState {
  doc: StudioDoc | null;
  /** The page as loaded: reset target and draft base. */
  base: StudioDoc | null;
  /** The document the kept history starts from (differs from `base` once the cap folded old steps). */
  start: StudioDoc | null;
  steps: HistoryStep[];
  /** Number of steps applied; undo moves it back, redo forward. */
  cursor: number;
  selectedId: string | null;
  hoveredId: string | null;
  /** A dotted path inside the selected block the edit panel should focus (publish errors). */
  focusPath: string | null;
  editorSettings: EditorSettings;
  /** Whether changes are written to localStorage (off in unit tests unless asked). */
  persist: boolean;
  /** The draft's save state, for the toolbar ("Brouillon enregistré il y a 2 s"). */
  draft: DraftStatus;
  /**
   * Another editor holds the page (its lock): their draft is shown and nothing may change it
   * until this editor takes the page over (studio/shell/drafts.ts).
   */
  readOnly: boolean;

  load(doc: StudioDoc, opts?: { restoreDraft?: boolean; origin?: DocOrigin }): { restored: boolean };
  close(): void;
  restoreDraft(draft: Draft, doc: StudioDoc): void;

  getValue(blockId: string, path: string): unknown;
  setValue(blockId: string, path: string, value: unknown, opts?: { groupKey?: string }): void;
  /** Several writes in one block as one undo step (a repeater item added in both languages). */
  setValues(blockId: string, writes: readonly { path: string; value: unknown }[], opts?: { groupKey?: string }): void;
  editValue(blockId: string, path: string, updater: (current: unknown) => unknown, opts?: { groupKey?: string }): void;
  addBlock(type: string, index?: number): string | null;
  removeBlock(id: string): void;
  moveBlock(id: string, toIndex: number): void;
  duplicateBlock(id: string): string | null;
  resetBlock(id: string): void;
  resetDoc(): void;
  /**
   * Replaces the draft's blocks and page fields with a published version's, as one undo step.
   * The draft is then based on that version when it is newer than the one it was opened at
   * (restoring what another editor published after a conflict), never on an older one.
   */
  restoreVersion(version: number, page: RestorablePage): void;
  cycleColorScheme(id: string): void;
  /** The page's own fields (title, paths, visibility, SEO) as one undo step (the page settings). */
  setPageFields(fields: PageFields): void;
  /** Gives the page a footer of its own (a copy of the site's) or gives it back the site's. */
  setPageFooter(own: boolean): void;
  setSettings(partial: Partial<StudioSettings>): void;
  /**
   * The site's header and footer as they are now, for a document whose own copy was not edited (a
   * draft kept from before another editor published them): replaced outside the history.
   */
  refreshChrome(chrome: NonNullable<StudioDoc["chrome"]>): void;

  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;

  select(id: string | null, focusPath?: string | null): void;
  hover(id: string | null): void;
  setFocusPath(path: string | null): void;
  /**
   * After a successful publish: the draft becomes the new base at `version` (and its header and
   * footer, or its variant, at the versions their own writes answered).
   */
  markPublished(
    version: number,
    target?: { page_id: string; paths: { fr: string; en: string }; title: { fr: string; en: string } },
    versions?: { chrome?: number; variant?: number },
  ): void;
}

/** What the page settings write. */
export type PageFields = Partial<Pick<StudioDoc, "title" | "paths" | "hidden" | "seo">>;

/** One of a document's block lists (undefined when the document has none of that kind). */
export function blockList(
  doc: Pick<StudioDoc, "blocks" | "chrome" | "page_footer">,
  key: BlockListKey,
): Block[] | undefined {
  if (key === "blocks") return doc.blocks;
  if (key === "page_footer") return doc.page_footer;
  return doc.chrome?.[key];
}

const LISTS: readonly BlockListKey[] = ["blocks", "header", "page_footer", "footer"];

/** Where a block is: its list and its index there; the page's content first. */
export function locateBlock(
  doc: Pick<StudioDoc, "blocks" | "chrome" | "page_footer"> | null | undefined,
  id: string,
): { list: BlockListKey; index: number } | undefined {
  if (!doc) return undefined;
  for (const list of LISTS) {
    const index = blockList(doc, list)?.findIndex((b) => b.id === id) ?? -1;
    if (index >= 0) return { list, index };
  }
  return undefined;
}

/** A block of the document by id, in any of its lists. */
export function findBlock(
  doc: Pick<StudioDoc, "blocks" | "chrome" | "page_footer"> | null | undefined,
  id: string,
): Block | undefined {
  const at = locateBlock(doc, id);
  return at && doc ? blockList(doc, at.list)?.[at.index] : undefined;
}

/** Every block the page shows, in order: the header, the content, its footer (its own, or the site's). */
export function shownBlocks(doc: Pick<StudioDoc, "blocks" | "chrome" | "page_footer"> | null | undefined): Block[] {
  if (!doc) return [];
  return [...(doc.chrome?.header ?? []), ...doc.blocks, ...(doc.page_footer ?? doc.chrome?.footer ?? [])];
}

/** What a version gives back to the draft. */
export interface RestorablePage {
  title: { fr: string; en: string };
  paths: { fr: string; en: string };
  blocks: Block[];
  hidden?: boolean;
  seo?: unknown;
  override?: unknown;
}

export type DraftStatus =
  | { kind: "clean" }
  /** Changes not written yet (the save waits a moment after the last one). */
  | { kind: "pending" }
  /** Written (to the server for a page of the site); `by`: another editor's name when they wrote it. */
  | { kind: "saved"; at: number; by?: string }
  /** Kept on this device only, and why: sent as soon as it can be (offline, an error) or once the page is this editor's again. */
  | { kind: "local"; at: number; reason: LocalReason }
  /** Not kept anywhere (the browser refused to store it and the server could not be reached). */
  | { kind: "failed" }
  /** Another editor holds the page: their draft, read only. */
  | { kind: "readonly"; by: string; at?: number }
  | { kind: "published"; at: number; version: number };

/** Why a draft is kept on this device only. */
export type LocalReason = "offline" | "error" | "signed-out" | "locked" | "embed";

/** Where a page's draft goes: the server's draft of that page (studio/shell/drafts.ts); false when it is not one. */
export type DraftSaver = (draft: Draft) => boolean;
let draftSaver: DraftSaver | undefined;
/** Sets what saves the drafts of the site's pages (the studio shell's server drafts). */
export function setDraftSaver(saver: DraftSaver | undefined): void {
  draftSaver = saver;
}

/** What an edit refused in read-only mode calls (a toast saying who holds the page). */
let onReadOnlyEdit: (() => void) | undefined;
export function setReadOnlyNotice(notice: (() => void) | undefined): void {
  onReadOnlyEdit = notice;
}

const CLEAN: DraftStatus = { kind: "clean" };

let counter = 0;
export function newBlockId(type: string): string {
  counter += 1;
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `${type}-${random}${counter}`;
}

/** A new block of a type from its registry example, validated so schema defaults are filled in. */
export function blockFromExample(type: string, id = newBlockId(type)): Block | null {
  const definition = getBlockDefinition(type);
  if (!definition) return null;
  const raw = {
    id,
    block_type: type,
    block_params: structuredClone(definition.example.block_params ?? {}),
    fields: structuredClone(definition.example.fields),
  };
  const parsed = definition.schema.safeParse(raw);
  return (parsed.success ? parsed.data : raw) as Block;
}

function indexOfBlock(doc: StudioDoc | null, id: string): number {
  return doc ? doc.blocks.findIndex((b) => b.id === id) : -1;
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

function samePath(a: Patch["path"], b: Patch["path"]): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

/**
 * Adds one edit to the step of its burst (same group key, within GROUP_WINDOW_MS). A step that
 * is one write to a path, followed by a replace of that same path (the next key typed in the
 * field), stays one patch holding the latest value, and its inverse stays the one that restores
 * the value from before the burst: a 60-key burst is one patch each way, not 60, so the step,
 * the draft and its undo do not grow with the burst. Anything else is appended.
 */
export function mergeStep(last: HistoryStep, patches: Patch[], inversePatches: Patch[], at: number): HistoryStep {
  const previous = last.patches.length === 1 && last.inversePatches.length === 1 ? last.patches[0] : undefined;
  const next = patches.length === 1 ? patches[0] : undefined;
  if (
    previous &&
    next &&
    next.op === "replace" &&
    (previous.op === "replace" || previous.op === "add") &&
    samePath(previous.path, next.path)
  ) {
    return { ...last, patches: [{ ...previous, value: next.value }], at };
  }
  return {
    ...last,
    patches: [...last.patches, ...patches],
    inversePatches: [...inversePatches, ...last.inversePatches],
    at,
  };
}

export function draftOf(state: Pick<StudioState, "doc" | "base" | "start" | "steps" | "cursor">): Draft | null {
  if (!state.doc || !state.base) return null;
  return {
    version: 1,
    base: state.base,
    ...(state.start && state.start !== state.base ? { start: state.start } : {}),
    base_version: state.base.base_version,
    steps: state.steps,
    cursor: state.cursor,
  };
}

export const useStudioStore = create<StudioState>()((set, get) => {
  /** Records one user action as one history step (merged into the previous one for a typing burst). */
  function commit(label: string, recipe: (draft: ImmerDraft<StudioDoc>) => void, groupKey?: string): boolean {
    const { doc, steps, cursor } = get();
    if (!doc) return false;
    if (get().readOnly) {
      onReadOnlyEdit?.();
      return false;
    }
    const [next, patches, inversePatches] = produceWithPatches(doc, recipe);
    if (patches.length === 0) return false;
    const at = Date.now();
    const kept = steps.slice(0, cursor);
    const last = kept.at(-1);
    if (groupKey && last && last.groupKey === groupKey && cursor === steps.length && at - last.at < GROUP_WINDOW_MS) {
      kept[kept.length - 1] = mergeStep(last, patches, inversePatches, at);
    } else {
      kept.push({ patches, inversePatches, label, groupKey, at });
    }
    let start = get().start;
    while (kept.length > HISTORY_LIMIT) {
      const dropped = kept.shift() as HistoryStep;
      start = start ? (applyPatches(start, dropped.patches) as StudioDoc) : start;
    }
    set({ doc: next as StudioDoc, steps: kept, cursor: kept.length, start });
    return true;
  }

  /** The block's index in the page's content (moves, duplicates and deletes act there only). */
  function locate(blockId: string): number {
    const index = indexOfBlock(get().doc, blockId);
    if (index < 0) console.warn(MISSING_BLOCK, blockId);
    return index;
  }

  /** The block anywhere on the page (its content, header or footer), for edits of its values. */
  function locateAny(blockId: string): { list: BlockListKey; index: number } | undefined {
    const at = locateBlock(get().doc, blockId);
    if (!at) console.warn(MISSING_BLOCK, blockId);
    return at;
  }
  const blockAt = (doc: StudioDoc | ImmerDraft<StudioDoc>, at: { list: BlockListKey; index: number }) =>
    blockList(doc as StudioDoc, at.list)?.[at.index] as Block;

  return {
    doc: null,
    base: null,
    start: null,
    steps: [],
    cursor: 0,
    selectedId: null,
    hoveredId: null,
    focusPath: null,
    editorSettings: loadEditorSettings(),
    persist: false,
    draft: CLEAN,
    readOnly: false,

    load(doc, opts = {}) {
      const editor = get().editorSettings;
      const origin = opts.origin ?? doc.origin ?? "server";
      if (opts.restoreDraft !== false) {
        const draft = loadDraft(doc.site_id, doc.page_id, doc.variant?.id);
        if (draft) {
          const restored = docOfDraft(draft);
          if (restored) {
            get().restoreDraft(draft, restored);
            return { restored: true };
          }
        }
      }
      // Frozen now, as immer would at the first edit: the first keystroke does not walk the page.
      const loaded: StudioDoc = freeze(
        {
          ...doc,
          origin,
          theme: themeSchema.parse(doc.theme ?? {}),
          settings: settingsOf(editor),
        },
        true,
      );
      set({
        doc: loaded,
        base: loaded,
        start: loaded,
        steps: [],
        cursor: 0,
        selectedId: null,
        hoveredId: null,
        focusPath: null,
        draft: CLEAN,
        readOnly: false,
      });
      return { restored: false };
    },

    close() {
      set({
        doc: null,
        base: null,
        start: null,
        steps: [],
        cursor: 0,
        selectedId: null,
        hoveredId: null,
        draft: CLEAN,
        readOnly: false,
      });
    },

    restoreDraft(draft, doc) {
      const settings = settingsOf(get().editorSettings);
      set({
        doc: freeze({ ...doc, settings }, true),
        base: draft.base,
        start: draft.start ?? draft.base,
        steps: draft.steps,
        cursor: draft.cursor,
        selectedId: null,
        hoveredId: null,
        focusPath: null,
        draft: draft.steps.length > 0 ? { kind: "saved", at: Math.max(...draft.steps.map((s) => s.at)) } : CLEAN,
      });
    },

    getValue(blockId, path) {
      const at = locateAny(blockId);
      const doc = get().doc;
      if (!at || !doc) return undefined;
      const block = blockAt(doc, at);
      if (!hasPath(block, path)) {
        console.warn(MISSING_PATH, path);
        return undefined;
      }
      return getAtPath(block, path);
    },

    setValue(blockId, path, value, opts) {
      const at = locateAny(blockId);
      const doc = get().doc;
      if (!at || !doc) return;
      const block = blockAt(doc, at);
      if (!canSetPath(block, path)) {
        console.warn(MISSING_PATH, path);
        return;
      }
      if (Object.is(getAtPath(block, path), value)) return;
      commit(`set ${path}`, (draft) => void setAtPath(blockAt(draft, at), path, value), opts?.groupKey);
    },

    setValues(blockId, writes, opts) {
      const at = locateAny(blockId);
      const doc = get().doc;
      if (!at || !doc) return;
      const block = blockAt(doc, at);
      const bad = writes.find((w) => !canSetPath(block, w.path));
      if (bad) {
        console.warn(MISSING_PATH, bad.path);
        return;
      }
      commit(
        `set ${writes.map((w) => w.path).join(", ")}`,
        (draft) => {
          for (const write of writes) setAtPath(blockAt(draft, at), write.path, write.value);
        },
        opts?.groupKey,
      );
    },

    editValue(blockId, path, updater, opts) {
      const at = locateAny(blockId);
      const doc = get().doc;
      if (!at || !doc) return;
      const block = blockAt(doc, at);
      if (!canSetPath(block, path)) {
        console.warn(MISSING_PATH, path);
        return;
      }
      const next = updater(getAtPath(block, path));
      commit(`edit ${path}`, (draft) => void setAtPath(blockAt(draft, at), path, next), opts?.groupKey);
    },

    addBlock(type, index) {
      const block = blockFromExample(type);
      if (!block) {
        console.warn(`Unknown block type "${type}".`);
        return null;
      }
      commit(`add ${type}`, (draft) => {
        const at = Math.max(0, Math.min(index ?? draft.blocks.length, draft.blocks.length));
        draft.blocks.splice(at, 0, block as ImmerDraft<Block>);
      });
      return block.id;
    },

    removeBlock(id) {
      const index = locate(id);
      if (index < 0) return;
      commit(`remove ${id}`, (draft) => void draft.blocks.splice(index, 1));
      if (get().selectedId === id) set({ selectedId: null, focusPath: null });
    },

    moveBlock(id, toIndex) {
      const index = locate(id);
      if (index < 0) return;
      const length = get().doc?.blocks.length ?? 0;
      const to = Math.max(0, Math.min(toIndex, length - 1));
      if (to === index) return;
      commit(`move ${id}`, (draft) => {
        const [moved] = draft.blocks.splice(index, 1);
        if (moved) draft.blocks.splice(to, 0, moved);
      });
    },

    duplicateBlock(id) {
      const index = locate(id);
      if (index < 0) return null;
      const source = get().doc?.blocks[index] as Block;
      const copy: Block = { ...structuredClone(source), id: newBlockId(source.block_type) };
      commit(`duplicate ${id}`, (draft) => void draft.blocks.splice(index + 1, 0, copy as ImmerDraft<Block>));
      return copy.id;
    },

    resetBlock(id) {
      const at = locateAny(id);
      const doc = get().doc;
      if (!at || !doc) return;
      const current = blockAt(doc, at);
      const loaded = findBlock(get().base, id);
      const replacement = loaded ?? blockFromExample(current.block_type, id);
      if (!replacement) return;
      commit(`reset ${id}`, (draft) => {
        const list = blockList(draft as StudioDoc, at.list) as Block[];
        list[at.index] = structuredClone(replacement);
      });
    },

    resetDoc() {
      const base = get().base;
      if (!base) return;
      commit("reset page", (draft) => {
        draft.blocks = structuredClone(base.blocks) as ImmerDraft<Block>[];
        draft.theme = structuredClone(base.theme) as ImmerDraft<Theme>;
        draft.title = { ...base.title };
        draft.paths = { ...base.paths };
        draft.hidden = base.hidden;
        if (base.seo === undefined) delete draft.seo;
        else draft.seo = structuredClone(base.seo);
        if (base.chrome) draft.chrome = structuredClone(base.chrome) as ImmerDraft<StudioDoc["chrome"]>;
        if (base.page_footer) draft.page_footer = structuredClone(base.page_footer) as ImmerDraft<Block>[];
        else delete draft.page_footer;
      });
    },

    restoreVersion(version, page) {
      commit(`restore version ${version}`, (draft) => {
        draft.blocks = structuredClone(page.blocks) as ImmerDraft<Block>[];
        draft.title = { ...page.title };
        draft.paths = { ...page.paths };
        draft.hidden = page.hidden ?? false;
        // Absent stays absent: the publish writes these back only when set.
        if (page.seo === undefined) delete draft.seo;
        else draft.seo = structuredClone(page.seo);
        if (page.override === undefined) delete draft.override;
        else draft.override = structuredClone(page.override);
        if (version > draft.base_version) draft.base_version = version;
      });
      set({ selectedId: null, focusPath: null });
    },

    cycleColorScheme(id) {
      const at = locateAny(id);
      if (!at) return;
      commit(`colour scheme ${id}`, (draft) => {
        const params = blockAt(draft, at).block_params as Record<string, unknown>;
        const current = params.color_scheme;
        params.color_scheme = nextColorScheme(isColorScheme(current) ? current : undefined) satisfies ColorScheme;
      });
    },

    setPageFields(fields) {
      commit("page settings", (draft) => {
        if (fields.title) draft.title = { ...fields.title };
        if (fields.paths) draft.paths = { ...fields.paths };
        if (fields.hidden !== undefined) draft.hidden = fields.hidden;
        if ("seo" in fields) {
          if (fields.seo === undefined) delete draft.seo;
          else draft.seo = structuredClone(fields.seo);
        }
      });
    },

    setPageFooter(own) {
      const doc = get().doc;
      if (!doc || own === (doc.page_footer !== undefined)) return;
      commit(own ? "own footer" : "site footer", (draft) => {
        if (!own) {
          delete draft.page_footer;
          return;
        }
        // A copy of the site's footer with ids of its own: both may be on screen in the studio's history.
        draft.page_footer = (doc.chrome?.footer ?? []).map((b) => ({
          ...structuredClone(b),
          id: newBlockId(b.block_type),
        })) as ImmerDraft<Block>[];
      });
      if (!own && get().selectedId && !findBlock(get().doc, get().selectedId as string)) set({ selectedId: null });
    },

    refreshChrome(chrome) {
      const { doc, base, start } = get();
      if (!doc?.chrome || !base?.chrome) return;
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      if (!same(doc.chrome, base.chrome) || same(doc.chrome, chrome)) return;
      const fresh = freeze(structuredClone(chrome), true);
      set({
        doc: { ...doc, chrome: fresh },
        base: { ...base, chrome: fresh },
        start: start ? { ...start, chrome: fresh } : start,
      });
    },

    setSettings(partial) {
      const editorSettings = { ...get().editorSettings, ...partial };
      saveEditorSettings(editorSettings);
      const doc = get().doc;
      set({
        editorSettings,
        // Editor settings are not page history: applied to the document without a step.
        doc: doc
          ? produce(doc, (d) => {
              d.settings = settingsOf(editorSettings);
            })
          : doc,
      });
    },

    undo() {
      const { doc, steps, cursor } = get();
      const step = steps[cursor - 1];
      if (!doc || !step) return;
      if (get().readOnly) return onReadOnlyEdit?.();
      set({ doc: applyPatches(doc, step.inversePatches as Patch[]) as StudioDoc, cursor: cursor - 1 });
    },

    redo() {
      const { doc, steps, cursor } = get();
      const step = steps[cursor];
      if (!doc || !step) return;
      if (get().readOnly) return onReadOnlyEdit?.();
      set({ doc: applyPatches(doc, step.patches as Patch[]) as StudioDoc, cursor: cursor + 1 });
    },

    canUndo: () => get().cursor > 0,
    canRedo: () => get().cursor < get().steps.length,

    select(id, focusPath = null) {
      set({ selectedId: id, focusPath });
    },
    hover(id) {
      if (get().hoveredId !== id) set({ hoveredId: id });
    },
    setFocusPath(path) {
      set({ focusPath: path });
    },

    markPublished(version, target, versions) {
      const doc = get().doc;
      if (!doc) return;
      const old = { site_id: doc.site_id, page_id: doc.page_id };
      const published: StudioDoc = {
        ...doc,
        ...target,
        base_version: version,
        origin: "server",
        ...(doc.chrome && versions?.chrome !== undefined
          ? { chrome: { ...doc.chrome, version: versions.chrome } }
          : {}),
        ...(doc.variant && versions?.variant !== undefined
          ? { variant: { ...doc.variant, version: versions.variant } }
          : {}),
      };
      removeDraft(old.site_id, old.page_id, doc.variant?.id);
      set({
        doc: published,
        base: published,
        start: published,
        steps: [],
        cursor: 0,
        draft: { kind: "published", at: Date.now(), version },
      });
    },
  };
});

/** Writes the current draft now (tests, page hide). */
export function flushDraft(): void {
  const waiting = saveTimer !== undefined;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = undefined;
  const state = useStudioStore.getState();
  const draft = draftOf(state);
  if (!draft || !state.persist) return;
  // Only a change not written yet is written: a draft as it was opened (restored, another
  // editor's, read only) is not sent back, and opening the same page again does not save it.
  if (!waiting && state.draft.kind !== "pending" && state.draft.kind !== "failed") return;
  if (state.steps.length === 0) {
    // Everything undone: nothing differs from the page as loaded, so no draft is kept.
    if (state.draft.kind === "pending") useStudioStore.setState({ draft: CLEAN });
    return;
  }
  // A page of the site: its server draft (kept on this device until the server has it).
  if (draftSaver?.(draft)) return;
  const saved = saveDraft(draft);
  useStudioStore.setState({ draft: saved ? { kind: "saved", at: Date.now() } : { kind: "failed" } });
}

// Debounced draft save after each change of the document or its history.
useStudioStore.subscribe((state, previous) => {
  if (!state.persist) return;
  if (state.steps === previous.steps && state.cursor === previous.cursor && state.base === previous.base) return;
  // A new base (a page loaded, a draft restored, a page published) is not an edit to save.
  if (state.base !== previous.base) return;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(flushDraft, SAVE_DEBOUNCE_MS);
  if (state.draft.kind !== "pending") useStudioStore.setState({ draft: { kind: "pending" } });
});
