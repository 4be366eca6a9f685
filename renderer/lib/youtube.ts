/**
 * YouTube links (blocks.md §5): the forms embed, shorts, live, watch?v= and the
 * youtu.be short domain are recognised; anything else gives no player. Players
 * use the privacy-enhanced host (no cookies until the visitor plays).
 */

const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"]);

export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

function toUrl(raw: string): URL | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value.replace(/^\/\//, "")}`);
  } catch {
    return undefined;
  }
}

/** The 11-character video id of a YouTube link, or undefined when the link is not one of the known forms. */
export function parseYouTubeId(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  const url = toUrl(raw);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = segments[0];
  } else if (HOSTS.has(host) || host === "www.youtube-nocookie.com") {
    const [first, second] = segments;
    if (first === "watch") candidate = url.searchParams.get("v") ?? undefined;
    else if (first === "embed" || first === "shorts" || first === "live" || first === "v") candidate = second;
  }
  return candidate && ID.test(candidate) ? candidate : undefined;
}

/** Start offset in seconds from `t=` / `start=` (`90`, `90s`, `1m30s`, `1h2m3s`), if any. */
export function parseYouTubeStart(raw: string | undefined | null): number | undefined {
  const url = raw ? toUrl(raw) : undefined;
  const value = url?.searchParams.get("start") ?? url?.searchParams.get("t");
  if (!value) return undefined;
  if (/^\d+s?$/.test(value)) return Number.parseInt(value, 10) || undefined;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match) return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds || undefined;
}

export interface YouTubeEmbedOptions {
  /** Interface language (hl), e.g. "fr". */
  language?: string;
  autoplay?: boolean;
  controls?: boolean;
  loop?: boolean;
  mute?: boolean;
  start?: number;
}

/** The privacy-enhanced embed URL of a video id. */
export function youTubeEmbedUrl(id: string, options: YouTubeEmbedOptions = {}): string {
  const params = new URLSearchParams();
  if (options.language) params.set("hl", options.language);
  params.set("autoplay", options.autoplay ? "1" : "0");
  params.set("controls", options.controls === false ? "0" : "1");
  if (options.loop) {
    params.set("loop", "1");
    // A single video only loops when it is its own playlist.
    params.set("playlist", id);
  }
  if (options.mute) params.set("mute", "1");
  if (options.start && options.start > 0) params.set("start", String(Math.floor(options.start)));
  params.set("playsinline", "1");
  params.set("rel", "0");
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}?${params.toString()}`;
}

/** The poster YouTube serves for a video id. */
export function youTubeThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;
}
