/**
 * The parts of a listing's page below the gallery: price and transaction, key facts in the
 * visitor's units, description and features, the broker's card, the payment estimate, the
 * favourite, share and print actions. Server-rendered; what depends on the device (units,
 * favourites) reads it after hydration.
 */
import "../../messages/listing";
import "../../messages/listing-later";
import "../../messages/properties";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../../schema/api";
import type { Locale } from "../../../schema/common";
import { SQFT_TO_M2 } from "../../../schema/listing";
import { useSite } from "../../lib/site";
import { Icon } from "../../ui/Icon";
import { withVariant } from "../../ui/SmartLink";
import { DEFAULT_DOWN_PAYMENT_RULES, minimumDownPayment, payment } from "../calculator/mortgage";
import type { Listing } from "../search/api";
import { formatNumber, formatPrice } from "../search/price";
import { toggleFavourite, useFavourites, useUnits } from "./device";
import { ListingIcon } from "./icons";

/** The calculator's own defaults (mortgage_calculator_block): 5.5 %, 25 years, monthly. */
export const ESTIMATE_RATE = 5.5;
export const ESTIMATE_YEARS = 25;

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
/** "1 novembre 2026" / "November 1, 2026", in Québec's time zone so server and browser agree. */
export function formatListedDate(locale: Locale, iso: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: "long", timeZone: "America/Toronto" });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** Square feet in the visitor's units, grouped in the locale's way. */
export function formatArea(locale: Locale, sqft: number, units: "imperial" | "metric"): string {
  return units === "metric" ? formatNumber(locale, Math.round(sqft * SQFT_TO_M2)) : formatNumber(locale, sqft);
}

