/**
 * Content-Security-Policy with a per-request nonce (docs/architecture.md "Safety"). Scripts run
 * only with the nonce (React Router's own scripts and what they load, via
 * 'strict-dynamic'); styles allow inline attributes, which blocks set for colours.
 */
import { createContext, useContext } from "react";
import { frameOrigins } from "../../schema/embed-frames";

export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

/** In the browser: the page's nonce, for scripts and modulepreload links added after load. */
export function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/** Pages made to be embedded in other sites' iframes (the listings widget). */
export function isEmbeddablePath(pathname: string): boolean {
  return /^\/(fr|en)\/widget\//.test(pathname);
}

/**
 * The editors' pages (studio, inbox, sign-in and account; not the designers' block gallery,
 * which shows every block as visitors get it): a stricter policy, below.
 */
export function isStudioPath(pathname: string): boolean {
  return /^\/(fr|en)\/qa\/(?!blocks(?:\/|$))/.test(pathname);
}

/**
 * One policy, three directives that differ. The studio's: scripts of this site only (no
 * 'strict-dynamic', so a script an embed would add from elsewhere is refused even if some code
 * inserted it), frames of this site and the privacy-enhanced video host only, and nothing may
 * frame it. Embeds run nothing in the canvas (useInStudio); this is the second lock.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: {
    embeddable?: boolean;
    studio?: boolean;
    /** Origins of CONTENT_ASSET_BASE and the content host (images and videos load from them). */
    assetOrigins?: readonly string[];
    /** The error-reporting service's origin (SENTRY_DSN), where the browser sends reports. */
    reportOrigin?: string;
    /** Frame hosts embeds may show besides the known players (EMBED_FRAME_HOSTS). */
    frameHosts?: readonly string[];
  } = {},
): string {
  const studio = options.studio === true;
  // https: already covers any https base; an http one (a local CDN) is named.
  const assets = (options.assetOrigins ?? []).map((origin) => ` ${origin}`).join("");
  return [
    "default-src 'self'",
    studio
      ? `script-src 'self' 'nonce-${nonce}'`
      : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://www.youtube.com/iframe_api https://www.youtube.com/s/player/`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${assets}`,
    "font-src 'self' data:",
    `connect-src 'self'${options.reportOrigin ? ` ${options.reportOrigin}` : ""}`,
    // The ALTCHA widget's proof-of-work workers are files of this site.
    "worker-src 'self'",
    `media-src 'self' https:${assets}`,
    studio
      ? "frame-src 'self' https://www.youtube-nocookie.com"
      : // The players an embed may show (schema/embed-frames.ts: what the sanitiser keeps) and the captcha's.
        `frame-src 'self' ${frameOrigins(options.frameHosts).join(" ")} https://www.google.com/recaptcha/ https://recaptcha.google.com/`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The widget is for brokers' other sites; every other page may be framed by the site only.
    studio ? "frame-ancestors 'none'" : options.embeddable ? "frame-ancestors *" : "frame-ancestors 'self'",
  ].join("; ");
}
