/** A property card (blocks.md §3 property list items): first image, badge, price in CAD, specs, address, link. */
// Their messages load with them (renderer/messages).
import "../../messages/properties";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../schema/common";
import { useSite } from "../../lib/site";
import { useHeadingTag } from "../../ui/heading-shift";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { withVariant } from "../../ui/SmartLink";
import type { Listing } from "./api";
import { formatNumber, formatPrice } from "./price";

export function PropertyCard({
  listing,
  locale,
  headingLevel = 3,
  priority = false,
}: {
  listing: Listing;
  locale: Locale;
  headingLevel?: 2 | 3 | 4;
  /** The first cards of a list, on its first screen: their photo loads first and shows at once (the page's largest paint). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const price = formatPrice(locale, listing.price);
  const Heading = useHeadingTag(headingLevel);
  const area = formatNumber(locale, listing.specs.area);
  return (
    <article className="property-card" data-uls={listing.uls}>
      <a className="property-card__link" href={withVariant(listing.url[locale], useSite().variantId)}>
        <div className="property-card__media">
          {listing.property_image || listing.carousel_images[0] ? (
            <Image
              image={{
                url: listing.property_image || listing.carousel_images[0],
                alt: "",
                ...(priority ? { fetchPriority: "high" as const } : {}),
              }}
            />
          ) : (
            <span className="property-card__no-photo">{t("properties.no-photo")}</span>
          )}
          {listing.badge ? (
            <span className="property-card__badge" data-badge={listing.badge}>
              {t(`properties.badges.${listing.badge}`)}
            </span>
          ) : null}
        </div>
        <div className="property-card__body">
          <p className="property-card__price">
            {listing.forSaleForRent === "rent" ? t("properties.per-month", { price }) : price}
          </p>
          <Heading className="property-card__address">{listing.address[locale]}</Heading>
          <p className="property-card__type">{t(`properties.types.${listing.type}`)}</p>
          <ul className="property-card__specs">
            {listing.specs.bed > 0 ? (
              <li>
                <Icon name="bed" size={16} /> {t("properties.specs.bed", { count: listing.specs.bed })}
              </li>
            ) : null}
            {listing.specs.bath > 0 ? (
              <li>
                <Icon name="bath" size={16} /> {t("properties.specs.bath", { count: listing.specs.bath })}
              </li>
            ) : null}
            <li>{t("properties.specs.area", { area })}</li>
          </ul>
          {/* An imported listing names its brokerage wherever it shows (DDF and OACIQ rules). */}
          {listing.brokerage ? (
            <p className="property-card__brokerage">{t("properties.brokerage", { office: listing.brokerage })}</p>
          ) : null}
        </div>
      </a>
    </article>
  );
}
