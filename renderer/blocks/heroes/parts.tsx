/** Pieces shared by the hero views: media, buttons, info lists, social links, appear-once. */
import { type RefObject, useEffect, useState } from "react";
import type { Image as ImageValue, Link, Video as VideoValue } from "../../../schema/fields";
import { hasVideoSource, prefersReducedMotion } from "../../lib/media";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { LazyVideo } from "../../ui/LazyVideo";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockContext } from "../types";

type Media = { image?: ImageValue; video?: VideoValue } | undefined;

/** The hero carrying the page's title (blocks/page-title.ts) has the h1; other heroes use h2. */
export function heroHeading(ctx: BlockContext): "h1" | "h2" {
  return ctx.pageTitle ? "h1" : "h2";
}

export function hasMedia(media: Media): boolean {
  return hasVideoSource(media?.video) || Boolean(media?.image?.url?.trim());
}

/** A video when it has a source, otherwise the image (blocks.md §3: media). */
export function HeroMedia({ media, className, title }: { media: Media; className?: string; title?: string }) {
  if (!media) return null;
  if (hasVideoSource(media.video))
    return <LazyVideo video={media.video} title={media.image?.alt || title} className={className} />;
  return <Image image={media.image} className={className} />;
}

export function CtaRow({ items, className }: { items?: readonly { cta: Link }[]; className?: string }) {
  const ctas = (items ?? []).filter((item) => item.cta.text?.trim() || item.cta.on_click_action);
  if (!ctas.length) return null;
  return (
    <div className={["btn-row", className].filter(Boolean).join(" ")}>
      {ctas.map((item, i) => (
        <SmartLink key={i} link={item.cta} className={i === 0 ? "btn btn-primary" : "btn btn-secondary"} />
      ))}
    </div>
  );
}

export function InfoList({
  items,
  className,
}: {
  items?: readonly { icon?: { type: string; font_weight?: "light" | "regular" | "solid" }; text: string }[];
  className?: string;
}) {
  const rows = (items ?? []).filter((item) => item.text?.trim());
  if (!rows.length) return null;
  return (
    <ul className={["hero-info-list", className].filter(Boolean).join(" ")}>
      {rows.map((item, i) => (
        <li key={i}>
          {item.icon?.type ? <Icon name={item.icon.type} size={20} weight={item.icon.font_weight} /> : null}
          <Text value={item.text} className="break-words" />
        </li>
      ))}
    </ul>
  );
}

/** Icon links; the link text (or the icon name) is the accessible name. */
export function SocialLinks({
  items,
  label,
}: {
  items?: readonly { icon: { type: string }; link: Link }[];
  label: string;
}) {
  const links = (items ?? []).filter((item) => item.link.url?.trim() || item.link.on_click_action);
  if (!links.length) return null;
  return (
    <ul className="hero-socials" aria-label={label}>
      {links.map((item, i) => (
        <li key={i}>
          <SmartLink link={item.link} className="hero-socials__link" aria-label={item.link.text || item.icon.type}>
            <Icon name={item.icon.type} size={20} />
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Appear once in the viewport (blocks.md §4 Hero). The server HTML and the first client
 * render show the content; after hydration, content that is still below the viewport
 * waits hidden and fades in the first time it enters it. Content already in view, and
 * every visitor who prefers reduced motion, sees no animation.
 */
export function useAppearOnce(ref: RefObject<HTMLElement | null>): "shown" | "waiting" | "appearing" {
  const [state, setState] = useState<"shown" | "waiting" | "appearing">("shown");
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined" || prefersReducedMotion()) return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (first) {
          first = false;
          if (visible) {
            observer.disconnect();
            return;
          }
          setState("waiting");
          return;
        }
        if (visible) {
          setState("appearing");
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return state;
}

/** The first block of the page holds the LCP image: it loads eagerly at high priority unless the editor chose otherwise. */
export function withLcpPriority<M extends Media>(media: M, ctx: BlockContext): M {
  if (!media?.image || ctx.region !== "content" || ctx.index !== 0 || media.image.fetchPriority) return media;
  return { ...media, image: { ...media.image, fetchPriority: "high" } };
}
