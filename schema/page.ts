/** Page data (site.md §3): what `POST /page/{site_id}` answers. Blocks stay raw here; parse.ts validates each. */
import { z } from "zod";
import { localeSchema, localized, siteTypeSchema, VARIANT_COLORS } from "./common";
import { themeSchema } from "./theme";

const ogImageSchema = z.object({
  url: z.string(),
  type: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});

export const seoEntrySchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  og_title: z.string().optional(),
  og_description: z.string().optional(),
  og_type: z.string().optional(),
  og_locale: z.string().optional(),
  fb_app_id: z.string().optional(),
  og_url: z.string().optional(),
  og_image: ogImageSchema.optional(),
});

export const seoSchema = z.object({
  global: localized(seoEntrySchema).optional(),
  facebook: localized(seoEntrySchema).optional(),
  twitter: localized(seoEntrySchema).optional(),
  canonical_url: localized(z.string()).optional(),
  robots_index_rule: z.string().default("index, follow"),
});

export const alternatePathSchema = z.object({ locale: localeSchema, path: z.string().startsWith("/") });

export const variantSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  color: z.enum(VARIANT_COLORS).default("blue"),
});
export type Variant = z.infer<typeof variantSchema>;

export const metadataSchema = z.object({
  favicon: z.string().optional(),
  /** Extra `<link>` elements for the head (preconnects, icons). */
  elements: z
    .array(z.object({ rel: z.string(), href: z.string(), type: z.string().optional(), sizes: z.string().optional() }))
    .default([]),
  /** Extra `<meta name content>` tags (verification codes, theme colour). */
  tags: z.array(z.object({ name: z.string(), content: z.string() })).default([]),
});

export const recaptchaSchema = z.object({
  site_key: z.string().optional(),
  version: z.literal(2).default(2),
  size: z.enum(["invisible", "normal"]).default("invisible"),
});

/**
 * The captcha the forms use, decided by the content service: the self-hosted ALTCHA proof
 * of work (default), reCAPTCHA v2 invisible with its site key, or offline tokens (tests).
 */
export const captchaSchema = z.object({
  provider: z.enum(["altcha", "recaptcha", "offline"]),
  site_key: z.string().optional(),
});
export type CaptchaConfig = z.infer<typeof captchaSchema>;

/** The site's privacy policy page in each language (forms link it). */
export const privacyPolicySchema = z
  .object({ fr: z.string().startsWith("/"), en: z.string().startsWith("/") })
  .partial();

const rawBlocks = z.array(z.unknown()).default([]);

export const pageDataSchema = z.object({
  status: z.number().int().min(100).max(599).default(200),
  location: z.string().optional(),
  content: rawBlocks,
  /** Per-page overrides: SEO merged over the page's, footer blocks replacing the default footer. */
  override: z.object({ seo: seoSchema.partial().optional(), footer: z.array(z.unknown()).optional() }).optional(),
  header: rawBlocks,
  footer: rawBlocks,
  seo: seoSchema.optional(),
  theme: themeSchema.default({ preset: "blue", radius: {}, colors: {} }),
  metadata: metadataSchema.default({ elements: [], tags: [] }),
  variant: variantSchema.nullish(),
  title: localized(z.string()).optional(),
  alternate_paths: z.array(alternatePathSchema).default([]),
  production: z.boolean().default(true),
  microsite_id: z.string().optional(),
  site_id: z.string().optional(),
  site_type: siteTypeSchema.default("broker"),
  site_key: z.string().optional(),
  recaptcha: recaptchaSchema.optional(),
  captcha: captchaSchema.optional(),
  privacy_policy: privacyPolicySchema.optional(),
  /** The site's name (the alert form's consent names who sends the e-mails). */
  site_name: z.string().optional(),
  /** Optimistic-concurrency version of the stored page (studio publish). */
  version: z.number().int().nonnegative().optional(),
  /** The stored page's id: names the page in surrogate keys a CDN is purged by. */
  page_id: z.string().optional(),
});
export type PageData = z.infer<typeof pageDataSchema>;

/** First-load data (site.md §7 POST /page with domain_name). */
export const firstLoadSchema = z.object({
  production: z.boolean().default(true),
  microsite_id: z.string(),
  site_id: z.string(),
  site_type: siteTypeSchema.default("broker"),
  site_key: z.string(),
  variant_id: z.string().nullish(),
  recaptcha: recaptchaSchema.optional(),
  captcha: captchaSchema.optional(),
  privacy_policy: privacyPolicySchema.optional(),
  site_name: z.string().optional(),
});
export type FirstLoadData = z.infer<typeof firstLoadSchema>;
