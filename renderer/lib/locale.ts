/** Locale choice (site.md §2): route prefix, then the i18n_redirected cookie, then browser language (only on /), then fr. */
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../schema/locales";

export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** Picks fr or en from an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((x) => x.lang && !Number.isNaN(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((x) => x.lang).find(isLocale);
}

/** `url`: React Router's normalised URL (no `.data` suffix on client navigations). */
export function chooseLocale(request: Request, url: URL, { detectBrowser }: { detectBrowser: boolean }): Locale {
  const prefix = url.pathname.split("/")[1];
  if (isLocale(prefix)) return prefix;
  const cookie = readCookie(request.headers.get("cookie"), LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  if (detectBrowser) {
    const browser = localeFromAcceptLanguage(request.headers.get("accept-language"));
    if (browser) return browser;
  }
  return DEFAULT_LOCALE;
}
