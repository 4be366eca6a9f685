/**
 * Saved-search alerts (issue 32): what a visitor saves from the search (the search's own filters
 * and its map area), how often they hear about new matches, and the bodies of the alert calls.
 * Shared by the content service (every body parsed here), the search page's dialog, the page
 * where a visitor manages an alert and the studio's list.
 */
import { z } from "zod";
import { PROPERTY_TYPES } from "./api";
import { localeSchema } from "./common";

export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const alertFrequencySchema = z.enum(ALERT_FREQUENCIES);

/** pending: waiting for the visitor to confirm (double opt-in); paused by them or by us (bounces, nothing found for months). */
export const ALERT_STATES = ["pending", "active", "paused", "unsubscribed"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * The version of the consent sentence (alerts.consent in locales/alerts): kept with each consent,
 * with the words themselves, so the proof says what the visitor read. Change it with the words.
 */
export const ALERT_CONSENT_VERSION = "alerts-consent-2026-11";

const price = z.number().nonnegative().max(1_000_000_000);
const count = z.number().int().min(0).max(99);

/** A map area in degrees, edges inclusive (the search's map bounds). */
export const alertBoundsSchema = z
  .object({
    south: z.number().min(-90).max(90),
    west: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
  })
  .refine((b) => b.south <= b.north && b.west <= b.east, "format");

/**
 * A saved search: the search page's filters (renderer/features/search/filters.ts, GET /properties)
 * and the map's area when the visitor had moved the map. Replayed as it was saved, on new listings.
 */
export const savedSearchSchema = z
  .object({
    mun: z.array(z.string().trim().min(1).max(16)).max(100).optional(),
    type: z.array(z.enum(PROPERTY_TYPES)).max(PROPERTY_TYPES.length).optional(),
    price_min: price.optional(),
    price_max: price.optional(),
    bedrooms: count.optional(),
    bathrooms: count.optional(),
    forSaleForRent: z.enum(["buy", "rent"]).optional(),
    open_house: z.boolean().optional(),
    bounds: alertBoundsSchema.optional(),
  })
  .strict()
  .refine((s) => s.price_min === undefined || s.price_max === undefined || s.price_min <= s.price_max, {
    message: "format",
    path: ["price_max"],
  });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const alertEmailSchema = z.string().trim().min(3).max(254).regex(EMAIL_PATTERN, "format");

/** A site path the visitor was on (the search page): the alert's "see all" link replays the search there. */
const pagePathSchema = z
  .string()
  .max(300)
  .regex(/^\/(fr|en)(\/[^\s?#]*)?$/, "format");

/** POST /api/swc/{microsite}/alerts: a new alert from the search page's dialog. */
export const alertSubscribeSchema = z.object({
  email: alertEmailSchema,
  frequency: alertFrequencySchema,
  locale: localeSchema,
  search: savedSearchSchema,
  /** The search page's path, e.g. /fr/proprietes. */
  page: pagePathSchema,
  /** The box the visitor ticked (never ticked for them). */
  consent: z.literal(true, { error: "required" }),
  /** The consent sentence as the dialog showed it: it must be the current version's (a stale page is refused). */
  consent_text: z.string().min(1).max(2000),
  recaptcha_response: z.string().min(1, "required").max(20_000),
});
export type AlertSubscribeBody = z.infer<typeof alertSubscribeSchema>;

/** A visitor's change from the page of their alert (the link in every e-mail): one action at a time. */
export const alertChangeSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("confirm") }),
  z.object({ action: z.literal("frequency"), frequency: alertFrequencySchema }),
  z.object({ action: z.literal("pause") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("search"), search: savedSearchSchema }),
  z.object({ action: z.literal("unsubscribe") }),
  z.object({ action: z.literal("unsubscribe_all") }),
  /** Withdraws consent and deletes the visitor's alerts and their history (Law 25); the proof of withdrawal stays. */
  z.object({ action: z.literal("delete") }),
]);
export type AlertChange = z.infer<typeof alertChangeSchema>;

/** A visitor's view of their alert (GET /api/swc/alerts/{token}): no id, no other alert's data. */
export const alertViewSchema = z.object({
  email: z.string(),
  locale: localeSchema,
  frequency: alertFrequencySchema,
  state: z.enum(ALERT_STATES),
  search: savedSearchSchema,
  page: z.string(),
  site_name: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** Other alerts of the same address on this site (for "unsubscribe from all"). */
  others: z.number().int().nonnegative(),
});
export type AlertView = z.infer<typeof alertViewSchema>;

/** A subscription as the broker's studio lists it (consent proof included). */
export const alertRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  locale: localeSchema,
  frequency: alertFrequencySchema,
  state: z.enum(ALERT_STATES),
  paused_reason: z.string().nullable(),
  search: savedSearchSchema,
  page: z.string(),
  created_at: z.string(),
  consent: z.object({
    text: z.string(),
    version: z.string(),
    locale: localeSchema,
    page: z.string(),
    given_at: z.string(),
    confirmed_at: z.string().nullable(),
    withdrawn_at: z.string().nullable(),
    ip_hash: z.string().nullable(),
    source: z.enum(["search", "alert_form"]),
  }),
  last_sent_at: z.string().nullable(),
  sent: z.number().int().nonnegative(),
});
export type AlertRecord = z.infer<typeof alertRecordSchema>;

/** Whole dollars in a language's Canadian format ("450 000 $", "$450,000"). */
export const formatAlertPrice = (value: number, locale: "fr" | "en") =>
  new Intl.NumberFormat(`${locale}-CA`, { style: "currency", currency: "CAD", maximumFractionDigits: 0 }).format(value);

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
