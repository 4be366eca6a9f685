/**
 * Payload and answer schemas of every call of site.md §7. The content service
 * validates what it answers with these, and the site parses what it receives with them.
 */
import { z } from "zod";
import { localeSchema, MAX_INT32 } from "./common";
import { EMAIL_PATTERN } from "./forms";
import { LISTING_FEATURES } from "./listing";
import type { PreviewInfo } from "./preview";

// ---- pages -------------------------------------------------------------------

export const pageRequestSchema = z.object({
  path: z.string().startsWith("/"),
  query: z.record(z.string(), z.string()).optional(),
  production: z.boolean().optional(),
});

export const firstLoadRequestSchema = z.object({ domain_name: z.string().min(1) });

export const demoPageAnswerSchema = z.object({ blocks: z.array(z.unknown()) });

// ---- properties (site.md §3, §7) ---------------------------------------------

export const PROPERTY_TYPES = ["maison", "condo", "prop", "ferme", "chalet", "terrain", "comm"] as const;
export const propertyTypeSchema = z.enum(PROPERTY_TYPES);
export const PROPERTY_BADGES = [
  "sold",
  "open_house",
  "new",
  "new_build",
  "rent",
  "foreclosed",
  "collection",
  "commercial",
] as const;
export const propertyBadgeSchema = z.enum(PROPERTY_BADGES);
/** Sort orders of GET /properties. The price orders list sales first, then rentals, each by price. */
export const ORDER_BY = ["newest", "oldest", "price_desc", "price_asc"] as const;
export const orderBySchema = z.enum(ORDER_BY);

const localizedText = z.object({ fr: z.string(), en: z.string() });
const coordsSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const propertyListingSchema = z.object({
  uls: z.string(),
  type: propertyTypeSchema,
  address: localizedText,
  price: z.number().nonnegative(),
  forSaleForRent: z.enum(["buy", "rent"]),
  url: localizedText,
  carousel_images: z.array(z.string()),
  property_image: z.string(),
  specs: z.object({
    bed: z.number().int().nonnegative(),
    bath: z.number().int().nonnegative(),
    area: z.number().nonnegative(),
  }),
  badge: propertyBadgeSchema.nullable(),
  coords: coordsSchema,
  municipality: z.object({ MUN_CODE: z.string(), DESCRIPTION: z.string() }).optional(),
  listed_at: z.string().optional(),
  /** An imported listing's brokerage (the listing office), shown on its card (issue 31). */
  brokerage: z.string().optional(),
});
export type PropertyListing = z.infer<typeof propertyListingSchema>;

// ---- imported listings (issue 31) --------------------------------------------------

export const FEED_KINDS = ["reso", "ddf", "centris"] as const;
export const feedKindSchema = z.enum(FEED_KINDS);
export type FeedKind = z.infer<typeof feedKindSchema>;

/** A broker named on a listing: as licensed, with the title OACIQ requires in Québec. */
export const listingBrokerSchema = z.object({
  name: z.string().min(1),
  /** E.g. « Courtier immobilier résidentiel » / "Residential real estate broker". */
  title: localizedText.optional(),
  phone: z.string().optional(),
});

/**
 * Where an imported listing comes from and what its provider's display rules need: the listing
 * brokerage and brokers (every provider), DDF's link to REALTOR.ca, the agency's licence mention (OACIQ).
 */
export const listingProvenanceSchema = z.object({
  kind: feedKindSchema,
  /** The listing's page on the provider's public site (DDF: REALTOR.ca), when the feed gives one. */
  link: z.url({ protocol: /^https?$/ }).optional(),
  office: z
    .object({
      name: z.string().min(1),
      /** « Agence immobilière » / "Real estate agency" (OACIQ), when known. */
      licence: localizedText.optional(),
      phone: z.string().optional(),
    })
    .optional(),
  brokers: z.array(listingBrokerSchema),
});
export type ListingProvenance = z.infer<typeof listingProvenanceSchema>;

/** An open house of an imported listing (ISO instants). */
export const openHouseSchema = z.object({ start: z.string(), end: z.string() });

/** A photo with its size (hotlinked photos: the page reserves their room before they load). */
export const listingPhotoSchema = z.object({
  url: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  caption: z.string().optional(),
});

/** A map feature: a single listing marker or a cluster of them. */
export const propertyMarkerSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("listing"),
    uls: z.string(),
    coords: coordsSchema,
    price: z.number(),
    type: propertyTypeSchema,
  }),
  z.object({
    kind: z.literal("cluster"),
    id: z.number().int(),
    coords: coordsSchema,
    count: z.number().int().positive(),
    expansion_zoom: z.number().int(),
  }),
]);
export type PropertyMarker = z.infer<typeof propertyMarkerSchema>;

