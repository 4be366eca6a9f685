/**
 * The studio runs the whole site (issue 29), in process against the content service with the
 * fixture accounts' sessions: pages created, renamed (the old address answers 301, menus
 * follow) and deleted (301 or 410, never a 404); the site's header and footer, information and
 * theme (sudo mode, versions); redirects (no loop, no chain, CSV both ways); variants. Every
 * write is parsed (400 with field errors), versioned (409), audited, and held to the embed rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageData, pageDataSchema } from "../schema/page";
import type { PageRecord } from "../server/content/stores/content";
import {
  type AnswerBody,
  BROKER,
  createTestService,
  fixtureEditor,
  PROTECTED_BASE,
  type TestService,
} from "./helpers/content-service";

let ctx: TestService;
const origin = "http://localhost";
const cookies = { admin: "", editor: "" };

function call(method: string, url: string, cookie: string, body?: unknown, raw?: string) {
  return ctx.service.handle(
    new Request(`${origin}/api${url}`, {
      method,
      headers: {
        origin,
        cookie,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(raw !== undefined ? { "content-type": "text/csv" } : {}),
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    }),
  );
}
async function callJson(method: string, url: string, cookie: string, body?: unknown) {
  const response = await call(method, url, cookie, body);
  return { status: response.status, body: (await response.json()) as AnswerBody };
}

async function signIn(role: "admin" | "editor"): Promise<string> {
  const response = await call("POST", "/auth/sign-in", "", {
    email: fixtureEditor(role).email,
    password: fixtureEditor(role).password,
  });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** Sudo mode: the admin confirms who they are (password), as the studio's dialog does. */
async function confirmIdentity(cookie: string) {
  expect((await call("POST", "/auth/reauth", cookie, { password: fixtureEditor("admin").password })).status).toBe(200);
}

async function visit(path: string, query?: Record<string, string>): Promise<PageData> {
  const response = await ctx.service.handle(
    new Request(`${PROTECTED_BASE}/page/${BROKER.site_id}`, {
      method: "POST",
      headers: { "x-site-key": BROKER.site_key, "content-type": "application/json", "content-language": "fr" },
      body: JSON.stringify({ path, ...(query ? { query } : {}) }),
    }),
  );
  expect(response.status).toBe(200);
  return pageDataSchema.parse(await response.json());
}

const stored = async (pageId: string) =>
  structuredClone((await ctx.service.storage.content.getPage(BROKER.site_id, pageId))!);
const settings = async () => (await callJson("GET", `/sites/${BROKER.site_id}/settings`, cookies.editor)).body;

function sellPage(extra: Partial<PageRecord> = {}): PageRecord {
  return {
    page_id: "vendre-avec-moi",
    paths: { fr: "/fr/vendre", en: "/en/sell" },
    title: { fr: "Vendre avec moi", en: "Sell with me" },
    content: [
      {
        id: "sell-text",
        block_type: "text_block_1",
        block_params: { color_scheme: "normal" },
        fields: { fr: { title: "Vendre avec moi" }, en: { title: "Sell with me" } },
      },
    ],
    seo: { global: { fr: { title: "Vendre avec moi | Julie", description: "Comment je vends." } } },
    hidden: false,
    version: 0,
    ...extra,
  } as PageRecord;
}

const publish = (cookie: string, page: PageRecord, base: number) =>
  callJson("PUT", `/pages/${BROKER.site_id}/${page.page_id}`, cookie, { page, base_version: base });

async function audit(action: string) {
  const answer = await callJson("GET", `/auth/audit?action=${action}`, cookies.admin);
  expect(answer.status).toBe(200);
  return answer.body.entries as { action: string; outcome: string; details: AnswerBody; actor: { label: string } }[];
}

beforeAll(async () => {
  ctx = await createTestService();
  cookies.admin = await signIn("admin");
  cookies.editor = await signIn("editor");
});
afterAll(() => ctx.cleanup());

