/**
 * The listings widget in embed form (/fr/widget/listings, /en/widget/listings): the newest
 * listings for sale as cards and a link to the full search, for a property_iframe_block on
 * this site or a broker's page elsewhere. It speaks the iframe block's protocol: it posts
 * `{ eventId: "remaxIframeHeight", height }` to its parent on load and whenever its height
 * changes, and opens links in the top window (a listing never opens inside the frame).
 * No header or footer; not indexed.
 */
// Their messages load with them (renderer/messages).
import "../messages/properties";
import "../messages/widget";
import "../features/search/search.css";
import "./widget-listings.css";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { propertiesPageAnswerSchema } from "../../schema/api";
import { isLocale, type Locale } from "../../schema/locales";
import { PropertyCard } from "../features/search/PropertyCard";
import { servicesContext } from "../lib/context";
import type { Route } from "./+types/widget-listings";

export const WIDGET_LISTINGS = 6;

interface WidgetView {
  locale: Locale;
  listings: ReturnType<typeof propertiesPageAnswerSchema.parse>["data"]["propertiesListing"];
  searchPath: string;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = params.lang;
  if (!isLocale(locale)) throw data({ locale: "fr", status: 404, message: "errors.404-message" }, { status: 404 });
  const services = context.get(servicesContext);
  const site = await services.content.firstLoad(url.host);
  const query = new URLSearchParams({ forSaleForRent: "buy", order_by: "newest", page: "1", limit: "12" });
  const response = await services.content.fetch(`/api/swc/${site.microsite_id}/properties?${query}`, {
    headers: { "x-site-key": site.site_key },
    locale,
  });
  if (!response.ok) throw data({ locale, status: 503, message: "errors.500-message" }, { status: 503 });
  const answer = propertiesPageAnswerSchema.parse(await response.json()).data;
  // Sold listings carry the "buy" transaction too: they are not for sale.
  const listings = answer.propertiesListing.filter((l) => l.badge !== "sold").slice(0, WIDGET_LISTINGS);
  return {
    locale,
    listings,
    searchPath: locale === "fr" ? "/fr/proprietes" : "/en/properties",
  } satisfies WidgetView;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const view = loaderData as WidgetView | undefined;
  const title = view?.locale === "en" ? "Properties for sale" : "Propriétés à vendre";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

/** Posts the document's height to the embedding page, now and at every change. */
function usePostHeight() {
  useEffect(() => {
    if (window.parent === window) return;
    let last = 0;
    const post = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ eventId: "remaxIframeHeight", height }, "*");
    };
    const observer = new ResizeObserver(post);
    observer.observe(document.documentElement);
    post();
    return () => observer.disconnect();
  }, []);
}

/** Links open in the top window: the widget is a window onto the site, not a site in a frame. */
function useLinksInTopWindow() {
  useEffect(() => {
    if (window.parent === window) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || event.defaultPrevented || event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      window.open(link.href, "_top");
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);
}

export default function WidgetListings({ loaderData }: Route.ComponentProps) {
  const view = loaderData as WidgetView;
  const { t } = useTranslation();
  usePostHeight();
  useLinksInTopWindow();
  return (
    <main id="main-content" className="listings-widget" data-scheme="normal">
      <h1 className="visually-hidden">{t("widget.title")}</h1>
      <ul className="search-grid listings-widget__grid">
        {view.listings.map((listing) => (
          <li key={listing.uls}>
            <PropertyCard listing={listing} locale={view.locale} headingLevel={2} />
          </li>
        ))}
      </ul>
      <p className="listings-widget__more">
        <a className="btn btn-primary" href={view.searchPath}>
          {t("widget.see-all")}
        </a>
      </p>
    </main>
  );
}
