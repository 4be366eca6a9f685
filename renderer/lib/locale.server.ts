/**
 * Locale choice (site.md §2): route prefix, then the i18n_redirected cookie, then the browser's
 * language (only on /), then fr. The cookie records the visitor's choice: the page they open.
 */
import { preferredLanguage, readCookie } from "../../schema/http-headers";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "../../schema/locales";
import { LOCALE_COOKIE, localeCookie } from "./locale";

/** `url`: React Router's normalised URL (no `.data` suffix on client navigations). */
export function chooseLocale(request: Request, url: URL, { detectBrowser }: { detectBrowser: boolean }): Locale {
  const prefix = url.pathname.split("/")[1];
  if (isLocale(prefix)) return prefix;
  const cookie = readCookie(request.headers.get("cookie"), LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  if (detectBrowser) {
    const browser = preferredLanguage(request.headers.get("accept-language"), LOCALES);
    if (browser) return browser;
  }
  return DEFAULT_LOCALE;
}

/**
 * The Set-Cookie a page's loader answers with: only for a document (the visitor opened the page).
 * A data request may be a prefetch of the language switch's link (the visitor has chosen nothing);
 * after a client navigation the page itself writes the cookie (`useLocaleCookie`).
 */
export function localeCookieHeaders(request: Request, locale: Locale): Headers {
  const headers = new Headers();
  const document = !new URL(request.url).pathname.endsWith(".data");
  if (document && readCookie(request.headers.get("cookie"), LOCALE_COOKIE) !== locale)
    headers.append("set-cookie", localeCookie(locale));
  return headers;
}
