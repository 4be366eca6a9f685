/**
 * Hero slider (blocks.md §2, §3 Heroes, §4 Hero, §9 Carousels): full-width slides of
 * background media, title, text and buttons on the shared Carousel; autoplay 8000 ms,
 * transition 500 ms, progress bars, and a preview of the next slide's title.
 */
// Their messages load with them (renderer/messages).
import "../../messages/heroes";
import { useTranslation } from "react-i18next";
import type { heroSliderBlock } from "../../../schema/blocks/heroes";
import { Carousel } from "../../ui/carousel/Carousel";
import { Icon } from "../../ui/Icon";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { HERO_SLIDER_AUTOPLAY_MS, HERO_SLIDER_TRANSITION_MS } from "./logic";
import { CtaRow, HeroMedia, hasMedia, heroHeading, withLcpPriority } from "./parts";

export default function HeroSlider({ block, fields, ctx }: BlockViewProps<typeof heroSliderBlock>) {
  const { t } = useTranslation();
  const slides = (fields.slides_repeater ?? []).filter(
    (slide) => slide.main_title?.trim() || slide.description?.trim() || hasMedia(slide.bg_media),
  );
  if (!slides.length) return null;
  const Heading = heroHeading(ctx);
  return (
    <div className="hero hero-slider">
      <Carousel
        items={slides}
        label={t("heroes.slider.label")}
        autoplayMs={HERO_SLIDER_AUTOPLAY_MS}
        transitionMs={HERO_SLIDER_TRANSITION_MS}
        progress
        gap={0}
        controlsPosition="overlay"
        className="hero-slider__carousel"
        renderSlide={(slide, index) => {
          const media = index === 0 ? withLcpPriority(slide.bg_media, ctx) : slide.bg_media;
          return (
            <div className="hero-bg hero-slider__slide" data-has-media={hasMedia(media) ? "" : undefined}>
              {hasMedia(media) ? (
                <div className="hero-bg__media">
                  <HeroMedia media={media} className="hero-bg__img" title={slide.main_title} />
                </div>
              ) : null}
              <div className="container hero-bg__content">
                <div className="hero-bg__panel">
                  <Text
                    value={slide.main_title}
                    as={index === 0 ? Heading : "h2"}
                    className="title-1"
                    id={`${block.id}-slide-${index}`}
                  />
                  <RichText html={slide.description} className="text-body" />
                  <CtaRow items={slide.cta_repeater} />
                </div>
              </div>
            </div>
          );
        }}
        renderControls={({ selected, count, next }) => {
          if (count < 2) return null;
          const upcoming = slides[(selected + 1) % count];
          const title = upcoming?.main_title?.trim();
          return (
            <div className="hero-slider__next">
              <button type="button" className="hero-slider__next-btn" onClick={next}>
                <span className="hero-slider__next-label">{t("heroes.slider.next-label")}</span>
                <span className="hero-slider__next-title">
                  {title || t("heroes.slider.next-untitled", { index: ((selected + 1) % count) + 1 })}
                </span>
                <Icon name="chevron-right" size={20} />
              </button>
            </div>
          );
        }}
      />
    </div>
  );
}
