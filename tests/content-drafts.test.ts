/**
 * Server drafts through the content service, in process (issue 33): a draft saved by one editor
 * is read by another with its undo history and author; the page lock keeps a second editor from
 * writing it; a stale revision is refused; bad bodies are 4xx; an editor's draft may not add
 * embedded code; a publish of the draft removes it (a tool's publish does not); a discard names
 * the revision it discards and is audited; page lists say who has a draft.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Draft, docOfDraft, type StudioDoc } from "../schema/draft";
import type { PageRecord } from "../server/content/stores/content";
import { type AnswerBody, BROKER, createTestService, fixtureEditor, type TestService } from "./helpers/content-service";

let ctx: TestService;
const tokens = { marc: "", marcPhone: "", sophie: "", julie: "" };
const PAGE = "about";

async function tokenOf(email: string, scopes: ("read" | "write")[] = ["read", "write"]) {
  const editor = (await ctx.service.storage.accounts.findByEmail(email))!;
  return (await ctx.service.auth.issueApiToken(editor.id, "tests", scopes)).token;
}

const call = (url: string, token: string | null, init: { method?: string; body?: unknown; raw?: string } = {}) =>
  ctx.service.handle(
    new Request(`http://localhost/api${url}`, {
      method: init.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(init.body === undefined && init.raw === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    }),
  );

function docOf(page: PageRecord): StudioDoc {
  return {
    page_id: page.page_id,
    site_id: BROKER.site_id,
    base_version: page.version,
    title: page.title,
    paths: page.paths,
    blocks: page.content as StudioDoc["blocks"],
    theme: { preset: "blue", radius: {}, colors: {} } as StudioDoc["theme"],
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
    origin: "server",
    hidden: page.hidden,
  };
}

/** A draft of the page whose one step retitles its French title. */
function retitled(page: PageRecord, title: string): Draft {
  return {
    version: 1,
    base: docOf(page),
    base_version: page.version,
    steps: [
      {
        patches: [{ op: "replace", path: ["title", "fr"], value: title }],
        inversePatches: [{ op: "replace", path: ["title", "fr"], value: page.title.fr }],
        label: "title",
        at: Date.now(),
      },
    ],
    cursor: 1,
  };
}

const put = (token: string, revision: number, draft: unknown, page = PAGE) =>
  call(`/drafts/${BROKER.site_id}/${page}`, token, { method: "PUT", body: { revision, draft } });

let about: PageRecord;

beforeAll(async () => {
  ctx = await createTestService();
  tokens.marc = await tokenOf(fixtureEditor("editor").email);
  tokens.marcPhone = await tokenOf(fixtureEditor("editor").email);
  tokens.julie = await tokenOf(fixtureEditor("admin").email);
  const sophie = (await ctx.service.storage.accounts.list()).find((e) => e.email === "editor2@courtier.test")!;
  tokens.sophie = await tokenOf(sophie.email);
  about = (await ctx.service.storage.content.getPage(BROKER.site_id, PAGE))!;
});
afterAll(() => ctx.cleanup());

