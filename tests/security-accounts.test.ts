/**
 * What a hostile editor or a script in an administrator's tab can still do (issue 27, defects 3
 * and 6), in process against the content service: embedded code is an administrator's right;
 * sensitive account actions need a recent proof of identity (sudo mode); a newer one-time link
 * revokes the older ones of the account, and completing one ends the account's other sessions.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEmbedCode } from "../schema/blocks/embeds";
import { hashSecret } from "../server/auth/secrets";
import { SUDO_MS } from "../server/auth/service";
import { loadConfig } from "../server/config";
import { createEmbeddedContentService } from "../server/content/index";
import type { ContentService } from "../server/content/service";
import type { PageRecord } from "../server/content/stores/content";
import { type AnswerBody, BROKER, fixtureEditor } from "./helpers/content-service";

const origin = "http://localhost";
const SCRIPT = '<script>fetch("/api/auth/editors", { method: "POST" })</script>';
const embed = (id: string, code: string) => ({
  id,
  block_type: "script_embed_block",
  block_params: { color_scheme: "normal", frontend_only: true },
  fields: { fr: { script_content: code }, en: { script_content: code } },
});

describe("newEmbedCode", () => {
  it("names blocks whose code is new or changed, not moved, kept, emptied or removed ones", () => {
    const before = [embed("a", SCRIPT), { id: "t", block_type: "text_block_1", fields: {} }];
    expect(newEmbedCode(before, before)).toEqual([]);
    expect(newEmbedCode(before, [])).toEqual([]);
    expect(newEmbedCode(before, [embed("b", SCRIPT)])).toEqual([]);
    expect(newEmbedCode(before, [embed("a", "")])).toEqual([]);
    expect(newEmbedCode(before, [embed("a", `${SCRIPT} `)])).toEqual(["a"]);
    expect(newEmbedCode([], [embed("c", "<p>hi</p>")])).toEqual(["c"]);
    expect(newEmbedCode([null, 3, "x"], [embed("d", SCRIPT), { block_type: 5 }])).toEqual(["d"]);
  });
});

describe("accounts against a hostile editor and scripts in an admin's tab", () => {
  let dataDir: string;
  let service: ContentService;
  let clock = Date.parse("2026-11-27T09:00:00Z");

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "security-accounts-"));
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      FIXTURE_EDITORS: "true",
    });
    service = await createEmbeddedContentService(config, { now: () => clock });
  });
  afterAll(async () => {
    await service.storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, url: string, headers: Record<string, string> = {}, body?: unknown) =>
    service.handle(
      new Request(`${origin}/api${url}`, {
        method,
        headers: { origin, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  async function signIn(role: "admin" | "editor", email = fixtureEditor(role).email, password?: string) {
    const response = await call(
      "POST",
      "/auth/sign-in",
      {},
      { email, password: password ?? fixtureEditor(role).password },
    );
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }
  async function publish(cookie: string, page: PageRecord) {
    return call("PUT", `/pages/${BROKER.site_id}/${page.page_id}`, { cookie }, { page, base_version: page.version });
  }
  const about = async () => structuredClone((await service.storage.content.getPage(BROKER.site_id, "about"))!);

  it("refuses an editor's save that adds or changes embedded code, and takes an admin's", async () => {
    const editor = await signIn("editor");
    const admin = await signIn("admin");
    const page = await about();
    page.content.push(embed("hostile", SCRIPT));
    const refused = await publish(editor, page);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "embed_admin_only", blocks: ["hostile"] });
    expect(JSON.stringify((await about()).content)).not.toContain("hostile");
    // In the page's footer override too.
    const footer = await about();
    footer.override = { footer: [embed("hostile-footer", SCRIPT)] };
    expect((await publish(editor, footer)).status).toBe(403);

    // An admin may; the editor may then edit the page around it, but not its code.
    expect((await publish(admin, page)).status).toBe(200);
    const next = await about();
    (next.content[0] as { block_params: Record<string, unknown> }).block_params.color_scheme = "inverted";
    expect((await publish(editor, next)).status).toBe(200);
    const changed = await about();
    const block = changed.content.find((b) => (b as { id: string }).id === "hostile") as ReturnType<typeof embed>;
    block.fields.en.script_content = `${SCRIPT}<img src=x onerror=alert(1)>`;
    expect((await publish(editor, changed)).status).toBe(403);
    // Removing it is no new code.
    const removed = await about();
    removed.content = removed.content.filter((b) => (b as { id: string }).id !== "hostile");
    expect((await publish(editor, removed)).status).toBe(200);

    const audit = (await (
      await call("GET", "/auth/audit?action=page.publish&outcome=failure", { cookie: admin })
    ).json()) as AnswerBody;
    expect(audit.entries[0].details).toMatchObject({ reason: "embed-admin-only" });
  });

  it("asks for a recent proof of identity before inviting, tokens and passkeys (sudo mode)", async () => {
    const admin = await signIn("admin");
    const invite = (email: string) =>
      call("POST", "/auth/editors", { cookie: admin }, { name: "Nouvelle", email, role: "admin" });
    // Right after signing in, the sign-in is the proof.
    expect((await invite("first@courtier.test")).status).toBe(201);
    const session = (await (await call("GET", "/auth/session", { cookie: admin })).json()) as AnswerBody;
    expect(Date.parse(session.sudo_until)).toBe(clock + SUDO_MS);

    // Ten minutes later, a script in the admin's tab cannot invite an admin nor make a token.
    clock += SUDO_MS + 1;
    const late = await invite("script@courtier.test");
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ code: "reauth_required" });
    expect(await service.storage.accounts.findByEmail("script@courtier.test")).toBeUndefined();
    for (const [method, url, body] of [
      ["POST", "/auth/account/tokens", { name: "x", scopes: ["read", "write"] }],
      ["POST", "/auth/account/passkeys/options", {}],
      [
        "PATCH",
        `/auth/editors/${(await service.storage.accounts.findByEmail(fixtureEditor("editor").email))!.id}`,
        { role: "admin" },
      ],
    ] as const) {
      const answer = await call(method, url, { cookie: admin }, body);
      expect(answer.status, url).toBe(403);
      expect(((await answer.json()) as AnswerBody).code, url).toBe("reauth_required");
    }
    expect((await service.storage.accounts.findByEmail(fixtureEditor("editor").email))!.role).toBe("editor");
    expect(
      ((await (await call("GET", "/auth/session", { cookie: admin })).json()) as AnswerBody).sudo_until,
    ).toBeNull();

    // A wrong password proves nothing (and is counted); the right one opens ten minutes.
    const wrong = await call("POST", "/auth/reauth", { cookie: admin }, { password: "guess" });
    expect(wrong.status).toBe(400);
    expect((await invite("script@courtier.test")).status).toBe(403);
    const right = await call("POST", "/auth/reauth", { cookie: admin }, { password: fixtureEditor("admin").password });
    expect(right.status).toBe(200);
    expect((await invite("second@courtier.test")).status).toBe(201);
    clock += SUDO_MS + 1;
    expect((await invite("third@courtier.test")).status).toBe(403);

    // Anyone's own failures are recorded; an API token never gets sudo.
    const audit = (await (
      await call("POST", "/auth/reauth", { cookie: admin }, { password: fixtureEditor("admin").password }).then(() =>
        call("GET", "/auth/audit?action=auth.reauth", { cookie: admin }),
      )
    ).json()) as AnswerBody;
    expect(audit.entries.map((e: AnswerBody) => e.outcome)).toEqual(["success", "success", "failure"]);
    const token = await (await service.storage.accounts.findByEmail(fixtureEditor("admin").email))!;
    const { token: bearer } = await service.auth.issueApiToken(token.id, "ci", ["read", "write"]);
    const byToken = await call("POST", "/auth/reauth", { authorization: `Bearer ${bearer}` }, { password: "x" });
    expect(byToken.status).toBe(403);
  });

  it("keeps only the newest one-time link of an account, and signs out its other sessions when one is used", async () => {
    const account = (await service.storage.accounts.findByEmail(fixtureEditor("editor").email))!;
    const older = await service.auth.createLink("invite", account.id);
    const newer = await service.auth.createLink("reset", account.id);
    const inspect = (token: string) => call("POST", "/auth/links/inspect", {}, { token });
    expect((await inspect(older.token)).status).toBe(404);
    expect((await inspect(newer.token)).status).toBe(200);
    expect(await service.storage.accounts.peekLink(hashSecret(older.token), clock)).toBeUndefined();

    const elsewhere = await signIn("editor");
    expect((await call("GET", "/auth/session", { cookie: elsewhere })).status).toBe(200);
    const password = "Une phrase neuve pour Marc 2026";
    const used = await call("POST", "/auth/links/complete", {}, { token: newer.token, password });
    expect(used.status).toBe(200);
    expect((await call("GET", "/auth/session", { cookie: elsewhere })).status).toBe(401);
    // The older link stays dead after the newer one is used.
    expect(
      (await call("POST", "/auth/links/complete", {}, { token: older.token, password: "Encore une autre phrase 77" }))
        .status,
    ).toBe(404);
    await signIn("editor", account.email, password);
  });
});
