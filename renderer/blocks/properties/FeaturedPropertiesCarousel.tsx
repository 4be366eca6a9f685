/** featured_properties_carousel_block: autoplay 5000 ms, progress 4000 ms, a see-all card with exactly 3 items, an optional CTA card. */
// Their messages load with them (renderer/messages).
import "../../messages/properties";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { featuredPropertiesCarouselBlock } from "../../../schema/blocks/properties";
import type { Listing } from "../../features/search/api";
import { PropertyCard } from "../../features/search/PropertyCard";
import { Carousel } from "../../ui/carousel/Carousel";
import { Image } from "../../ui/Image";
import { SmartLink } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";
import { filtersOfParams, useListings } from "./use-listings";
import "../../features/search/search.css";
import { Heading } from "../../ui/Heading";

export const FEATURED_AUTOPLAY_MS = 5000;
export const FEATURED_PROGRESS_MS = 4000;

type Slide = { kind: "listing"; listing: Listing } | { kind: "see-all" } | { kind: "cta" };

export default function FeaturedPropertiesCarousel({
  fields,
  params,
  ctx,
}: BlockViewProps<typeof featuredPropertiesCarouselBlock>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const data = useListings(ref, filtersOfParams(params), params.limit);
  const items = data?.items ?? [];
  const slides: Slide[] = items.map((listing) => ({ kind: "listing", listing }));
  if (items.length === 3) slides.push({ kind: "see-all" });
  const cta = fields.property_cta_item;
  const showCta = (data?.total ?? 0) > 1 && params.properties_cta_enabled !== false && cta;
  const seeAll = fields.see_all ?? {
    url: ctx.locale === "fr" ? "/fr/proprietes" : "/en/properties",
    target: "_self" as const,
  };
  return (
    <section ref={ref} className="container section featured-properties" data-progress-ms={FEATURED_PROGRESS_MS}>
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      {slides.length ? (
        <Carousel
          items={slides}
          label={fields.main_title || t("properties.carousel-label")}
          autoplayMs={FEATURED_AUTOPLAY_MS}
          progress
          slideSize="min(384px, 85%)"
          renderSlide={(slide) =>
            slide.kind === "listing" ? (
              <PropertyCard listing={slide.listing} locale={ctx.locale} />
            ) : (
              <div className="property-card property-card--see-all">
                <SmartLink
                  link={{ ...seeAll, text: seeAll.text || t("properties.see-all") }}
                  className="btn btn-primary"
                />
              </div>
            )
          }
        />
      ) : null}
      {showCta ? (
        <div className="property-cta" data-centered={cta.centered_image ? "" : undefined}>
          <Image image={cta.image} />
          {cta.main_title ? <Heading level={3}>{cta.main_title}</Heading> : null}
          {cta.description ? <p>{cta.description}</p> : null}
          {cta.cta ? <SmartLink link={cta.cta} className="btn btn-secondary" /> : null}
        </div>
      ) : null}
    </section>
  );
}
