/** Pure helpers of the media renderers (blocks.md §3 Generic renderers, §4, §9 Media). */
import type { Image, Video } from "../../schema/fields";

/** Image appear animation: steps 0, 1, 2, 3 over 300 ms. */
export const APPEAR_DURATION_MS = 300;
export const APPEAR_LAST_STEP = 3;

/** The appear step reached after `elapsedMs` since the image loaded. */
export function appearStepAt(elapsedMs: number): 0 | 1 | 2 | 3 {
  if (!(elapsedMs > 0)) return 0;
  const step = Math.floor((elapsedMs / APPEAR_DURATION_MS) * APPEAR_LAST_STEP);
  return Math.min(APPEAR_LAST_STEP, step) as 0 | 1 | 2 | 3;
}

/** The image to show: the block's own when it has a URL, else the fallback when it has one. */
export function resolveImage(image: Image | undefined, fallback?: Image): Image | undefined {
  if (image?.url?.trim()) return image;
  if (fallback?.url?.trim()) return { ...fallback, alt: image?.alt ?? fallback.alt };
  return undefined;
}

/** `loading` of an <img>: eager only for high-priority images (the LCP), lazy otherwise. */
export function imageLoading(image: Pick<Image, "fetchPriority">): "eager" | "lazy" {
  return image.fetchPriority === "high" ? "eager" : "lazy";
}

/** `center` of a video as CSS object-position; x and y are percentages (0–100), clamped. */
export function objectPosition(center: Video["center"]): string | undefined {
  if (!center) return undefined;
  const clamp = (n: number) => Math.min(100, Math.max(0, Number.isFinite(n) ? n : 50));
  return `${clamp(center.x)}% ${clamp(center.y)}%`;
}

/**
 * `filters` of a video as a CSS filter: blur in px; brightness, contrast, opacity and
 * saturate as factors (1 = unchanged). Unset or non-finite values are left out.
 */
export function cssFilter(filters: Video["filters"]): string | undefined {
  if (!filters) return undefined;
  const parts: string[] = [];
  const push = (name: string, value: number | undefined, unit = "") => {
    if (value === undefined || !Number.isFinite(value)) return;
    parts.push(`${name}(${Math.max(0, value)}${unit})`);
  };
  push("blur", filters.blur, "px");
  push("brightness", filters.brightness);
  push("contrast", filters.contrast);
  push("opacity", filters.opacity);
  push("saturate", filters.saturate);
  return parts.length ? parts.join(" ") : undefined;
}

/** Whether a video value has anything to play. */
export function hasVideoSource(video: Partial<Video> | undefined): boolean {
  return Boolean(
    video &&
      ((video.sources ?? []).some((s) => s.url.trim()) || (video.external_sources ?? []).some((s) => s.url.trim())),
  );
}

const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)(\?|#|$)/i;

/** An external source that is a plain video file (played by <video>) rather than a YouTube link. */
export function isVideoFile(source: { url: string; type?: string }): boolean {
  return Boolean(source.type?.startsWith("video/")) || VIDEO_FILE.test(source.url);
}

/** Autoplay happens only when asked for and the visitor does not prefer reduced motion. */
export function shouldAutoplay(autoplay: boolean | undefined, prefersReducedMotion: boolean): boolean {
  return Boolean(autoplay) && !prefersReducedMotion;
}

/** Whether the play overlay shows: with no controls, or before the video has ever played. */
export function showPlayOverlay(controls: boolean | undefined, hasPlayed: boolean): boolean {
  return !controls || !hasPlayed;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}
