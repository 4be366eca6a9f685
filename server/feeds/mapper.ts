/**
 * A feed record to the product's listing (FEEDS.md §3): pure and network-free, so a record kept
 * raw in the store can be mapped again (badges that age, a fixed mapping) without asking the
 * provider. Only a whitelist of public fields is read: broker-side payloads carry owners,
 * contracts and commissions, none of which may reach a page.
 *
 * A record becomes a listing (active or under contract), a sold listing, a removal (cancelled,
 * expired, withdrawn), a record withheld by the provider's choice (not for the internet, coming
 * soon), or a skip with its reason (the sync report shows it; never a failed sync).
 */
import { z } from "zod";
import type { FeedKind, ListingProvenance, PropertyListing } from "../../schema/api";
import { propertyListingSchema } from "../../schema/api";
import { LISTING_FEATURES, type ListingFeature } from "../../schema/listing";
import { type ListingRecord, listingUrls } from "../content/data/listings-generator";
import type { MunicipalityFinder } from "./municipalities";

type PropertyType = PropertyListing["type"];
type Badge = NonNullable<PropertyListing["badge"]>;

/** A record as kept per (source, key): the Property record and what was fetched beside it. */
export interface RawListing {
  record: Record<string, unknown>;
  media?: Record<string, unknown>[];
  open_houses?: Record<string, unknown>[];
  translations?: Record<string, unknown>[];
  members?: Record<string, unknown>[];
  offices?: Record<string, unknown>[];
}

export interface MapContext {
  kind: FeedKind;
  finder: MunicipalityFinder;
  /** The offices and agents (keys or MLS ids) the site counts as the broker's own. */
  mine: { offices: readonly string[]; agents: readonly string[] };
  /** The language of PublicRemarks (the feed's; Centris gives both through Translations). */
  remarksLanguage: "fr" | "en";
  now: number;
}

export type MapResult =
  | { kind: "listing"; listing: ListingRecord }
  | { kind: "sold"; listing: ListingRecord }
  | { kind: "removed"; reason: string }
  | { kind: "withheld"; reason: string }
  | { kind: "skip"; reason: string };

/** A listing on the market fewer days than this carries the "new" badge (the generator's rule). */
export const NEW_DAYS = 10;
/** A sale at this price or more is "collection" (the generator's rule). */
const COLLECTION_PRICE = 1_500_000;
const MAX_PHOTOS = 60;
const MAX_OPEN_HOUSES = 5;
const SQFT_PER_M2 = 10.763910417;
const SQFT_PER_ACRE = 43_560;
const SQFT_PER_HECTARE = 107_639.104;

// ---- lenient readers: a bad value of a field nobody needs drops that field, not the listing --

const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .nullish()
  .catch(undefined);
const number = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v),
    z.number().finite(),
  )
  .nullish()
  .catch(undefined);
const flag = z
  .preprocess((v) => (v === "true" || v === "Y" ? true : v === "false" || v === "N" ? false : v), z.boolean())
  .nullish()
  .catch(undefined);
/** RESO multi-value enumerations: a JSON array, or a comma-separated string. */
const list = z
  .union([
    z.array(z.union([z.string(), z.number()])).transform((a) => a.map(String)),
    z.string().transform((s) => s.split(",")),
  ])
  .transform((a) => a.map((v) => v.trim()).filter(Boolean))
  .nullish()
  .catch(undefined);
/** A price: refused with its name when present and not a number (the listing cannot be shown without it). */
const price = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v),
  z.number().finite().nonnegative().nullish(),
);

