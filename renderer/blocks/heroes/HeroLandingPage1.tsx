/**
 * Landing page 1 (blocks.md §2, §3 Heroes, §9 Layout): title, text, avatar and buttons
 * beside the contact form; `orientation_x` = side of the text. The form itself comes
 * from the contact-form feature, which fills the `[data-contact-form-slot]` aside; until
 * then the aside offers the contact modal. The aside reaches into the next block by the
 * landing overlap (64 on small screens, measured on large ones), and the next block is
 * padded by the same amount.
 */
// Their messages load with them (renderer/messages).
import "../../messages/heroes";
import { type CSSProperties, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { heroLandingPage1Block } from "../../../schema/blocks/heroes";
import { BREAKPOINTS } from "../../lib/breakpoints";
import { dispatchSiteEvent } from "../../lib/events";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { LANDING_OVERLAP_SMALL, landingOverlap } from "./logic";
import { CtaRow, HeroMedia, hasMedia, heroHeading, withLcpPriority } from "./parts";

export default function HeroLandingPage1({ block, fields, params, ctx }: BlockViewProps<typeof heroLandingPage1Block>) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLElement>(null);
  const infoRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLElement>(null);
  const media = withLcpPriority(fields.media, ctx);
  const titleId = `${block.id}-title`;
  const slotId = `${block.id}-contact-form`;

  // Sizes come from the ResizeObserver's entries and the breakpoint from a media query: reading
  // offsetHeight after another block wrote a style forced a layout of the whole page (in the
  // studio, of 300 blocks: most of the time to open a long page). Written only when it changes.
  useEffect(() => {
    const root = rootRef.current;
    const info = infoRef.current;
    const form = formRef.current;
    if (!root || !info || !form || typeof ResizeObserver === "undefined") return;
    const frame = root.closest<HTMLElement>(".block");
    const large = window.matchMedia(`(min-width: ${BREAKPOINTS.lg}px)`);
    const heights = new Map<Element, number>();
    let written = "";
    const apply = () => {
      const formHeight = heights.get(form);
      const infoHeight = heights.get(info);
      if (formHeight === undefined || infoHeight === undefined) return;
      const value = `${landingOverlap({ large: large.matches, formHeight, infoHeight })}px`;
      if (value === written) return;
      written = value;
      root.style.setProperty("--hero-landing-overlap", value);
      (frame?.nextElementSibling as HTMLElement | null | undefined)?.style.setProperty("--hero-landing-overlap", value);
    };
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) heights.set(entry.target, entry.borderBoxSize[0]?.blockSize ?? 0);
      apply();
    });
    observer.observe(form);
    observer.observe(info);
    large.addEventListener("change", apply);
    return () => {
      observer.disconnect();
      large.removeEventListener("change", apply);
    };
  }, []);

  return (
    <section
      ref={rootRef}
      className="hero hero-landing"
      data-orientation={params.orientation_x}
      aria-labelledby={fields.main_title ? titleId : undefined}
      style={{ "--hero-landing-overlap": `${LANDING_OVERLAP_SMALL}px` } as CSSProperties}
    >
      {hasMedia(media) ? (
        <div className="hero-bg__media hero-landing__media">
          <HeroMedia media={media} className="hero-bg__img" title={fields.main_title} />
        </div>
      ) : null}
      <div className="container hero-landing__grid">
        <div className="hero-landing__info" ref={infoRef}>
          {fields.avatar?.url ? <Image image={fields.avatar} className="hero-landing__avatar" appear={false} /> : null}
          <Text value={fields.main_title} as={heroHeading(ctx)} className="title-1" id={titleId} />
          <RichText html={fields.description} className="text-body" />
          <CtaRow items={fields.cta_repeater} />
        </div>
        <aside
          ref={formRef}
          id={slotId}
          className="hero-landing__form"
          data-contact-form-slot=""
          data-scheme="normal"
          aria-labelledby={`${slotId}-title`}
        >
          <h2 className="hero-landing__form-title" id={`${slotId}-title`}>
            {t(ctx.siteType === "agency" ? "heroes.landing.form-title-agency" : "heroes.landing.form-title")}
          </h2>
          <p>{t("heroes.landing.form-intro")}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => dispatchSiteEvent("open-contact-modal", { source: block.id })}
          >
            {t(ctx.siteType === "agency" ? "heroes.landing.contact-button-agency" : "heroes.landing.contact-button")}
          </button>
        </aside>
      </div>
    </section>
  );
}
