/**
 * The studio that runs the site with server drafts (issues 29 and 33 together), through the
 * content service in process: a new page is a server draft every editor sees and can open until
 * its first publish (which creates the page and removes the draft); a variant's draft of a page
 * is kept apart from the page's; the site's header and footer and the page's own footer edited in
 * a draft are kept by the server; a scheduled publish writes the edited header and footer as a
 * publish now does; a preview link shows them; deleting a page takes its drafts with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Block } from "../schema/block";
import { type Draft, docOfDraft, type StudioDoc } from "../schema/draft";
import { ScheduledPublisher } from "../server/content/scheduler";
import type { PageRecord } from "../server/content/stores/content";
import { type AnswerBody, BROKER, createTestService, fixtureEditor, type TestService } from "./helpers/content-service";

let ctx: TestService;
const tokens = { marc: "", sophie: "", julie: "" };
const SITE = BROKER.site_id;

async function tokenOf(email: string) {
  const editor = (await ctx.service.storage.accounts.findByEmail(email))!;
  return (await ctx.service.auth.issueApiToken(editor.id, "tests", ["read", "write"])).token;
}

const call = (url: string, token: string | null, method = "GET", body?: unknown) =>
  ctx.service.handle(
    new Request(`http://localhost/api${url}`, {
      method,
      headers: {
        accept: "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

const THEME = { preset: "blue", radius: {}, colors: {} } as unknown as StudioDoc["theme"];
const SETTINGS = { payloadColorsEnabled: false, globalEditModeActivated: false };

/** A new page as the studio's Pages screen makes it: version 0, origin server, the site's header and footer. */
function newPageDoc(id: string, title: string, header: Block[], footer: Block[], chromeVersion: number): StudioDoc {
  return {
    page_id: id,
    site_id: SITE,
    base_version: 0,
    title: { fr: title, en: `${title} (en)` },
    paths: { fr: `/fr/${id}`, en: `/en/${id}` },
    blocks: [],
    theme: THEME,
    settings: SETTINGS,
    origin: "server",
    hidden: false,
    chrome: { header, footer, version: chromeVersion },
  };
}

const draftOf = (base: StudioDoc, steps: Draft["steps"] = []): Draft => ({
  version: 1,
  base,
  base_version: base.base_version,
  steps,
  cursor: steps.length,
});

const putDraft = (token: string, page: string, revision: number, draft: Draft, variant?: string) =>
  call(`/drafts/${SITE}/${page}${variant ? `?variant=${variant}` : ""}`, token, "PUT", { revision, draft });
const getDraft = async (token: string, page: string, variant?: string) =>
  call(`/drafts/${SITE}/${page}${variant ? `?variant=${variant}` : ""}`, token);

const site = async () => (await ctx.service.storage.content.getSite(SITE))!;

beforeAll(async () => {
  ctx = await createTestService();
  tokens.marc = await tokenOf(fixtureEditor("editor").email);
  tokens.julie = await tokenOf(fixtureEditor("admin").email);
  tokens.sophie = await tokenOf("editor2@courtier.test");
});
afterAll(() => ctx.cleanup());

