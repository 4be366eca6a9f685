/** The listing's price line, on the page from its first paint (the rest of its parts load later: later.tsx). */
import "../../messages/listing";
import "../../messages/properties";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../../schema/api";
import type { Locale } from "../../../schema/common";
import { formatPrice } from "../search/price";

export function isSold(listing: Pick<PropertyDetail, "badge">): boolean {
  return listing.badge === "sold";
}

/** The price as the page shows it: none when sold, "/mois" for a rental. */
export function PriceLine({ listing, locale }: { listing: PropertyDetail; locale: Locale }) {
  const { t } = useTranslation();
  const sold = isSold(listing);
  const transaction = sold ? "sold" : listing.forSaleForRent;
  const price = formatPrice(locale, listing.price);
  return (
    <div className="listing-price">
      <p className="listing-price__transaction" data-transaction={transaction}>
        {t(`listing.transaction.${transaction}`)}
      </p>
      {sold ? null : (
        <p className="listing-price__amount">
          {listing.forSaleForRent === "rent" ? t("properties.per-month", { price }) : price}
        </p>
      )}
    </div>
  );
}
