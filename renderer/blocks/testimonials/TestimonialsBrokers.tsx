/**
 * Broker testimonials beside an image (blocks.md §3 Testimonials: brokers block, §4, §9:
 * text truncated at 7 lines with a "read more" modal). `orientation_x` is the side of the
 * image (default right); `highlight_color` tints the quote marks and rules. A missing image
 * gets the default one.
 */
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import type { testimonialsBrokersBlock } from "../../../schema/blocks/testimonials";
import { useAvatarFallback } from "../../lib/avatars";
import { Carousel } from "../../ui/carousel/Carousel";
import { Image } from "../../ui/Image";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { BROKER_TRUNCATE_LINES } from "./logic";
import { Author, TruncatedText, useTestimonyModal } from "./shared";
import "../../messages/people";

export const DEFAULT_TESTIMONIALS_IMAGE = {
  url: "/images/testimonials-default.svg",
  alt: "",
  width: 640,
  height: 480,
};

export default function TestimonialsBrokers({ fields, params }: BlockViewProps<typeof testimonialsBrokersBlock>) {
  const { t } = useTranslation();
  const { open, modal } = useTestimonyModal();
  const items = (fields.testimonials_repeater ?? []).filter((item) => item.description.trim());
  const fallback = useAvatarFallback("broker");
  const headingId = `${useId()}-testimonials-title`;
  if (!items.length && !fields.main_title) return null;
  return (
    <section
      className="container section testimonials-brokers"
      data-orientation={params.orientation_x}
      aria-labelledby={fields.main_title ? headingId : undefined}
      style={params.highlight_color ? ({ "--highlight": params.highlight_color } as CSSProperties) : undefined}
    >
      <div className="testimonials-brokers__media">
        <Image image={fields.image} fallback={DEFAULT_TESTIMONIALS_IMAGE} />
      </div>
      <div className="testimonials-brokers__content">
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
        <Carousel
          items={items}
          label={fields.main_title || t("testimonials.carousel-label")}
          renderSlide={(item) => (
            <figure className="testimony testimony--broker">
              <span className="testimony__mark" aria-hidden="true">
                “
              </span>
              <blockquote>
                <TruncatedText
                  text={item.description}
                  lines={BROKER_TRUNCATE_LINES}
                  onMore={() =>
                    open({
                      text: item.description,
                      name: item.broker_name,
                      subtitle: item.broker_subtitle,
                      avatar: item.broker_avatar ?? fallback,
                    })
                  }
                />
              </blockquote>
              <figcaption>
                <Author
                  avatar={item.broker_avatar}
                  fallback={fallback}
                  name={item.broker_name}
                  subtitle={item.broker_subtitle}
                />
              </figcaption>
            </figure>
          )}
        />
      </div>
      {modal}
    </section>
  );
}
