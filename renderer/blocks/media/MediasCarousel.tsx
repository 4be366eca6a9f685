/**
 * Medias carousel (blocks.md §2, §3 Medias carousel item, §9): one slide per item —
 * its media with a title, text and button — on the shared Carousel, autoplay 6000 ms.
 */
import { useTranslation } from "react-i18next";
import type { mediasCarouselBlock } from "../../../schema/blocks/media";
import { Carousel } from "../../ui/carousel/Carousel";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { MediaView } from "./MediaView";
import "../../messages/media";

/** Medias carousel autoplay delay (blocks.md §9). */
export const MEDIAS_CAROUSEL_AUTOPLAY_MS = 6000;

export default function MediasCarousel({ fields }: BlockViewProps<typeof mediasCarouselBlock>) {
  const { t } = useTranslation();
  const items = fields.items ?? [];
  if (!items.length) return null;
  return (
    <div className="container section medias-carousel">
      <Carousel
        items={items}
        label={t("media.medias-carousel")}
        autoplayMs={MEDIAS_CAROUSEL_AUTOPLAY_MS}
        className="medias-carousel__carousel"
        renderSlide={(item, index) => (
          <div className="medias-carousel__slide">
            <div className="medias-carousel__media">
              <MediaView media={item.media} title={item.main_title} className="medias-carousel__img" />
            </div>
            {item.main_title || item.description || item.cta?.text ? (
              <div className="medias-carousel__text">
                {item.main_title ? (
                  <Text value={item.main_title} as={index === 0 ? "h2" : "h3"} className="title-3" />
                ) : null}
                <RichText html={item.description} className="text-body" />
                {item.cta && (item.cta.text || item.cta.on_click_action) ? (
                  <div className="btn-row">
                    <SmartLink link={item.cta} className="btn btn-primary" />
                  </div>
                ) : null}
              </div>
            ) : null}
          </div>
        )}
      />
    </div>
  );
}