describe("drafts: saved by one editor, read by another", () => {
  it("starts with no draft, keeps one with its undo history and says who wrote it", async () => {
    const none = await call(`/drafts/${BROKER.site_id}/${PAGE}`, tokens.marc);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ draft: null });

    const saved = await put(tokens.marc, 0, retitled(about, "À propos (brouillon)"));
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as AnswerBody;
    expect(body).toMatchObject({ status: "success", revision: 1, editor: { name: fixtureEditor("editor").name } });

    // Sophie (another editor, another device) reads it whole: the document, its step, its author.
    const read = (await (await call(`/drafts/${BROKER.site_id}/${PAGE}`, tokens.sophie)).json()) as AnswerBody;
    expect(read.draft).toMatchObject({ revision: 1, editor: { name: fixtureEditor("editor").name } });
    expect(docOfDraft(read.draft.draft)?.title.fr).toBe("À propos (brouillon)");
    expect(docOfDraft({ ...read.draft.draft, cursor: 0 })?.title.fr).toBe(about.title.fr);

    // The page list says who has a draft of the page, and since when.
    const list = (await (await call(`/pages/${BROKER.site_id}`, tokens.sophie)).json()) as AnswerBody;
    const entry = list.pages.find((p: AnswerBody) => p.page_id === PAGE);
    expect(entry.draft).toMatchObject({ revision: 1, editor: { name: fixtureEditor("editor").name } });
    expect(list.pages.find((p: AnswerBody) => p.page_id === "home").draft).toBeNull();
  });

  it("keeps a second editor from writing while the first holds the page; a stale revision is refused", async () => {
    const refused = await put(tokens.sophie, 1, retitled(about, "Sophie écrit"));
    expect(refused.status).toBe(423);
    expect(((await refused.json()) as AnswerBody).lock.editor.name).toBe(fixtureEditor("editor").name);

    const stale = await put(tokens.marc, 0, retitled(about, "Trop tard"));
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as AnswerBody).current).toMatchObject({ revision: 1 });

    const next = await put(tokens.marc, 1, retitled(about, "Deuxième"));
    expect(((await next.json()) as AnswerBody).revision).toBe(2);
    const read = (await (await call(`/drafts/${BROKER.site_id}/${PAGE}`, tokens.sophie)).json()) as AnswerBody;
    expect(docOfDraft(read.draft.draft)?.title.fr).toBe("Deuxième");
  });

  it("hands the draft over with the page: after a take-over the second editor continues it", async () => {
    const take = await call(`/locks/${BROKER.site_id}/${PAGE}`, tokens.sophie, {
      method: "POST",
      body: { takeover: true },
    });
    expect(take.status).toBe(200);
    const continued = await put(tokens.sophie, 2, retitled(about, "Sophie continue"));
    expect(continued.status).toBe(200);
    // Marc's tab, which lost the page, is refused and changes nothing.
    expect((await put(tokens.marc, 2, retitled(about, "Marc hors ligne"))).status).toBe(423);
    const read = (await (await call(`/drafts/${BROKER.site_id}/${PAGE}`, tokens.marc)).json()) as AnswerBody;
    expect(read.draft).toMatchObject({ revision: 3, editor: { name: "Sophie Roy" } });
  });

  it("lets an editor's other device take the page on opening, not another editor", async () => {
    // Sophie holds it. Marc's phone asks as owner: refused, it is someone else's.
    const marcOwn = await call(`/locks/${BROKER.site_id}/${PAGE}`, tokens.marcPhone, {
      method: "POST",
      body: { own: true },
    });
    expect(marcOwn.status).toBe(423);
    // Marc takes it from his first device; his phone, opening the page, takes it from him.
    expect(
      (await call(`/locks/${BROKER.site_id}/${PAGE}`, tokens.marc, { method: "POST", body: { takeover: true } }))
        .status,
    ).toBe(200);
    const phone = await call(`/locks/${BROKER.site_id}/${PAGE}`, tokens.marcPhone, {
      method: "POST",
      body: { own: true },
    });
    expect(phone.status).toBe(200);
    // A renewal from the first device (no `own`) does not take it back.
    expect((await call(`/locks/${BROKER.site_id}/${PAGE}`, tokens.marc, { method: "POST", body: {} })).status).toBe(
      423,
    );
    await call(`/locks/${BROKER.site_id}/${PAGE}`, tokens.marcPhone, { method: "DELETE" });
  });
});

describe("drafts: what is refused", () => {
  it("answers 4xx to bad bodies, unknown pages, anonymous callers and read-only tokens", async () => {
    const draft = retitled(about, "x");
    const cases: [Response, number][] = [
      [await put(tokens.julie, 3, { ...draft, cursor: 5 }), 400],
      [await put(tokens.julie, 3, { ...draft, version: 2 }), 400],
      [await put(tokens.julie, -1, draft), 400],
      [await put(tokens.julie, 3, { ...draft, base: { ...draft.base, page_id: "home" } }), 400],
      [await call(`/drafts/${BROKER.site_id}/${PAGE}`, tokens.julie, { method: "PUT", raw: "{" }), 400],
      [await put(tokens.julie, 0, { ...draft, base: { ...draft.base, page_id: "nowhere" } }, "nowhere"), 404],
      [await call(`/drafts/nosite/${PAGE}`, tokens.julie), 404],
      [await call(`/drafts/${BROKER.site_id}/${PAGE}`, null), 401],
      [await put(await tokenOf("editor@courtier.test", ["read"]), 3, draft), 403],
      [await call(`/drafts/${BROKER.site_id}/${PAGE}`, tokens.julie, { method: "DELETE" }), 400],
      [await call(`/drafts/${BROKER.site_id}/${PAGE}?revision=x`, tokens.julie, { method: "DELETE" }), 400],
    ];
    expect(cases.map(([r]) => r.status)).toEqual(cases.map(([, s]) => s));
    // Nothing above changed the draft.
    const read = (await (await call(`/drafts/${BROKER.site_id}/${PAGE}`, tokens.julie)).json()) as AnswerBody;
    expect(read.draft.revision).toBe(3);
  });

  it("refuses embedded code an editor's draft adds, in any state of its history; an admin may", async () => {
    const script = {
      id: "new-script",
      block_type: "script_embed_block",
      block_params: {},
      fields: { fr: { script_content: "<script>steal()</script>" }, en: {} },
    };
    const draft = retitled(about, "Avec script");
    // Added, then undone: the redo would bring it back, so it counts.
    draft.steps.push({
      patches: [{ op: "add", path: ["blocks", 0], value: script }],
      inversePatches: [{ op: "remove", path: ["blocks", 0] }],
      label: "add script_embed_block",
      at: Date.now(),
    });
    const home = (await ctx.service.storage.content.getPage(BROKER.site_id, "home"))!;
    const homeDraft = { ...draft, base: docOf(home), base_version: home.version };
    homeDraft.steps[0]!.inversePatches[0]!.value = home.title.fr;
    const refused = await put(tokens.marc, 0, homeDraft, "home");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "embed_admin_only", blocks: ["new-script"] });
    expect(((await (await call(`/drafts/${BROKER.site_id}/home`, tokens.marc)).json()) as AnswerBody).draft).toBeNull();
    const admin = await put(tokens.julie, 0, homeDraft, "home");
    expect(admin.status).toBe(200);
    await call(`/drafts/${BROKER.site_id}/home?revision=1`, tokens.julie, { method: "DELETE" });
    await call(`/locks/${BROKER.site_id}/home`, tokens.julie, { method: "DELETE" });
  });
});

