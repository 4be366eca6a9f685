/**
 * A listing's own page (/fr/propriete/:slug, /en/property/:slug): photos, price, specs,
 * address, badge, a location placeholder, a contact call to action, JSON-LD
 * RealEstateListing/Offer, and the site's header and footer (from its home page).
 */
// Their messages load with them (renderer/messages).
import "../messages/properties";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { type PropertyDetail, propertyDetailAnswerSchema } from "../../schema/api";
import type { Block } from "../../schema/block";
import { isLocale } from "../../schema/locales";
import { parseBlocks } from "../../schema/parse";
import { BlockList } from "../blocks/BlockList";
import { PropertyCard } from "../features/search/PropertyCard";
import { formatPrice } from "../features/search/price";
import "../features/search/search.css";
import { servicesContext } from "../lib/context";
import { useNonce } from "../lib/csp";
import { dispatchSiteEvent } from "../lib/events";
import { absoluteUrl } from "../lib/seo";
import { SiteProvider, useSite } from "../lib/site";
import { Carousel } from "../ui/carousel/Carousel";
import { Image } from "../ui/Image";
import type { Route } from "./+types/listing";

interface ListingView {
  locale: "fr" | "en";
  listing: PropertyDetail;
  header: Block[];
  footer: Block[];
  siteType: "broker" | "agency";
  micrositeId: string;
  siteKey: string;
  origin: string;
}

const notFound = (locale: "fr" | "en") =>
  data({ locale, status: 404, message: "errors.404-message", header: [], footer: [] }, { status: 404 });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const lang = params.lang;
  if (!isLocale(lang)) throw notFound("fr");
  const services = context.get(servicesContext);
  const uls = /-(\d+)$/.exec(params.slug ?? "")?.[1];
  if (!uls) throw notFound(lang);
  const site = await services.content.firstLoad(url.host);
  const [response, home] = await Promise.all([
    services.content.fetch(`/api/swc/${site.microsite_id}/property/${uls}`, {
      headers: { "x-site-key": site.site_key },
      locale: lang,
    }),
    services.content.getPage(site, `/${lang}`, lang),
  ]);
  if (!response.ok) throw notFound(lang);
  const listing = propertyDetailAnswerSchema.parse(await response.json());
  const blocks = (raw: readonly unknown[] | undefined) => parseBlocks(raw, () => undefined).blocks;
  const page = home.kind === "page" ? home.page : undefined;
  return {
    locale: lang,
    listing,
    header: blocks(page?.header),
    footer: blocks(page?.footer),
    siteType: page?.site_type ?? "broker",
    micrositeId: site.microsite_id,
    siteKey: site.site_key,
    origin: services.config.publicOrigin || url.origin,
  } satisfies ListingView;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const view = loaderData as ListingView | undefined;
  if (!view) return [];
  const { listing, locale, origin } = view;
  const other = locale === "fr" ? "en" : "fr";
  const title = `${listing.address[locale]} | ${formatPrice(locale, listing.price)}`;
  return [
    { title },
    { name: "description", content: title },
    { name: "robots", content: "index, follow" },
    { tagName: "link", rel: "canonical", href: absoluteUrl(origin, listing.url[locale]) },
    { tagName: "link", rel: "alternate", hrefLang: `${locale}-CA`, href: absoluteUrl(origin, listing.url[locale]) },
    { tagName: "link", rel: "alternate", hrefLang: `${other}-CA`, href: absoluteUrl(origin, listing.url[other]) },
    { property: "og:title", content: title },
    { property: "og:image", content: absoluteUrl(origin, listing.property_image) },
  ];
}

function jsonLd(view: ListingView): string {
  const { listing, locale, origin } = view;
  return JSON.stringify({
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: listing.address[locale],
    url: absoluteUrl(origin, listing.url[locale]),
    image: listing.carousel_images.map((src) => absoluteUrl(origin, src)),
    datePosted: listing.listed_at,
    offers: {
      "@type": "Offer",
      price: listing.price,
      priceCurrency: "CAD",
      availability: listing.badge === "sold" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      businessFunction:
        listing.forSaleForRent === "rent"
          ? "https://purl.org/goodrelations/v1#LeaseOut"
          : "https://purl.org/goodrelations/v1#Sell",
    },
  }).replace(/</g, "\\u003c");
}

function ListingBody({ view }: { view: ListingView }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const { listing, locale } = view;
  const price = formatPrice(locale, listing.price);
  return (
    <article className="container section listing-page">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning>
        {jsonLd(view)}
      </script>
      <p>
        <a href={locale === "fr" ? "/fr/proprietes" : "/en/properties"}>{t("properties.listing.back")}</a>
      </p>
      <h1 className="title-2">{listing.address[locale]}</h1>
      {listing.badge ? (
        <p className="property-card__badge" style={{ position: "static", display: "inline-block" }}>
          {t(`properties.badges.${listing.badge}`)}
        </p>
      ) : null}
      <p className="property-card__price">
        {listing.forSaleForRent === "rent" ? t("properties.per-month", { price }) : price}
      </p>
      <Carousel
        items={listing.carousel_images}
        label={t("properties.listing.photos")}
        renderSlide={(src, i) => <Image image={{ url: src, alt: `${listing.address[locale]} (${i + 1})` }} />}
      />
      <h2>{t("properties.listing.specs")}</h2>
      <PropertyCard listing={listing} locale={locale} headingLevel={2} />
      <h2>{t("properties.listing.map")}</h2>
      <div
        className="search-map"
        role="img"
        aria-label={t("properties.listing.map-placeholder", { address: listing.address[locale] })}
        style={{ height: 240 }}
        data-lat={listing.coords.lat}
        data-lng={listing.coords.lng}
      />
      <p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => dispatchSiteEvent("open-contact-modal", { uls: listing.uls })}
        >
          {t("properties.listing.contact")}
        </button>
      </p>
    </article>
  );
}

export default function ListingRoute({ loaderData }: Route.ComponentProps) {
  const view = loaderData as ListingView;
  const outer = useSite();
  const other = view.locale === "fr" ? "en" : "fr";
  return (
    <SiteProvider
      value={{
        ...outer,
        locale: view.locale,
        siteType: view.siteType,
        micrositeId: view.micrositeId,
        siteKey: view.siteKey,
        alternatePaths: { [view.locale]: view.listing.url[view.locale], [other]: view.listing.url[other] },
      }}
    >
      <BlockList blocks={view.header} locale={view.locale} siteType={view.siteType} region="header" />
      <main id="main-content" tabIndex={-1}>
        <ListingBody view={view} />
      </main>
      <BlockList blocks={view.footer} locale={view.locale} siteType={view.siteType} region="footer" />
    </SiteProvider>
  );
}
