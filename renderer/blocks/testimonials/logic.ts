/** Pure helpers of the testimonials blocks (blocks.md §3 Testimonials, §4, §9 Text and measures). */
import { BREAKPOINTS } from "../../lib/breakpoints";

export const TESTIMONIALS_INITIAL = 3;
export const BROKER_TRUNCATE_LINES = 7;
export const CARD_TRUNCATE_LINES = 10;
export const STAR_MAX = 5;

/** Collapse height of a testimonial text: 256 px at lg and up, else 128. */
export function collapseHeight(width: number): number {
  return width >= BREAKPOINTS.lg ? 256 : 128;
}

/** A text collapses (with a toggle) only when taller than the limit. */
export function shouldCollapse(contentHeight: number, limit: number): boolean {
  return contentHeight > limit;
}

/** Rounds to 2 decimals (half away from zero), avoiding binary artefacts: 1.005 → 1.01. */
export function roundTo2(value: number): number {
  return (Math.sign(value) * Math.round((Math.abs(value) + Number.EPSILON) * 100)) / 100;
}

/** The average score with exactly 2 decimals in the visitor's locale: 4.8736 → "4,87" / "4.87". */
export function formatAverage(value: number, locale: string): string {
  return new Intl.NumberFormat(`${locale}-CA`, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    roundTo2(value),
  );
}

/** A count of reviews with the locale's grouping (fr-CA "1 250", en-CA "1,250"). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(`${locale}-CA`).format(value);
}

/** Whole stars filled for a score, clamped to 0..max and rounded to the nearest star. */
export function filledStars(score: number | undefined, max = STAR_MAX): number {
  if (score === undefined || !Number.isFinite(score)) return 0;
  return Math.min(max, Math.max(0, Math.round(score)));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Google review text as plain text: drops script/style content and every tag, turns
 * <br> and block ends into newlines, decodes entities, collapses blank runs.
 */
export function toPlainText(html: string | undefined): string {
  if (!html) return "";
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li)\s*>/gi, "\n")
    .replace(/<\/?[a-z!][^>]*>?/gi, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
      if (code[0] === "#") {
        const n =
          code[1]?.toLowerCase() === "x" ? Number.parseInt(code.slice(2), 16) : Number.parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
      }
      return ENTITIES[code.toLowerCase()] ?? match;
    })
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A review date (YYYY-MM-DD) in the visitor's locale, computed in UTC so server and browser agree. */
export function formatReviewDate(value: string | undefined, locale: string): string {
  if (!value) return "";
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** The testimonials to show: the first 3 until "show more". */
export function visibleTestimonials<T>(items: readonly T[], showAll: boolean, initial = TESTIMONIALS_INITIAL): T[] {
  return showAll ? [...items] : items.slice(0, initial);
}
