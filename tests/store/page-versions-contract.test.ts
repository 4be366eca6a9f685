/**
 * Page versions' contract, on the embedded SQLite store and PostgreSQL: a version per save in
 * the page's transaction (none for a refused save), who and what changed, newest first with
 * paging, one version's document, and sites kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "../../server/content/storage";
import type { PageRecord, SiteRecord } from "../../server/content/stores/content";
import { harnesses } from "./harness";

const site = (id: string): SiteRecord =>
  ({
    site_id: id,
    microsite_id: `ms-${id}`,
    site_key: `sk_${id}_0123456789`,
    name: `Site ${id}`,
    domains: [] as string[],
  }) as unknown as SiteRecord;

// A field of text_block_1's schema: summaries compare blocks as their schema reads them.
const text = (id: string, title: string) => ({
  id,
  block_type: "text_block_1",
  block_params: {},
  fields: { fr: { main_title: title }, en: { main_title: title } },
});

const page = (id: string, content: unknown[], extra: Partial<PageRecord> = {}): PageRecord =>
  ({
    page_id: id,
    paths: { fr: `/fr/${id}`, en: `/en/${id}` },
    title: { fr: `Titre ${id}`, en: `Title ${id}` },
    content,
    version: 1,
    ...extra,
  }) as PageRecord;

const julie = { id: "ed-julie", name: "Julie Tremblay" };
const marc = { id: "ed-marc", name: "Marc Gagnon" };

describe.each(harnesses)("$kind page versions", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
    await store.content.putSite(site("a"));
    await store.content.putSite(site("b"));
  });
  afterAll(() => db.cleanup());

  it("keeps a version for the creation and for each publish, with who saved it and what changed", async () => {
    const created = await store.content.savePage("a", page("home", [text("t1", "Un"), text("t2", "Deux")]), 0, julie);
    expect(created).toEqual({ ok: true, version: 1 });
    const second = await store.content.savePage(
      "a",
      page("home", [text("t2", "Deux bis"), text("t3", "Trois"), text("t1", "Un")]),
      1,
      marc,
    );
    expect(second).toEqual({ ok: true, version: 2 });

    const { versions, next } = await store.pageVersions.list("a", "home");
    expect(next).toBeNull();
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({
      editor: marc,
      summary: { origin: "published", added: 1, removed: 0, changed: 1, moved: 1, page: false },
    });
    expect(versions[1]).toMatchObject({
      editor: julie,
      summary: { origin: "created", added: 2, removed: 0, changed: 0, moved: 0 },
    });
    expect(Date.parse(versions[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(versions[1]!.created_at));
    expect(Date.now() - Date.parse(versions[0]!.created_at)).toBeLessThan(60_000);
  });

  it("gives back one version's document exactly as it was saved, read by another process too", async () => {
    const first = await other.pageVersions.get("a", "home", 1);
    expect(first?.page.content).toEqual([text("t1", "Un"), text("t2", "Deux")]);
    expect(first?.page).toMatchObject({ page_id: "home", version: 1, title: { fr: "Titre home" } });
    expect((await store.pageVersions.get("a", "home", 2))?.page.content).toHaveLength(3);
    expect(await store.pageVersions.get("a", "home", 3)).toBeUndefined();
  });

  it("keeps no version for a refused save (a conflict rolls back whole)", async () => {
    const stale = await store.content.savePage("a", page("home", [text("t9", "Perdu")]), 1, julie);
    expect(stale).toMatchObject({ ok: false, reason: "conflict", version: 2 });
    expect((await store.pageVersions.list("a", "home")).versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it("pages the list newest first with a cursor, and counts removed, moved and page changes", async () => {
    let content = [text("t1", "Un"), text("t2", "Deux"), text("t3", "Trois")];
    for (let v = 3; v <= 7; v++) {
      if (v === 5) content = [content[2]!, content[0]!, content[1]!];
      else if (v === 6) content = content.slice(1);
      else content = content.map((b, i) => (i === 0 ? text(b.id, `${b.fields.fr.main_title}!`) : b));
      const saved = await store.content.savePage(
        "a",
        page("home", content, v === 7 ? { title: { fr: "Accueil", en: "Home" } } : {}),
        v - 1,
        julie,
      );
      expect(saved).toEqual({ ok: true, version: v });
    }
    const first = await store.pageVersions.list("a", "home", { limit: 3 });
    expect(first.versions.map((v) => v.version)).toEqual([7, 6, 5]);
    expect(first.next).toBe(5);
    const second = await store.pageVersions.list("a", "home", { limit: 3, before: first.next! });
    expect(second.versions.map((v) => v.version)).toEqual([4, 3, 2]);
    const last = await store.pageVersions.list("a", "home", { limit: 3, before: second.next! });
    expect(last).toEqual({ versions: [expect.objectContaining({ version: 1 })], next: null });
    const byVersion = new Map([...first.versions, ...second.versions].map((v) => [v.version, v.summary]));
    expect(byVersion.get(5)).toMatchObject({ moved: 1, changed: 0, added: 0, removed: 0 });
    expect(byVersion.get(6)).toMatchObject({ removed: 1, changed: 0 });
    expect(byVersion.get(7)).toMatchObject({ changed: 1, page: true });
  });

  it("keeps sites apart: site b cannot list or read site a's versions", async () => {
    await store.content.savePage("b", page("home", [text("b1", "Autre site")]), 0, marc);
    const ofB = await store.pageVersions.list("b", "home");
    expect(ofB.versions.map((v) => v.version)).toEqual([1]);
    expect((await store.pageVersions.get("b", "home", 1))?.page.content).toEqual([text("b1", "Autre site")]);
    expect(await store.pageVersions.get("b", "home", 2)).toBeUndefined();
    expect((await store.pageVersions.list("a", "home")).versions).toHaveLength(7);
    expect((await store.pageVersions.list("c", "home")).versions).toEqual([]);
  });

  it("records a save without an editor (fixtures, scripts) as nobody's", async () => {
    await store.content.savePage("a", page("about", []));
    const { versions } = await store.pageVersions.list("a", "about");
    expect(versions).toEqual([expect.objectContaining({ version: 1, editor: null })]);
  });
});
