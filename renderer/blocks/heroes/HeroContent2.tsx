/** Hero content 2 (blocks.md §2, §3 Heroes): title, text and buttons over background media, aligned left, center or right. */
import type { heroContent2Block } from "../../../schema/blocks/heroes";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { CtaRow, HeroMedia, hasMedia, heroHeading, withLcpPriority } from "./parts";

export default function HeroContent2({ block, fields, params, ctx }: BlockViewProps<typeof heroContent2Block>) {
  const media = withLcpPriority(fields.bg_media, ctx);
  const titleId = `${block.id}-title`;
  return (
    <section
      className="hero hero-bg hero-c2"
      data-align={params.text_align}
      data-has-media={hasMedia(media) ? "" : undefined}
      aria-labelledby={fields.main_title ? titleId : undefined}
    >
      {hasMedia(media) ? (
        <div className="hero-bg__media">
          <HeroMedia media={media} className="hero-bg__img" title={fields.main_title} />
        </div>
      ) : null}
      <div className="container hero-bg__content">
        <div className="hero-bg__panel">
          <Text value={fields.main_title} as={heroHeading(ctx)} className="title-1" id={titleId} />
          <RichText html={fields.description} className="text-body" />
          <CtaRow items={fields.cta_repeater} />
        </div>
      </div>
    </section>
  );
}
