import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLoadSchema, pageDataSchema } from "../schema/page";
import { BROKER, createTestService, PROTECTED_BASE, type TestService } from "./helpers/content-service";

let ctx: TestService;
let homePath: string;

const postPage = (path: string, siteKey = BROKER.site_key) =>
  ctx.service.handle(
    new Request(`${PROTECTED_BASE}/page/${BROKER.site_id}`, {
      method: "POST",
      headers: { "x-site-key": siteKey, "content-type": "application/json", "content-language": "fr" },
      body: JSON.stringify({ path }),
    }),
  );

beforeAll(async () => {
  ctx = await createTestService();
  const pages = await ctx.service.storage.content.listPages(BROKER.site_id);
  expect(pages.length).toBeGreaterThan(0);
  homePath = pages[0]!.paths.fr;
});
afterAll(() => ctx.cleanup());

describe("POST /page/{site_id}", () => {
  it("answers a stored page with status 200", async () => {
    const response = await postPage(homePath);
    expect(response.status).toBe(200);
    const page = pageDataSchema.parse(await response.json());
    expect(page.status).toBe(200);
    expect(page.site_id).toBe(BROKER.site_id);
    expect(page.alternate_paths?.map((a) => a.locale).sort()).toEqual(["en", "fr"]);
  });

  it("answers status 404 in the page data for an unknown path", async () => {
    const response = await postPage("/fr/cette-page-n-existe-pas");
    expect(response.status).toBe(200);
    expect(pageDataSchema.parse(await response.json()).status).toBe(404);
  });

  it("answers a 301 with its location for a redirect", async () => {
    await ctx.service.storage.content.putRedirect(BROKER.site_id, {
      from: "/fr/ancienne-page",
      to: homePath,
      status: 301,
    });
    const page = pageDataSchema.parse(await (await postPage("/fr/ancienne-page/")).json());
    expect(page.status).toBe(301);
    expect(page.location).toBe(homePath);
  });

  it("refuses a wrong site key with 401", async () => {
    const response = await postPage(homePath, "sk_someone_else_00000000");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: "error" });
  });

  it("refuses a malformed body with 400", async () => {
    const response = await postPage("no-leading-slash");
    expect(response.status).toBe(400);
  });
});

describe("POST /page (first load)", () => {
  const firstLoad = (domain: string) =>
    ctx.service.handle(
      new Request("http://localhost/api/swc/page", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ domain_name: domain }),
      }),
    );

  it("identifies the site by domain name, ignoring the port", async () => {
    const response = await firstLoad("JulieTremblay.example:443");
    expect(response.status).toBe(200);
    const data = firstLoadSchema.parse(await response.json());
    expect(data).toMatchObject({
      site_id: BROKER.site_id,
      microsite_id: BROKER.microsite_id,
      site_key: BROKER.site_key,
    });
  });

  it("falls back to the configured site for an unknown domain", async () => {
    const data = firstLoadSchema.parse(await (await firstLoad("unknown.example")).json());
    expect(data.site_id).toBe(ctx.config.SITE_ID);
  });
});