export const propertyTooltipSchema = z.object({
  uls: z.string(),
  address: localizedText,
  carousel_images: z.array(z.string()),
  price: z.number(),
  specs: z.object({ bed: z.number(), bath: z.number(), area: z.number() }),
  type: propertyTypeSchema,
  url: localizedText,
});

export const listingDetailsSchema = z.object({
  year_built: z.number().int().min(1600).max(2100).nullable(),
  lot_area: z.number().nonnegative().nullable(),
  parking: z.number().int().nonnegative(),
  features: z.array(z.enum(LISTING_FEATURES)),
});

/** The broker a site's listings lead to (site record `broker`): her card on a listing's page. */
export const brokerCardSchema = z.object({
  /** As on the OACIQ licence. */
  name: z.string().min(1),
  designation: localizedText,
  agency: localizedText,
  /** E.164, e.g. +14185550142: the tel: and sms: links. */
  phone: z.string().regex(/^\+\d{8,15}$/),
  /** As written for people, e.g. 418 555-0142. */
  phone_display: z.string().min(1),
  photo: z.object({ url: z.string(), alt: localizedText }).optional(),
});

/** Answer of `GET /property/:uls`: the full listing, for its own page. */
export const propertyDetailAnswerSchema = propertyListingSchema.extend({
  municipality: z.object({ MUN_CODE: z.string(), DESCRIPTION: z.string() }),
  listed_at: z.string(),
  open_house: z.boolean(),
  details: listingDetailsSchema.optional(),
  /** In both languages: the listing's own text, or one written from its facts. */
  description: localizedText.optional(),
  /**
   * The language each description is written in, when it is not the page's: a feed that gives the
   * remarks in one language shows them on both pages, said so (never machine-translated).
   */
  description_lang: z.object({ fr: z.enum(["fr", "en"]), en: z.enum(["fr", "en"]) }).optional(),
  broker: brokerCardSchema.optional(),
  provenance: listingProvenanceSchema.optional(),
  open_houses: z.array(openHouseSchema).optional(),
  photos: z.array(listingPhotoSchema).optional(),
  /** The feed gave no position: the coordinates are its municipality's centre. */
  location_approximate: z.boolean().optional(),
});

/** Listings per sitemap file: two URLs each (fr, en), so a file stays within the protocol's 50,000 URLs. */
export const LISTINGS_PER_SITEMAP = 25_000;
/** Answer of `GET /properties/sitemap?page=N`: one sitemap file's listings (oldest first, sold ones left out). */
export const listingSitemapAnswerSchema = z.object({
  pages: z.number().int().nonnegative(),
  data: z.array(z.object({ uls: z.string(), url: localizedText, listed_at: z.string() })),
});

/** Answer of `GET /property/:uls/similar`: a few listings like it (same type and transaction, nearby, similar price). */
export const similarListingsAnswerSchema = z.object({ data: z.array(propertyListingSchema) });

/** 410 answer of `GET /property/:uls` for a listing taken off the market: listings like the one that was there. */
export const removedListingAnswerSchema = z.object({
  status: z.literal("error"),
  message: z.string(),
  removed: z.literal(true),
  similar: z.array(propertyListingSchema),
});
export type PropertyDetail = z.infer<typeof propertyDetailAnswerSchema>;

export const municipalitySchema = z.object({ MUN_CODE: z.string(), DESCRIPTION: z.string() });
export type Municipality = z.infer<typeof municipalitySchema>;

/** Reads a query value that may repeat (`mun=1&mun=2`) or be comma-separated. */
const listParam = z.preprocess(
  (v) =>
    v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(",")).filter(Boolean),
  z.array(z.string().regex(/^[\w-]+$/, "Expected codes")).optional(),
);
const intParam = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Number(v)),
    z.number().int().min(min).max(max).optional(),
  );
const numParam = z.preprocess(
  (v) => (v === undefined || v === "" || v === "null" ? undefined : Number(v)),
  z.number().finite().nonnegative().optional(),
);
const latParam = z.preprocess((v) => (v === undefined ? undefined : Number(v)), z.number().min(-90).max(90).optional());
const lngParam = z.preprocess(
  (v) => (v === undefined ? undefined : Number(v)),
  z.number().min(-180).max(180).optional(),
);

