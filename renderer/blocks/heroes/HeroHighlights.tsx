/** Hero highlights: a title, optional text and three or four highlights (icon or figure, title, description). */
import type { heroHighlightsBlock } from "../../../schema/blocks/heroes";
import { Icon } from "../../ui/Icon";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { CtaRow, HeroMedia, hasMedia, heroHeading, withLcpPriority } from "./parts";

export default function HeroHighlights({ block, fields, ctx }: BlockViewProps<typeof heroHighlightsBlock>) {
  const media = withLcpPriority(fields.bg_media, ctx);
  const items = (fields.highlights_repeater ?? [])
    .filter((item) => item.figure?.trim() || item.main_title?.trim() || item.description?.trim())
    .slice(0, 4);
  const titleId = `${block.id}-title`;
  const Heading = heroHeading(ctx);
  const ItemHeading = Heading === "h1" ? "h2" : "h3";
  return (
    <section
      className="hero hero-bg hero-highlights"
      data-has-media={hasMedia(media) ? "" : undefined}
      data-count={items.length}
      aria-labelledby={fields.main_title ? titleId : undefined}
    >
      {hasMedia(media) ? (
        <div className="hero-bg__media">
          <HeroMedia media={media} className="hero-bg__img" title={fields.main_title} />
        </div>
      ) : null}
      <div className="container hero-bg__content hero-highlights__content">
        <div className="hero-highlights__head">
          <Text value={fields.super_title} as="p" className="super-title" />
          <Text value={fields.main_title} as={Heading} className="title-1" id={titleId} />
          <RichText html={fields.description} className="text-body" />
        </div>
        {items.length ? (
          <ul className="hero-highlights__list">
            {items.map((item, i) => (
              <li key={i} className="hero-highlights__item">
                {item.figure ? (
                  <p className="hero-highlights__figure">{item.figure}</p>
                ) : item.icon?.type ? (
                  <Icon
                    name={item.icon.type}
                    size={36}
                    weight={item.icon.font_weight}
                    className="hero-highlights__icon"
                  />
                ) : null}
                <Text value={item.main_title} as={ItemHeading} className="hero-highlights__title" />
                <Text value={item.description} as="p" className="hero-highlights__desc" />
              </li>
            ))}
          </ul>
        ) : null}
        <CtaRow items={fields.cta_repeater} />
      </div>
    </section>
  );
}
