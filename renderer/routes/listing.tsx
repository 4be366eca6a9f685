/**
 * A listing's own page (/fr/propriete/:slug, /en/property/:slug): the gallery, price and
 * transaction, key facts, description and features, location map, the broker's card and a
 * visit request, a payment estimate, similar listings; JSON-LD RealEstateListing with its
 * Offer and a BreadcrumbList; the site's header and footer (from its home page).
 * A sold listing shows its badge and no price; a listing taken off the market answers 410
 * with similar ones; one that never existed, 404.
 */
// Their messages load with them (renderer/messages).
import "../messages/listing";
import "../messages/properties";
import { useTranslation } from "react-i18next";
import { data, type MetaDescriptor } from "react-router";
import {
  type PropertyDetail,
  type PropertyListing,
  propertyDetailAnswerSchema,
  removedListingAnswerSchema,
  similarListingsAnswerSchema,
} from "../../schema/api";
import type { Block } from "../../schema/block";
import { isLocale } from "../../schema/locales";
import { parseBlocks } from "../../schema/parse";
import { BlockList } from "../blocks/BlockList";
import { isSold, PriceLine } from "../features/listing/price-line";
import { ListingProvenanceLine, OpenHouses } from "../features/listing/provenance";
import { formatPrice } from "../features/search/price";
import "../features/search/search.css";
import "../features/listing/listing.css";
import { useEffect, useMemo, useState } from "react";
import { SAME_ORIGIN_ASSETS, withAssetUrls } from "../../schema/assets";
import { pageTag, siteTag } from "../lib/cache-tags";
import { servicesContext } from "../lib/context";
import { useNonce } from "../lib/csp";
import { getI18n } from "../lib/i18n";
import { islandGroup } from "../lib/island";
import { allowPageCache } from "../lib/page-cache.server";
import { PreloadModules, preloadModules } from "../lib/preload";
import { absoluteUrl } from "../lib/seo";
import { SiteProvider, useSite } from "../lib/site";
import { type SiteFacts, siteFactsOf, variantQuery, withAnswerVariant } from "../lib/site-facts";
import { withVariant } from "../ui/SmartLink";
import type { Route } from "./+types/listing";

type Locale = "fr" | "en";

/** The search page and the calculator page of a site, when it has them. */
export const SEARCH_PATHS = { fr: "/fr/proprietes", en: "/en/properties" } as const;
export const CALCULATOR_PATHS = { fr: "/fr/calculatrice-hypothecaire", en: "/en/mortgage-calculator" } as const;

// The parts below the price hydrate later (renderer/lib/island.tsx); their code is one chunk.
const island = islandGroup(() => import("../features/listing/later"));
/** Arrows, swipe and the viewer: when the visitor reaches for the photos, or the browser is idle. */
const Gallery = island((m) => m.Gallery, { selector: ".listing-page .gallery", on: ["interaction", "idle"] });
/** Save (and the favourites link once there is one), share, print. */
const ListingActions = island((m) => m.ListingActions, {
  selector: ".listing-page .listing-actions",
  on: ["interaction", "idle"],
});
/** The units' choice kept on the device shows once hydrated, as before. */
const KeyFacts = island((m) => m.KeyFacts, { selector: ".listing-facts", on: ["interaction", "visible", "idle"] });
const DescriptionAndFeatures = island((m) => m.DescriptionAndFeatures, {
  selector: ".listing-page .listing-meta",
  on: ["visible"],
});
const PaymentEstimate = island((m) => m.PaymentEstimate, { selector: ".listing-payment", on: ["visible"] });
const BrokerCard = island((m) => m.BrokerCard, {
  selector: ".listing-page .broker-card",
  on: ["interaction", "visible"],
});
const SimilarListings = island((m) => m.SimilarListings, { selector: ".listing-similar", on: ["visible"] });
/** The map and the visit form: their parts hydrate near the screen, then load their own code (deferred.tsx). */
/** Below 992 px, Call, Text and Visit stay one tap away (links: they work before it hydrates). */
/** A listing taken off the market: what to do next and listings like it. */
const RemovedBody = island((m) => m.RemovedBody, { selector: ".listing-removed", on: ["interaction", "idle"] });
const CallBar = island((m) => m.CallBar, { selector: ".listing-callbar", on: ["interaction", "idle"] });
const LocationMap = island((m) => m.LocationMap, { selector: ".listing-location", on: ["visible"] });
const VisitRequest = island((m) => m.VisitRequest, {
  selector: ".listing-page #visit",
  on: ["visible", "interaction"],
});