describe("pages", () => {
  it("creates a page from version 0 at version 1; it is served, listed, and in the visible list", async () => {
    const created = await publish(cookies.editor, sellPage(), 0);
    expect(created).toMatchObject({ status: 200, body: { version: 1 } });
    const page = await visit("/en/sell");
    expect(page.status).toBe(200);
    expect(page.alternate_paths).toEqual([
      { locale: "fr", path: "/fr/vendre" },
      { locale: "en", path: "/en/sell" },
    ]);
    const list = await callJson("GET", `/pages/${BROKER.site_id}`, cookies.editor);
    const row = list.body.pages.find((p: { page_id: string }) => p.page_id === "vendre-avec-moi");
    expect(row).toMatchObject({ hidden: false, version: 1, editor: { name: fixtureEditor("editor").name } });
    // A second creation from version 0 is a conflict, not an overwrite.
    expect((await publish(cookies.editor, sellPage({ title: { fr: "Autre", en: "Other" } }), 0)).status).toBe(409);
    const entries = await audit("page.publish");
    expect(entries[0]).toMatchObject({ outcome: "failure", details: { reason: "conflict" } });
    expect(entries[1]).toMatchObject({ outcome: "success", details: { version: 1, created: true } });
  });

  it("refuses a path the studio, a listing or a blog post answers, and a malformed one, by field", async () => {
    const reserved = await publish(
      cookies.editor,
      sellPage({ page_id: "x1", paths: { fr: "/fr/qa/pages", en: "/en/x1" } }),
      0,
    );
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors).toEqual({ "page.paths.fr": "path-reserved" });
    const malformed = await publish(
      cookies.editor,
      sellPage({ page_id: "x2", paths: { fr: "/fr/x2", en: "/en/Blog Post" } }),
      0,
    );
    expect(malformed.body.errors).toEqual({ "page.paths.en": "path-format" });
    const post = await publish(
      cookies.editor,
      sellPage({ page_id: "x3", paths: { fr: "/fr/blogue/x-3", en: "/en/x3" } }),
      0,
    );
    expect(post.body.errors).toEqual({ "page.paths.fr": "path-reserved" });
    // Paths it already had stay its own, however they are spelt (the fixtures' are kept).
    const terms = await stored("terms");
    expect((await publish(cookies.editor, terms, terms.version)).status).toBe(200);
  });

  it("renames a page: the old paths answer 301, redirects to them lead on, and the menus follow", async () => {
    // A menu item and an older redirect that lead to the page.
    const site = await settings();
    const header = structuredClone(site.header);
    header[0].fields.fr.menu_repeater.push({ menu_link: { url: "/fr/vendre", text: "Vendre" } });
    header[0].fields.en.menu_repeater.push({ menu_link: { url: "/en/sell", text: "Sell" } });
    const chrome = await callJson("PUT", `/sites/${BROKER.site_id}/chrome`, cookies.editor, {
      header,
      footer: site.footer,
      base_version: site.chrome_version,
    });
    expect(chrome.status).toBe(200);
    expect(
      (
        await callJson("POST", `/redirects/${BROKER.site_id}`, cookies.editor, {
          from: "/fr/vendre-vite",
          to: "/fr/vendre",
        })
      ).status,
    ).toBe(201);

    const page = await stored("vendre-avec-moi");
    page.paths = { fr: "/fr/vendre-ma-maison", en: "/en/sell" };
    expect((await publish(cookies.editor, page, page.version)).status).toBe(200);

    expect(await visit("/fr/vendre")).toMatchObject({ status: 301, location: "/fr/vendre-ma-maison" });
    expect(await visit("/fr/vendre-vite")).toMatchObject({ status: 301, location: "/fr/vendre-ma-maison" });
    expect((await visit("/fr/vendre-ma-maison")).status).toBe(200);
    const menu = (await visit("/fr")).header[0] as AnswerBody;
    expect(menu.fields.fr.menu_repeater.at(-1).menu_link.url).toBe("/fr/vendre-ma-maison");
    expect(menu.fields.en.menu_repeater.at(-1).menu_link.url).toBe("/en/sell");
    const redirects = (await callJson("GET", `/redirects/${BROKER.site_id}`, cookies.editor)).body.redirects;
    expect(redirects).toContainEqual(
      expect.objectContaining({
        from: "/fr/vendre",
        to: "/fr/vendre-ma-maison",
        status: 301,
        origin: "rename",
        created_by: { id: expect.any(String), name: fixtureEditor("editor").name },
      }),
    );

    // Back to the first path: the redirect standing there goes, nothing loops.
    page.paths = { fr: "/fr/vendre", en: "/en/sell" };
    expect((await publish(cookies.editor, page, page.version + 1)).status).toBe(200);
    expect((await visit("/fr/vendre")).status).toBe(200);
    expect(await visit("/fr/vendre-ma-maison")).toMatchObject({ status: 301, location: "/fr/vendre" });
    expect(await visit("/fr/vendre-vite")).toMatchObject({ status: 301, location: "/fr/vendre" });
  });

  it("deletes a page only for an administrator in sudo mode, who says where its addresses go", async () => {
    const url = `/pages/${BROKER.site_id}/vendre-avec-moi`;
    expect((await callJson("DELETE", url, cookies.editor, { redirect_to: "home" })).status).toBe(403);
    const admin = await signIn("admin");
    // Sudo starts at sign-in: a session signed in long ago must confirm; here it is fresh.
    const missing = await callJson("DELETE", url, admin, {});
    expect(missing.status).toBe(400);
    expect((await callJson("DELETE", url, admin, { redirect_to: "vendre-avec-moi" })).body.errors).toEqual({
      redirect_to: "bad-target",
    });
    const deleted = await callJson("DELETE", url, admin, { redirect_to: "home" });
    expect(deleted.status).toBe(200);
    expect(await visit("/fr/vendre")).toMatchObject({ status: 301, location: "/fr" });
    expect(await visit("/en/sell")).toMatchObject({ status: 301, location: "/en" });
    // What redirected to it leads home too, in one step; the menus lose the page.
    expect(await visit("/fr/vendre-ma-maison")).toMatchObject({ status: 301, location: "/fr" });
    const menu = ((await visit("/fr")).header[0] as AnswerBody).fields.fr.menu_repeater;
    expect(menu.map((i: AnswerBody) => i.menu_link.url)).not.toContain("/fr/vendre");
    expect(menu.map((i: AnswerBody) => i.menu_link.url)).toContain("/fr");
    expect((await audit("page.delete"))[0]).toMatchObject({ outcome: "success" });
  });

  it("answers 410 for a page deleted without a replacement", async () => {
    expect(
      (
        await publish(
          cookies.editor,
          sellPage({ page_id: "ephemere", paths: { fr: "/fr/ephemere", en: "/en/ephemeral" } }),
          0,
        )
      ).status,
    ).toBe(200);
    const gone = await callJson("DELETE", `/pages/${BROKER.site_id}/ephemere`, cookies.admin, { gone: true });
    expect(gone.status).toBe(200);
    expect((await visit("/fr/ephemere")).status).toBe(410);
    expect((await visit("/en/ephemeral")).status).toBe(410);
    expect((await callJson("DELETE", `/pages/${BROKER.site_id}/ephemere`, cookies.admin, { gone: true })).status).toBe(
      404,
    );
  });
});