/** Query of `GET /properties` (flattened map bounds, open_house sent as 1). */
export const propertiesQuerySchema = z.object({
  format: z.enum(["count", "map"]).optional(),
  mun: listParam,
  price_min: numParam,
  price_max: numParam,
  forSaleForRent: z.enum(["buy", "rent"]).optional(),
  type: z.preprocess(
    (v) =>
      v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(",")).filter(Boolean),
    z.array(propertyTypeSchema).optional(),
  ),
  bedrooms: intParam(0, 99),
  bathrooms: intParam(0, 99),
  open_house: z.enum(["1"]).optional(),
  /** Listings for sale or rent (the default), or sold ones: a sold listing shows only when asked for. */
  status: z.enum(["active", "sold"]).optional(),
  SouthWest_lat: latParam,
  SouthWest_lng: lngParam,
  NorthEast_lat: latParam,
  NorthEast_lng: lngParam,
  zoom: intParam(0, 22),
  order_by: orderBySchema.optional(),
  page: intParam(1, 100000),
  limit: intParam(1, 100),
  listingLimit: intParam(1, 100),
});
export type PropertiesQuery = z.infer<typeof propertiesQuerySchema>;

export const propertiesCountAnswerSchema = z.object({ data: z.object({ total: z.number().int().nonnegative() }) });
export const propertiesMapAnswerSchema = z.object({
  data: z.object({
    total: z.number().int().nonnegative(),
    propertiesMap: z.array(propertyMarkerSchema),
    propertiesListing: z.array(propertyListingSchema),
  }),
});
export const propertiesPageAnswerSchema = z.object({
  data: z.object({ total: z.number().int().nonnegative(), propertiesListing: z.array(propertyListingSchema) }),
});
export const municipalitiesAnswerSchema = z.object({ municipalities: z.array(municipalitySchema) });
export const searchFiltersAnswerSchema = z.object({
  municipalities: z.array(municipalitySchema),
  property_types: z.array(z.object({ code: propertyTypeSchema, label: localizedText })),
  price_increments: z.array(z.number().int().nonnegative()),
});

// ---- articles ------------------------------------------------------------------

