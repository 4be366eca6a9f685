import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Block } from "../schema/block";
import {
  blockFromExample,
  DEFAULT_EDITOR_SETTINGS,
  docOfDraft,
  draftOf,
  HISTORY_LIMIT,
  MISSING_BLOCK,
  MISSING_PATH,
  parseDraft,
  type StudioDoc,
  serializeDraft,
  useStudioStore,
  validateDoc,
} from "../studio/store";

const store = () => useStudioStore.getState();

function makeDoc(count = 3): StudioDoc {
  const blocks = Array.from({ length: count }, (_, i) => blockFromExample("text_block_1", `b${i}`) as Block);
  return {
    page_id: "p1",
    site_id: "s1",
    base_version: 4,
    title: { fr: "Page", en: "Page" },
    paths: { fr: "/fr/page", en: "/en/page" },
    blocks,
    theme: { preset: "blue", radius: {}, colors: {} },
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
  };
}

const ids = () => store().doc?.blocks.map((b) => b.id);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-01T00:00:00Z"));
  useStudioStore.setState({ editorSettings: { ...DEFAULT_EDITOR_SETTINGS } });
  store().load(makeDoc(), { restoreDraft: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Runs an action, then checks one undo restores the exact previous doc and redo the next one. */
function roundTrip(action: () => void) {
  const before = store().doc;
  const cursor = store().cursor;
  action();
  const after = store().doc;
  expect(after).not.toBe(before);
  expect(store().cursor).toBe(cursor + 1);
  store().undo();
  expect(store().doc).toEqual(before);
  store().redo();
  expect(store().doc).toEqual(after);
}

describe("studio store: undo and redo of every action", () => {
  it("add", () => {
    roundTrip(() => store().addBlock("text_block_2", 1));
    expect(store().doc?.blocks[1]?.block_type).toBe("text_block_2");
    expect(ids()?.length).toBe(4);
  });
  it("remove", () => roundTrip(() => store().removeBlock("b1")));
  it("move", () => {
    roundTrip(() => store().moveBlock("b0", 2));
    expect(ids()).toEqual(["b1", "b2", "b0"]);
  });
  it("duplicate", () => {
    roundTrip(() => store().duplicateBlock("b0"));
    expect(store().doc?.blocks[1]?.fields).toEqual(store().doc?.blocks[0]?.fields);
    expect(store().doc?.blocks[1]?.id).not.toBe("b0");
  });
  it("set", () => {
    roundTrip(() => store().setValue("b0", "fields.fr.main_title", "Nouveau"));
    expect(store().getValue("b0", "fields.fr.main_title")).toBe("Nouveau");
  });
  it("edit by updater", () => roundTrip(() => store().editValue("b0", "fields.en.main_title", (v) => `${v}!`)));
  it("reset back to the loaded version", () => {
    store().setValue("b1", "fields.fr.main_title", "Changé");
    roundTrip(() => store().resetBlock("b1"));
    expect(store().getValue("b1", "fields.fr.main_title")).toBe(makeDoc().blocks[1]?.fields.fr.main_title);
  });
  it("cycle colour scheme wraps to the first", () => {
    roundTrip(() => store().cycleColorScheme("b0"));
    expect(store().getValue("b0", "block_params.color_scheme")).toBe("normal-grey");
    store().cycleColorScheme("b0");
    store().cycleColorScheme("b0");
    expect(store().getValue("b0", "block_params.color_scheme")).toBe("normal");
  });
  // The theme is the site's now (studio/settings/theme-draft.ts), not a step of a page's history.
  it("page settings", () => {
    roundTrip(() =>
      store().setPageFields({
        title: { fr: "Vendre", en: "Sell" },
        paths: { fr: "/fr/vendre", en: "/en/sell" },
        hidden: true,
        seo: { global: { fr: { title: "Vendre avec moi" } } },
      }),
    );
    expect(store().doc).toMatchObject({ paths: { fr: "/fr/vendre" }, hidden: true });
  });
  it("own footer", () => {
    const footer = blockFromExample("footer_classic_block", "site-footer") as Block;
    useStudioStore.setState({ doc: { ...store().doc!, chrome: { header: [], footer: [footer], version: 3 } } });
    roundTrip(() => store().setPageFooter(true));
    const own = store().doc?.page_footer?.[0];
    expect(own?.block_type).toBe("footer_classic_block");
    expect(own?.id).not.toBe("site-footer");
    // Its values are edited like any block's, apart from the site's footer.
    store().setValue(own!.id, "fields.fr.agency", "Ma page");
    expect(store().doc?.chrome?.footer[0]?.fields.fr.agency).not.toBe("Ma page");
    roundTrip(() => store().setPageFooter(false));
    expect(store().doc?.page_footer).toBeUndefined();
  });
  it("reset page", () => {
    store().removeBlock("b0");
    roundTrip(() => store().resetDoc());
    expect(ids()).toEqual(["b0", "b1", "b2"]);
  });
});

describe("studio store: history rules", () => {
  it("merges a typing burst with one groupKey into one step", () => {
    const s = store();
    for (const text of ["N", "No", "Nou", "Nouv"]) {
      s.setValue("b0", "fields.fr.main_title", text, { groupKey: "b0:title" });
      vi.advanceTimersByTime(200);
    }
    expect(store().steps.length).toBe(1);
    vi.advanceTimersByTime(1500);
    s.setValue("b0", "fields.fr.main_title", "Nouveau", { groupKey: "b0:title" });
    expect(store().steps.length).toBe(2);
    s.undo();
    expect(store().getValue("b0", "fields.fr.main_title")).toBe("Nouv");
    s.undo();
    expect(store().getValue("b0", "fields.fr.main_title")).toBe(makeDoc().blocks[0]?.fields.fr.main_title);
  });

  it("does not merge different groups, and no-op writes make no step", () => {
    store().setValue("b0", "fields.fr.main_title", "A", { groupKey: "x" });
    store().setValue("b0", "fields.en.main_title", "B", { groupKey: "y" });
    store().setValue("b0", "fields.en.main_title", "B", { groupKey: "y" });
    expect(store().steps.length).toBe(2);
  });

  it("keeps selection and hover out of history", () => {
    store().select("b1");
    store().hover("b2");
    expect(store().steps.length).toBe(0);
    store().cycleColorScheme("b0");
    store().undo();
    expect(store().selectedId).toBe("b1");
    expect(store().hoveredId).toBe("b2");
  });

  it("caps history and folds the oldest steps into the start document", () => {
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) store().setValue("b0", "fields.fr.main_title", `v${i}`);
    expect(store().steps.length).toBe(HISTORY_LIMIT);
    const final = store().doc;
    const restored = docOfDraft(parseDraft(serializeDraft(draftOf(store())!))!);
    expect(restored).toEqual(final);
    while (store().canUndo()) store().undo();
    expect(store().getValue("b0", "fields.fr.main_title")).toBe("v19");
  });

  it("a new edit after undo drops the redo branch", () => {
    store().cycleColorScheme("b0");
    store().undo();
    store().removeBlock("b2");
    expect(store().canRedo()).toBe(false);
    expect(store().steps.length).toBe(1);
  });

  it("undo keeps untouched blocks' identity (patches, no document copy)", () => {
    const before = store().doc!;
    store().setValue("b1", "fields.fr.main_title", "X");
    const after = store().doc!;
    expect(after.blocks[0]).toBe(before.blocks[0]);
    expect(after.blocks[2]).toBe(before.blocks[2]);
    store().undo();
    const undone = store().doc!;
    expect(undone.blocks[0]).toBe(before.blocks[0]);
    expect(undone.blocks[2]).toBe(before.blocks[2]);
    expect(undone.theme).toBe(before.theme);
  });

  it("warns without throwing on a missing block or path", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    store().setValue("nope", "fields.fr.main_title", "x");
    expect(warn).toHaveBeenCalledWith(MISSING_BLOCK, "nope");
    store().setValue("b0", "fields.fr.missing.deep", "x");
    expect(warn).toHaveBeenCalledWith(MISSING_PATH, "fields.fr.missing.deep");
    store().editValue("b0", "nowhere.x", () => 1);
    store().removeBlock("nope");
    store().cycleColorScheme("nope");
    expect(store().getValue("b0", "fields.fr.nothing")).toBeUndefined();
    expect(store().steps.length).toBe(0);
  });
});

