/**
 * `npm run seed:sites`: N copies of the demo site, each found by its domain name through the
 * first-load call (site.md §4, POST /api/swc/page), on the embedded store and on PostgreSQL,
 * where the lookup is an index scan.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthService } from "../../server/auth/service";
import { loadConfig } from "../../server/config";
import { createFormServices } from "../../server/content/form-services";
import { allRoutes } from "../../server/content/index";
import { seededSite, seedSites } from "../../server/content/seed-sites";
import { type ContentService, createContentService } from "../../server/content/service";
import type { Storage } from "../../server/content/storage";
import { harnesses } from "./harness";

const SITES = 50;

describe.each(harnesses)("$kind: seeding many sites", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let storage: Storage;
  let service: ContentService;
  let dataDir: string;
  let seeded: Awaited<ReturnType<typeof seedSites>>;

  beforeAll(async () => {
    db = await harness.fresh();
    storage = await db.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-sites-"));
    // The service's routes over this store, without the fixtures: only the seeded sites exist.
    const config = loadConfig({ ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "test" });
    service = createContentService({
      storage,
      forms: createFormServices(storage, config),
      config,
      routes: allRoutes,
      auth: new AuthService(storage, config),
    });
    // Chunks of 20: three transactions, the last one short.
    seeded = await seedSites(storage.content, { count: SITES, chunk: 20 });
  });
  afterAll(async () => {
    await db.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function firstLoad(domainName: string) {
    const response = await service.handle(
      new Request("http://localhost/api/swc/page", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ domain_name: domainName }),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("writes every site with its pages", async () => {
    expect(seeded).toMatchObject({ sites: SITES, pages: SITES * 6 });
    const sites = await storage.content.listSites();
    expect(sites).toHaveLength(SITES);
    expect(new Set(sites.map((s) => s.site_key)).size).toBe(SITES);
    const pages = await storage.content.listPages(seededSite(37).site_id);
    expect(pages.map((p) => p.page_id).sort()).toEqual(["about", "contact", "home", "privacy", "properties", "terms"]);
    const home = await storage.content.findPageByPath(seededSite(37).site_id, "/fr");
    expect(JSON.stringify(home)).toContain("Courtier immobilier 0037");
    expect(JSON.stringify(home)).not.toContain("Julie Tremblay, courtière immobilière");
  });

  it("finds each site by its domain name through the first-load call", async () => {
    for (const n of [1, 2, 20, 21, 37, SITES]) {
      const expected = seededSite(n);
      // A Host header as browsers send it: any case, a port.
      const { status, body } = await firstLoad(`${expected.domain.toUpperCase()}:443`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        site_id: expected.site_id,
        microsite_id: expected.microsite_id,
        site_key: expected.site_key,
      });
    }
    // Not a seeded domain, and no SITE_ID site to fall back on in this store.
    expect((await firstLoad(`site-${SITES + 1}.courtier.example`)).status).toBe(404);
  });

  it("seeding again replaces the sites instead of adding copies", async () => {
    const again = await seedSites(storage.content, { count: 5, from: 1 });
    expect(again.sites).toBe(5);
    expect(await storage.content.listSites()).toHaveLength(SITES);
    expect((await storage.content.getPage(seededSite(3).site_id, "home"))?.version).toBe(2);
  });

  it.runIf(harness.kind === "postgres")("looks domains up by index (EXPLAIN)", async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query("ANALYZE sites; ANALYZE site_domains");
      // 50 rows fit in a page, where a scan costs less: forbid it to see which index the lookup can use.
      // Without an index on the domain the plan would still be a (disabled) Seq Scan.
      await client.query("SET enable_seqscan = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        "EXPLAIN SELECT s.doc FROM site_domains d JOIN sites s ON s.site_id = d.site_id WHERE d.domain = $1",
        [seededSite(37).domain],
      );
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan).toMatch(/Index (Only )?Scan using site_domains_pkey on site_domains/);
      expect(plan).toMatch(/Index Scan using sites_pkey on sites/);
      expect(plan).not.toMatch(/Seq Scan/);
    } finally {
      await client.end();
    }
  });
});