interface Shell {
  locale: Locale;
  header: Block[];
  footer: Block[];
  siteType: "broker" | "agency";
  micrositeId: string;
  siteKey: string;
  origin: string;
  /** The shell reads the captcha key and the site's facts from here (no content page on this route). */
  siteFacts: SiteFacts;
  /** The header's and footer's view chunks and messages, announced as a content page's are. */
  modules: string[];
}

interface ListingView extends Shell {
  kind: "listing";
  listing: PropertyDetail;
  /** JSON-LD and the head, written on the server (their code stays out of the browser's bundle). */
  jsonLd: string;
  meta: MetaDescriptor[];
  similar: PropertyListing[];
  calculatorPath?: string;
  searchPath: string;
}

interface RemovedView extends Shell {
  kind: "removed";
  meta: MetaDescriptor[];
  address?: string;
  similar: PropertyListing[];
  searchPath: string;
}

const notFound = (locale: Locale) =>
  data({ locale, status: 404, message: "errors.404-message", header: [], footer: [] }, { status: 404 });

/**
 * Kept by the rendered-page cache (server/page-cache): the page is the same for every visitor
 * (favourites and units are read on the device after hydration), and every listing write bumps
 * the content revision the cache's keys carry. Only a listing on the market is kept (not a 410).
 */
export const handle = { pageCache: true };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const lang = params.lang;
  if (!isLocale(lang)) throw notFound("fr");
  const services = context.get(servicesContext);
  // The listing's number ends the slug: digits (Centris, the demo) or letters and digits (an MLS number).
  const uls = /-([A-Za-z0-9]+)$/.exec(params.slug ?? "")?.[1];
  if (!uls) throw notFound(lang);
  const site = await services.content.firstLoad(url.host);
  const call = (path: string) =>
    services.content.fetch(`/api/swc/${site.microsite_id}${path}`, {
      headers: { "x-site-key": site.site_key },
      locale: lang,
    });
  const [response, similarResponse, home, pages] = await Promise.all([
    call(`/property/${uls}`),
    call(`/property/${uls}/similar`),
    services.content.getPage(site, `/${lang}`, lang, variantQuery(url)),
    services.content.listPages(site).catch(() => []),
  ]);
  const bases = services.config.assets ?? SAME_ORIGIN_ASSETS;
  const blocks = (raw: readonly unknown[] | undefined) =>
    withAssetUrls(parseBlocks(raw, () => undefined).blocks, bases);
  const page = home.kind === "page" ? home.page : undefined;
  const has = (path: string) => pages.some((p) => p.paths[lang] === path && !p.hidden);
  const header = blocks(page?.header);
  const footer = blocks(page?.footer);
  const types = [...header, ...footer].map((b) => b.block_type);
  const shell: Shell = {
    locale: lang,
    header,
    footer,
    modules: services.viewModules?.(types, lang, "renderer/routes/listing.tsx") ?? [],
    siteType: page?.site_type ?? "broker",
    micrositeId: site.microsite_id,
    siteKey: site.site_key,
    origin: services.config.publicOrigin || url.origin,
    siteFacts: withAnswerVariant(siteFactsOf(site), page?.variant),
  };
  const searchPath = has(SEARCH_PATHS[lang]) ? SEARCH_PATHS[lang] : `/${lang}`;
  if (response.status === 410) {
    const removed = withAssetUrls(removedListingAnswerSchema.parse(await response.json()), bases);
    const meta = [{ title: tFor(lang)("listing.removed.title") }, { name: "robots", content: "noindex, follow" }];
    return data({ ...shell, kind: "removed", meta, similar: removed.similar, searchPath } satisfies RemovedView, {
      status: 410,
    });
  }
  if (!response.ok) throw notFound(lang);
  // Photos load from where the site's assets are served (the service's answers may be relative).
  const listing = withAssetUrls(propertyDetailAnswerSchema.parse(await response.json()), bases);
  const similar = similarResponse.ok
    ? withAssetUrls(similarListingsAnswerSchema.parse(await similarResponse.json()).data, bases)
    : [];
  const title = listingTitle(listing, lang, tFor(lang));
  // Its header and footer are the home page's; the listing's data moves the revision.
  allowPageCache(
    context,
    lang,
    page?.page_id ? [siteTag(site.site_id), pageTag(site.site_id, page.page_id)] : [siteTag(site.site_id)],
  );
  return {
    ...shell,
    kind: "listing",
    listing,
    similar,
    calculatorPath: has(CALCULATOR_PATHS[lang]) ? CALCULATOR_PATHS[lang] : undefined,
    searchPath,
    jsonLd: jsonLd({ listing, locale: lang, origin: shell.origin, searchPath }, tFor(lang)),
    meta: listingMeta(listing, lang, shell.origin, title),
  } satisfies ListingView;
}