describe("studio store: persistence", () => {
  it("round-trips a draft: same document and the same undo ability", () => {
    store().addBlock("text_block_2", 0);
    store().setValue("b1", "fields.en.main_title", "Hello");
    store().moveBlock("b2", 0);
    store().undo();
    const doc = store().doc;
    const text = serializeDraft(draftOf(store())!);
    const draft = parseDraft(text)!;
    expect(draft.cursor).toBe(2);
    const restored = docOfDraft(draft)!;
    expect(restored).toEqual(doc);

    store().close();
    store().restoreDraft(draft, restored);
    expect(store().doc).toEqual(doc);
    store().redo();
    expect(ids()?.[0]).toBe("b2");
    store().undo();
    store().undo();
    store().undo();
    expect(store().doc?.blocks).toEqual(makeDoc().blocks);
    expect(store().canUndo()).toBe(false);
  });

  it("ignores a bad draft with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(parseDraft("{oops")).toBeNull();
    expect(parseDraft(JSON.stringify({ version: 1, base: {}, steps: [], cursor: 0 }))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("validateDoc", () => {
  it("reports issues by block, locale and path", () => {
    store().setValue("b0", "fields.en.main_title", 42);
    const issues = validateDoc(store().doc);
    expect(issues).toEqual([
      expect.objectContaining({
        blockId: "b0",
        block_type: "text_block_1",
        locale: "en",
        path: "fields.en.main_title",
      }),
    ]);
  });
});

describe("restoreVersion", () => {
  const version = (base = makeDoc(2)) => ({
    title: { fr: "Ancienne", en: "Old" },
    paths: { fr: "/fr/ancienne", en: "/en/old" },
    blocks: base.blocks.map((b) => ({
      ...b,
      fields: { ...b.fields, fr: { ...(b.fields.fr as object), main_title: "A" } },
    })),
    hidden: true,
    seo: { title: "SEO A" },
  });

  it("replaces the draft with the version as one undo step, and Undo brings the draft back", () => {
    store().setValue("b0", "fields.fr.main_title", "Brouillon");
    const draft = store().doc;
    const steps = store().steps.length;
    store().restoreVersion(2, version());
    const restored = store().doc!;
    expect(store().steps).toHaveLength(steps + 1);
    expect(restored.blocks.map((b) => b.id)).toEqual(["b0", "b1"]);
    expect(restored.blocks.map((b) => (b.fields.fr as { main_title: string }).main_title)).toEqual(["A", "A"]);
    expect(restored).toMatchObject({
      title: { fr: "Ancienne" },
      paths: { en: "/en/old" },
      hidden: true,
      seo: { title: "SEO A" },
    });
    // An older version than the draft's base keeps the base: publishing then makes a new version.
    expect(restored.base_version).toBe(4);
    store().undo();
    expect(store().doc).toEqual(draft);
    store().redo();
    expect(store().doc).toEqual(restored);
  });

  it("bases the draft on a newer version (another editor's, after a conflict), and leaves no SEO the version lacks", () => {
    useStudioStore.setState((s) => ({ doc: s.doc && { ...s.doc, seo: { title: "draft" } } }));
    const { seo: _seo, ...withoutSeo } = version();
    store().restoreVersion(7, withoutSeo);
    expect(store().doc?.base_version).toBe(7);
    expect(store().doc && "seo" in store().doc!).toBe(false);
    store().undo();
    expect(store().doc?.base_version).toBe(4);
  });
});

describe("flushDraft writes only a change not written yet (server drafts with the site's pages)", () => {
  it("does not send a draft as it was opened (another editor's, read only), and sends an edit once", async () => {
    const { flushDraft, setDraftSaver } = await import("../studio/store");
    const sent: number[] = [];
    // As the server drafts' saver: the draft is then written (or kept, and sent when it can be).
    setDraftSaver((draft) => {
      sent.push(draft.cursor);
      useStudioStore.setState({ draft: { kind: "saved", at: Date.now() } });
      return true;
    });
    try {
      // A draft with one step, as the server gave it: restored, nothing new.
      store().setValue("b0", "fields.fr.main_title", "Titre de Marc");
      const theirs = draftOf(store())!;
      store().load(makeDoc(), { restoreDraft: false });
      useStudioStore.setState({ persist: true });
      store().restoreDraft(theirs, docOfDraft(theirs)!);
      flushDraft();
      expect(sent).toEqual([]);
      // An edit of this editor's: written once, then nothing more to write.
      store().setValue("b0", "fields.fr.main_title", "Titre de Sophie");
      flushDraft();
      flushDraft();
      expect(sent).toEqual([2]);
    } finally {
      setDraftSaver(undefined);
      useStudioStore.setState({ persist: false });
    }
  });
});
