/**
 * Page versions through the content service, in process: every publish keeps a version by
 * its editor, editors list them (paged) and read one; anonymous callers, the site key, a
 * token without the read scope, malformed queries and another site's pages are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Block } from "../schema/block";
import { parseBlock } from "../schema/parse";
import type { PageRecord } from "../server/content/stores/content";
import {
  type AnswerBody,
  BROKER,
  createTestService,
  editorToken,
  fixtureEditor,
  type TestService,
} from "./helpers/content-service";

let ctx: TestService;
let token: string;
const AGENCY = "demo-agency";

const call = (url: string, headers: Record<string, string> = {}, init: { method?: string; body?: unknown } = {}) =>
  ctx.service.handle(
    new Request(`http://localhost/api${url}`, {
      method: init.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
const auth = () => ({ authorization: `Bearer ${token}` });

async function publish(page: PageRecord, title: string): Promise<number> {
  const next = { ...page, title: { fr: title, en: title } };
  const response = await call(`/pages/${BROKER.site_id}/${page.page_id}`, auth(), {
    method: "PUT",
    body: { page: next, base_version: page.version },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as AnswerBody).version;
}

beforeAll(async () => {
  ctx = await createTestService();
  token = await editorToken(ctx.service);
});
afterAll(() => ctx.cleanup());

describe("GET /pages/{site}/{page}/versions", () => {
  it("lists the seeded version, then one per publish with the editor's name, newest first", async () => {
    const page = (await ctx.service.storage.content.getPage(BROKER.site_id, "about"))!;
    const before = (await (await call(`/pages/${BROKER.site_id}/about/versions`, auth())).json()) as AnswerBody;
    expect(before.versions).toHaveLength(1);
    expect(before.versions[0]).toMatchObject({ version: page.version, editor: null });

    const v2 = await publish(page, "Première");
    const v3 = await publish({ ...page, version: v2 }, "Seconde");
    const response = await call(`/pages/${BROKER.site_id}/about/versions`, auth());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as AnswerBody;
    expect(body.versions.map((v: AnswerBody) => v.version)).toEqual([v3, v2, page.version]);
    expect(body.versions[0].editor.name).toBe(fixtureEditor("editor").name);
    expect(body.versions[0].summary).toMatchObject({ origin: "published", page: true, added: 0, removed: 0 });

    const paged = (await (await call(`/pages/${BROKER.site_id}/about/versions?limit=2`, auth())).json()) as AnswerBody;
    expect(paged.versions.map((v: AnswerBody) => v.version)).toEqual([v3, v2]);
    expect(paged.next).toBe(v2);
    const rest = (await (
      await call(`/pages/${BROKER.site_id}/about/versions?limit=2&before=${paged.next}`, auth())
    ).json()) as AnswerBody;
    expect(rest).toEqual({ versions: [expect.objectContaining({ version: page.version })], next: null });

    const one = await call(`/pages/${BROKER.site_id}/about/versions/${v2}`, auth());
    expect(one.status).toBe(200);
    const { version } = (await one.json()) as AnswerBody;
    expect(version.page.title).toEqual({ fr: "Première", en: "Première" });
    expect(version.page.content).toEqual(page.content);
  });

  it("counts only real changes: the schema's defaults the studio fills in (a link's target) are not changes", async () => {
    // The home page as the studio publishes it for the first time: every block parsed (links gain
    // `target: "_self"`, which the fixture leaves out), and two edits.
    const home = (await ctx.service.storage.content.getPage(BROKER.site_id, "home"))!;
    const parsed = home.content.map((raw, index) => parseBlock(raw, index, () => {}).block ?? raw) as Block[];
    expect(JSON.stringify(parsed)).toContain('"target":"_self"');
    const edited = structuredClone(parsed);
    (edited[0]!.fields.fr as { sub_title: string }).sub_title = "Un nouveau sous-titre";
    (edited[3]!.fields.en as { main_title: string }).main_title = "A new title";
    const response = await call(`/pages/${BROKER.site_id}/home`, auth(), {
      method: "PUT",
      body: { page: { ...home, content: edited }, base_version: home.version },
    });
    expect(response.status).toBe(200);
    const { versions } = (await (await call(`/pages/${BROKER.site_id}/home/versions`, auth())).json()) as AnswerBody;
    expect(versions[0].summary).toMatchObject({ origin: "published", changed: 2, added: 0, removed: 0, moved: 0 });
  });

  it("answers 401 to anonymous callers and to the site key, 403 to a token without the read scope", async () => {
    expect((await call(`/pages/${BROKER.site_id}/about/versions`)).status).toBe(401);
    expect((await call(`/pages/${BROKER.site_id}/about/versions/1`)).status).toBe(401);
    const siteKey = { "x-site-id": BROKER.site_id, "x-site-key": BROKER.site_key };
    expect((await call(`/pages/${BROKER.site_id}/about/versions`, siteKey)).status).toBe(401);
    const editor = await ctx.service.storage.accounts.findByEmail(fixtureEditor("editor").email);
    const writeOnly = (await ctx.service.auth.issueApiToken(editor!.id, "write only", ["write"])).token;
    const refused = await call(`/pages/${BROKER.site_id}/about/versions`, { authorization: `Bearer ${writeOnly}` });
    expect(refused.status).toBe(403);
  });

  it("answers 400 to a malformed query or version number", async () => {
    for (const query of ["limit=0", "limit=101", "limit=abc", "before=-1", "before=0", "limit=1e3", "unknown=1"]) {
      const response = await call(`/pages/${BROKER.site_id}/about/versions?${query}`, auth());
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as AnswerBody).status).toBe("error");
    }
    for (const version of ["abc", "1.5", "-2", "99999999999"]) {
      expect((await call(`/pages/${BROKER.site_id}/about/versions/${version}`, auth())).status, version).toBe(400);
    }
  });

  it("answers 404 for another site's page, an unknown site or page, and a version that does not exist", async () => {
    const agencyPages = await ctx.service.storage.content.listPages(AGENCY);
    const brokerIds = new Set((await ctx.service.storage.content.listPages(BROKER.site_id)).map((p) => p.page_id));
    const agencyOnly = agencyPages.find((p) => !brokerIds.has(p.page_id));
    expect(agencyOnly).toBeDefined();
    // The agency's page, asked for under the broker's site: not found there.
    expect((await call(`/pages/${BROKER.site_id}/${agencyOnly!.page_id}/versions`, auth())).status).toBe(404);
    expect((await call(`/pages/${BROKER.site_id}/${agencyOnly!.page_id}/versions/1`, auth())).status).toBe(404);
    // Under its own site it is listed.
    expect((await call(`/pages/${AGENCY}/${agencyOnly!.page_id}/versions`, auth())).status).toBe(200);
    expect((await call(`/pages/no-such-site/about/versions`, auth())).status).toBe(404);
    expect((await call(`/pages/${BROKER.site_id}/no-such-page/versions`, auth())).status).toBe(404);
    expect((await call(`/pages/${BROKER.site_id}/about/versions/4242`, auth())).status).toBe(404);
  });
});
