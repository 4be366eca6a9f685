/**
 * Feed records in each provider's shape, made from the generator's listings (issue 31): what the
 * suite's test server (scripts/odata-test-server.ts), the sync tests, the browser test and the
 * bench serve.
 *
 * - reso: RESO Data Dictionary fields on Property (names of the agent and office included),
 *   photos in the Media resource, open houses in OpenHouse, remarks in English only;
 * - ddf: CREA's shape: PropertySubType without PropertyType for sales, CommonInterest for
 *   condos, TransactionType, Media inside the record, PhotosChangeTimestamp, agents and offices
 *   by key (Member and Office resources), a REALTOR.ca link, remarks in English;
 * - centris: RESO fields with French remarks on the record and both languages in Translations.
 */
import { listingDescription } from "../server/content/data/listing-description";
import { generateListings, type ListingRecord } from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";
import type { Row } from "./odata-test-server";

export type FixtureKind = "reso" | "ddf" | "centris";

export interface FeedFixtureOptions {
  kind: FixtureKind;
  count: number;
  seed?: number;
  /** Where photo URLs point (an http(s) origin); default https://photos.example.com */
  photoBase?: string;
  /** ModificationTimestamp of every record (a shared timestamp is the paging trap); default spread by second. */
  modified?: (index: number) => string;
  /** Offset of the keys: two fixtures with different offsets never share a key. */
  keyOffset?: number;
}

const SUBTYPE: Record<ListingRecord["type"], { type: string; sub: string }> = {
  maison: { type: "Residential", sub: "Single Family Residence" },
  condo: { type: "Residential", sub: "Condominium" },
  prop: { type: "Residential Income", sub: "Triplex" },
  ferme: { type: "Farm", sub: "Farm" },
  chalet: { type: "Residential", sub: "Cabin" },
  terrain: { type: "Land", sub: "Unimproved Land" },
  comm: { type: "Commercial Sale", sub: "Retail" },
};
const DDF_SUBTYPE: Record<ListingRecord["type"], string> = {
  maison: "Single Family",
  condo: "Single Family",
  prop: "Multi-family",
  ferme: "Agriculture",
  chalet: "Recreational",
  terrain: "Vacant Land",
  comm: "Retail",
};
const AGENTS = ["Marie-Ève Tremblay", "Jean-Philippe Gagnon", "Sophie Côté", "David Roy", "Isabelle Bouchard"];
const OFFICES = ["Agence Immobilière du Fleuve inc.", "Groupe Laurentides Immobilier", "Courtiers de la Capitale"];

/** The street, civic number and unit of a generated French address ("123, rue X, app. 4, Ville"). */
function addressParts(listing: ListingRecord) {
  const town = listing.municipality.DESCRIPTION;
  const fr = listing.address.fr.replace(new RegExp(`, ${town.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`), "");
  const match = /^(\d+), (.+?)(?:, app\. (\d+))?$/.exec(fr);
  return { number: match?.[1] ?? "", street: match?.[2] ?? fr, unit: match?.[3] ?? null, town };
}

export const fixtureKey = (index: number, offset = 0) => String(26_000_000 + offset + index);

