/**
 * Publishing later through the content service, in process (issue 33): what a schedule must be
 * (a future time within a year, the page of the URL), the page lock and embedded code as for a
 * publish, moving and cancelling it, page lists showing its time, every write audited; a
 * scheduled publish uses the role its editor has when it runs; a publish's note reaches the
 * history.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScheduledPublisher } from "../server/content/scheduler";
import type { PageRecord } from "../server/content/stores/content";
import { type AnswerBody, BROKER, createTestService, fixtureEditor, type TestService } from "./helpers/content-service";

let ctx: TestService;
const tokens = { marc: "", sophie: "", julie: "" };

async function tokenOf(email: string) {
  const editor = (await ctx.service.storage.accounts.findByEmail(email))!;
  return (await ctx.service.auth.issueApiToken(editor.id, "tests", ["read", "write"])).token;
}

const call = (url: string, token: string, method = "GET", body?: unknown) =>
  ctx.service.handle(
    new Request(`http://localhost/api${url}`, {
      method,
      headers: {
        accept: "application/json",
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const page = async (id: string) => (await ctx.service.storage.content.getPage(BROKER.site_id, id))!;
const schedule = (token: string, p: PageRecord, runAt: string, extra: object = {}) =>
  call(`/schedules/${BROKER.site_id}/${p.page_id}`, token, "PUT", {
    run_at: runAt,
    page: p,
    base_version: p.version,
    ...extra,
  });

beforeAll(async () => {
  ctx = await createTestService();
  tokens.marc = await tokenOf(fixtureEditor("editor").email);
  tokens.julie = await tokenOf(fixtureEditor("admin").email);
  tokens.sophie = await tokenOf("editor2@courtier.test");
});
afterAll(() => ctx.cleanup());

describe("schedules", () => {
  it("refuses a time past or too far, another page, a malformed body", async () => {
    const about = await page("about");
    const statuses = [
      (await schedule(tokens.marc, about, inMinutes(-1))).status,
      (await schedule(tokens.marc, about, inMinutes(400 * 24 * 60))).status,
      (await schedule(tokens.marc, about, "demain à 9 h")).status,
      (await schedule(tokens.marc, about, "2030-01-01T09:00")).status,
      (
        await call(`/schedules/${BROKER.site_id}/home`, tokens.marc, "PUT", {
          run_at: inMinutes(5),
          page: about,
          base_version: 1,
        })
      ).status,
      (await schedule(tokens.marc, about, inMinutes(5), { note: "x".repeat(501) })).status,
      (await call(`/schedules/${BROKER.site_id}/nowhere`, tokens.marc)).status,
    ];
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 404]);
    expect(await ctx.service.storage.publishJobs.pending(BROKER.site_id, "about")).toBeUndefined();
  });

  it("schedules, shows the time in page lists, moves it, and unschedules, each write audited", async () => {
    const about = await page("about");
    const first = await schedule(tokens.marc, { ...about, title: { ...about.title, fr: "Plus tard" } }, inMinutes(60));
    expect(first.status).toBe(200);
    const body = (await first.json()) as AnswerBody;
    expect(body).toMatchObject({
      schedule: { state: "pending", editor: { name: "Marc Tremblay" } },
      time_zone: "America/Toronto",
    });

    const list = (await (await call(`/pages/${BROKER.site_id}`, tokens.sophie)).json()) as AnswerBody;
    const entry = list.pages.find((p: AnswerBody) => p.page_id === "about");
    expect(entry.scheduled).toEqual({
      run_at: body.schedule.run_at,
      editor: { id: expect.any(String), name: "Marc Tremblay" },
    });
    expect(list.pages.find((p: AnswerBody) => p.page_id === "home").scheduled).toBeNull();

    const later = inMinutes(120);
    const moved = (await (await schedule(tokens.marc, about, later)).json()) as AnswerBody;
    expect(moved.schedule.id).toBe(body.schedule.id);
    expect(moved.schedule.run_at).toBe(new Date(later).toISOString());

    const read = (await (await call(`/schedules/${BROKER.site_id}/about`, tokens.sophie)).json()) as AnswerBody;
    expect(read.schedule.run_at).toBe(moved.schedule.run_at);

    // Sophie cannot unschedule while Marc holds the page.
    await call(`/locks/${BROKER.site_id}/about`, tokens.marc, "POST", {});
    expect((await call(`/schedules/${BROKER.site_id}/about`, tokens.sophie, "DELETE")).status).toBe(423);
    expect((await schedule(tokens.sophie, about, inMinutes(30))).status).toBe(423);
    const done = await call(`/schedules/${BROKER.site_id}/about`, tokens.marc, "DELETE");
    expect(done.status).toBe(200);
    expect((await call(`/schedules/${BROKER.site_id}/about`, tokens.marc, "DELETE")).status).toBe(404);
    await call(`/locks/${BROKER.site_id}/about`, tokens.marc, "DELETE");

    const trail = await ctx.service.storage.audit.list({ action: "page.", limit: 10 });
    // The two schedules and the cancel (the refused ones changed nothing and are not audited, as a refused publish).
    expect(trail.entries.map((e) => e.action)).toEqual(["page.unschedule", "page.schedule", "page.schedule"]);
  });

  it("refuses an editor's embedded code when scheduling, and again when it runs with the role the editor has then", async () => {
    const home = await page("home");
    const script = {
      id: "promo-script",
      block_type: "script_embed_block",
      block_params: {},
      fields: { fr: { script_content: "<script>promo()</script>" }, en: {} },
    };
    const withScript = { ...home, content: [...home.content, script] };
    const refused = await schedule(tokens.marc, withScript, inMinutes(5));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "embed_admin_only" });

    // Julie (an admin) schedules it, then is no longer an admin when its time comes.
    const julie = (await ctx.service.storage.accounts.findByEmail(fixtureEditor("admin").email))!;
    const ok = await schedule(tokens.julie, withScript, new Date(Date.now() + 1000).toISOString());
    expect(ok.status).toBe(200);
    const sophie = (await ctx.service.storage.accounts.findByEmail("editor2@courtier.test"))!;
    await ctx.service.storage.accounts.update(sophie.id, { role: "admin" }, Date.now());
    expect(await ctx.service.storage.accounts.update(julie.id, { role: "editor" }, Date.now())).toMatchObject({
      ok: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const scheduler = new ScheduledPublisher(ctx.service, { log: () => {} });
    await scheduler.kick();
    await scheduler.stop();
    expect(await ctx.service.storage.publishJobs.lastFinished(BROKER.site_id, "home")).toMatchObject({
      state: "failed",
      error: "embed-admin-only",
    });
    expect((await page("home")).content.some((b) => (b as { id?: string }).id === "promo-script")).toBe(false);
    await ctx.service.storage.accounts.update(julie.id, { role: "admin" }, Date.now());
    await ctx.service.storage.accounts.update(sophie.id, { role: "editor" }, Date.now());
  });

  it("keeps a publish's note in the history", async () => {
    const terms = await page("terms");
    const published = await call(`/pages/${BROKER.site_id}/terms`, tokens.marc, "PUT", {
      page: { ...terms, title: { ...terms.title, fr: "Termes à jour" } },
      base_version: terms.version,
      note: "  Nouvelle clause de confidentialité  ",
    });
    expect(published.status).toBe(200);
    const versions = (await (await call(`/pages/${BROKER.site_id}/terms/versions`, tokens.marc)).json()) as AnswerBody;
    expect(versions.versions[0]).toMatchObject({ note: "Nouvelle clause de confidentialité", scheduled_for: null });
    expect(versions.versions[1]).toMatchObject({ note: null });
  });
});