const propertySchema = z.object({
  ListingKey: z.union([z.string().min(1), z.number()]).transform(String),
  ListingId: text,
  StandardStatus: text,
  PropertyType: text,
  PropertySubType: text,
  CommonInterest: text,
  TransactionType: text,
  ListPrice: price,
  LeaseAmount: price,
  LeaseAmountFrequency: text,
  UnparsedAddress: text,
  StreetNumber: text,
  StreetDirPrefix: text,
  StreetName: text,
  StreetSuffix: text,
  StreetDirSuffix: text,
  UnitNumber: text,
  City: text,
  Latitude: number,
  Longitude: number,
  BedroomsTotal: number,
  BathroomsTotalInteger: number,
  BathroomsFull: number,
  LivingArea: number,
  LivingAreaUnits: text,
  BuildingAreaTotal: number,
  BuildingAreaUnits: text,
  LotSizeArea: number,
  LotSizeUnits: text,
  LotSizeSquareFeet: number,
  LotSizeAcres: number,
  YearBuilt: number,
  ParkingTotal: number,
  GarageSpaces: number,
  GarageYN: flag,
  AttachedGarageYN: flag,
  FireplaceYN: flag,
  FireplacesTotal: number,
  PoolPrivateYN: flag,
  WaterfrontYN: flag,
  ViewYN: flag,
  CoolingYN: flag,
  Heating: list,
  Cooling: list,
  Basement: list,
  AssociationAmenities: list,
  CommunityFeatures: list,
  WaterSource: list,
  LotFeatures: list,
  PatioAndPorchFeatures: list,
  NewConstructionYN: flag,
  PropertyCondition: list,
  SpecialListingConditions: list,
  OnMarketDate: text,
  OriginalEntryTimestamp: text,
  ListingContractDate: text,
  ModificationTimestamp: text,
  PublicRemarks: text,
  InternetEntireListingDisplayYN: flag,
  InternetAddressDisplayYN: flag,
  ListAgentKey: text,
  ListAgentMlsId: text,
  ListAgentFullName: text,
  ListAgentFirstName: text,
  ListAgentLastName: text,
  ListAgentDirectPhone: text,
  ListAgentDesignation: list,
  CoListAgentKey: text,
  CoListAgentMlsId: text,
  CoListAgentFullName: text,
  ListOfficeKey: text,
  ListOfficeMlsId: text,
  ListOfficeName: text,
  ListOfficePhone: text,
  CoListOfficeKey: text,
  CoListOfficeMlsId: text,
  MoreInformationLink: text,
  Media: z.array(z.record(z.string(), z.unknown())).nullish().catch(undefined),
});
type Property = z.infer<typeof propertySchema>;

const mediaSchema = z.object({
  MediaURL: z.url({ protocol: /^https?$/ }),
  MediaCategory: text,
  MediaType: text,
  Order: number,
  ImageWidth: number,
  ImageHeight: number,
  ShortDescription: text,
  LongDescription: text,
});
const openHouseSchema = z.object({
  OpenHouseStartTime: z.string(),
  OpenHouseEndTime: z.string(),
  OpenHouseStatus: text,
});
const translationSchema = z.object({
  FieldName: text,
  LanguageCode: text,
  Value: text,
  Translation: text,
});
const memberSchema = z.object({
  MemberKey: text,
  MemberMlsId: text,
  MemberFullName: text,
  MemberFirstName: text,
  MemberLastName: text,
  MemberDirectPhone: text,
  MemberDesignation: list,
});
const officeSchema = z.object({ OfficeKey: text, OfficeMlsId: text, OfficeName: text, OfficePhone: text });

// ---- the parts ------------------------------------------------------------------------------

/** What the feed's status says about showing the listing. */
function statusOf(
  p: Property,
): { show: "active" | "pending" | "sold" } | { gone: "removed" | "withheld"; reason: string } {
  const raw = p.StandardStatus ?? "Active";
  const status = raw.toLowerCase().replace(/[^a-z]/g, "");
  if (status === "active") return { show: "active" };
  if (status === "activeundercontract" || status === "pending") return { show: "pending" };
  if (status === "closed" || status === "sold") return { show: "sold" };
  if (status === "comingsoon") return { gone: "withheld", reason: "status Coming Soon: not on the market yet" };
  if (["canceled", "cancelled", "delete", "deleted", "expired", "withdrawn", "hold", "incomplete"].includes(status)) {
    return { gone: "removed", reason: `status ${raw}` };
  }
  return { gone: "withheld", reason: `status ${raw} is not one shown on the site` };
}

