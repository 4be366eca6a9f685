/**
 * The listing page's parts hydrated after its first paint (renderer/lib/island.tsx): the
 * server renders them with the page, their code comes in this one chunk when the visitor
 * reaches for one of them or the browser is idle.
 */
import "../../messages/listing";
import "../../messages/listing-later";
import "../../messages/properties";
import { useTranslation } from "react-i18next";
import type { PropertyDetail, PropertyListing } from "../../../schema/api";
import type { Locale } from "../../../schema/common";
import { useSite } from "../../lib/site";
import { Icon } from "../../ui/Icon";
import { withVariant } from "../../ui/SmartLink";
import { PropertyCard } from "../search/PropertyCard";
import { FavouriteButton, FavouritesLink, ShareAndPrint } from "./parts";

export { LocationMap, VisitRequest } from "./deferred";
export { Gallery } from "./Gallery";
export { BrokerCard, DescriptionAndFeatures, KeyFacts, PaymentEstimate } from "./parts";

/** Save, share, print, and the favourites page once there is one. */
export function ListingActions({
  listing,
  url,
  title,
  favouritesPath,
}: {
  listing: PropertyDetail;
  url: string;
  title: string;
  favouritesPath: string;
}) {
  return (
    <div className="listing-actions">
      <FavouriteButton listing={listing} />
      <ShareAndPrint url={url} title={title} />
      <FavouritesLink href={favouritesPath} />
    </div>
  );
}

export function SimilarListings({ listings, locale }: { listings: PropertyListing[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="listing-similar" aria-labelledby="listing-similar-title">
      <h2 id="listing-similar-title" className="title-3">
        {t("listing.similar.title")}
      </h2>
      <ul className="listing-similar__grid">
        {listings.map((l) => (
          <li key={l.uls}>
            <PropertyCard listing={l} locale={locale} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Below 992 px a fixed bar keeps Call, Text and Visit one tap away (no Visit for a sold property). */
export function CallBar({ broker, visit }: { broker: NonNullable<PropertyDetail["broker"]>; visit: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="listing-callbar" aria-label={t("listing.broker.bar")}>
      <a className="btn btn-primary" href={`tel:${broker.phone}`}>
        <Icon name="phone" size={18} /> {t("listing.broker.call-short")}
      </a>
      <a
        className="btn btn-secondary"
        href={`sms:${broker.phone}`}
        aria-label={t("listing.broker.sms-label", { name: broker.name })}
      >
        <Icon name="sms" size={18} /> {t("listing.broker.sms")}
      </a>
      {visit ? (
        <a className="btn btn-secondary" href="#visit">
          <Icon name="calendar" size={18} /> {t("listing.broker.visit-short")}
        </a>
      ) : null}
    </nav>
  );
}

/** The 410 page's body: the listing is no longer on the market; the search and listings like it. */
export function RemovedBody({
  searchPath,
  similar,
  locale,
}: {
  searchPath: string;
  similar: PropertyListing[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <div className="container listing-page listing-removed" data-scheme="normal">
      <h1 className="title-2">{t("listing.removed.title")}</h1>
      <p className="text-body">{t("listing.removed.text-generic")}</p>
      <p>
        <a className="btn btn-primary" href={withVariant(searchPath, useSite().variantId)}>
          {t("listing.removed.search")}
        </a>
      </p>
      {similar.length ? <SimilarListings listings={similar} locale={locale} /> : null}
    </div>
  );
}
