/**
 * The editor session cookie: its name, how it is read and written. One module owns it, so the
 * rendered-page cache can bypass any request that carries it (`hasSessionCookie`).
 *
 * Over HTTPS the cookie is `__Host-courtier_session` (the browser then insists on Secure,
 * Path=/ and no Domain, so a sibling subdomain or a plain-HTTP page cannot plant one);
 * over plain HTTP (localhost, tests) it is `courtier_session`.
 */
import { readCookie } from "../../schema/http-headers";

export const SESSION_COOKIE = {
  https: "__Host-courtier_session",
  http: "courtier_session",
} as const;

/** The cookie's name for a request made over HTTPS or not. */
export const sessionCookieName = (secure: boolean): string => (secure ? SESSION_COOKIE.https : SESSION_COOKIE.http);

/** A session secret's shape: anything else in the cookie is no session (and never reaches the store). */
const SESSION_SECRET = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The session secret a request carries: over HTTPS only the `__Host-` cookie counts; over
 * HTTP only the plain one.
 */
export function sessionCookieValue(cookieHeader: string | null | undefined, secure: boolean): string | undefined {
  const value = readCookie(cookieHeader, sessionCookieName(secure));
  return value !== undefined && SESSION_SECRET.test(value) ? value : undefined;
}

/** True when a request carries an editor session cookie of either name (cache bypass, no store read). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.includes(SESSION_COOKIE.http);
}

/** Set-Cookie value that stores the session: HttpOnly, SameSite=Strict, Path=/, Secure over HTTPS. */
export function sessionCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${sessionCookieName(secure)}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie("", secure, 0);
}