describe("drafts: publish and discard", () => {
  it("a tool's publish leaves the draft; the studio's publish of the draft removes it", async () => {
    await call(`/locks/${BROKER.site_id}/${PAGE}`, tokens.marc, { method: "POST", body: { takeover: true } });
    const stored = (await ctx.service.storage.drafts.summary(BROKER.site_id, PAGE))!;
    const page = { ...about, title: { ...about.title, fr: "Publié par un outil" } };
    const tool = await call(`/pages/${BROKER.site_id}/${PAGE}`, tokens.marc, {
      method: "PUT",
      body: { page, base_version: about.version },
    });
    expect(tool.status).toBe(200);
    expect(await ctx.service.storage.drafts.summary(BROKER.site_id, PAGE)).toMatchObject({
      revision: stored.revision,
    });
    // A publish naming another revision of the draft (an older tab) leaves it too.
    const version = ((await tool.json()) as AnswerBody).version as number;
    const older = await call(`/pages/${BROKER.site_id}/${PAGE}`, tokens.marc, {
      method: "PUT",
      body: { page: { ...page, version }, base_version: version, draft_revision: stored.revision - 1 },
    });
    expect(older.status).toBe(200);
    expect(await ctx.service.storage.drafts.summary(BROKER.site_id, PAGE)).toBeDefined();
    const latest = ((await older.json()) as AnswerBody).version as number;
    const studio = await call(`/pages/${BROKER.site_id}/${PAGE}`, tokens.marc, {
      method: "PUT",
      body: { page: { ...page, version: latest }, base_version: latest, draft_revision: stored.revision },
    });
    expect(studio.status).toBe(200);
    expect(await ctx.service.storage.drafts.summary(BROKER.site_id, PAGE)).toBeUndefined();
    about = (await ctx.service.storage.content.getPage(BROKER.site_id, PAGE))!;
  });

  it("discards only the revision the editor saw, and records it", async () => {
    expect((await put(tokens.marc, 0, retitled(about, "À jeter"))).status).toBe(200);
    expect((await put(tokens.marc, 1, retitled(about, "À jeter, encore"))).status).toBe(200);
    const stale = await call(`/drafts/${BROKER.site_id}/${PAGE}?revision=1`, tokens.marc, { method: "DELETE" });
    expect(stale.status).toBe(409);
    expect(await ctx.service.storage.drafts.summary(BROKER.site_id, PAGE)).toBeDefined();
    const done = await call(`/drafts/${BROKER.site_id}/${PAGE}?revision=2`, tokens.marc, { method: "DELETE" });
    expect(done.status).toBe(200);
    expect(await ctx.service.storage.drafts.summary(BROKER.site_id, PAGE)).toBeUndefined();
    expect((await call(`/drafts/${BROKER.site_id}/${PAGE}?revision=2`, tokens.marc, { method: "DELETE" })).status).toBe(
      404,
    );
    const trail = await ctx.service.storage.audit.list({ action: "draft.", limit: 50 });
    expect(trail.entries[0]).toMatchObject({ action: "draft.discard", target: `${BROKER.site_id}/${PAGE}` });
    // The two saves above: the draft's creation is recorded, the same editor's next save of the
    // same ten minutes is not (the entry before the discard is the creation).
    expect(trail.entries[1]).toMatchObject({ action: "draft.save", details: { revision: 1, created: true } });
    // Sophie's save after her take-over was recorded: another writer.
    expect(trail.entries.some((e) => e.action === "draft.save" && e.actor_label.includes("Sophie"))).toBe(true);
  });
});