export function KeyFacts({ listing, locale }: { listing: PropertyDetail; locale: Locale }) {
  const { t } = useTranslation();
  const [units, setUnits] = useUnits();
  const d = listing.details;
  const area = (sqft: number) =>
    t(units === "metric" ? "listing.facts.area-m2" : "listing.facts.area-sqft", {
      area: formatArea(locale, sqft, units),
    });
  const facts: [string, string][] = [[t("listing.facts.type"), t(`properties.types.${listing.type}`)]];
  if (listing.specs.bed > 0) facts.push([t("listing.facts.bedrooms"), formatNumber(locale, listing.specs.bed)]);
  if (listing.specs.bath > 0) facts.push([t("listing.facts.bathrooms"), formatNumber(locale, listing.specs.bath)]);
  if (listing.type === "terrain") facts.push([t("listing.facts.lot-area"), area(listing.specs.area)]);
  else facts.push([t("listing.facts.living-area"), area(listing.specs.area)]);
  if (d?.lot_area && listing.type !== "terrain") facts.push([t("listing.facts.lot-area"), area(d.lot_area)]);
  if (d?.year_built) facts.push([t("listing.facts.year-built"), String(d.year_built)]);
  if (d && listing.type !== "terrain") {
    facts.push([
      t("listing.facts.parking"),
      d.parking ? formatNumber(locale, d.parking) : t("listing.facts.parking-none"),
    ]);
  }
  return (
    <section className="listing-section listing-facts" aria-labelledby="listing-facts-title">
      <div className="listing-facts__head">
        <h2 id="listing-facts-title" className="title-4">
          {t("listing.facts.title")}
        </h2>
        <fieldset className="listing-units">
          <legend className="visually-hidden">{t("listing.facts.units")}</legend>
          {(["imperial", "metric"] as const).map((u) => (
            <button
              key={u}
              type="button"
              className="listing-units__option"
              aria-pressed={units === u}
              onClick={() => setUnits(u)}
            >
              {t(`listing.facts.${u}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <dl className="listing-facts__list">
        {facts.map(([term, value]) => (
          <div key={term} className="listing-facts__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function DescriptionAndFeatures({ listing, locale }: { listing: PropertyDetail; locale: Locale }) {
  const { t } = useTranslation();
  const features = listing.details?.features ?? [];
  return (
    <>
      {listing.description ? (
        <section className="listing-section" aria-labelledby="listing-description-title">
          <h2 id="listing-description-title" className="title-4">
            {t("listing.description")}
          </h2>
          {/* A feed's remarks in one language show on both pages, said so (never machine-translated). */}
          {listing.description_lang && listing.description_lang[locale] !== locale ? (
            <p className="listing-description-note">
              {t(`listing.provider.remarks-only-${listing.description_lang[locale]}`)}
            </p>
          ) : null}
          <p className="text-body listing-description" lang={listing.description_lang?.[locale] ?? locale}>
            {listing.description[locale]}
          </p>
        </section>
      ) : null}
      {features.length ? (
        <section className="listing-section" aria-labelledby="listing-features-title">
          <h2 id="listing-features-title" className="title-4">
            {t("listing.features.title")}
          </h2>
          <ul className="listing-features">
            {features.map((f) => (
              <li key={f}>
                <Icon name="check" size={18} /> {t(`listing.features.${f}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="listing-meta">
        <span>{t("listing.listed", { date: formatListedDate(locale, listing.listed_at) })}</span>
        <span>{t("listing.number", { uls: listing.uls })}</span>
      </p>
    </>
  );
}

export function BrokerCard({ broker, locale }: { broker: NonNullable<PropertyDetail["broker"]>; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="broker-card" aria-labelledby="broker-card-title">
      <h2 id="broker-card-title" className="broker-card__title">
        {t("listing.broker.title")}
      </h2>
      <div className="broker-card__who">
        {broker.photo ? (
          <img
            className="broker-card__photo"
            src={broker.photo.url}
            alt={broker.photo.alt[locale]}
            width={96}
            height={96}
            loading="lazy"
          />
        ) : null}
        <div>
          <p className="broker-card__name">{broker.name}</p>
          <p className="broker-card__designation">{broker.designation[locale]}</p>
          <p className="broker-card__agency">{broker.agency[locale]}</p>
        </div>
      </div>
      <div className="broker-card__actions">
        <a className="btn btn-primary broker-card__call" href={`tel:${broker.phone}`}>
          <Icon name="phone" size={18} /> {t("listing.broker.call", { phone: broker.phone_display })}
        </a>
        <a
          className="btn btn-secondary broker-card__sms"
          href={`sms:${broker.phone}`}
          aria-label={t("listing.broker.sms-label", { name: broker.name })}
        >
          <Icon name="sms" size={18} /> {t("listing.broker.sms")}
        </a>
      </div>
    </section>
  );
}

/** The query the calculator page reads (renderer/features/calculator/query.ts). */
export function calculatorQuery(price: number, down: number, type: "residential" | "commercial"): string {
  return new URLSearchParams({ price: String(price), down_payment: String(down), property_type: type }).toString();
}

export function PaymentEstimate({
  listing,
  locale,
  calculatorPath,
}: {
  listing: PropertyDetail;
  locale: Locale;
  calculatorPath?: string;
}) {
  const { t } = useTranslation();
  const { variantId } = useSite();
  const kind = listing.type === "comm" ? "commercial" : "residential";
  const down = minimumDownPayment(listing.price, kind, DEFAULT_DOWN_PAYMENT_RULES);
  const monthly = payment(listing.price - down, ESTIMATE_RATE / 100, ESTIMATE_YEARS, "monthly");
  const money = (n: number) => formatPrice(locale, Math.round(n));
  return (
    <section className="listing-section listing-payment" aria-labelledby="listing-payment-title">
      <h2 id="listing-payment-title" className="title-4">
        {t("listing.payment.title")}
      </h2>
      <p className="listing-payment__amount">{t("listing.payment.amount", { amount: money(monthly) })}</p>
      <p className="listing-payment__basis">
        {t("listing.payment.basis", {
          price: money(listing.price),
          down: money(down),
          rate: new Intl.NumberFormat(`${locale}-CA`).format(ESTIMATE_RATE),
          years: ESTIMATE_YEARS,
        })}
      </p>
      {calculatorPath ? (
        <p>
          <a
            className="btn btn-secondary"
            href={withVariant(`${calculatorPath}?${calculatorQuery(listing.price, down, kind)}`, variantId)}
          >
            {t("listing.payment.open")}
          </a>
        </p>
      ) : null}
      <p className="listing-payment__note">{t("listing.payment.note")}</p>
    </section>
  );
}

export function FavouriteButton({ listing, className }: { listing: Listing; className?: string }) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const saved = favourites.some((f) => f.listing.uls === listing.uls);
  // Said once the device has it; no toast: its parser and overlay would load with every listing.
  const [said, setSaid] = useState("");
  return (
    <>
      <button
        type="button"
        className={`listing-action${className ? ` ${className}` : ""}`}
        aria-pressed={saved}
        onClick={() => {
          void toggleFavourite(listing).then((now) =>
            setSaid(t(now ? "listing.actions.saved-toast" : "listing.actions.removed-toast")),
          );
        }}
      >
        <ListingIcon name="heart" size={20} />
        <span>{t("listing.actions.save")}</span>
      </button>
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>
    </>
  );
}

export function ShareAndPrint({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const encoded = encodeURIComponent(url);
  return (
    <>
      {/* A <details>: it opens before the page's script runs; Escape closes it once it has. */}
      <details
        className="listing-share"
        onKeyDown={(event) => {
          const details = event.currentTarget;
          if (event.key !== "Escape" || !details.open) return;
          event.stopPropagation();
          details.open = false;
          details.querySelector("summary")?.focus();
        }}
      >
        <summary className="listing-action">
          <ListingIcon name="share" size={20} />
          <span>{t("listing.actions.share")}</span>
        </summary>
        <ul className="listing-share__menu" aria-label={t("listing.actions.share-title")}>
          <li>
            <button
              type="button"
              onClick={() => {
                navigator.clipboard
                  ?.writeText(url)
                  .then(() => setCopied(true))
                  .catch(() => undefined);
              }}
            >
              <ListingIcon name="link" size={18} /> {copied ? t("listing.actions.copied") : t("listing.actions.copy")}
            </button>
          </li>
          <li>
            <a href={`mailto:?subject=${encodeURIComponent(title)}&body=${encoded}`}>
              <Icon name="email" size={18} /> {t("listing.actions.email")}
            </a>
          </li>
          <li>
            <a
              href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name="facebook" size={18} /> {t("listing.actions.facebook")}
            </a>
          </li>
        </ul>
        <p className="visually-hidden" aria-live="polite">
          {copied ? t("listing.actions.copied") : ""}
        </p>
      </details>
      <button type="button" className="listing-action" onClick={() => window.print()}>
        <Icon name="print" size={20} />
        <span>{t("listing.actions.print")}</span>
      </button>
    </>
  );
}

/** "Mes favoris (3)": shown once the device has favourites. */
export function FavouritesLink({ href }: { href: string }) {
  const { t } = useTranslation();
  const count = useFavourites().length;
  const { variantId } = useSite();
  if (!count) return null;
  return (
    <a className="listing-action" href={withVariant(href, variantId)}>
      <ListingIcon name="heart" size={20} />
      <span>{t("listing.favourites.link", { count })}</span>
    </a>
  );
}
