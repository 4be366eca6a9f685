/**
 * Saved-search alerts (issue 32): what the browser needs of them without zod (the public bundle
 * parses with zod/mini; the schemas of the alert calls are in schema/alerts.ts, which re-exports
 * this file): frequencies, states, the saved search's shape, its summary in words, its query on
 * the search page, the paths of an alert's links, and prices as its e-mails write them.
 */
import type { PROPERTY_TYPES } from "./api";

export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** pending: waiting for the visitor to confirm (double opt-in); paused by them or by us (bounces, nothing found for months). */
export const ALERT_STATES = ["pending", "active", "paused", "unsubscribed"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * The version of the consent sentence (alerts.consent in locales/alerts): kept with each consent,
 * with the words themselves, so the proof says what the visitor read. Change it with the words.
 */
export const ALERT_CONSENT_VERSION = "alerts-consent-2026-11";

/**
 * A saved search: the search page's filters (renderer/features/search/filters.ts, GET /properties)
 * and the map's area, replayed as it was saved on new listings (savedSearchSchema parses it).
 */
export interface SavedSearch {
  mun?: string[];
  type?: (typeof PROPERTY_TYPES)[number][];
  price_min?: number;
  price_max?: number;
  bedrooms?: number;
  bathrooms?: number;
  forSaleForRent?: "buy" | "rent";
  open_house?: boolean;
  bounds?: { south: number; west: number; north: number; east: number };
}

/** A visitor's view of their alert (GET /api/swc/alerts/{token}): no id, no other alert's data. */
export interface AlertView {
  email: string;
  locale: "fr" | "en";
  frequency: AlertFrequency;
  state: AlertState;
  search: SavedSearch;
  page: string;
  site_name: string;
  created_at: string;
  confirmed_at: string | null;
  /** Other alerts of the same address on this site (for "unsubscribe from all"). */
  others: number;
}

/** The same search without empty values (what is stored, and what two searches are compared on). */
export function compactSearch(search: SavedSearch): SavedSearch {
  const out: SavedSearch = {};
  if (search.mun?.length) out.mun = [...new Set(search.mun)].sort();
  if (search.type?.length) out.type = [...new Set(search.type)].sort();
  if (search.price_min) out.price_min = search.price_min;
  if (search.price_max !== undefined) out.price_max = search.price_max;
  if (search.bedrooms) out.bedrooms = search.bedrooms;
  if (search.bathrooms) out.bathrooms = search.bathrooms;
  if (search.forSaleForRent) out.forSaleForRent = search.forSaleForRent;
  if (search.open_house) out.open_house = true;
  if (search.bounds) out.bounds = search.bounds;
  return out;
}

const priceFormats = new Map<string, Intl.NumberFormat>();
/** Whole dollars in a language's Canadian format ("450 000 $", "$450,000"); one formatter per language. */
export function formatAlertPrice(value: number, locale: "fr" | "en"): string {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(`${locale}-CA`, { style: "currency", currency: "CAD", maximumFractionDigits: 0 });
    priceFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * A saved search in a few words ("Condo · À vendre · Jusqu'à 500 000 $ · 2 villes · Zone de la
 * carte"): the dialog, the alert's page, its e-mails and the studio say what is being watched.
 * `t` reads locales/alerts; `typeLabel` names a property type; `cityName` a municipality code
 * (when the caller knows the names; else a count of cities).
 */
export function summarizeSearch(
  search: SavedSearch,
  locale: "fr" | "en",
  t: (key: string, options?: Record<string, unknown>) => string,
  typeLabel: (code: (typeof PROPERTY_TYPES)[number]) => string,
  cityName?: (code: string) => string | undefined,
): string[] {
  const parts: string[] = [];
  if (search.type?.length) parts.push(search.type.map(typeLabel).join(", "));
  if (search.forSaleForRent) parts.push(t(`alerts.summary.${search.forSaleForRent}`));
  const min = search.price_min ? formatAlertPrice(search.price_min, locale) : undefined;
  const max = search.price_max !== undefined ? formatAlertPrice(search.price_max, locale) : undefined;
  if (min && max) parts.push(t("alerts.summary.price-range", { min, max }));
  else if (min) parts.push(t("alerts.summary.price-min", { min }));
  else if (max) parts.push(t("alerts.summary.price-max", { max }));
  if (search.bedrooms) parts.push(t("alerts.summary.bedrooms", { count: search.bedrooms }));
  if (search.bathrooms) parts.push(t("alerts.summary.bathrooms", { count: search.bathrooms }));
  if (search.open_house) parts.push(t("alerts.summary.open-house"));
  if (search.mun?.length) {
    const names = cityName ? search.mun.map(cityName) : [];
    parts.push(
      names.length && names.every(Boolean) && names.length <= 3
        ? names.join(", ")
        : t("alerts.summary.cities", { count: search.mun.length }),
    );
  }
  if (search.bounds) parts.push(t("alerts.summary.area"));
  return parts.length ? parts : [t("alerts.summary.all")];
}

/** The search page's query of a saved search (as the page writes its filters: bounds never). */
export function searchQueryOf(search: SavedSearch): string {
  const params = new URLSearchParams();
  if (search.mun?.length) params.set("mun", search.mun.join(","));
  if (search.type?.length) params.set("type", search.type.join(","));
  if (search.price_min) params.set("price_min", String(search.price_min));
  if (search.price_max !== undefined) params.set("price_max", String(search.price_max));
  if (search.bedrooms) params.set("bedrooms", String(search.bedrooms));
  if (search.bathrooms) params.set("bathrooms", String(search.bathrooms));
  if (search.forSaleForRent) params.set("forSaleForRent", search.forSaleForRent);
  if (search.open_house) params.set("open_house", "true");
  return params.toString();
}

/** The path of an alert's own page (the link in every e-mail), per language. */
export const alertPagePath = (locale: "fr" | "en", token: string) =>
  `/${locale}/${locale === "fr" ? "alerte" : "alert"}/${token}`;
/** The one-click unsubscribe path (RFC 8058's List-Unsubscribe URL): short, for the header. */
export const oneClickPath = (token: string) => `/u/${token}`;