/** Client navigations (a card, a similar listing): the header's and footer's chunks load first. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const loaded = await serverLoader();
  preloadModules((loaded as { modules: string[] }).modules);
  return loaded;
}

/** schema.org residence types of the listing types. */
const RESIDENCE_TYPE: Record<PropertyDetail["type"], string> = {
  maison: "SingleFamilyResidence",
  condo: "Apartment",
  prop: "ApartmentComplex",
  ferme: "House",
  chalet: "House",
  terrain: "Place",
  comm: "Place",
};

function listingTitle(
  listing: PropertyDetail,
  locale: Locale,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const price = formatPrice(locale, listing.price);
  const type = t(`properties.types.${listing.type}`);
  if (isSold(listing)) return `${type} ${t("listing.transaction.sold").toLowerCase()} | ${listing.address[locale]}`;
  const amount = listing.forSaleForRent === "rent" ? t("properties.per-month", { price }) : price;
  return `${type} ${t(`listing.transaction.${listing.forSaleForRent}`).toLowerCase()} | ${listing.address[locale]} | ${amount}`;
}

/** The head is written by the loader (its code stays out of the browser's bundle). */
export function meta({ loaderData }: Route.MetaArgs) {
  return (loaderData as ListingView | RemovedView | undefined)?.meta ?? [];
}

/** Title, description, canonical, hreflang and Open Graph of a listing. */
function listingMeta(listing: PropertyDetail, locale: Locale, origin: string, title: string): MetaDescriptor[] {
  const other = locale === "fr" ? "en" : "fr";
  const description = listing.description?.[locale] ?? title;
  return [
    { title },
    { name: "description", content: description.length > 160 ? `${description.slice(0, 157)}…` : description },
    { name: "robots", content: "index, follow" },
    { tagName: "link", rel: "canonical", href: absoluteUrl(origin, listing.url[locale]) },
    { tagName: "link", rel: "alternate", hrefLang: `${locale}-CA`, href: absoluteUrl(origin, listing.url[locale]) },
    { tagName: "link", rel: "alternate", hrefLang: `${other}-CA`, href: absoluteUrl(origin, listing.url[other]) },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(origin, listing.url.fr) },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(origin, listing.url[locale]) },
    { property: "og:locale", content: `${locale}_CA` },
    { property: "og:image", content: absoluteUrl(origin, listing.property_image) },
    { property: "og:image:alt", content: listing.address[locale] },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

const tFor = (locale: Locale) => getI18n(locale).t as (key: string, options?: Record<string, unknown>) => string;

