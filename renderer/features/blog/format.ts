/** Small pure helpers of the blog: post URLs, slug-id parsing, dates, read time and share links. */
import type { Locale } from "../../../schema/locales";
import { ARCHIVE_PATHS } from "./constants";

export function archivePath(locale: Locale): string {
  return ARCHIVE_PATHS[locale];
}

/** /fr/blogue/{slug}-{id} or /en/blog/{slug}-{id}. */
export function postPath(locale: Locale, slug: string, id: number): string {
  return `${ARCHIVE_PATHS[locale]}/${slug}-${id}`;
}

/** Splits "{slug}-{id}" (the id is the trailing number); undefined when there is no id. */
export function parseSlugId(slugId: string): { slug: string; id: number } | undefined {
  const match = /^(?:(.*)-)?(\d{1,9})$/.exec(slugId);
  if (!match) return undefined;
  return { slug: match[1] ?? "", id: Number(match[2]) };
}

/** Reading minutes for a word count: 200 words a minute, rounded, at least 1 (site.md §9). */
export function readMinutes(words: number): number {
  return Math.max(1, Math.round(words / 200));
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
export function formatDate(locale: Locale, iso: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(`${locale}-CA`, {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

export type ShareNetwork = "facebook" | "twitter" | "linkedin" | "mail";

/** Share links for the page's full URL, URL-encoded (blocks.md §3 Blog). */
export function shareLinks(fullUrl: string, title: string): Record<ShareNetwork, string> {
  const url = encodeURIComponent(fullUrl);
  const text = encodeURIComponent(title);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    mail: `mailto:?subject=${text}&body=${url}`,
  };
}
