/**
 * Hero call to action (blocks.md §2, §3 Heroes, §4 Hero): logo, titles and buttons over
 * background media, filling the viewport height minus the header. Vertical alignment
 * center or bottom; the text panel may use its own colour scheme. Contained mode when
 * a header block comes right before it. The text appears once in the viewport.
 */
import { useRef } from "react";
import type { heroCtaBlock } from "../../../schema/blocks/heroes";
import { Image } from "../../ui/Image";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { isContained } from "./logic";
import { CtaRow, HeroMedia, hasMedia, heroHeading, useAppearOnce, withLcpPriority } from "./parts";

export default function HeroCta({ block, fields, params, ctx }: BlockViewProps<typeof heroCtaBlock>) {
  const media = withLcpPriority(fields.bg_media, ctx);
  const textRef = useRef<HTMLDivElement>(null);
  const appear = useAppearOnce(textRef);
  const titleId = `${block.id}-title`;
  return (
    <section
      className="hero hero-bg hero-cta"
      data-align-y={params.align_y}
      data-contained={isContained(ctx.previousType) ? "" : undefined}
      data-has-media={hasMedia(media) ? "" : undefined}
      aria-labelledby={fields.main_title ? titleId : undefined}
    >
      {hasMedia(media) ? (
        <div className="hero-bg__media">
          <HeroMedia media={media} className="hero-bg__img" title={fields.main_title} />
        </div>
      ) : null}
      <div className="container hero-bg__content hero-cta__content">
        <div
          ref={textRef}
          className="hero-bg__panel hero-cta__panel"
          data-scheme={params.inner_color_scheme}
          data-inner-scheme={params.inner_color_scheme ? "" : undefined}
          data-appear={appear}
        >
          {fields.logo?.url ? <Image image={fields.logo} className="hero-cta__logo" appear={false} /> : null}
          <Text value={fields.main_title} as={heroHeading(ctx)} className="title-1" id={titleId} />
          <Text value={fields.sub_title} as="p" className="hero-cta__sub" />
          <Text value={fields.under_sub_title} as="p" className="hero-cta__under" />
          <CtaRow items={fields.cta_repeater} />
        </div>
      </div>
    </section>
  );
}
