/**
 * Images of blocks (blocks.md §3 Generic renderers: image; §4 appear animation).
 * A missing alt gives alt="" (decorative). Images are lazy unless fetchPriority is
 * high; width and height reserve the space. When an image has no URL the optional
 * `fallback` shows instead. After hydration an image that was not loaded yet fades
 * in through steps 0 → 3 over 300 ms; reduced motion shows it at once.
 */
import { type CSSProperties, useEffect, useRef, useState } from "react";
import type { Image as ImageValue } from "../../schema/fields";
import { APPEAR_DURATION_MS, APPEAR_LAST_STEP, imageLoading, prefersReducedMotion, resolveImage } from "../lib/media";

export function Image({
  image,
  fallback,
  className,
  style,
  appear = true,
}: {
  image?: ImageValue;
  /** Shown when `image` has no URL (e.g. a site-level default avatar). */
  fallback?: ImageValue;
  className?: string;
  style?: CSSProperties;
  /** Play the appear animation (default true). */
  appear?: boolean;
}) {
  const resolved = resolveImage(image, fallback);
  const ref = useRef<HTMLImageElement>(null);
  // Server HTML and the first client render show the image (step 3): no hidden content without JS.
  const [step, setStep] = useState<number>(APPEAR_LAST_STEP);
  const high = resolved?.fetchPriority === "high";
  const url = resolved?.url;

  useEffect(() => {
    const img = ref.current;
    if (!img || !appear || high || !url) return;
    if (img.complete || prefersReducedMotion()) return;
    setStep(0);
    const timers: ReturnType<typeof setTimeout>[] = [];
    const reveal = () => {
      const interval = APPEAR_DURATION_MS / APPEAR_LAST_STEP;
      for (let s = 1; s <= APPEAR_LAST_STEP; s++) timers.push(setTimeout(() => setStep(s), interval * s));
    };
    img.addEventListener("load", reveal, { once: true });
    img.addEventListener("error", reveal, { once: true });
    return () => {
      img.removeEventListener("load", reveal);
      img.removeEventListener("error", reveal);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [appear, high, url]);

  if (!resolved?.url) return null;
  return (
    <img
      ref={ref}
      src={resolved.url}
      alt={resolved.alt ?? ""}
      width={resolved.width}
      height={resolved.height}
      loading={imageLoading(resolved)}
      decoding={high ? "sync" : "async"}
      fetchPriority={resolved.fetchPriority}
      className={["image", className].filter(Boolean).join(" ")}
      data-appear={appear ? step : undefined}
      style={style}
    />
  );
}
