/**
 * Two content services on one database, as two web processes behind a load balancer:
 * a page published through one is what the other answers on its next request, and the
 * contact rate limit holds across both (11 posts spread over the two: the 11th is refused).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createEmbeddedContentService } from "../../server/content/index";
import type { ContentService } from "../../server/content/service";
import { openPostgresStorage, openSqliteStorage, type Storage } from "../../server/content/storage";
import type { PageRecord } from "../../server/content/stores/content";
import { BROKER, editorToken, PROTECTED_BASE, publishPage } from "../helpers/content-service";
import { createTestDatabase } from "../helpers/postgres";

const setups: { kind: Storage["kind"]; open: () => Promise<() => Promise<Storage>> }[] = [
  {
    kind: "sqlite",
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "two-processes-"));
      return async () => openSqliteStorage(dir);
    },
  },
  {
    kind: "postgres",
    async open() {
      const url = await createTestDatabase();
      return () => openPostgresStorage({ url, poolMax: 4, connectTimeoutMs: 5000, statementTimeoutMs: 15000 });
    },
  },
];

describe.each(setups)("two services on one $kind database", ({ open }) => {
  let first: ContentService;
  let second: ContentService;

  beforeAll(async () => {
    const storage = await open();
    const config = loadConfig({ ...process.env, NODE_ENV: "test", FIXTURE_EDITORS: "true", CONTACT_RATE_LIMIT: "10" });
    first = await createEmbeddedContentService(config, { storage: await storage() });
    second = await createEmbeddedContentService(config, { storage: await storage() });
  }, 120_000);
  afterAll(async () => {
    await first?.storage.close();
    await second?.storage.close();
  });

  const pageTitle = async (service: ContentService, pagePath: string) => {
    const response = await service.handle(
      new Request(`${PROTECTED_BASE}/page/${BROKER.site_id}`, {
        method: "POST",
        headers: { "x-site-key": BROKER.site_key, "content-type": "application/json" },
        body: JSON.stringify({ path: pagePath }),
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { title?: { fr: string; en: string } };
    return body.title;
  };

  it("answers a page published through the other service on the next request", async () => {
    // The second service answers (and caches) the page first.
    const before = await pageTitle(second, "/fr/a-propos");
    expect(before?.fr).toBeTruthy();
    const page = structuredClone(await first.storage.content.getPage(BROKER.site_id, "about")) as PageRecord;
    page.title = { fr: "À propos de Julie (publié)", en: "About Julie (published)" };
    expect((await publishPage(first, page, await editorToken(first))).status).toBe(200);
    expect((await pageTitle(second, "/fr/a-propos"))?.fr).toBe("À propos de Julie (publié)");
    expect((await pageTitle(second, "/en/about"))?.en).toBe("About Julie (published)");
  });

  it("refuses the 11th contact post of one visitor spread over both services", async () => {
    const post = (service: ContentService) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        recaptcha_response: "offline-token",
        form_type: "contact_form",
        locale: "fr",
        first_name: "Marie",
        last_name: "Lavoie",
        full_name: "Marie Lavoie",
        email: "marie@example.com",
        phone: "(514) 555-0199",
        message: "Bonjour",
      }))
        form.append(k, v);
      return service.handle(
        new Request(`${PROTECTED_BASE}/contact`, {
          method: "POST",
          body: form,
          headers: { "x-site-key": BROKER.site_key, "x-forwarded-for": "198.51.100.77" },
        }),
      );
    };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(i % 2 ? second : first)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(await second.storage.submissions.count(BROKER.site_id)).toBe(10);
  });
});
