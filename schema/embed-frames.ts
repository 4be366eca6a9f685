/**
 * The frames an embed may show (issue 33): the video, map and tour players brokers paste, as
 * sandboxed iframes, and the hosts an operator adds (EMBED_FRAME_HOSTS, virtual-tour hosts).
 * One list for the sanitiser (server), the studio's warning and the page's CSP `frame-src`, so
 * what the editor is told is what the page keeps and what the browser allows.
 */

export interface FrameProvider {
  /** Shown in a frame's default title and in the studio's messages. */
  name: string;
  /** The one host it is framed from (the CSP names it). */
  host: string;
  /** The paths of its player (not the whole site: a watch page is no player). */
  path: RegExp;
}

export const FRAME_PROVIDERS: readonly FrameProvider[] = [
  // Privacy-enhanced: no cookies before the visitor plays. www.youtube.com/embed is rewritten to it.
  { name: "YouTube", host: "www.youtube-nocookie.com", path: /^\/embed\/[\w-]+/ },
  { name: "Vimeo", host: "player.vimeo.com", path: /^\/video\/\d+/ },
  { name: "Matterport", host: "my.matterport.com", path: /^\/show\/?/ },
  { name: "Google Maps", host: "www.google.com", path: /^\/maps\/embed/ },
];

/** What a frame's players may do: run their own script on their own origin, go full screen, open a link in a new tab. */
export const FRAME_SANDBOX =
  "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox";
export const FRAME_ALLOW = "fullscreen; picture-in-picture; encrypted-media; xr-spatial-tracking";

/** A host name as EMBED_FRAME_HOSTS may give it: letters, digits, dots and dashes, no scheme or path. */
export const FRAME_HOST_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export interface AllowedFrame {
  /** The address the page frames (https, the privacy-enhanced host for YouTube). */
  src: string;
  /** The provider's name, or the configured host's. */
  provider: string;
}

/**
 * The frame a pasted `src` may become, or undefined when its host is not allowed. https only;
 * `extraHosts` (the operator's) allow any path of their host.
 */
export function allowedFrame(
  src: string | null | undefined,
  extraHosts: readonly string[] = [],
): AllowedFrame | undefined {
  if (!src) return undefined;
  let url: URL;
  try {
    url = new URL(src.trim().replace(/^\/\//, "https://"));
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return undefined;
  const host = url.hostname.toLowerCase();
  if ((host === "www.youtube.com" || host === "youtube.com") && /^\/embed\//.test(url.pathname))
    url.hostname = "www.youtube-nocookie.com";
  const provider = FRAME_PROVIDERS.find((p) => p.host === url.hostname && p.path.test(url.pathname));
  if (provider) return { src: url.href, provider: provider.name };
  if (extraHosts.includes(url.hostname)) return { src: url.href, provider: url.hostname };
  return undefined;
}

/** The host of a pasted frame's `src`, for the studio's message about one that is removed. */
export function frameHost(src: string | null | undefined): string {
  try {
    return src ? new URL(src.trim().replace(/^\/\//, "https://")).hostname || src : "";
  } catch {
    return src ?? "";
  }
}

/** The origins the page's CSP lets it frame for embeds. */
export function frameOrigins(extraHosts: readonly string[] = []): string[] {
  return [...new Set([...FRAME_PROVIDERS.map((p) => p.host), ...extraHosts])].map((host) => `https://${host}`);
}

/**
 * The host of a frame address (an external widget's) that the public CSP would block, or
 * undefined when the page may frame it: a path of this site, this host, a player's host or one
 * the operator added.
 */
export function blockedFrameHost(
  src: string | null | undefined,
  ownHost: string,
  extraHosts: readonly string[] = [],
): string | undefined {
  const raw = src?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw, `https://${ownHost}`);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  if (host === ownHost.toLowerCase()) return undefined;
  if (FRAME_PROVIDERS.some((p) => p.host === host) || extraHosts.includes(host)) return undefined;
  return host;
}