const PLEX =
  /duplex|triplex|quadruplex|fourplex|quintuplex|multi ?-?famil|residential income|apartment building|income/;
const COMMERCIAL = /commercial|business|office|retail|industrial|warehouse|hospitality|institutional|parking|mixed use/;

/** The product's type (FEEDS.md §3), or undefined when nothing matches. */
export function typeOf(
  p: Pick<Property, "PropertyType" | "PropertySubType" | "CommonInterest">,
): PropertyType | undefined {
  const type = (p.PropertyType ?? "").toLowerCase();
  const sub = (p.PropertySubType ?? "").toLowerCase();
  const both = `${type} | ${sub}`;
  if (!type && !sub) return "maison";
  if (/condo/.test(sub) || /condo|strata/.test((p.CommonInterest ?? "").toLowerCase())) return "condo";
  if (PLEX.test(both)) return "prop";
  if (/farm|agricultur|ranch/.test(both)) return "ferme";
  if (/cabin|cottage|recreational|chalet/.test(both)) return "chalet";
  if (/\bland\b|vacant|\blot\b/.test(both)) return "terrain";
  if (COMMERCIAL.test(both)) return "comm";
  if (/residential|single|family|house|townhouse|detached|mobile|manufactured|bungalow/.test(both)) {
    return "maison";
  }
  return undefined;
}

const isLease = (p: Property) => /lease|rent/.test(`${p.PropertyType ?? ""} ${p.TransactionType ?? ""}`.toLowerCase());

/** A monthly amount from a lease amount and its frequency. */
function monthly(amount: number, frequency: string | null | undefined): number {
  const f = (frequency ?? "monthly").toLowerCase();
  if (f.startsWith("annual") || f.startsWith("year")) return Math.round(amount / 12);
  if (f.startsWith("week")) return Math.round((amount * 52) / 12);
  if (f.startsWith("daily") || f.startsWith("day")) return Math.round((amount * 365) / 12);
  return amount;
}