describe("the site's header and footer", () => {
  it("is saved for every page from the version it was edited from, keeping the OACIQ mentions", async () => {
    const site = await settings();
    const header = structuredClone(site.header);
    header[0].fields.fr.cta_button.text = "Écrivez-moi";
    const stale = await callJson("PUT", `/sites/${BROKER.site_id}/chrome`, cookies.editor, {
      header,
      footer: site.footer,
      base_version: site.chrome_version - 1 || 99,
    });
    expect(stale.status).toBe(409);
    const noFooter = await callJson("PUT", `/sites/${BROKER.site_id}/chrome`, cookies.editor, {
      header,
      footer: [],
      base_version: site.chrome_version,
    });
    expect(noFooter).toMatchObject({ status: 400, body: { errors: { footer: "oaciq-footer" } } });
    const saved = await callJson("PUT", `/sites/${BROKER.site_id}/chrome`, cookies.editor, {
      header,
      footer: site.footer,
      base_version: site.chrome_version,
    });
    expect(saved).toMatchObject({ status: 200, body: { version: site.chrome_version + 1 } });
    for (const path of ["/fr", "/fr/a-propos", "/fr/contact"]) {
      expect(((await visit(path)).header[0] as AnswerBody).fields.fr.cta_button.text, path).toBe("Écrivez-moi");
    }
    expect((await audit("settings.chrome"))[0]).toMatchObject({ outcome: "success" });
  });

  it("refuses an editor's new embed code in the header, and takes an administrator's", async () => {
    const site = await settings();
    const embed = {
      id: "chrome-embed",
      block_type: "script_embed_block",
      block_params: { color_scheme: "normal", frontend_only: true },
      fields: {
        fr: { script_content: "<script>alert(1)</script>" },
        en: { script_content: "<script>alert(1)</script>" },
      },
    };
    const body = { header: [...site.header, embed], footer: site.footer, base_version: site.chrome_version };
    const refused = await callJson("PUT", `/sites/${BROKER.site_id}/chrome`, cookies.editor, body);
    expect(refused).toMatchObject({ status: 403, body: { code: "embed_admin_only", blocks: ["chrome-embed"] } });
    expect((await callJson("PUT", `/sites/${BROKER.site_id}/chrome`, cookies.admin, body)).status).toBe(200);
    const after = await settings();
    expect(
      (
        await callJson("PUT", `/sites/${BROKER.site_id}/chrome`, cookies.admin, {
          header: site.header,
          footer: after.footer,
          base_version: after.chrome_version,
        })
      ).status,
    ).toBe(200);
  });
});

