/**
 * What the studio sends to run a site (issue 29), parsed the same by the studio (each field's
 * message next to it, at once) and by the content service (the 400 answer's `errors`): a
 * redirect, a variant, what a deleted page's addresses become, a page's settings. Messages are
 * codes the studio says in the editor's language.
 */
import { z } from "zod";
import { VARIANT_COLORS } from "./common";
import type { Locale } from "./locales";
import { reservedPath } from "./site-routes";

const text = (max: number) => z.string().trim().min(1, "required").max(max, "too-long");

/** An address of the site a visitor may ask for: `/fr/…` or `/en/…`, no query. */
export const sitePathSchema = z
  .string()
  .trim()
  .max(500, "too-long")
  .regex(/^\/(fr|en)(\/[^\s?#]*)?$/, "site-path");

/** Where a redirect sends: an address of the site, or a web address elsewhere. */
const targetSchema = z
  .string()
  .trim()
  .max(1000, "too-long")
  .regex(/^(\/(fr|en)(\/[^\s]*)?|https?:\/\/[^\s/]+\.[^\s]+)$/, "target");

export const redirectInputSchema = z
  .object({
    from: sitePathSchema,
    to: z.string().trim().max(1000, "too-long").default(""),
    status: z.union([z.literal(301), z.literal(302), z.literal(410)], "choice").default(301),
  })
  .strict()
  .transform((r, ctx) => {
    if (r.status === 410) return { ...r, to: "" };
    const to = targetSchema.safeParse(r.to);
    if (!to.success) {
      ctx.addIssue({ code: "custom", path: ["to"], message: r.to === "" ? "required" : "target" });
      return z.NEVER;
    }
    return { ...r, to: to.data };
  });

export const variantInputSchema = z.object({ name: text(80), color: z.enum(VARIANT_COLORS, "choice") }).strict();

/** What a deleted page's addresses do: redirect to another page's, or answer 410 (gone). */
export const pageFateSchema = z.union([
  z.object({ redirect_to: z.string().min(1, "required").max(200, "too-long") }).strict(),
  z.object({ gone: z.literal(true) }).strict(),
]);

/** Search engines show about this many characters of a title and a description (guidance, not a rule). */
export const SEO_TITLE_LENGTH = 60;
export const SEO_DESCRIPTION_LENGTH = { min: 70, max: 160 } as const;

/** A page's path in `locale` as a new or renamed page may take it (schema/site-routes.ts says why not). */
export const pagePathSchema = (locale: Locale) =>
  z
    .string()
    .trim()
    .superRefine((path, ctx) => {
      const reason = reservedPath(path, locale);
      if (reason) ctx.addIssue({ code: "custom", message: reason === "format" ? "path-format" : "path-reserved" });
    });

const optionalText = (max: number) => z.string().trim().max(max, "too-long").optional();

/** The settings of a page the studio's form edits (the page record keeps the rest). */
export const pageSettingsSchema = z.object({
  title: z.object({ fr: text(120), en: text(120) }),
  paths: z.object({ fr: pagePathSchema("fr"), en: pagePathSchema("en") }),
  seo_title: z.object({ fr: optionalText(120), en: optionalText(120) }),
  seo_description: z.object({ fr: optionalText(320), en: optionalText(320) }),
  share_image: z
    .string()
    .trim()
    .max(500, "too-long")
    .regex(/^(|\/[^\s]*|https?:\/\/[^\s/]+\.[^\s]+)$/, "asset-url")
    .optional(),
  index: z.boolean(),
  canonical: z.object({
    fr: z
      .string()
      .trim()
      .max(500, "too-long")
      .regex(/^(|\/[^\s]*|https?:\/\/[^\s/]+\.[^\s]+)$/, "target")
      .optional(),
    en: z
      .string()
      .trim()
      .max(500, "too-long")
      .regex(/^(|\/[^\s]*|https?:\/\/[^\s/]+\.[^\s]+)$/, "target")
      .optional(),
  }),
  hidden: z.boolean(),
});
export type PageSettings = z.output<typeof pageSettingsSchema>;
