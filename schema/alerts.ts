/**
 * Saved-search alerts (issue 32): what a visitor saves from the search (the search's own filters
 * and its map area), how often they hear about new matches, and the bodies of the alert calls.
 * Shared by the content service (every body parsed here), the search page's dialog, the page
 * where a visitor manages an alert and the studio's list.
 */
import { z } from "zod";
import { ALERT_FREQUENCIES, ALERT_STATES, type AlertView, type SavedSearch } from "./alerts-shared";
import { PROPERTY_TYPES } from "./api";
import { localeSchema } from "./common";

export * from "./alerts-shared";

export const alertFrequencySchema = z.enum(ALERT_FREQUENCIES);

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
/** Whether two types are the same (a parsed search is the shared shape: a change to one fails to compile). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<SavedSearch, z.infer<typeof savedSearchSchema>>;

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
true satisfies Same<AlertView, z.infer<typeof alertViewSchema>>;

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