function jsonLd(
  view: Pick<ListingView, "listing" | "locale" | "origin" | "searchPath">,
  t: (key: string) => string,
): string {
  const { listing, locale, origin } = view;
  const url = absoluteUrl(origin, listing.url[locale]);
  const sold = isSold(listing);
  const residence: Record<string, unknown> = {
    "@type": RESIDENCE_TYPE[listing.type],
    address: {
      "@type": "PostalAddress",
      streetAddress: listing.address[locale].split(`, ${listing.municipality.DESCRIPTION}`)[0],
      addressLocality: listing.municipality.DESCRIPTION,
      addressRegion: "QC",
      addressCountry: "CA",
    },
    geo: { "@type": "GeoCoordinates", latitude: listing.coords.lat, longitude: listing.coords.lng },
  };
  if (listing.specs.bed > 0) residence.numberOfBedrooms = listing.specs.bed;
  if (listing.specs.bath > 0) residence.numberOfBathroomsTotal = listing.specs.bath;
  if (listing.type !== "terrain") {
    residence.floorSize = { "@type": "QuantitativeValue", value: listing.specs.area, unitCode: "FTK" };
  }
  if (listing.details?.year_built) residence.yearBuilt = listing.details.year_built;
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    priceCurrency: "CAD",
    availability: sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    businessFunction:
      listing.forSaleForRent === "rent"
        ? "https://purl.org/goodrelations/v1#LeaseOut"
        : "https://purl.org/goodrelations/v1#Sell",
    url,
  };
  // A sold listing shows no asking price, on the page or to search engines.
  if (!sold) {
    offer.price = listing.price;
    if (listing.forSaleForRent === "rent") {
      offer.priceSpecification = {
        "@type": "UnitPriceSpecification",
        price: listing.price,
        priceCurrency: "CAD",
        unitCode: "MON",
      };
    }
  }
  const graph = [
    {
      "@type": "RealEstateListing",
      "@id": `${url}#listing`,
      name: listing.address[locale],
      description: listing.description?.[locale],
      url,
      image: listing.carousel_images.map((src) => absoluteUrl(origin, src)),
      datePosted: listing.listed_at,
      inLanguage: `${locale}-CA`,
      about: residence,
      offers: offer,
    },
    {
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: t("listing.home"), item: absoluteUrl(origin, `/${locale}`) },
        { "@type": "ListItem", position: 2, name: t("listing.search"), item: absoluteUrl(origin, view.searchPath) },
        { "@type": "ListItem", position: 3, name: listing.address[locale], item: url },
      ],
    },
  ];
  return JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replace(/</g, "\\u003c");
}

/** "Retour à la recherche": the search as the visitor left it (filters in its query), else the search page. */
function BackToSearch({ fallback }: { fallback: string }) {
  const { t } = useTranslation();
  const [href, setHref] = useState(fallback);
  useEffect(() => {
    // Its parser (zod/mini) loads after the page, not with it.
    void import("../features/search/return").then(({ readSearchReturn }) => {
      const saved = readSearchReturn();
      if (saved?.path.startsWith(fallback)) setHref(saved.path);
    });
  }, [fallback]);
  return (
    <a className="listing-back" href={withVariant(href, useSite().variantId)}>
      <span aria-hidden="true">←</span> {t("listing.back")}
    </a>
  );
}