describe("a new page is a server draft until its first publish", () => {
  it("is stored from version 0, listed for every editor as never published, and opened by another editor", async () => {
    const s = await site();
    const doc = newPageDoc("vendre-avec-moi", "Vendre avec moi", s.header as Block[], s.footer as Block[], 1);
    const saved = await putDraft(tokens.marc, "vendre-avec-moi", 0, draftOf(doc));
    expect(saved.status).toBe(200);

    // Sophie, on another device, sees it in the Pages list and opens its draft.
    const list = (await (await call(`/pages/${SITE}`, tokens.sophie)).json()) as AnswerBody;
    expect(list.pages.some((p: { page_id: string }) => p.page_id === "vendre-avec-moi")).toBe(false);
    expect(list.new_pages).toEqual([
      {
        page_id: "vendre-avec-moi",
        title: doc.title,
        paths: doc.paths,
        draft: {
          revision: 1,
          editor: { id: expect.any(String), name: "Marc Tremblay" },
          updated_at: expect.any(String),
        },
      },
    ]);
    const opened = (await (await getDraft(tokens.sophie, "vendre-avec-moi")).json()) as AnswerBody;
    expect(docOfDraft(opened.draft.draft)?.title.fr).toBe("Vendre avec moi");
  });

  it("refuses a draft of an unknown page that does not start from version 0, or with an id a page cannot have", async () => {
    const s = await site();
    const stale = { ...newPageDoc("ailleurs", "Ailleurs", [], s.footer as Block[], 1), base_version: 3 };
    expect((await putDraft(tokens.marc, "ailleurs", 0, { ...draftOf(stale), base_version: 3 })).status).toBe(404);
    const badId = newPageDoc("Pas_Un_Id", "Pas un id", [], s.footer as Block[], 1);
    expect((await putDraft(tokens.marc, "Pas_Un_Id", 0, draftOf(badId))).status).toBe(404);
    expect((await getDraft(tokens.marc, "nulle-part")).status).toBe(404);
  });

  it("keeps the page lock: a second editor cannot write the new page's draft", async () => {
    const current = (await (await getDraft(tokens.marc, "vendre-avec-moi")).json()) as AnswerBody;
    const refused = await putDraft(tokens.sophie, "vendre-avec-moi", 1, current.draft.draft);
    expect(refused.status).toBe(423);
  });

  it("is created by publishing version 0, which removes the draft and starts the history at version 1", async () => {
    const stored = (await (await getDraft(tokens.marc, "vendre-avec-moi")).json()) as AnswerBody;
    const doc = docOfDraft(stored.draft.draft)!;
    const page: PageRecord = {
      page_id: doc.page_id,
      paths: doc.paths,
      title: doc.title,
      content: [],
      hidden: false,
      version: 0,
    };
    const published = await call(`/pages/${SITE}/vendre-avec-moi`, tokens.marc, "PUT", {
      page,
      base_version: 0,
      draft_revision: stored.draft.revision,
    });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ version: 1 });
    expect(await ctx.service.storage.drafts.get(SITE, "vendre-avec-moi")).toBeUndefined();
    const list = (await (await call(`/pages/${SITE}`, tokens.sophie)).json()) as AnswerBody;
    expect(list.new_pages).toEqual([]);
    expect(list.pages.find((p: { page_id: string }) => p.page_id === "vendre-avec-moi")).toMatchObject({ version: 1 });
  });

  it("refuses a reserved path (a preview link's) for a new page", async () => {
    const page = {
      page_id: "apercu",
      paths: { fr: "/fr/apercu", en: "/en/preview-page" },
      title: { fr: "Aperçu", en: "Preview" },
      content: [],
      hidden: false,
      version: 0,
    };
    const refused = await call(`/pages/${SITE}/apercu`, tokens.julie, "PUT", { page, base_version: 0 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { "page.paths.fr": "path-reserved" } });
  });
});

describe("a variant's draft of a page is its own", () => {
  it("is kept apart from the page's draft, on the page's lock, and refused for an unknown variant", async () => {
    const made = await call(`/variants/${SITE}`, tokens.julie, "POST", { name: "Portes ouvertes", color: "orange" });
    expect(made.status).toBe(201);
    const variantId = ((await made.json()) as AnswerBody).variant_id as string;
    const about = (await ctx.service.storage.content.getPage(SITE, "services"))!;
    const base: StudioDoc = {
      page_id: about.page_id,
      site_id: SITE,
      base_version: about.version,
      title: about.title,
      paths: about.paths,
      blocks: about.content as Block[],
      theme: THEME,
      settings: SETTINGS,
      origin: "server",
    };
    const retitle = (title: string): Draft["steps"] => [
      {
        patches: [{ op: "replace", path: ["title", "fr"], value: title }],
        inversePatches: [{ op: "replace", path: ["title", "fr"], value: about.title.fr }],
        label: "title",
        at: Date.now(),
      },
    ];
    const variantBase = { ...base, variant: { id: variantId, name: "Portes ouvertes", color: "orange", version: 1 } };
    expect((await putDraft(tokens.marc, about.page_id, 0, draftOf(base, retitle("Page")))).status).toBe(200);
    expect(
      (await putDraft(tokens.marc, about.page_id, 0, draftOf(variantBase, retitle("Variante")), variantId)).status,
    ).toBe(200);
    // A page's draft sent as the variant's (or the reverse) is refused: the two never mix.
    expect((await putDraft(tokens.marc, about.page_id, 1, draftOf(base), variantId)).status).toBe(400);
    expect((await putDraft(tokens.marc, about.page_id, 0, draftOf(base), "inconnue")).status).toBe(404);

    const pageDraft = (await (await getDraft(tokens.marc, about.page_id)).json()) as AnswerBody;
    const variantDraft = (await (await getDraft(tokens.marc, about.page_id, variantId)).json()) as AnswerBody;
    expect(docOfDraft(pageDraft.draft.draft)?.title.fr).toBe("Page");
    expect(docOfDraft(variantDraft.draft.draft)?.title.fr).toBe("Variante");
    // Sophie may not write the variant's draft while Marc holds the page.
    expect((await putDraft(tokens.sophie, about.page_id, 1, variantDraft.draft.draft, variantId)).status).toBe(423);
    // The Pages list shows the page's draft, not the variant's as a second one.
    const list = (await (await call(`/pages/${SITE}`, tokens.marc)).json()) as AnswerBody;
    expect(list.pages.find((p: { page_id: string }) => p.page_id === about.page_id).draft.revision).toBe(1);
    expect(list.new_pages).toEqual([]);

    // Discarding the variant's draft leaves the page's.
    const discarded = await call(
      `/drafts/${SITE}/${about.page_id}?revision=1&variant=${variantId}`,
      tokens.marc,
      "DELETE",
    );
    expect(discarded.status).toBe(200);
    expect(await ctx.service.storage.drafts.get(SITE, { page: about.page_id, variant: variantId })).toBeUndefined();
    expect(await ctx.service.storage.drafts.get(SITE, about.page_id)).toBeDefined();
    await ctx.service.storage.drafts.remove(SITE, about.page_id);
  });
});

