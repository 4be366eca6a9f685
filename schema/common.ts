import { z } from "zod";

export const LOCALES = ["fr", "en"] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = "fr";

export function isLocale(value: unknown): value is Locale {
  return value === "fr" || value === "en";
}
export function otherLocale(locale: Locale): Locale {
  return locale === "fr" ? "en" : "fr";
}
/** Meta locale (site.md §3): the locale plus _CA. */
export function metaLocale(locale: Locale): string {
  return `${locale}_CA`;
}
/** Canadian BCP 47 locale used for number, date and currency formatting. */
export function intlLocale(locale: Locale): "fr-CA" | "en-CA" {
  return locale === "fr" ? "fr-CA" : "en-CA";
}

/** A value given per locale; a missing locale is filled from the other one. */
export function localized<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (raw) => {
      if (!raw || typeof raw !== "object") return raw;
      const value = raw as Record<string, unknown>;
      if (value.fr === undefined && value.en !== undefined) return { ...value, fr: value.en };
      if (value.en === undefined && value.fr !== undefined) return { ...value, en: value.fr };
      return value;
    },
    z.object({ fr: schema, en: schema }),
  );
}

export const VARIANT_COLORS = [
  "red",
  "pink",
  "purple",
  "deep-purple",
  "indigo",
  "blue",
  "cyan",
  "teal",
  "green",
  "lime",
  "yellow",
  "amber",
  "orange",
  "brown",
  "grey",
] as const;

export const SITE_TYPES = ["broker", "agency"] as const;
export const siteTypeSchema = z.enum(SITE_TYPES);
export type SiteType = z.infer<typeof siteTypeSchema>;
