/** properties_slider_block: a carousel of property cards. */
// Their messages load with them (renderer/messages).
import "../../messages/properties";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { propertiesSliderBlock } from "../../../schema/blocks/properties";
import { PropertyCard } from "../../features/search/PropertyCard";
import { Carousel } from "../../ui/carousel/Carousel";
import { SmartLink } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";
import { filtersOfParams, useListings } from "./use-listings";
import "../../features/search/search.css";
import { Heading } from "../../ui/Heading";

export default function PropertiesSlider({ fields, params, ctx }: BlockViewProps<typeof propertiesSliderBlock>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const data = useListings(ref, filtersOfParams(params), params.limit);
  return (
    <section ref={ref} className="container section properties-slider">
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      {data?.items.length ? (
        <Carousel
          items={data.items}
          label={fields.main_title || t("properties.carousel-label")}
          slideSize="min(384px, 85%)"
          renderSlide={(item) => <PropertyCard listing={item} locale={ctx.locale} />}
        />
      ) : null}
      {fields.cta?.text ? <SmartLink link={fields.cta} className="btn btn-primary" /> : null}
    </section>
  );
}