/** Square feet from an area and its unit (feeds say "Square Feet", "Square Meters", "Acres", "Hectares"). */
function squareFeet(area: number | null | undefined, unit: string | null | undefined): number | undefined {
  if (area === null || area === undefined || area <= 0) return undefined;
  const u = (unit ?? "square feet").toLowerCase();
  if (/met|m2|m²/.test(u)) return Math.round(area * SQFT_PER_M2);
  if (/acre/.test(u)) return Math.round(area * SQFT_PER_ACRE);
  if (/hect/.test(u)) return Math.round(area * SQFT_PER_HECTARE);
  return Math.round(area);
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(" ");

/** The address in each language, the civic number and unit left out when the provider says so. */
function addressOf(p: Property, town: string): { fr: string; en: string } {
  const hideNumber = p.InternetAddressDisplayYN === false;
  const street = joined(p.StreetDirPrefix, p.StreetName, p.StreetSuffix, p.StreetDirSuffix);
  const number = hideNumber ? "" : (p.StreetNumber ?? "");
  const unit = hideNumber ? "" : (p.UnitNumber ?? "");
  if (street) {
    const fr = [number ? `${number}, ${street}` : street, unit ? `app. ${unit}` : "", town].filter(Boolean);
    const enStreet = `${unit ? `${unit}-` : ""}${number ? `${number} ` : ""}${street}`;
    return { fr: fr.join(", "), en: [enStreet, town].join(", ") };
  }
  // Only the one-line address: its first part (the street), the civic number cut when hidden.
  let line = (p.UnparsedAddress ?? "").split(",")[0]?.trim() ?? "";
  if (hideNumber) line = line.replace(/^\s*[\d]+[a-z]?(?:[-–]\d+)?\s*/i, "").trim();
  const whole = line ? `${line}, ${town}` : town;
  return { fr: whole, en: whole };
}

/** An instant as ISO text (milliseconds, UTC), or undefined. */
function instant(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value.length === 10 ? `${value}T12:00:00Z` : value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

const has = (values: readonly string[] | null | undefined, pattern: RegExp) =>
  Boolean(values?.some((v) => pattern.test(v)));

function featuresOf(p: Property, type: PropertyType): ListingFeature[] {
  const found = new Set<ListingFeature>();
  if (p.FireplaceYN || (p.FireplacesTotal ?? 0) > 0) found.add("fireplace");
  if (p.GarageYN || p.AttachedGarageYN || (p.GarageSpaces ?? 0) > 0) found.add("garage");
  if (p.PoolPrivateYN) found.add("pool");
  if (p.WaterfrontYN) found.add("waterfront");
  if (p.ViewYN) found.add("view");
  if (has(p.Heating, /heat pump/i) || has(p.Cooling, /heat pump/i)) found.add("heat_pump");
  if (p.CoolingYN || has(p.Cooling, /central air|air condition|wall unit/i)) found.add("air_conditioning");
  if (has(p.Basement, /finished/i) && !has(p.Basement, /unfinished/i)) found.add("finished_basement");
  if (has(p.AssociationAmenities, /elevator/i) || has(p.CommunityFeatures, /elevator/i)) found.add("elevator");
  if (has(p.PatioAndPorchFeatures, /balcon/i)) found.add("balcony");
  if (has(p.WaterSource, /well/i)) found.add("well");
  if (has(p.LotFeatures, /wooded/i)) found.add("wooded_lot");
  if (type === "terrain" && has(p.LotFeatures, /service|utilities/i)) found.add("serviced");
  return LISTING_FEATURES.filter((f) => found.has(f));
}

/** Photos in order (Order 0 first), from the record's own Media (DDF) or the Media fetched beside it. */
function photosOf(raw: RawListing, p: Property): { url: string; width?: number; height?: number; caption?: string }[] {
  const items = [...(p.Media ?? []), ...(raw.media ?? [])];
  const photos: { order: number; url: string; width?: number; height?: number; caption?: string }[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const parsed = mediaSchema.safeParse(item);
    if (!parsed.success) continue;
    const m = parsed.data;
    const isPhoto = /photo/i.test(m.MediaCategory ?? "") || /^image\//i.test(m.MediaType ?? "") || !m.MediaCategory;
    if (!isPhoto || seen.has(m.MediaURL)) continue;
    seen.add(m.MediaURL);
    photos.push({
      order: m.Order ?? 1e6 + i,
      url: m.MediaURL,
      width: m.ImageWidth && m.ImageWidth > 0 ? Math.round(m.ImageWidth) : undefined,
      height: m.ImageHeight && m.ImageHeight > 0 ? Math.round(m.ImageHeight) : undefined,
      caption: m.ShortDescription ?? m.LongDescription ?? undefined,
    });
  }
  photos.sort((a, b) => a.order - b.order);
  return photos.slice(0, MAX_PHOTOS).map(({ order: _order, ...photo }) => {
    const out: { url: string; width?: number; height?: number; caption?: string } = { url: photo.url };
    if (photo.width && photo.height) {
      out.width = photo.width;
      out.height = photo.height;
    }
    if (photo.caption) out.caption = photo.caption;
    return out;
  });
}

/** Upcoming open houses (not ended, not cancelled), soonest first. */
function openHousesOf(raw: RawListing, now: number): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (const item of raw.open_houses ?? []) {
    const parsed = openHouseSchema.safeParse(item);
    if (!parsed.success) continue;
    if (/cancel|ended/i.test(parsed.data.OpenHouseStatus ?? "")) continue;
    const start = instant(parsed.data.OpenHouseStartTime);
    const end = instant(parsed.data.OpenHouseEndTime);
    if (!start || !end || Date.parse(end) <= now) continue;
    out.push({ start, end });
  }
  out.sort((a, b) => a.start.localeCompare(b.start));
  return out.slice(0, MAX_OPEN_HOUSES);
}

const languageOf = (code: string | null | undefined): "fr" | "en" | undefined => {
  const c = (code ?? "").toLowerCase();
  if (c.startsWith("fr")) return "fr";
  if (c.startsWith("en")) return "en";
  return undefined;
};

/** The remarks in the languages the feed gives: Centris's Translations, else PublicRemarks in the feed's language. */
function remarksOf(raw: RawListing, p: Property, ctx: MapContext): { fr?: string; en?: string } | undefined {
  const out: { fr?: string; en?: string } = {};
  for (const item of raw.translations ?? []) {
    const parsed = translationSchema.safeParse(item);
    if (!parsed.success || parsed.data.FieldName !== "PublicRemarks") continue;
    const language = languageOf(parsed.data.LanguageCode);
    const value = parsed.data.Value ?? parsed.data.Translation;
    if (language && value) out[language] = value;
  }
  if (p.PublicRemarks && !out[ctx.remarksLanguage]) out[ctx.remarksLanguage] = p.PublicRemarks;
  return out.fr || out.en ? out : undefined;
}

/** OACIQ's titles (Québec): the broker as licensed, and the agency's mention. */
const QUEBEC_BROKER_TITLE = { fr: "Courtier immobilier", en: "Real estate broker" };
const QUEBEC_AGENCY = { fr: "Agence immobilière", en: "Real estate agency" };

function brokerTitle(designations: readonly string[] | null | undefined, kind: FeedKind) {
  const d = (designations ?? []).join(" ").toLowerCase();
  if (/résidentiel|residential/.test(d))
    return { fr: "Courtier immobilier résidentiel", en: "Residential real estate broker" };
  if (/commercial/.test(d)) return { fr: "Courtier immobilier commercial", en: "Commercial real estate broker" };
  return kind === "centris" ? QUEBEC_BROKER_TITLE : undefined;
}

/** The listing brokerage and brokers (on every listing: DDF and OACIQ rules), from the record or the Member and Office resources. */
function provenanceOf(raw: RawListing, p: Property, kind: FeedKind): ListingProvenance {
  const members = (raw.members ?? []).flatMap((m) => {
    const parsed = memberSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  const offices = (raw.offices ?? []).flatMap((o) => {
    const parsed = officeSchema.safeParse(o);
    return parsed.success ? [parsed.data] : [];
  });
  const member = (key: string | null | undefined) => (key ? members.find((m) => m.MemberKey === key) : undefined);
  const office = p.ListOfficeKey ? offices.find((o) => o.OfficeKey === p.ListOfficeKey) : undefined;
  const brokers: ListingProvenance["brokers"] = [];
  const listAgent = member(p.ListAgentKey);
  const listName =
    p.ListAgentFullName ??
    (joined(p.ListAgentFirstName, p.ListAgentLastName) ||
      listAgent?.MemberFullName ||
      joined(listAgent?.MemberFirstName, listAgent?.MemberLastName));
  if (listName) {
    const title = brokerTitle(p.ListAgentDesignation ?? listAgent?.MemberDesignation, kind);
    const phone = p.ListAgentDirectPhone ?? listAgent?.MemberDirectPhone ?? undefined;
    brokers.push({ name: listName, ...(title ? { title } : {}), ...(phone ? { phone } : {}) });
  }
  const coAgent = member(p.CoListAgentKey);
  const coName =
    p.CoListAgentFullName ?? (coAgent?.MemberFullName || joined(coAgent?.MemberFirstName, coAgent?.MemberLastName));
  if (coName && coName !== listName) {
    const title = brokerTitle(coAgent?.MemberDesignation, kind);
    brokers.push({ name: coName, ...(title ? { title } : {}) });
  }
  const officeName = p.ListOfficeName ?? office?.OfficeName ?? undefined;
  const officePhone = p.ListOfficePhone ?? office?.OfficePhone ?? undefined;
  const link = p.MoreInformationLink && /^https:\/\//.test(p.MoreInformationLink) ? p.MoreInformationLink : undefined;
  return {
    kind,
    ...(link ? { link } : {}),
    ...(officeName
      ? {
          office: {
            name: officeName,
            ...(kind === "centris" ? { licence: QUEBEC_AGENCY } : {}),
            ...(officePhone ? { phone: officePhone } : {}),
          },
        }
      : {}),
    brokers,
  };
}

function isMine(p: Property, mine: MapContext["mine"]): boolean {
  const offices = new Set(mine.offices);
  const agents = new Set(mine.agents);
  const any = (set: Set<string>, ...values: (string | null | undefined)[]) => values.some((v) => v && set.has(v));
  return (
    any(offices, p.ListOfficeKey, p.ListOfficeMlsId, p.CoListOfficeKey, p.CoListOfficeMlsId) ||
    any(agents, p.ListAgentKey, p.ListAgentMlsId, p.CoListAgentKey, p.CoListAgentMlsId)
  );
}

function badgeOf(
  p: Property,
  type: PropertyType,
  rent: boolean,
  sold: boolean,
  listedAt: string,
  openHouse: boolean,
  amount: number,
  now: number,
): Badge | null {
  if (sold) return "sold";
  if (
    !rent &&
    has(p.SpecialListingConditions, /foreclos|bank owned|real estate owned|reo|court ordered|power of sale/i)
  ) {
    return "foreclosed";
  }
  if (openHouse) return "open_house";
  if (!rent && (p.NewConstructionYN || has(p.PropertyCondition, /new construction|to be built|under construction/i))) {
    return "new_build";
  }
  if (now - Date.parse(listedAt) < NEW_DAYS * 86_400_000) return "new";
  if (!rent && amount >= COLLECTION_PRICE && type !== "comm" && type !== "terrain") return "collection";
  if (type === "comm") return "commercial";
  if (rent) return "rent";
  return null;
}

const ULS = /^[A-Za-z0-9]{1,24}$/;

/** Maps one record (see the top of this file). */
export function mapRecord(raw: RawListing, ctx: MapContext): MapResult {
  const parsed = propertySchema.safeParse(raw.record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: "skip", reason: `${issue?.path.join(".") || "record"}: ${issue?.message ?? "invalid"}` };
  }
  const p = parsed.data;
  if (p.InternetEntireListingDisplayYN === false) {
    return { kind: "withheld", reason: "not for display on the internet (InternetEntireListingDisplayYN)" };
  }
  const status = statusOf(p);
  if ("gone" in status) return { kind: status.gone, reason: status.reason };
  const uls = [p.ListingId, p.ListingKey].find((id) => id && ULS.test(id));
  if (!uls)
    return { kind: "skip", reason: `no listing number of letters and digits (ListingId ${p.ListingId ?? "missing"})` };
  const type = typeOf(p);
  if (!type)
    return { kind: "skip", reason: `property type ${p.PropertyType ?? ""} / ${p.PropertySubType ?? ""} has no match` };
  const rent = isLease(p);
  const amount = rent
    ? p.LeaseAmount !== null && p.LeaseAmount !== undefined
      ? monthly(p.LeaseAmount, p.LeaseAmountFrequency)
      : p.ListPrice
    : p.ListPrice;
  if (!amount || amount <= 0)
    return { kind: "skip", reason: rent ? "no rent (LeaseAmount, ListPrice)" : "no price (ListPrice)" };
  const hasPosition =
    p.Latitude !== null &&
    p.Latitude !== undefined &&
    p.Longitude !== null &&
    p.Longitude !== undefined &&
    !(p.Latitude === 0 && p.Longitude === 0) &&
    Math.abs(p.Latitude) <= 90 &&
    Math.abs(p.Longitude) <= 180;
  const position = hasPosition ? { lat: p.Latitude!, lng: p.Longitude! } : undefined;
  const town = ctx.finder.find(p.City ?? undefined, position);
  if (!town) {
    return { kind: "skip", reason: p.City ? `municipality not found for City "${p.City}"` : "no City and no position" };
  }
  const listedAt =
    instant(p.OnMarketDate) ??
    instant(p.OriginalEntryTimestamp) ??
    instant(p.ListingContractDate) ??
    instant(p.ModificationTimestamp);
  if (!listedAt)
    return { kind: "skip", reason: "no listing date (OnMarketDate, OriginalEntryTimestamp, ModificationTimestamp)" };
  const sold = status.show === "sold";
  const photos = photosOf(raw, p);
  const openHouses = openHousesOf(raw, ctx.now);
  const living = squareFeet(
    p.LivingArea ?? p.BuildingAreaTotal,
    p.LivingArea ? p.LivingAreaUnits : p.BuildingAreaUnits,
  );
  const lot =
    squareFeet(p.LotSizeArea, p.LotSizeUnits) ??
    squareFeet(p.LotSizeSquareFeet, "square feet") ??
    squareFeet(p.LotSizeAcres, "acres");
  const year = p.YearBuilt && p.YearBuilt >= 1600 && p.YearBuilt <= 2100 ? Math.round(p.YearBuilt) : null;
  const provenance = provenanceOf(raw, p, ctx.kind);
  const remarks = remarksOf(raw, p, ctx);
  const listing: ListingRecord = {
    uls,
    type,
    address: addressOf(p, town.DESCRIPTION),
    price: Math.round(amount),
    forSaleForRent: rent ? "rent" : "buy",
    url: listingUrls(type, rent, town.DESCRIPTION, uls),
    carousel_images: photos.map((photo) => photo.url),
    property_image: photos[0]?.url ?? "",
    specs: {
      bed: Math.max(0, Math.round(p.BedroomsTotal ?? 0)),
      bath: Math.max(0, Math.round(p.BathroomsFull ?? p.BathroomsTotalInteger ?? 0)),
      area: (type === "terrain" ? (lot ?? living) : living) ?? 0,
    },
    badge: badgeOf(p, type, rent, sold, listedAt, openHouses.length > 0, amount, ctx.now),
    // No position: the municipality's centre, said so on the page (the listing still shows in its town).
    coords: position ?? { lat: town.lat, lng: town.lng },
    municipality: { MUN_CODE: town.MUN_CODE, DESCRIPTION: town.DESCRIPTION },
    listed_at: listedAt,
    open_house: openHouses.length > 0,
    details: {
      year_built: type === "terrain" ? null : year,
      lot_area: type === "condo" ? null : (lot ?? null),
      parking: Math.max(0, Math.round(p.ParkingTotal ?? p.GarageSpaces ?? 0)),
      features: featuresOf(p, type),
    },
    status: status.show,
    provenance,
    ...(provenance.office ? { brokerage: provenance.office.name } : {}),
    ...(remarks ? { remarks } : {}),
    ...(openHouses.length ? { open_houses: openHouses } : {}),
    ...(photos.length ? { photos } : {}),
    ...(position ? {} : { location_approximate: true }),
    ...(isMine(p, ctx.mine) ? { mine: true } : {}),
  };
  const checked = propertyListingSchema.safeParse(listing);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { kind: "skip", reason: `${issue?.path.join(".") ?? "listing"}: ${issue?.message ?? "invalid"}` };
  }
  return sold ? { kind: "sold", listing } : { kind: "listing", listing };
}
