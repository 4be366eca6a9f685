/**
 * Cross-site request checks for writes. Every write must come from one of the site's own
 * origins: the `Origin` header (sent by browsers with every POST, PUT, PATCH and DELETE)
 * must name one, and `Sec-Fetch-Site`, when sent, must say "same-origin". A write carried
 * by a cookie with neither header is refused: a browser always sends one of them. Tools
 * that authenticate with an API token send no cookie, so no browser can be made to send
 * their credentials; they may omit both.
 */

export type OriginCheck = { ok: true } | { ok: false; reason: "cross-origin" | "cross-site" | "missing-origin" };

export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function checkOrigin(
  headers: Headers,
  allowedOrigins: readonly string[],
  options: { cookieAuthenticated: boolean },
): OriginCheck {
  const origin = headers.get("origin");
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return { ok: false, reason: "cross-site" };
  if (origin !== null) {
    // "null" (a sandboxed frame, a redirect across origins) is never one of ours.
    if (!allowedOrigins.includes(origin.toLowerCase())) return { ok: false, reason: "cross-origin" };
    return { ok: true };
  }
  if (site === "same-origin") return { ok: true };
  return options.cookieAuthenticated ? { ok: false, reason: "missing-origin" } : { ok: true };
}

/** The origins a write may come from: the request's own (as the server sees it) and PUBLIC_ORIGIN. */
export function allowedOriginsOf(requestUrl: URL, publicOrigin?: string): string[] {
  const origins = new Set([requestUrl.origin.toLowerCase()]);
  if (publicOrigin) {
    try {
      origins.add(new URL(publicOrigin).origin.toLowerCase());
    } catch {
      // PUBLIC_ORIGIN is validated at start; nothing to add otherwise.
    }
  }
  return [...origins];
}
