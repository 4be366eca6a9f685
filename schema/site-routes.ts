/**
 * The site's own routes that are not content pages, in one place: renderer/routes.ts builds its
 * routes from these segments, and a page path that falls under one of them is refused (the route
 * would answer before the page ever could). Also how a page's paths are spelt and proposed from
 * its title. No dependency: the studio, the server and the route table all read it.
 */
import type { Locale } from "./locales";

/** First segments after `/{lang}/` that belong to the application, whatever the language. */
export const APP_SEGMENTS = {
  /** The studio and the editor pages (`/fr/qa/…`). */
  studio: "qa",
  /** A listing's page (`/fr/propriete/{slug}-{uls}`, `/en/property/…`). */
  listingFr: "propriete",
  listingEn: "property",
  /** Favourites kept on the device. */
  favouritesFr: "favoris",
  favouritesEn: "favourites",
  /** The listings widget other sites frame. */
  widget: "widget",
  /** A preview link's page (`/fr/apercu/{secret}`, `/en/preview/{secret}`). */
  previewFr: "apercu",
  previewEn: "preview",
  /** A saved-search alert's page, reached from its e-mails (`/fr/alerte/{token}`, issue 32). */
  alertFr: "alerte",
  alertEn: "alert",
} as const;

/** The blog archive's path per language: the archive is a page, its posts and feed live under it. */
export const BLOG_SEGMENT: Record<Locale, string> = { fr: "blogue", en: "blog" };

export type ReservedReason =
  | "studio"
  | "listing"
  | "favourites"
  | "widget"
  | "preview"
  | "alert"
  | "blog-post"
  | "format";

/** One segment of a page path: lower-case letters and digits, words joined by single hyphens. */
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAGE_PATH_MAX = 200;

/**
 * Why a page may not take this path, or undefined when it may. Checked for paths a page is
 * given (a new page, a renamed one): `/fr`, `/fr/a-propos`, `/fr/courtiers/julie` are fine;
 * `/fr/qa/x`, `/en/property/x`, `/fr/blogue/x` (a post's address) and malformed paths are not.
 */
export function reservedPath(path: string, locale: Locale): ReservedReason | undefined {
  if (path.length > PAGE_PATH_MAX) return "format";
  const segments = path.split("/").slice(1);
  if (segments[0] !== locale) return "format";
  const rest = segments.slice(1);
  if (rest.some((s) => !SEGMENT.test(s))) return "format";
  const first = rest[0];
  if (first === undefined) return undefined;
  if (first === APP_SEGMENTS.studio) return "studio";
  if (first === APP_SEGMENTS.listingFr || first === APP_SEGMENTS.listingEn) return "listing";
  if (first === APP_SEGMENTS.favouritesFr || first === APP_SEGMENTS.favouritesEn) return "favourites";
  if (first === APP_SEGMENTS.widget) return "widget";
  if (first === APP_SEGMENTS.previewFr || first === APP_SEGMENTS.previewEn) return "preview";
  if (first === APP_SEGMENTS.alertFr || first === APP_SEGMENTS.alertEn) return "alert";
  if (first === BLOG_SEGMENT[locale] && rest.length > 1) return "blog-post";
  return undefined;
}

/**
 * A slug from a title: accents folded (é → e, œ → oe), lower case, anything else a hyphen, at
 * most `max` characters cut at a word's end. "Vendre avec moi" → "vendre-avec-moi".
 */
export function slugify(text: string, max = 60): string {
  const folded = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max + 1);
  const end = cut.lastIndexOf("-");
  return (end > 0 ? cut.slice(0, end) : folded.slice(0, max)).replace(/-+$/, "");
}

/**
 * The path proposed for a page titled `title` in `locale`: `/{locale}/{slug}`, with `-2`, `-3`…
 * when `taken` says the path is used (another page, a redirect) or it is reserved.
 */
export function proposePath(title: string, locale: Locale, taken: (path: string) => boolean): string {
  const slug = slugify(title) || (locale === "fr" ? "nouvelle-page" : "new-page");
  const free = (path: string) => !taken(path) && reservedPath(path, locale) === undefined;
  const first = `/${locale}/${slug}`;
  if (free(first)) return first;
  for (let n = 2; n < 1000; n++) {
    const candidate = `/${locale}/${slug}-${n}`;
    if (free(candidate)) return candidate;
  }
  return `/${locale}/${slug}-${Date.now()}`;
}

/** An id for a new page: the slug of its French title, made unique among `ids`. */
export function proposePageId(title: string, ids: ReadonlySet<string>): string {
  const slug = slugify(title, 48) || "page";
  if (!ids.has(slug)) return slug;
  for (let n = 2; ; n++) if (!ids.has(`${slug}-${n}`)) return `${slug}-${n}`;
}