describe("the site's header and footer in a server draft", () => {
  it("keeps an edit of the header and the page's own footer for another device", async () => {
    const s = await site();
    const header = s.header as Block[];
    const home = (await ctx.service.storage.content.getPage(SITE, "contact"))!;
    const base: StudioDoc = {
      page_id: home.page_id,
      site_id: SITE,
      base_version: home.version,
      title: home.title,
      paths: home.paths,
      blocks: home.content as Block[],
      theme: THEME,
      settings: SETTINGS,
      origin: "server",
      chrome: { header, footer: s.footer as Block[], version: s.chrome_version },
    };
    const headerId = header[0]!.id;
    const steps: Draft["steps"] = [
      {
        patches: [{ op: "replace", path: ["chrome", "header", 0, "block_params"], value: { edited: true } }],
        inversePatches: [
          { op: "replace", path: ["chrome", "header", 0, "block_params"], value: header[0]!.block_params },
        ],
        label: "header",
        at: Date.now(),
      },
      {
        patches: [{ op: "add", path: ["page_footer"], value: s.footer }],
        inversePatches: [{ op: "remove", path: ["page_footer"] }],
        label: "own footer",
        at: Date.now(),
      },
    ];
    expect((await putDraft(tokens.marc, home.page_id, 0, draftOf(base, steps))).status).toBe(200);
    const read = (await (await getDraft(tokens.sophie, home.page_id)).json()) as AnswerBody;
    const doc = docOfDraft(read.draft.draft)!;
    expect(doc.chrome?.header.find((b) => b.id === headerId)?.block_params).toEqual({ edited: true });
    expect(doc.page_footer).toEqual(s.footer);
    await ctx.service.storage.drafts.remove(SITE, home.page_id);
  });

  it("is written by a scheduled publish, as a publish now writes it", async () => {
    const s = await site();
    const contact = (await ctx.service.storage.content.getPage(SITE, "contact"))!;
    const header = structuredClone(s.header) as Block[];
    (header[0] as { block_params: Record<string, unknown> }).block_params = {
      ...header[0]!.block_params,
      scheduled_marker: "oui",
    };
    // Marc holds the page (his draft above): he schedules it.
    const answer = await call(`/schedules/${SITE}/contact`, tokens.marc, "PUT", {
      run_at: new Date(Date.now() + 1000).toISOString(),
      page: contact,
      base_version: contact.version,
      chrome: { header, footer: s.footer, base_version: s.chrome_version },
    });
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const scheduler = new ScheduledPublisher(ctx.service, { log: () => {} });
    await scheduler.kick();
    await scheduler.stop();
    expect(await ctx.service.storage.publishJobs.lastFinished(SITE, "contact")).toMatchObject({ state: "done" });
    const after = await site();
    expect(after.chrome_version).toBe(s.chrome_version + 1);
    expect((after.header[0] as { block_params: Record<string, unknown> }).block_params.scheduled_marker).toBe("oui");
  });

  it("refuses to schedule a footer without the OACIQ mentions", async () => {
    const s = await site();
    const contact = (await ctx.service.storage.content.getPage(SITE, "contact"))!;
    const refused = await call(`/schedules/${SITE}/contact`, tokens.marc, "PUT", {
      run_at: new Date(Date.now() + 60_000).toISOString(),
      page: contact,
      base_version: contact.version,
      chrome: { header: s.header, footer: [], base_version: s.chrome_version },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { "chrome.footer": "oaciq-footer" } });
  });
});

describe("deleting a page", () => {
  it("takes its drafts with it: it does not come back as a new page", async () => {
    const s = await site();
    const contact = (await ctx.service.storage.content.getPage(SITE, "contact"))!;
    const base = { ...newPageDoc("contact", "Contact", s.header as Block[], s.footer as Block[], s.chrome_version) };
    await ctx.service.storage.drafts.put(
      SITE,
      "contact",
      draftOf({ ...base, base_version: contact.version, paths: contact.paths }),
      0,
      { id: "x", name: "Marc Tremblay" },
    );
    await ctx.service.storage.content.deletePage(SITE, "contact", { gone: true });
    expect(await ctx.service.storage.drafts.get(SITE, "contact")).toBeUndefined();
    const list = (await (await call(`/pages/${SITE}`, tokens.marc)).json()) as AnswerBody;
    expect(list.new_pages).toEqual([]);
  });
});
