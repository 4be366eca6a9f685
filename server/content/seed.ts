/** Seeds the store from fixtures/ on first start (and on demand with `npm run seed`). */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  type ContentStore,
  pageRecordSchema,
  redirectRecordSchema,
  siteRecordSchema,
  variantRecordSchema,
} from "./stores/content";

export const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../fixtures");
const SEED_VERSION_KEY = "fixtures_seeded";

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** Reads every site, page, variant and redirect fixture, validated; throws naming the file that fails. */
export function loadFixtures(dir = FIXTURES_DIR) {
  const sitesDir = path.join(dir, "sites");
  const sites = fs
    .readdirSync(sitesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const siteDir = path.join(sitesDir, d.name);
      const parse = <T>(schema: z.ZodType<T>, file: string): T => {
        const result = schema.safeParse(readJson(file));
        if (!result.success)
          throw new Error(`Invalid fixture ${path.relative(dir, file)}: ${z.prettifyError(result.error)}`);
        return result.data;
      };
      const site = parse(siteRecordSchema, path.join(siteDir, "site.json"));
      const records = <T>(folder: string, schema: z.ZodType<T>): T[] => {
        const recordsDir = path.join(siteDir, folder);
        return fs.existsSync(recordsDir)
          ? fs
              .readdirSync(recordsDir)
              .filter((f) => f.endsWith(".json"))
              .sort()
              .map((f) => parse(schema, path.join(recordsDir, f)))
          : [];
      };
      const pages = records("pages", pageRecordSchema);
      const variants = records("variants", variantRecordSchema);
      const redirectsFile = path.join(siteDir, "redirects.json");
      const redirects = fs.existsSync(redirectsFile) ? parse(z.array(redirectRecordSchema), redirectsFile) : [];
      return { site, pages, variants, redirects };
    });
  const demoFile = path.join(dir, "demo-page.json");
  const demoBlocks = fs.existsSync(demoFile) ? z.array(z.unknown()).parse(readJson(demoFile)) : [];
  return { sites, demoBlocks };
}

export async function seedFromFixtures(
  content: ContentStore,
  options: { force?: boolean; dir?: string } = {},
): Promise<boolean> {
  if (!options.force && (await content.getMeta(SEED_VERSION_KEY))) return false;
  const { sites, demoBlocks } = loadFixtures(options.dir);
  for (const { site, pages, variants, redirects } of sites) {
    await content.putSite(site);
    for (const page of pages) {
      const saved = await content.savePage(site.site_id, page);
      if (!saved.ok) throw new Error(`Fixture page ${site.site_id}/${page.page_id} not saved: ${saved.reason}`);
    }
    for (const variant of variants) await content.putVariant(site.site_id, variant);
    for (const redirect of redirects) await content.putRedirect(site.site_id, redirect);
  }
  await content.putDemoBlocks(demoBlocks);
  await content.setMeta(SEED_VERSION_KEY, new Date().toISOString());
  return true;
}
