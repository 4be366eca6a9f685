/**
 * Page drafts' contract (issue 33), on SQLite and PostgreSQL: a draft written and read back
 * whole (its undo steps included) by another process, revisions that refuse a stale writer, two
 * writers from one revision (one wins), summaries per site, and removal at a revision only. A
 * variant's draft of a page (issue 29) has its own revisions, apart from the page's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Draft, docOfDraft, type StudioDoc } from "../../schema/draft";
import type { Storage } from "../../server/content/storage";
import { harnesses } from "./harness";

const marc = { id: "ed-marc", name: "Marc Tremblay" };
const sophie = { id: "ed-sophie", name: "Sophie Roy" };

function doc(pageId: string, title: string): StudioDoc {
  return {
    page_id: pageId,
    site_id: "a",
    base_version: 3,
    title: { fr: "Accueil", en: "Home" },
    paths: { fr: "/fr", en: "/en" },
    blocks: [
      {
        id: "hero",
        block_type: "text_block_1",
        block_params: {},
        fields: { fr: { main_title: title }, en: { main_title: "Welcome" } },
      },
    ] as StudioDoc["blocks"],
    theme: { preset: "blue", radius: {}, colors: {} } as StudioDoc["theme"],
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
    origin: "server",
  };
}

/** A draft with one step that retitles the block (and its inverse). */
function draft(pageId: string, from: string, to: string, cursor = 1): Draft {
  const path = ["blocks", 0, "fields", "fr", "main_title"];
  return {
    version: 1,
    base: doc(pageId, from),
    base_version: 3,
    steps: [
      {
        patches: [{ op: "replace", path, value: to }],
        inversePatches: [{ op: "replace", path, value: from }],
        label: "set fields.fr.main_title",
        groupKey: "hero:fields.fr.main_title",
        at: 1_800_000_000_000,
      },
    ],
    cursor,
  };
}

const title = (d: Draft | undefined) =>
  (docOfDraft(d!)?.blocks[0]?.fields.fr as { main_title?: string } | undefined)?.main_title;

