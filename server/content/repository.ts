/**
 * Storage behind one interface. The embedded default is SQLite (node:sqlite, no
 * native build); another store (PostgreSQL) implements the same interface.
 */
import { z } from "zod";
import { siteTypeSchema } from "../../schema/common";
import { alternatePathSchema, metadataSchema, recaptchaSchema, seoSchema, variantSchema } from "../../schema/page";
import { themeSchema } from "../../schema/theme";

export const siteRecordSchema = z.object({
  site_id: z.string().min(1),
  microsite_id: z.string().min(1),
  site_key: z.string().min(8),
  site_type: siteTypeSchema.default("broker"),
  name: z.string(),
  domains: z.array(z.string()).default([]),
  maintenance: z.boolean().default(false),
  header: z.array(z.unknown()).default([]),
  footer: z.array(z.unknown()).default([]),
  theme: themeSchema.default({ preset: "blue", radius: {}, colors: {} }),
  metadata: metadataSchema.default({ elements: [], tags: [] }),
  seo: seoSchema.partial().default({ robots_index_rule: "index, follow" }),
  variant: variantSchema.nullish(),
  recaptcha: recaptchaSchema.optional(),
});
export type SiteRecord = z.infer<typeof siteRecordSchema>;

export const pageRecordSchema = z.object({
  page_id: z.string().min(1),
  /** The page's path in each locale, e.g. { fr: "/fr/a-propos", en: "/en/about" }. */
  paths: z.object({ fr: z.string().startsWith("/fr"), en: z.string().startsWith("/en") }),
  title: z.object({ fr: z.string(), en: z.string() }),
  content: z.array(z.unknown()).default([]),
  override: z.object({ seo: seoSchema.partial().optional(), footer: z.array(z.unknown()).optional() }).optional(),
  seo: seoSchema.partial().optional(),
  /** Excluded from the sitemap and marked noindex. */
  hidden: z.boolean().default(false),
  version: z.number().int().nonnegative().default(1),
  updated_at: z.string().optional(),
});
export type PageRecord = z.infer<typeof pageRecordSchema>;

export const redirectRecordSchema = z.object({
  from: z.string().startsWith("/"),
  to: z.string().min(1),
  status: z.union([z.literal(301), z.literal(302)]).default(301),
});
export type RedirectRecord = z.infer<typeof redirectRecordSchema>;

export type SavePageResult =
  | { ok: true; version: number }
  | { ok: false; reason: "conflict"; version: number }
  | { ok: false; reason: "not-found" };

export interface ContentRepository {
  /** Increases on every write, so derived answers can be cached until the content changes. */
  readonly revision: number;
  getSite(siteId: string): SiteRecord | undefined;
  findSiteByDomain(domain: string): SiteRecord | undefined;
  findSiteByMicrosite(micrositeId: string): SiteRecord | undefined;
  listSites(): SiteRecord[];
  putSite(site: SiteRecord): void;

  findPageByPath(siteId: string, path: string): PageRecord | undefined;
  getPage(siteId: string, pageId: string): PageRecord | undefined;
  listPages(siteId: string): PageRecord[];
  /** Creates or replaces a page; with `expectedVersion` the write is refused when the stored version differs. */
  savePage(siteId: string, page: PageRecord, expectedVersion?: number): SavePageResult;

  findRedirect(siteId: string, path: string): RedirectRecord | undefined;
  putRedirect(siteId: string, redirect: RedirectRecord): void;

  getDemoBlocks(): unknown[];
  putDemoBlocks(blocks: unknown[]): void;

  close(): void;
}

export type { AlternatePath } from "../../schema/page";
export const alternatePathsOf = (page: PageRecord) =>
  z.array(alternatePathSchema).parse([
    { locale: "fr", path: page.paths.fr },
    { locale: "en", path: page.paths.en },
  ]);
