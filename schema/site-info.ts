/**
 * A site's information (issue 29): who the broker or agency is, the mentions OACIQ requires in
 * advertising, how to reach them, their social links, logos and favicon. Written once in the
 * studio's general settings; `applySiteInfo` writes it into every header and footer block that
 * shows it (the site's, a variant's, a page's footer override) when a page is served and when the
 * studio previews one, so a new phone number shows everywhere at once.
 *
 * Messages are codes (`required`, `too-long`…): the studio says them in the editor's language.
 */
import { z } from "zod";
import type { Locale } from "./locales";

export const SOCIAL_NETWORKS = ["facebook", "instagram", "linkedin", "youtube", "x", "tiktok"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Each network's own name, as its icon link reads (the same in both languages). */
export const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  x: "X",
  tiktok: "TikTok",
};

const text = (max: number) => z.string().trim().min(1, "required").max(max, "too-long");
const perLocale = (max: number) => z.object({ fr: text(max), en: text(max) });

/** Ten North American digits, however they were typed ("418 555-0142", "+1 (418) 555-0142"), as E.164. */
export function normalisePhone(raw: string): string | undefined {
  const digits = raw.replace(/[^\d]/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : undefined;
}

/** "+14185550142" → "418 555-0142", as Québec writes it. */
export function phoneDisplay(e164: string): string {
  const n = e164.replace(/^\+1/, "");
  return `${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6)}`;
}

const phoneSchema = z
  .string()
  .max(40, "too-long")
  .transform((raw, ctx) => {
    const e164 = normalisePhone(raw);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: "phone" });
      return z.NEVER;
    }
    return e164;
  });

/** A web address (social links). */
const webUrl = z
  .string()
  .trim()
  .max(500, "too-long")
  .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/, "url");

/** An image or file of the site (`/images/logo.svg`) or on the web (`https://…`). */
const assetUrl = z
  .string()
  .trim()
  .max(500, "too-long")
  .regex(/^(\/[^\s]*|https?:\/\/[^\s/]+\.[^\s]+)$/, "asset-url");

export const siteInfoSchema = z
  .object({
    /** The broker's or the agency's name as the licence writes it. */
    name: text(120),
    /** The broker's name and licence title (OACIQ), shown in every footer. */
    licence: perLocale(200),
    /** The agency the broker works for, with its designation ("…, agence immobilière"). */
    agency_name: perLocale(200),
    phone: phoneSchema,
    email: z.string().trim().max(200, "too-long").pipe(z.email("email")),
    address: perLocale(300),
    social: z
      .array(z.object({ network: z.enum(SOCIAL_NETWORKS, "choice"), url: webUrl }).strict())
      .max(12, "too-many")
      .default([]),
    /** The logo drawn on light colour schemes, and the one on the dark scheme. */
    logo_light: assetUrl.optional(),
    logo_dark: assetUrl.optional(),
    favicon: assetUrl.optional(),
  })
  .strict();
export type SiteInfo = z.output<typeof siteInfoSchema>;

/** The fields of header and footer blocks that the site's information writes (the studio shows them locked). */
const HEADER_FIELDS = ["logo_image_light", "logo_image_dark", "cta_sms"] as const;
const FOOTER_FIELDS = [
  "licence",
  "agency_name",
  "address",
  "phone",
  "logo_image_light",
  "logo_image_dark",
  "icon_links_repeater",
] as const;

/** Which of a block type's fields come from the site's information. */
export function siteInfoFieldsOf(blockType: string): readonly string[] {
  if (blockType.startsWith("header_")) return HEADER_FIELDS;
  if (blockType.startsWith("footer_")) return FOOTER_FIELDS;
  return [];
}

type Fields = Record<string, unknown>;
const asObject = (value: unknown): Fields =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {};

/** The logo at the site's address, keeping the block's own description in its language when it has one. */
function logo(current: unknown, url: string | undefined, name: string): unknown {
  if (!url) return current;
  const own = asObject(current);
  return { ...own, url, alt: typeof own.alt === "string" && own.alt.trim() !== "" ? own.alt : name };
}

/** The block's fields in one language with the site's information written in. */
function infoFields(blockType: string, fields: Fields, info: SiteInfo, locale: Locale): Fields {
  const next: Fields = {
    ...fields,
    logo_image_light: logo(fields.logo_image_light, info.logo_light, info.name),
    logo_image_dark: logo(fields.logo_image_dark, info.logo_dark ?? info.logo_light, info.name),
  };
  if (next.logo_image_light === undefined) delete next.logo_image_light;
  if (next.logo_image_dark === undefined) delete next.logo_image_dark;
  if (blockType.startsWith("header_")) {
    if (fields.cta_sms !== undefined) next.cta_sms = { ...asObject(fields.cta_sms), url: `sms:${info.phone}` };
    return next;
  }
  next.licence = info.licence[locale];
  next.agency_name = info.agency_name[locale];
  next.address = info.address[locale];
  next.phone = { ...asObject(fields.phone), url: `tel:${info.phone}`, text: phoneDisplay(info.phone) };
  next.icon_links_repeater = info.social.map((link) => ({
    icon: { type: link.network },
    link: { url: link.url, text: SOCIAL_NAMES[link.network], target: "_blank" },
  }));
  return next;
}

const applied = new WeakMap<object, WeakMap<SiteInfo, unknown>>();

/**
 * The blocks with the site's information written into every header and footer block; other
 * blocks and anything that is not a block pass as they are. Results are kept by block and
 * information objects, so a page served again costs nothing.
 */
export function applySiteInfo<T>(blocks: readonly T[], info: SiteInfo | undefined): T[] {
  if (!info) return blocks as T[];
  return blocks.map((block) => {
    if (!block || typeof block !== "object") return block;
    const raw = block as { block_type?: unknown; fields?: unknown };
    if (typeof raw.block_type !== "string" || siteInfoFieldsOf(raw.block_type).length === 0) return block;
    let byInfo = applied.get(block as object);
    const known = byInfo?.get(info);
    if (known) return known as T;
    const fields = asObject(raw.fields);
    const next = {
      ...raw,
      fields: {
        ...fields,
        fr: infoFields(raw.block_type, asObject(fields.fr ?? fields.en), info, "fr"),
        en: infoFields(raw.block_type, asObject(fields.en ?? fields.fr), info, "en"),
      },
    };
    if (!byInfo) {
      byInfo = new WeakMap();
      applied.set(block as object, byInfo);
    }
    byInfo.set(info, next);
    return next as T;
  });
}