describe("the site's information", () => {
  const info = {
    name: "Julie Tremblay, courtière immobilière",
    licence: { fr: "Julie Tremblay, courtière immobilière, permis J7421", en: "Julie Tremblay, broker, licence J7421" },
    agency_name: {
      fr: "Groupe immobilier Laurier inc., agence immobilière",
      en: "Groupe immobilier Laurier inc., real estate agency",
    },
    phone: "418 555-0199",
    email: "julie@example.ca",
    address: { fr: "2600, boulevard Laurier, Québec", en: "2600 Laurier Boulevard, Québec City" },
    social: [{ network: "facebook", url: "https://www.facebook.com/julie" }],
  };

  it("is an administrator's, in sudo mode", async () => {
    const site = await settings();
    const body = { info, base_version: site.info_version };
    expect((await callJson("PUT", `/sites/${BROKER.site_id}/info`, cookies.editor, body)).status).toBe(403);
    // A session signed in more than ten minutes ago must confirm who they are.
    const admin = await ctx.service.storage.accounts.findByEmail(fixtureEditor("admin").email);
    expect(admin).toBeTruthy();
    const token = await ctx.service.auth.issueApiToken(admin!.id, "tests", ["read", "write"]);
    const byToken = await ctx.service.handle(
      new Request(`${origin}/api/sites/${BROKER.site_id}/info`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(byToken.status).toBe(403);
    expect(await byToken.json()).toMatchObject({ code: "reauth_required" });
  });

  it("says what is wrong next to each field", async () => {
    const site = await settings();
    const bad = await callJson("PUT", `/sites/${BROKER.site_id}/info`, cookies.admin, {
      info: { ...info, phone: "555", licence: { fr: "", en: "x" }, social: [{ network: "myspace", url: "x" }] },
      base_version: site.info_version,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      "info.phone": "phone",
      "info.licence.fr": "required",
      "info.social.0.network": "choice",
      "info.social.0.url": "url",
    });
  });

  it("changes the phone number once, in the header and footer of every page and the broker's card", async () => {
    await confirmIdentity(cookies.admin);
    const site = await settings();
    const saved = await callJson("PUT", `/sites/${BROKER.site_id}/info`, cookies.admin, {
      info,
      base_version: site.info_version,
    });
    expect(saved).toMatchObject({ status: 200, body: { version: site.info_version + 1 } });
    for (const path of ["/fr", "/en/about", "/fr/contact"]) {
      const page = await visit(path);
      const header = page.header[0] as AnswerBody;
      const footer = page.footer[0] as AnswerBody;
      expect(header.fields.fr.cta_sms.url, path).toBe("sms:+14185550199");
      expect(footer.fields.fr.phone, path).toEqual({ url: "tel:+14185550199", text: "418 555-0199" });
      expect(footer.fields.en.licence, path).toBe("Julie Tremblay, broker, licence J7421");
      expect(footer.fields.fr.icon_links_repeater, path).toHaveLength(1);
    }
    const [listing] = await ctx.service.storage.listings.search({}, "newest", 0, 1);
    if (listing) {
      const detail = await ctx.service.handle(
        new Request(`${PROTECTED_BASE}/property/${listing.uls}`, { headers: { "x-site-key": BROKER.site_key } }),
      );
      expect(((await detail.json()) as AnswerBody).broker.phone_display).toBe("418 555-0199");
    }
    expect((await audit("settings.info"))[0]).toMatchObject({ outcome: "success" });
  });
});

describe("the site's theme", () => {
  it("publishes for the whole site, keeps every version and restores the previous one exactly", async () => {
    await confirmIdentity(cookies.admin);
    const before = await settings();
    expect(before.theme.preset).toBe("blue");
    const red = { preset: "red", radius: { "radius-1": "8px" }, colors: { accent: "#b00020" } };
    const published = await callJson("PUT", `/sites/${BROKER.site_id}/theme`, cookies.admin, {
      theme: red,
      base_version: before.theme_version,
    });
    expect(published).toMatchObject({ status: 200, body: { version: before.theme_version + 1 } });
    expect((await visit("/fr/a-propos")).theme).toMatchObject(red);
    const versions = (await callJson("GET", `/sites/${BROKER.site_id}/theme/versions`, cookies.editor)).body.versions;
    expect(versions.map((v: AnswerBody) => v.version)).toEqual([before.theme_version + 1, before.theme_version]);
    expect(versions[0].editor.name).toBe(fixtureEditor("admin").name);
    expect(versions[1].theme).toEqual(before.theme);
    // Restoring is publishing that version's theme again: the site is exactly as it was.
    const stale = await callJson("PUT", `/sites/${BROKER.site_id}/theme`, cookies.admin, {
      theme: versions[1].theme,
      base_version: before.theme_version,
    });
    expect(stale.status).toBe(409);
    const restored = await callJson("PUT", `/sites/${BROKER.site_id}/theme`, cookies.admin, {
      theme: versions[1].theme,
      base_version: before.theme_version + 1,
    });
    expect(restored.status).toBe(200);
    expect((await visit("/fr")).theme).toEqual(before.theme);
    expect(
      (await callJson("PUT", `/sites/${BROKER.site_id}/theme`, cookies.editor, { theme: red, base_version: 9 })).status,
    ).toBe(403);
    const invalid = await callJson("PUT", `/sites/${BROKER.site_id}/theme`, cookies.admin, {
      theme: { preset: "green", radius: { "radius-1": "big" } },
      base_version: before.theme_version + 2,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(["theme.preset", "theme.radius.radius-1"]));
  });
});

describe("redirects", () => {
  const base = `/redirects/${BROKER.site_id}`;

  it("are added, edited and deleted; loops and chains are refused with a clear reason", async () => {
    expect(
      (await callJson("POST", base, cookies.editor, { from: "/fr/promo", to: "/fr/contact", status: 302 })).status,
    ).toBe(201);
    const loop = await callJson("POST", base, cookies.editor, { from: "/fr/boucle", to: "/fr/boucle" });
    expect(loop).toMatchObject({ status: 409, body: { code: "loop", errors: { to: "loop" } } });
    expect((await callJson("POST", base, cookies.editor, { from: "/fr/a1", to: "/fr/promo" })).body.code).toBe("chain");
    expect((await callJson("POST", base, cookies.editor, { from: "/fr/contact", to: "/fr" })).body.code).toBe(
      "page-path",
    );
    expect((await callJson("POST", base, cookies.editor, { from: "/fr/promo", to: "/fr" })).body.code).toBe("exists");
    const invalid = await callJson("POST", base, cookies.editor, { from: "promo", to: "", status: 307 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ from: "site-path", status: "choice" });

    const edited = await callJson("PUT", base, cookies.editor, {
      replacing: "/fr/promo",
      redirect: { from: "/fr/promo-ete", to: "/fr/a-propos", status: 301 },
    });
    expect(edited.status).toBe(200);
    expect(await visit("/fr/promo")).toMatchObject({ status: 404 });
    expect(await visit("/fr/promo-ete")).toMatchObject({ status: 301, location: "/fr/a-propos" });
    // A loop through two: /fr/retour → /fr/promo-ete would be fine; /fr/a-propos is a page.
    expect(
      (await callJson("POST", base, cookies.editor, { from: "/fr/x-retour", to: "/fr/promo-ete" })).body.code,
    ).toBe("chain");
    expect((await callJson("DELETE", base, cookies.editor, { from: "/fr/promo-ete" })).status).toBe(200);
    expect((await callJson("DELETE", base, cookies.editor, { from: "/fr/promo-ete" })).status).toBe(404);
    const actions = (await audit("redirect.")).map((e) => `${e.action}:${e.outcome}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        "redirect.create:success",
        "redirect.create:failure",
        "redirect.update:success",
        "redirect.delete:success",
      ]),
    );
  });

  it("import a CSV file whole or not at all, and export what they read back", async () => {
    const bad = await call(
      "POST",
      `${base}/import`,
      cookies.editor,
      undefined,
      "from,to,status\n/fr/c1,/fr/contact,301\n/fr/c2,/fr/c2,301\n",
    );
    expect(bad.status).toBe(409);
    expect(((await bad.json()) as AnswerBody).errors).toEqual({ "line 3": "loop" });
    expect(await visit("/fr/c1")).toMatchObject({ status: 404 });
    const unreadable = await call("POST", `${base}/import`, cookies.editor, undefined, "de;vers\nnope;/fr\n");
    expect(unreadable.status).toBe(400);
    expect(((await unreadable.json()) as AnswerBody).errors).toEqual({ "line 2": "from: site-path" });

    const good = await call(
      "POST",
      `${base}/import`,
      cookies.editor,
      undefined,
      "de;vers;statut\n/fr/c1;/fr/contact;302\n/fr/c2;;410\n",
    );
    expect(good.status).toBe(200);
    expect(await visit("/fr/c1")).toMatchObject({ status: 302, location: "/fr/contact" });
    expect((await visit("/fr/c2")).status).toBe(410);
    const csv = await call("GET", `${base}?format=csv`, cookies.editor);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(`"/fr/c1","/fr/contact","302","${fixtureEditor("editor").name}"`);
    expect(text).toContain('"/fr/a-propos-de-moi","/fr/a-propos","301"');
  });
});

describe("variants", () => {
  it("are created, edited page by page, made active and deleted by editors", async () => {
    const created = await callJson("POST", `/variants/${BROKER.site_id}`, cookies.editor, {
      name: "Portes ouvertes",
      color: "orange",
    });
    expect(created).toMatchObject({ status: 201, body: { variant_id: "portes-ouvertes", version: 1 } });
    expect(
      (await callJson("POST", `/variants/${BROKER.site_id}`, cookies.editor, { name: "Portes ouvertes", color: "red" }))
        .status,
    ).toBe(409);
    expect(
      (await callJson("POST", `/variants/${BROKER.site_id}`, cookies.editor, { name: "", color: "mauve" })).body.errors,
    ).toEqual({
      name: "required",
      color: "choice",
    });

    const home = await stored("home");
    const content = [
      {
        id: "po-text",
        block_type: "text_block_1",
        block_params: {},
        fields: { fr: { title: "Portes ouvertes samedi" }, en: { title: "Open house Saturday" } },
      },
      ...home.content,
    ];
    const url = `/variants/${BROKER.site_id}/portes-ouvertes/pages/home`;
    expect((await callJson("PUT", url, cookies.editor, { content, base_version: 2 })).status).toBe(409);
    expect((await callJson("PUT", url, cookies.editor, { content, base_version: 1 })).body.version).toBe(2);
    const shown = await visit("/fr", { variant: "portes-ouvertes" });
    expect(shown.variant).toEqual({ id: "portes-ouvertes", name: "Portes ouvertes", color: "orange" });
    expect((shown.content[0] as AnswerBody).fields.fr.title).toBe("Portes ouvertes samedi");
    expect((await visit("/fr")).variant).toBeNull();

    const site = await settings();
    const active = await callJson("PUT", `/sites/${BROKER.site_id}/active-variant`, cookies.editor, {
      variant_id: "portes-ouvertes",
      base_version: site.chrome_version,
    });
    expect(active.status).toBe(200);
    expect((await visit("/fr")).variant?.id).toBe("portes-ouvertes");
    expect((await callJson("DELETE", `/variants/${BROKER.site_id}/portes-ouvertes`, cookies.editor)).status).toBe(200);
    expect((await visit("/fr")).variant).toBeNull();
    expect((await settings()).active_variant_id).toBeNull();
    const actions = (await audit("variant.")).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["variant.create", "variant.page", "variant.activate", "variant.delete"]),
    );
  });
});