/** The records of `count` generated listings in the provider's shape, with the resources beside them. */
export function feedFixtures(options: FeedFixtureOptions): Record<string, Row[]> {
  const { kind } = options;
  const listings = generateListings({
    count: options.count,
    seed: options.seed ?? 31,
    municipalities: loadMunicipalities(),
  });
  const base = options.photoBase ?? "https://photos.example.com";
  const modified = options.modified ?? ((i: number) => new Date(Date.UTC(2026, 10, 1, 8, 0, i)).toISOString());
  const data: Record<string, Row[]> = {
    Property: [],
    Media: [],
    OpenHouse: [],
    EntityEvent: [],
    Translations: [],
    Member: [],
    Office: [],
  };
  if (kind === "ddf") {
    AGENTS.forEach((name, i) => {
      const [first, ...last] = name.split(" ");
      data.Member!.push({
        MemberKey: `M${i + 1}`,
        MemberFirstName: first,
        MemberLastName: last.join(" "),
        MemberFullName: name,
      });
    });
    for (const [i, name] of OFFICES.entries()) {
      data.Office!.push({ OfficeKey: `O${i + 1}`, OfficeName: name, OfficePhone: "418 555-0100" });
    }
  }
  listings.forEach((listing, i) => {
    const key = fixtureKey(i, options.keyOffset);
    const { number, street, unit, town } = addressParts(listing);
    const rent = listing.forSaleForRent === "rent";
    const sub = SUBTYPE[listing.type];
    const ts = modified(i);
    const text = listingDescription(listing);
    const details = listing.details;
    const photos = listing.carousel_images.map((src, order) => ({
      MediaKey: `${key}-${order}`,
      ResourceName: "Property",
      ResourceRecordKey: key,
      MediaCategory: "Photo",
      MediaType: "image/svg+xml",
      MediaURL: `${base}${src}`,
      Order: order,
      ImageWidth: 1200,
      ImageHeight: 800,
      ShortDescription: `Photo ${order + 1}`,
      ModificationTimestamp: ts,
    }));
    const record: Row = {
      ListingKey: key,
      ListingId: listing.uls,
      StandardStatus: listing.badge === "sold" ? "Closed" : "Active",
      ListPrice: rent ? null : listing.price,
      LeaseAmount: rent ? listing.price : null,
      LeaseAmountFrequency: rent ? "Monthly" : null,
      StreetNumber: number,
      StreetName: street,
      UnitNumber: unit,
      City: town,
      StateOrProvince: "QC",
      Country: "CA",
      Latitude: listing.coords.lat,
      Longitude: listing.coords.lng,
      BedroomsTotal: listing.specs.bed,
      BathroomsFull: listing.specs.bath,
      ...(listing.type === "terrain"
        ? { LotSizeArea: listing.specs.area, LotSizeUnits: "Square Feet" }
        : {
            LivingArea: listing.specs.area,
            LivingAreaUnits: "Square Feet",
            LotSizeArea: details?.lot_area ?? null,
            LotSizeUnits: "Square Feet",
          }),
      YearBuilt: details?.year_built ?? null,
      ParkingTotal: details?.parking ?? 0,
      FireplaceYN: details?.features.includes("fireplace") ?? false,
      GarageYN: details?.features.includes("garage") ?? false,
      PoolPrivateYN: details?.features.includes("pool") ?? false,
      WaterfrontYN: details?.features.includes("waterfront") ?? false,
      NewConstructionYN: listing.badge === "new_build",
      SpecialListingConditions: listing.badge === "foreclosed" ? ["Foreclosure"] : ["Standard"],
      OnMarketDate: listing.listed_at.slice(0, 10),
      OriginalEntryTimestamp: listing.listed_at,
      ModificationTimestamp: ts,
      InternetEntireListingDisplayYN: true,
      InternetAddressDisplayYN: true,
      // Broker-side fields a feed may carry and no page may show.
      SellerName: "Private Owner",
      ListingAgreement: "Exclusive Right To Sell",
      BuyerAgencyCompensation: "2.5%",
      ShowingInstructions: "Lockbox code 4821",
    };
    const agent = i % AGENTS.length;
    const office = i % OFFICES.length;
    if (kind === "ddf") {
      record.PropertySubType = DDF_SUBTYPE[listing.type];
      if (listing.type === "condo") record.CommonInterest = "Condo/Strata";
      record.TransactionType = rent ? "For lease" : "For sale";
      record.ListAgentKey = `M${agent + 1}`;
      record.ListOfficeKey = `O${office + 1}`;
      record.Media = photos.map(({ ResourceName: _r, ResourceRecordKey: _k, ...m }) => m);
      record.PhotosChangeTimestamp = ts;
      record.MoreInformationLink = `https://www.realtor.ca/real-estate/${key}/listing`;
      record.PublicRemarks = text?.en ?? null;
    } else {
      record.PropertyType = rent ? (listing.type === "comm" ? "Commercial Lease" : "Residential Lease") : sub.type;
      record.PropertySubType = sub.sub;
      record.ListAgentKey = `M${agent + 1}`;
      record.ListAgentFullName = AGENTS[agent];
      record.ListOfficeKey = `O${office + 1}`;
      record.ListOfficeName = OFFICES[office];
      record.ListOfficePhone = "418 555-0100";
      data.Media!.push(...photos);
      if (kind === "centris") {
        record.PublicRemarks = text?.fr ?? null;
        record.ListAgentDesignation = ["Courtier immobilier résidentiel"];
        if (text) {
          data.Translations!.push(
            {
              ResourceName: "Property",
              ResourceRecordKey: key,
              FieldName: "PublicRemarks",
              LanguageCode: "fr",
              Value: text.fr,
            },
            {
              ResourceName: "Property",
              ResourceRecordKey: key,
              FieldName: "PublicRemarks",
              LanguageCode: "en",
              Value: text.en,
            },
          );
        }
      } else record.PublicRemarks = text?.en ?? null;
    }
    if (listing.open_house) {
      const day = Date.UTC(2030, 0, 12 + (i % 20), 18);
      data.OpenHouse!.push({
        OpenHouseKey: `${key}-oh`,
        ListingKey: key,
        OpenHouseStartTime: new Date(day).toISOString(),
        OpenHouseEndTime: new Date(day + 2 * 3_600_000).toISOString(),
        OpenHouseStatus: "Active",
        ModificationTimestamp: ts,
      });
    }
    data.Property!.push(record);
  });
  return data;
}

/** A record changed on the provider's side: new values and a timestamp later than every other. */
export function touch(record: Row, at: string, changes: Row = {}): void {
  Object.assign(record, changes, { ModificationTimestamp: at });
  if (record.PhotosChangeTimestamp !== undefined && "Media" in changes) record.PhotosChangeTimestamp = at;
}

/** The next EntityEvent for a record (its resource and key), appended to the log. */
export function logEvent(data: Record<string, Row[]>, key: string, resource = "Property"): void {
  data.EntityEvent ??= [];
  const log = data.EntityEvent;
  const seq = (Number(log.at(-1)?.EntityEventSequence ?? 0) || 0) + 1;
  log.push({ EntityEventSequence: seq, ResourceName: resource, ResourceRecordKey: key });
}