export const articlesQuerySchema = z.object({
  language: localeSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(6),
  order: z.enum(["asc", "desc"]).default("desc"),
  // Category ids are the store's integers: a larger number names no category (and PostgreSQL refuses it).
  categories: z
    .string()
    .regex(/^\d+(,\d+)*$/, "Expected comma-separated category ids")
    .transform((s) => s.split(",").map(Number))
    .pipe(z.array(z.number().int().max(MAX_INT32, "Expected category ids")))
    .optional(),
  with_categories: z.literal("1").optional(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  label: localizedText,
  articles_count: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof categorySchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.object({ fr: z.string().nullable(), en: z.string().nullable() }),
  title: z.string(),
  excerpt: z.string(),
  thumbnails: z.object({ url_small: z.string(), url_large: z.string() }),
  author: z.object({ name: z.string(), thumbnail: z.string().optional() }),
  category: z.string(),
  published_at: z.string(),
  read_time: z.number().int().min(1),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articlesAnswerSchema = z.object({
  data: z.object({
    categories: z.array(categorySchema).optional(),
    articles: z.array(articleSummarySchema),
    total: z.number().int().nonnegative(),
  }),
});

const perLocale = <S extends z.ZodType>(schema: S) => z.object({ fr: schema.nullable(), en: schema.nullable() });

/** GET /article/{id} (protected and content clients): one article in every language it exists in. */
export const articleDetailSchema = z.object({
  id: z.number().int(),
  slug: perLocale(z.string()),
  title: perLocale(z.string()),
  excerpt: perLocale(z.string()),
  /** The article's text as blocks per language (validated by the renderer like page content). */
  body: perLocale(z.array(z.unknown())),
  author: z.object({ name: z.string(), thumbnail: z.string().optional() }),
  category: z.object({ id: z.number().int(), label: localizedText }),
  tags: perLocale(z.array(z.string())),
  published_at: z.string(),
  updated_at: z.string(),
  read_time: perLocale(z.number().int().min(1)),
  thumbnails: z.object({ url_small: z.string(), url_large: z.string() }),
  /** Languages the article is available in. */
  translations: z.array(localeSchema).min(1),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;
export const articleDetailAnswerSchema = z.object({ data: articleDetailSchema });

/** GET /articles/sitemap (protected and content clients): every article's slugs and dates, newest first. */
export const articleSitemapEntrySchema = z.object({
  id: z.number().int(),
  slug: perLocale(z.string()),
  title: perLocale(z.string()),
  excerpt: perLocale(z.string()),
  author: z.string(),
  category: localizedText,
  published_at: z.string(),
  updated_at: z.string(),
});
export type ArticleSitemapEntry = z.infer<typeof articleSitemapEntrySchema>;
export const articleSitemapAnswerSchema = z.object({ data: z.array(articleSitemapEntrySchema) });

// ---- contact (form-data) -----------------------------------------------------------

export const RECIPIENT_TYPES = ["broker", "administrative_team", "executive_team", "team", "office", "agency"] as const;

/** Email rule (site.md §5): text, an at sign, text, a dot, text; shared with the browser's rules (schema/forms.ts). */
export { EMAIL_PATTERN };

const MAX = 5000;
const plain = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !/[<>]/.test(s), "markup-not-allowed");

/** A count of rooms or spaces sent as text: 0 to 99; an empty value is missing, not 0. */
const countField = z
  .string()
  .trim()
  .min(1, "required")
  .regex(/^\d{1,2}$/, "format")
  .transform(Number);

const commonContactShape = {
  recaptcha_response: z.string().min(1, "required"),
  locale: localeSchema,
  full_name: plain(),
  first_name: plain().min(1, "required"),
  last_name: plain().min(1, "required"),
  phone: z
    .string()
    .trim()
    .regex(/^(\(\d{3}\) \d{3}-\d{4})?$/, "format")
    .default(""),
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, "format"),
};

export const contactFormPayloadSchema = z.object({
  ...commonContactShape,
  form_type: z.literal("contact_form"),
  message: z.string().trim().min(1, "required").max(MAX, "too-long"),
  /** The contact form's optional preferred communication (site.md §3 extended contact fields). */
  preferred_method_of_contact: z.enum(["phone", "email", "text"]).optional(),
  recipient_type: z.enum(RECIPIENT_TYPES).optional(),
  recipient_slug: z
    .string()
    .regex(/^[a-z0-9-]+$/, "format")
    .optional(),
});

/** A visit request from a listing's page: the contact form's fields and the listing's number. */
export const visitRequestPayloadSchema = z.object({
  ...commonContactShape,
  form_type: z.literal("visit_request"),
  uls: z.string().regex(/^\d{6,12}$/, "format"),
  message: z.string().trim().min(1, "required").max(MAX, "too-long"),
  preferred_method_of_contact: z.enum(["phone", "email", "text"]).optional(),
});

const addressShape = {
  preferred_method_of_contact: z.enum(["phone", "email", "text"]).optional(),
  address: plain().min(1, "required"),
  postal_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]\d[A-Z] \d[A-Z]\d$/, "format"),
  city: plain().min(1, "required"),
  province: plain().default(""),
  country: plain().default(""),
  municipality: plain(2000).min(1, "required"),
};

export const alertPayloadSchema = z.object({
  ...commonContactShape,
  ...addressShape,
  form_type: z.literal("property_alert"),
  property_type: plain().default(""),
  current_client_situation: z.enum(["owner", "tenant", "parents", "abroad", "other"]),
  desired_moving_timeframe: z.enum(["0-60", "60-120", "4-8", "8+"]),
  budget_min: z.coerce.number().nonnegative(),
  // No maximum: empty (site.md §7); "Infinity", which earlier pages sent, is still understood.
  budget_max: z.union([
    z.literal("").transform(() => Number.POSITIVE_INFINITY),
    z.literal("Infinity").transform(() => Number.POSITIVE_INFINITY),
    z.coerce.number().nonnegative(),
  ]),
  nb_bedrooms: countField,
  nb_bathrooms: countField,
  /** Express consent to receive the alert's e-mails (CASL), a checkbox the visitor ticks. */
  consent_email: z.literal("yes", { error: "required" }),
});

export const valuationPayloadSchema = z.object({
  ...commonContactShape,
  ...addressShape,
  form_type: z.literal("property_valuation"),
  property_type: plain().min(1, "required"),
  year_of_construction: z.string().regex(/^\d{4}$/, "format"),
  nb_bedrooms: countField,
  nb_bathrooms: countField,
  nb_parking: countField,
  nb_garage: countField,
  living_area: plain(40).min(1, "required"),
  land_area: plain(40).min(1, "required"),
  evaluation_report: z.enum(["yes", "no"]),
  availability_of_report: z.enum(["yes", "no"]),
  reason_for_sale: plain(MAX).default(""),
  renos_and_improvments: plain(MAX).default(""),
});

export const contactPayloadSchema = z.discriminatedUnion("form_type", [
  contactFormPayloadSchema,
  alertPayloadSchema,
  valuationPayloadSchema,
  visitRequestPayloadSchema,
]);
export type ContactPayload = z.infer<typeof contactPayloadSchema>;

/** What a preview link shows besides the page (issue 33; schema/preview.ts). */
export const previewInfoSchema = z.object({
  source: z.enum(["draft", "version", "page"]),
  version: z.number().int().nonnegative().nullable(),
  expires_at: z.string(),
}) satisfies z.ZodType<PreviewInfo>;
