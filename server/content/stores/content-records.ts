/**
 * The records of the content store (stores/content.ts): sites, pages, redirects, variants, as
 * zod schemas (every record read back is parsed with them). Apart from the store so that
 * stores/page-versions.ts, which the content store writes through, can read them too.
 */
import { z } from "zod";
import { brokerCardSchema } from "../../../schema/api";
import { MAX_INT32, siteTypeSchema, VARIANT_COLORS } from "../../../schema/common";
import {
  alternatePathSchema,
  metadataSchema,
  privacyPolicySchema,
  recaptchaSchema,
  seoSchema,
} from "../../../schema/page";
import { siteInfoSchema } from "../../../schema/site-info";
import { themeSchema } from "../../../schema/theme";

/** Where the brokers are (Québec): the time zone a site without one uses. */
export const DEFAULT_TIME_ZONE = "America/Toronto";

/** Whether `zone` is a time zone this runtime knows (IANA name, e.g. "America/Toronto"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

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
  /**
   * The variant every page of the site shows when the page call names none (a campaign
   * domain): first-load data carries its id, so links carry it too.
   */
  active_variant_id: z.string().optional(),
  recaptcha: recaptchaSchema.optional(),
  /** The broker the site's listings lead to (her card on listing pages). */
  broker: brokerCardSchema.optional(),
  /** The privacy policy page's paths; every form links it. */
  privacy_policy: privacyPolicySchema.optional(),
  /**
   * Who the site is and how to reach them (schema/site-info.ts): written into every header and
   * footer block when a page is served. A site without it shows its blocks as they are.
   */
  info: siteInfoSchema.optional(),
  /** Versions of what the studio edits site-wide: each write checks the one it was edited from. */
  chrome_version: z.number().int().positive().max(MAX_INT32).default(1),
  info_version: z.number().int().positive().max(MAX_INT32).default(1),
  /** The published theme's version (theme_versions holds every one; 1 before the first publish). */
  theme_version: z.number().int().positive().max(MAX_INT32).default(1),
  /** The site's time zone (IANA): publishing later is chosen in it. */
  time_zone: z
    .string()
    .refine((zone) => isTimeZone(zone), "Unknown time zone")
    .default(DEFAULT_TIME_ZONE),
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
  version: z.number().int().nonnegative().max(MAX_INT32).default(1),
  updated_at: z.string().optional(),
});
export type PageRecord = z.infer<typeof pageRecordSchema>;

/** Who wrote a record (a redirect, a theme): the editor's account and name, copied. */
export const authorSchema = z.object({ id: z.string().min(1), name: z.string() });
export type Author = z.infer<typeof authorSchema>;

/**
 * A redirect of an old address: 301 (moved for good), 302 (for now), or 410 (gone: the page was
 * deleted and nothing replaces it; `to` is empty). Renames and deletions make them too (`origin`).
 */
export const redirectRecordSchema = z
  .object({
    from: z.string().startsWith("/"),
    to: z.string().default(""),
    status: z.union([z.literal(301), z.literal(302), z.literal(410)]).default(301),
    origin: z.enum(["manual", "rename", "delete", "import", "fixture"]).optional(),
    created_by: authorSchema.nullable().optional(),
    created_at: z.string().optional(),
  })
  .refine((r) => r.status === 410 || r.to.length > 0, { message: "required", path: ["to"] });
export type RedirectRecord = z.infer<typeof redirectRecordSchema>;

/** A variant's id: short, URL-safe (it travels in every internal link as `?variant=`). */
export const variantIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - and _ only");

/** What a variant changes on one page; the rest of the page (paths, SEO) stays the page's. */
export const variantPageSchema = z.object({
  content: z.array(z.unknown()).default([]),
  title: z.object({ fr: z.string(), en: z.string() }).optional(),
  override: pageRecordSchema.shape.override,
});
export type VariantPage = z.infer<typeof variantPageSchema>;

/**
 * A content variant of a site (site.md §1, §3): its own content for the pages it names
 * (by page id), and its own header and footer when it has them; every other page, header or
 * footer is the site's. Viewed with `?variant=<variant_id>` on any page.
 */
export const variantRecordSchema = z.object({
  variant_id: variantIdSchema,
  name: z.string().min(1),
  color: z.enum(VARIANT_COLORS).default("blue"),
  /** Checked by every studio write (another editor's change is a conflict, not lost). */
  version: z.number().int().positive().max(MAX_INT32).default(1),
  header: z.array(z.unknown()).optional(),
  footer: z.array(z.unknown()).optional(),
  pages: z.record(z.string(), variantPageSchema).default({}),
});
export type VariantRecord = z.infer<typeof variantRecordSchema>;
export type VariantInput = z.input<typeof variantRecordSchema>;

export interface SiteImport {
  site: SiteRecord;
  pages: readonly PageRecord[];
}

/** What a versioned write of a site-wide setting or a variant answers. */
export type VersionedWrite =
  | { ok: true; version: number }
  | { ok: false; reason: "conflict"; version: number }
  | { ok: false; reason: "not-found" };

export type SavePageResult =
  | { ok: true; version: number }
  | { ok: false; reason: "conflict"; version: number }
  /** Another page of the site already has this path. */
  | { ok: false; reason: "path-taken"; path: string }
  | { ok: false; reason: "not-found" };

/** The stored document of a page: version and date are columns of their own. */
export function pageDocument(page: PageRecord): Omit<PageRecord, "version" | "updated_at"> {
  const { version: _version, updated_at: _updated, ...doc } = page;
  return doc;
}

export const alternatePathsOf = (page: PageRecord) =>
  z.array(alternatePathSchema).parse([
    { locale: "fr", path: page.paths.fr },
    { locale: "en", path: page.paths.en },
  ]);
