/** Testimonials carousel (blocks.md §3 testimony_carousel_item): one quote per slide. */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { testimonialsSliderBlock } from "../../../schema/blocks/testimonials";
import { avatarFallback } from "../../lib/avatars";
import { Carousel } from "../../ui/carousel/Carousel";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { toPlainText } from "./logic";
import { Author } from "./shared";
import "../../messages/people";

export default function TestimonialsSlider({ fields }: BlockViewProps<typeof testimonialsSliderBlock>) {
  const { t } = useTranslation();
  const items = (fields.testimonials_repeater ?? [])
    .map((item) => ({ ...item, text: toPlainText(item.description) }))
    .filter((item) => item.text);
  const fallback = avatarFallback("broker");
  const headingId = `${useId()}-slider-title`;
  if (!items.length) return null;
  return (
    <section
      className="container section testimonials-slider"
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <Carousel
        items={items}
        label={fields.main_title || t("testimonials.carousel-label")}
        renderSlide={(item) => (
          <figure className="testimony testimony--slide">
            <blockquote className="testimony-slide__quote text-pre-line">{item.text}</blockquote>
            <figcaption>
              <Author
                avatar={item.author_avatar}
                fallback={fallback}
                name={item.author_name}
                subtitle={item.author_subtitle}
              />
            </figcaption>
          </figure>
        )}
      />
    </section>
  );
}
