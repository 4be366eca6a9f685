/** Hero content 1 (blocks.md §2, §3 Heroes): media beside a title, text and buttons; `orientation_x` = side of the media. */
import type { heroContent1Block } from "../../../schema/blocks/heroes";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { CtaRow, HeroMedia, hasMedia, heroHeading, withLcpPriority } from "./parts";

export default function HeroContent1({ block, fields, params, ctx }: BlockViewProps<typeof heroContent1Block>) {
  const media = withLcpPriority(fields.media, ctx);
  const titleId = `${block.id}-title`;
  return (
    <section
      className="container hero hero-c1"
      data-orientation={params.orientation_x}
      data-has-media={hasMedia(media) ? "" : undefined}
      aria-labelledby={fields.main_title ? titleId : undefined}
    >
      {hasMedia(media) ? (
        <div className="hero-c1__media">
          <HeroMedia media={media} className="hero-c1__img" />
        </div>
      ) : null}
      <div className="hero-c1__text">
        <Text value={fields.main_title} as={heroHeading(ctx)} className="title-1" id={titleId} />
        <RichText html={fields.description} className="text-body" />
        <CtaRow items={fields.cta_repeater} />
      </div>
    </section>
  );
}