describe.each(harnesses)("$kind page drafts", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
  });
  afterAll(() => db.cleanup());

  it("keeps a draft with its undo history, read back whole by another process", async () => {
    expect(await store.drafts.get("a", "home")).toBeUndefined();
    const written = await store.drafts.put("a", "home", draft("home", "Bienvenue", "Bonjour"), 0, marc);
    expect(written).toMatchObject({ ok: true, revision: 1 });
    const read = await other.drafts.get("a", "home");
    expect(read).toMatchObject({ revision: 1, editor: marc });
    expect(Date.now() - Date.parse(read!.updated_at)).toBeLessThan(60_000);
    expect(read!.draft).toEqual(draft("home", "Bienvenue", "Bonjour"));
    expect(title(read!.draft)).toBe("Bonjour");
    // Its undo step still applies: the cursor moved back gives the page as opened.
    expect(title({ ...read!.draft, cursor: 0 })).toBe("Bienvenue");
  });

  it("bumps the revision on each write and refuses a writer that started from an older one", async () => {
    const second = await other.drafts.put("a", "home", draft("home", "Bienvenue", "Salut"), 1, sophie);
    expect(second).toMatchObject({ ok: true, revision: 2 });
    // A late writer still at revision 1 (a tab that lost the lock while offline) changes nothing.
    const stale = await store.drafts.put("a", "home", draft("home", "Bienvenue", "Trop tard"), 1, marc);
    expect(stale).toEqual({
      ok: false,
      reason: "conflict",
      current: expect.objectContaining({ revision: 2, editor: sophie }),
    });
    // So does a second "first" draft of a page that has one.
    expect(await store.drafts.put("a", "home", draft("home", "Bienvenue", "Nouveau"), 0, marc)).toMatchObject({
      ok: false,
      reason: "conflict",
    });
    expect(title((await store.drafts.get("a", "home"))?.draft)).toBe("Salut");
    expect((await store.drafts.get("a", "home"))?.editor).toEqual(sophie);
  });

  it("lets one of two writers from the same revision win", async () => {
    const results = await Promise.all([
      store.drafts.put("a", "home", draft("home", "Bienvenue", "Un"), 2, marc),
      other.drafts.put("a", "home", draft("home", "Bienvenue", "Deux"), 2, sophie),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toHaveLength(1);
    const stored = await store.drafts.get("a", "home");
    expect(stored?.revision).toBe(3);
    expect(title(stored?.draft)).toBe(results[0]!.ok ? "Un" : "Deux");
  });

  it("makes one first draft of two written together", async () => {
    const results = await Promise.all([
      store.drafts.put("a", "contact", draft("contact", "Joindre", "Un"), 0, marc),
      other.drafts.put("a", "contact", draft("contact", "Joindre", "Deux"), 0, sophie),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await store.drafts.get("a", "contact"))?.revision).toBe(1);
  });

  it("lists a site's drafts by page, and keeps sites apart", async () => {
    await store.drafts.put("b", "home", draft("home", "Autre", "Site B"), 0, marc);
    const summaries = await other.drafts.summaries("a");
    expect([...summaries.keys()].sort()).toEqual(["contact", "home"]);
    expect(summaries.get("home")).toMatchObject({ revision: 3 });
    expect(summaries.get("home")).not.toHaveProperty("draft");
    expect(title((await store.drafts.get("b", "home"))?.draft)).toBe("Site B");
    expect(await store.drafts.summary("a", "nowhere")).toBeUndefined();
    expect(await store.drafts.summary("b", "home")).toMatchObject({ revision: 1, editor: marc });
  });

  it("removes a draft at the revision named only, or whatever it is", async () => {
    expect(await store.drafts.remove("a", "home", 2)).toBeUndefined();
    expect(await store.drafts.get("a", "home")).toBeDefined();
    expect(await other.drafts.remove("a", "home", 3)).toMatchObject({ revision: 3 });
    expect(await store.drafts.get("a", "home")).toBeUndefined();
    expect(await store.drafts.remove("a", "contact")).toMatchObject({ revision: 1 });
    expect(await store.drafts.remove("a", "contact")).toBeUndefined();
    // Site B's draft is untouched.
    expect(await store.drafts.get("b", "home")).toBeDefined();
    // A draft can start again after removal.
    expect(await store.drafts.put("a", "home", draft("home", "Bienvenue", "Encore"), 0, marc)).toMatchObject({
      ok: true,
      revision: 1,
    });
  });

  it("keeps a variant's draft of a page apart from the page's: its own revisions, listing and removal", async () => {
    const spring = { page: "home", variant: "printemps" };
    const variantDraft = draft("home", "Bienvenue", "Portes ouvertes");
    variantDraft.base.variant = { id: "printemps", name: "Printemps", color: "green", version: 1 };
    expect(await store.drafts.put("a", spring, variantDraft, 0, sophie)).toMatchObject({ ok: true, revision: 1 });
    // The page's draft (revision 1, "Encore") is untouched, and written on its own revisions.
    expect(title((await other.drafts.get("a", "home"))?.draft)).toBe("Encore");
    expect(title((await other.drafts.get("a", spring))?.draft)).toBe("Portes ouvertes");
    expect(await other.drafts.summary("a", spring)).toMatchObject({ revision: 1, editor: sophie });
    expect(await store.drafts.put("a", spring, variantDraft, 1, sophie)).toMatchObject({ ok: true, revision: 2 });
    expect(await store.drafts.summary("a", "home")).toMatchObject({ revision: 1, editor: marc });
    // Another variant of the same page is a third draft.
    expect(await store.drafts.get("a", { page: "home", variant: "hiver" })).toBeUndefined();
    // Page lists name the page's draft only.
    expect((await other.drafts.summaries("a")).get("home")).toMatchObject({ revision: 1, editor: marc });
    expect(await store.drafts.remove("a", spring, 2)).toMatchObject({ revision: 2 });
    expect(await store.drafts.get("a", spring)).toBeUndefined();
    expect(await store.drafts.get("a", "home")).toBeDefined();
  });
});
