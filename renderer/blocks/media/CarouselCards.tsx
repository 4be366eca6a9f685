/**
 * Carousel cards (blocks.md §2): image, title, text and button cards in the shared
 * Carousel, several per view — the slide width follows the breakpoints.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { carouselCardsBlock } from "../../../schema/blocks/media";
import { type Breakpoints, useBreakpoints } from "../../lib/breakpoints";
import { Carousel } from "../../ui/carousel/Carousel";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import "../../messages/media";

const GAP = 24;

/** Cards per view: 4 from xl, 3 from lg, 2 from sm, else one card with a peek of the next. */
export function cardSlideSize(bp: Pick<Breakpoints, "smUp" | "lgUp" | "xlUp">): string {
  const perView = bp.xlUp ? 4 : bp.lgUp ? 3 : bp.smUp ? 2 : 0;
  return perView ? `calc(100% / ${perView})` : "85%";
}

export default function CarouselCards({ fields }: BlockViewProps<typeof carouselCardsBlock>) {
  const { t } = useTranslation();
  const bp = useBreakpoints();
  const items = fields.items ?? [];
  const headingId = `${useId()}-title`;
  if (!items.length) return null;
  return (
    <div className="container section carousel-cards">
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <Carousel
        items={items}
        label={fields.main_title || t("media.cards-carousel")}
        slideSize={cardSlideSize(bp)}
        gap={GAP}
        className="carousel-cards__carousel"
        renderSlide={(item) => (
          <article className="carousel-card">
            <Image image={item.image} className="carousel-card__img" />
            <div className="carousel-card__body">
              {item.main_title ? <Text value={item.main_title} as="h3" className="title-3" /> : null}
              <RichText html={item.description} className="carousel-card__text" />
              {item.cta && (item.cta.text || item.cta.on_click_action) ? (
                <SmartLink link={item.cta} className="btn btn-secondary carousel-card__cta" />
              ) : null}
            </div>
          </article>
        )}
      />
    </div>
  );
}