function ListingBody({ view }: { view: ListingView }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const { listing, locale } = view;
  const sold = isSold(listing);
  const address = listing.address[locale];
  const url = absoluteUrl(view.origin, listing.url[locale]);
  return (
    <article className="container listing-page" data-scheme="normal" data-uls={listing.uls}>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning>
        {view.jsonLd}
      </script>
      <div className="listing-top">
        <BackToSearch fallback={view.searchPath} />
        <ListingActions
          listing={listing}
          url={url}
          title={address}
          favouritesPath={locale === "fr" ? "/fr/favoris" : "/en/favourites"}
        />
      </div>
      <Gallery images={listing.carousel_images} address={address} />
      <div className="listing-layout">
        <div className="listing-main">
          <header className="listing-head">
            {listing.badge ? (
              <p className="listing-badge property-card__badge" data-badge={listing.badge}>
                {t(`properties.badges.${listing.badge}`)}
              </p>
            ) : null}
            <h1 className="listing-title">{address}</h1>
            <p className="listing-subtitle">
              {t(`properties.types.${listing.type}`)} · {listing.municipality.DESCRIPTION}
            </p>
            <PriceLine listing={listing} locale={locale} />
            {sold ? <p className="listing-sold-note">{t("listing.sold-note")}</p> : null}
            {listing.provenance ? <ListingProvenanceLine provenance={listing.provenance} locale={locale} /> : null}
          </header>
          {listing.open_houses?.length && !sold ? (
            <OpenHouses openHouses={listing.open_houses} locale={locale} />
          ) : null}
          <KeyFacts listing={listing} locale={locale} />
          <DescriptionAndFeatures listing={listing} locale={locale} />
          {listing.location_approximate ? (
            <section className="listing-section" aria-labelledby="listing-location-title">
              <h2 id="listing-location-title" className="title-4">
                {t("listing.location.title")}
              </h2>
              <p className="text-body">
                {t("listing.provider.approximate", { name: listing.municipality.DESCRIPTION })}
              </p>
            </section>
          ) : (
            <LocationMap
              lat={listing.coords.lat}
              lng={listing.coords.lng}
              address={address}
              municipality={listing.municipality.DESCRIPTION}
            />
          )}
          {!sold && listing.forSaleForRent === "buy" ? (
            <PaymentEstimate listing={listing} locale={locale} calculatorPath={view.calculatorPath} />
          ) : null}
        </div>
        <aside className="listing-aside" aria-label={t("listing.broker.title")}>
          {listing.broker ? <BrokerCard broker={listing.broker} locale={locale} /> : null}
          {/* A sold property cannot be visited: the broker's card (call, text) stays. */}
          {sold ? null : (
            <VisitRequest
              uls={listing.uls}
              title={t("listing.visit.title")}
              message={t(listing.forSaleForRent === "rent" ? "listing.visit.rent-message" : "listing.visit.message", {
                address,
                uls: listing.uls,
              })}
            />
          )}
        </aside>
      </div>
      {view.similar.length ? <SimilarListings listings={view.similar} locale={locale} /> : null}
      {listing.broker ? <CallBar broker={listing.broker} visit={!sold} /> : null}
    </article>
  );
}

export default function ListingRoute({ loaderData }: Route.ComponentProps) {
  const view = loaderData as ListingView | RemovedView;
  const outer = useSite();
  // The same object while nothing changed: a new context value would reach the parts still
  // waiting to hydrate (renderer/lib/island.tsx) and make React render them anew.
  const site = useMemo(() => {
    const other = view.locale === "fr" ? "en" : "fr";
    const alternatePaths =
      view.kind === "listing"
        ? { [view.locale]: view.listing.url[view.locale], [other]: view.listing.url[other] }
        : { [view.locale]: view.searchPath };
    return {
      ...outer,
      locale: view.locale,
      siteType: view.siteType,
      micrositeId: view.micrositeId,
      siteKey: view.siteKey,
      alternatePaths,
    };
  }, [outer, view]);
  return (
    <SiteProvider value={site}>
      <PreloadModules hrefs={view.modules} />
      <BlockList blocks={view.header} locale={view.locale} siteType={view.siteType} region="header" />
      <main id="main-content" tabIndex={-1}>
        {view.kind === "listing" ? (
          <ListingBody view={view} />
        ) : (
          <RemovedBody searchPath={view.searchPath} similar={view.similar} locale={view.locale} />
        )}
      </main>
      <BlockList blocks={view.footer} locale={view.locale} siteType={view.siteType} region="footer" />
    </SiteProvider>
  );
}
