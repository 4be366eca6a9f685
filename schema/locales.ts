/** Locale facts with no dependency: safe to import from browser code (no zod in the bundle). */
export const LOCALES = ["fr", "en"] as const;
export type Locale = (typeof LOCALES)[number];
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
/**
 * Canadian BCP 47 locale used for number, date and currency formatting (and react-aria's).
 * Takes any string because stored records (a lead's locale) are not typed: all but English read in French.
 */
export function intlLocale(locale: string): "fr-CA" | "en-CA" {
  return locale === "en" ? "en-CA" : "fr-CA";
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
export type SiteType = (typeof SITE_TYPES)[number];
