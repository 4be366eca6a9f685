/**
 * Preview links (issue 33), the contract between the content service and the site: a link
 * `/fr/apercu/{secret}` or `/en/preview/{secret}` shows a page's draft (or a version) to anyone
 * who has it, read only, never indexed, never cached. The secret is 256 random bits in base64url.
 * No zod here: the preview route's code reaches the browser.
 */
import type { Locale } from "./locales";
import { APP_SEGMENTS } from "./site-routes";

// One spelling for the route table, the reserved page paths and the links made here.
export const PREVIEW_SEGMENT: Readonly<Record<Locale, string>> = {
  fr: APP_SEGMENTS.previewFr,
  en: APP_SEGMENTS.previewEn,
};

/** A preview's secret: 43 base64url characters (256 bits). */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const previewPath = (locale: Locale, token: string) => `/${locale}/${PREVIEW_SEGMENT[locale]}/${token}`;

const PREVIEW_PATH = /^\/(?:fr\/apercu|en\/preview)\/[^/?]+/;

/** Whether a path is a preview's (its answers are private and unindexed). */
export const isPreviewPath = (pathname: string) => PREVIEW_PATH.test(pathname);

/** A path with a preview's secret blanked (request logs never hold it). */
export const redactPreviewPath = (path: string) => path.replace(/^(\/(?:fr\/apercu|en\/preview)\/)[^/?.]+/, "$1…");

/**
 * What a preview shows, besides the page (parsed with `previewInfoSchema` of schema/api.ts: this
 * module stays free of zod, as the preview route's code reaches the browser).
 */
export interface PreviewInfo {
  /** The draft as it is now, one version, or the page as published (its draft was published or discarded since). */
  source: "draft" | "version" | "page";
  version: number | null;
  expires_at: string;
}
