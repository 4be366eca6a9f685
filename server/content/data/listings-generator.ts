/**
 * Deterministic generator of realistic Québec listings (seeded PRNG): the same
 * seed, count and municipalities always give the same listings. Used at seed time
 * and by `scripts/generate-listings.ts`.
 */
import {
  type ListingProvenance,
  PROPERTY_BADGES,
  type PropertyListing,
  propertyListingSchema,
} from "../../../schema/api";
import { FEATURES_BY_TYPE, type ListingDetails } from "../../../schema/listing";
import { NEW_LISTING_DAYS } from "./listing-badge";
import type { MunicipalityFixture } from "./municipalities";

export const DEFAULT_LISTING_COUNT = 50_000;
export const DEFAULT_LISTING_SEED = 20260601;
/**
 * Listing dates are counted back from a reference instant: this fixed one unless told (tests and
 * scripts, whose output never depends on the clock); the demo's seeding passes its own time, so
 * the newest listings are days old when a visitor sees them ("Nouveau": listing-badge.ts).
 */
export const LISTING_REFERENCE_DATE = "2026-11-01T12:00:00.000Z";
export const LISTING_IMAGE_COUNT = 10;
/** Pictures of vacant lots (public/images/listings/lot-N.svg). */
export const LOT_IMAGE_COUNT = 3;

type PropertyType = PropertyListing["type"];
type Badge = (typeof PROPERTY_BADGES)[number];

/** A listing as stored: the answer fields plus what the filters need. */
export type ListingRecord = PropertyListing & {
  municipality: { MUN_CODE: string; DESCRIPTION: string };
  listed_at: string;
  open_house: boolean;
  /** What the listing's own page shows (absent on records stored before they existed). */
  details?: ListingDetails;
  /** An imported listing's own text; generated ones get theirs from listingDescription. */
  description?: { fr: string; en: string };
  /** Imported listings (issue 31): the remarks as the feed gives them, in one language or both. */
  remarks?: { fr?: string; en?: string };
  /** active (for sale or rent), pending (under contract, still shown), sold; absent: active, or sold by its badge. */
  status?: "active" | "pending" | "sold";
  /** Upcoming open houses (imported listings). */
  open_houses?: { start: string; end: string }[];
  /** Photos with their sizes, in order (imported listings; `carousel_images` holds their URLs). */
  photos?: { url: string; width?: number; height?: number; caption?: string }[];
  /** Where it comes from and what its provider's display rules need (imported listings). */
  provenance?: ListingProvenance;
  /** One of the offices or agents the site's feed counts as the broker's own. */
  mine?: boolean;
  /** The feed gave no position: `coords` is its municipality's centre (its page says so and shows no map). */
  location_approximate?: boolean;
};

/** mulberry32: small, fast, good enough for fixtures. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  /** Standard normal (Box–Muller). */
  const gaussian = () => {
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  return { next, int, pick, weighted, gaussian };
}
export type Rng = ReturnType<typeof createRng>;

const REGION_PRICE_FACTOR: Record<string, number> = {
  montreal: 1.35,
  laval: 1.15,
  monteregie: 1.05,
  laurentides: 1.0,
  outaouais: 0.95,
  lanaudiere: 0.9,
  "capitale-nationale": 0.9,
  estrie: 0.9,
  "chaudiere-appalaches": 0.8,
  "centre-du-quebec": 0.72,
  mauricie: 0.7,
  saguenay: 0.68,
  abitibi: 0.65,
  "bas-saint-laurent": 0.65,
  "cote-nord": 0.62,
  gaspesie: 0.6,
  "nord-du-quebec": 0.6,
};
/** Resort towns where cottages and houses sell above their region. */
const RESORT_TOWNS = new Set([
  "Mont-Tremblant",
  "Saint-Sauveur",
  "Morin-Heights",
  "Orford",
  "Bromont",
  "Sutton",
  "Lac-Brome",
  "North Hatley",
  "Lac-Beauport",
  "Baie-Saint-Paul",
  "La Malbaie",
  "Chelsea",
  "Val-David",
]);

const BUY_TYPES = [
  ["maison", 40],
  ["condo", 25],
  ["prop", 12],
  ["chalet", 8],
  ["terrain", 8],
  ["comm", 4],
  ["ferme", 3],
] as const;
const RENT_TYPES = [
  ["condo", 50],
  ["maison", 18],
  ["prop", 8],
  ["chalet", 11],
  ["comm", 10],
  ["ferme", 2],
  ["terrain", 1],
] as const;

/** Median price: sale price in dollars, or monthly rent. */
const BUY_MEDIAN: Record<PropertyType, number> = {
  maison: 480_000,
  condo: 390_000,
  prop: 720_000,
  ferme: 850_000,
  chalet: 420_000,
  terrain: 130_000,
  comm: 1_100_000,
};
const RENT_MEDIAN: Record<PropertyType, number> = {
  maison: 2700,
  condo: 1850,
  prop: 1500,
  ferme: 3000,
  chalet: 2400,
  terrain: 600,
  comm: 4500,
};

const TYPE_WORD: Record<PropertyType, { fr: string; en: string }> = {
  maison: { fr: "maison", en: "house" },
  condo: { fr: "condo", en: "condo" },
  prop: { fr: "plex", en: "plex" },
  ferme: { fr: "fermette", en: "hobby-farm" },
  chalet: { fr: "chalet", en: "cottage" },
  terrain: { fr: "terrain", en: "lot" },
  comm: { fr: "local-commercial", en: "commercial-space" },
};

const STREETS: readonly { fr: string; en: string }[] = [
  { fr: "rue Principale", en: "Principale Street" },
  { fr: "rue Saint-Jean", en: "Saint-Jean Street" },
  { fr: "rue des Érables", en: "des Érables Street" },
  { fr: "rue des Pins", en: "des Pins Street" },
  { fr: "rue Notre-Dame", en: "Notre-Dame Street" },
  { fr: "rue de l'Église", en: "de l'Église Street" },
  { fr: "rue du Moulin", en: "du Moulin Street" },
  { fr: "rue Champlain", en: "Champlain Street" },
  { fr: "rue Laurier", en: "Laurier Street" },
  { fr: "rue des Bouleaux", en: "des Bouleaux Street" },
  { fr: "rue Sainte-Catherine", en: "Sainte-Catherine Street" },
  { fr: "rue Papineau", en: "Papineau Street" },
  { fr: "boulevard Saint-Laurent", en: "Saint-Laurent Boulevard" },
  { fr: "boulevard des Laurentides", en: "des Laurentides Boulevard" },
  { fr: "boulevard René-Lévesque", en: "René-Lévesque Boulevard" },
  { fr: "boulevard Taschereau", en: "Taschereau Boulevard" },
  { fr: "avenue du Parc", en: "Park Avenue" },
  { fr: "avenue des Pins", en: "Pine Avenue" },
  { fr: "avenue Royale", en: "Royale Avenue" },
  { fr: "avenue Cartier", en: "Cartier Avenue" },
  { fr: "chemin du Lac", en: "Lac Road" },
  { fr: "chemin de la Montagne", en: "Montagne Road" },
  { fr: "chemin du Roy", en: "du Roy Road" },
  { fr: "montée Sainte-Marianne", en: "Montée Sainte-Marianne" },
  { fr: "rang Saint-Joseph", en: "Rang Saint-Joseph" },
  { fr: "rang du Bord-de-l'Eau", en: "Rang du Bord-de-l'Eau" },
  { fr: "rue Wellington", en: "Wellington Street" },
  { fr: "rue King Ouest", en: "King Street West" },
  { fr: "place du Marché", en: "Place du Marché" },
  { fr: "croissant des Jardins", en: "des Jardins Crescent" },
];

/** A listing's page in each language: its type, transaction and town, then its number (the route reads the number). */
export function listingUrls(type: PropertyType, rent: boolean, town: string, uls: string) {
  const fr = slugify(`${TYPE_WORD[type].fr} ${rent ? "a louer" : "a vendre"} ${town}`);
  const en = slugify(`${TYPE_WORD[type].en} ${rent ? "for rent" : "for sale"} ${town}`);
  return { fr: `/fr/propriete/${fr}-${uls}`, en: `/en/property/${en}-${uls}` };
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function roundPrice(rng: Rng, price: number, rent: boolean): number {
  if (rent) return Math.max(300, Math.round(price / 25) * 25);
  const rounded = Math.max(10_000, Math.round(price / 5000) * 5000);
  return rng.next() < 0.45 ? rounded - 100 : rounded;
}

function specsFor(rng: Rng, type: PropertyType, rent: boolean) {
  switch (type) {
    case "maison": {
      const bed = rng.weighted([
        [2, 12],
        [3, 45],
        [4, 30],
        [5, 10],
        [6, 3],
      ]);
      return { bed, bath: Math.max(1, Math.round(bed / 2) + rng.int(-1, 1)), area: 700 + bed * 320 + rng.int(0, 700) };
    }
    case "condo": {
      const bed = rng.weighted([
        [1, 30],
        [2, 50],
        [3, 20],
      ]);
      return { bed, bath: bed === 3 ? rng.int(1, 2) : 1, area: 380 + bed * 300 + rng.int(0, 300) };
    }
    case "prop": {
      if (rent) {
        const bed = rng.int(1, 3);
        return { bed, bath: 1, area: 550 + bed * 250 + rng.int(0, 250) };
      }
      const units = rng.weighted([
        [2, 45],
        [3, 30],
        [4, 15],
        [6, 10],
      ]);
      return { bed: units * 2 + rng.int(0, units), bath: units, area: units * (850 + rng.int(0, 300)) };
    }
    case "ferme": {
      const bed = rng.int(2, 5);
      return { bed, bath: rng.int(1, 3), area: 1200 + bed * 300 + rng.int(0, 900) };
    }
    case "chalet": {
      const bed = rng.weighted([
        [1, 10],
        [2, 35],
        [3, 40],
        [4, 15],
      ]);
      return {
        bed,
        bath: Math.max(1, rng.int(bed > 2 ? 1 : 1, bed > 2 ? 3 : 1)),
        area: 520 + bed * 280 + rng.int(0, 500),
      };
    }
    case "terrain":
      return {
        bed: 0,
        bath: 0,
        area: rng.weighted([
          [rng.int(4000, 12000), 50],
          [rng.int(12000, 45000), 35],
          [rng.int(45000, 400000), 15],
        ]),
      };
    case "comm":
      return {
        bed: 0,
        bath: rng.int(1, 4),
        area: rng.weighted([
          [rng.int(800, 3000), 50],
          [rng.int(3000, 12000), 35],
          [rng.int(12000, 40000), 15],
        ]),
      };
  }
}

/**
 * Year built, lot area (square feet, null for a condo), parking spaces and feature codes.
 * The description is not stored: `listingDescription` writes it from these facts in either
 * language when the page asks, so a million generated listings carry a few numbers each
 * instead of two paragraphs (an imported listing may bring its own text in `description`).
 */
function detailsFor(rng: Rng, type: PropertyType, area: number, badge: Badge | null): ListingDetails {
  const year =
    type === "terrain"
      ? null
      : badge === "new_build"
        ? rng.int(2025, 2026)
        : rng.weighted([
            [rng.int(1880, 1949), type === "ferme" || type === "prop" ? 25 : 6],
            [rng.int(1950, 1979), 25],
            [rng.int(1980, 1999), 25],
            [rng.int(2000, 2019), type === "condo" ? 40 : 25],
            [rng.int(2020, 2025), 10],
          ]);
  const lot: Record<PropertyType, number | null> = {
    maison: rng.int(3500, 16000),
    condo: null,
    prop: rng.int(3000, 9000),
    ferme: rng.int(200_000, 2_500_000),
    chalet: rng.int(8000, 80_000),
    terrain: area,
    comm: rng.int(5000, 60_000),
  };
  const parking =
    type === "terrain" ? 0 : type === "condo" ? rng.int(0, 2) : type === "comm" ? rng.int(4, 40) : rng.int(1, 4);
  const pool = FEATURES_BY_TYPE[type];
  // One draw picks the features: bit k keeps pool[k] (about half of them), at least one.
  const bits = Math.floor(rng.next() * 2 ** pool.length) || 1;
  const features = pool.filter((_, k) => (bits >> k) & 1);
  return { year_built: year, lot_area: lot[type], parking, features };
}

interface GenerateOptions {
  count?: number;
  seed?: number;
  municipalities: readonly MunicipalityFixture[];
  /** The instant listing dates count back from (ISO); LISTING_REFERENCE_DATE by default. */
  reference?: string;
}

/** Generates `count` listings; every badge code appears when count is at least the number of badges. */
export function generateListings(options: GenerateOptions): ListingRecord[] {
  return Array.from(listingStream(options));
}

/**
 * The same listings one at a time, in the same order: a million of them (the scale bench) are
 * written to the store in batches without holding every one in memory.
 */
export function* listingStream(options: GenerateOptions): Generator<ListingRecord> {
  const count = options.count ?? DEFAULT_LISTING_COUNT;
  const rng = createRng(options.seed ?? DEFAULT_LISTING_SEED);
  const muns = options.municipalities;
  if (muns.length === 0) throw new Error("No municipalities to place listings in");
  const munWeights = muns.map((m) => [m, m.population ** 0.75] as const);
  const reference = Date.parse(options.reference ?? LISTING_REFERENCE_DATE);
  const usedUls = new Set<string>();
  // A stream of its own for the page details, so adding them left every other field as it was.
  const detailRng = createRng((options.seed ?? DEFAULT_LISTING_SEED) ^ 0x5bd1e995);

  for (let i = 0; i < count; i++) {
    const forced: Badge | undefined = count >= PROPERTY_BADGES.length ? PROPERTY_BADGES[i] : undefined;
    const mun = rng.weighted(munWeights);
    const regionFactor = REGION_PRICE_FACTOR[mun.region] ?? 0.8;
    const rentShare = mun.region === "montreal" ? 0.32 : mun.region === "laval" ? 0.22 : 0.14;
    const rent = forced === "rent" || (forced === undefined && rng.next() < rentShare);
    let type: PropertyType = rng.weighted(rent ? RENT_TYPES : BUY_TYPES);
    if (forced === "commercial") type = "comm";
    if (forced === "collection" || forced === "sold" || forced === "foreclosed" || forced === "new_build")
      type = "maison";
    if (forced === "open_house" && (type === "terrain" || type === "comm")) type = "condo";

    const specs = specsFor(rng, type, rent);
    const resort = RESORT_TOWNS.has(mun.DESCRIPTION) && (type === "chalet" || type === "maison") ? 1.35 : 1;
    const factor = rent ? 1 + (regionFactor - 1) * 0.7 : regionFactor;
    const median = (rent ? RENT_MEDIAN : BUY_MEDIAN)[type];
    const sizeFactor =
      type === "terrain" ? Math.sqrt(specs.area / 15000) : type === "comm" ? Math.sqrt(specs.area / 4000) : 1;
    const sigma = type === "comm" || type === "ferme" ? 0.45 : 0.3;
    let price = median * factor * resort * sizeFactor * Math.exp(rng.gaussian() * sigma);
    if (forced === "collection") price = Math.max(price, 1_600_000 + rng.int(0, 2_500_000));
    price = roundPrice(rng, price, rent);

    // Over the 240 days before the reference, fewer the closer to it: about 40 of 50,000 in its
    // last week, so "Nouveau" marks the newest few dozen, not every card of the first pages.
    const daysAgo = forced === "new" ? rng.int(0, NEW_LISTING_DAYS - 1) : Math.floor(Math.sqrt(rng.next()) * 240);
    const listedAt = new Date(reference - daysAgo * 86_400_000 - rng.int(0, 86_399) * 1000).toISOString();
    const openHouse =
      forced === "open_house" ||
      (forced === undefined && !rent && type !== "terrain" && type !== "comm" && rng.next() < 0.07);

    let badge: Badge | null = forced === "new" ? null : (forced ?? null);
    if (!forced) {
      if (!rent && rng.next() < 0.04) badge = "sold";
      else if (!rent && (type === "maison" || type === "condo") && rng.next() < 0.012) badge = "foreclosed";
      else if (openHouse) badge = "open_house";
      else if (!rent && (type === "maison" || type === "condo") && rng.next() < 0.05) badge = "new_build";
      // "new" is not stored: it is the listing's age when a visitor asks (listing-badge.ts).
      else if (!rent && price >= 1_500_000 && type !== "comm" && type !== "terrain") badge = "collection";
      else if (type === "comm") badge = "commercial";
      else if (rent) badge = "rent";
    }

    let uls: string;
    do uls = String(rng.int(10_000_000, 29_999_999));
    while (usedUls.has(uls));
    usedUls.add(uls);

    const radius = 0.012 + 0.00005 * Math.sqrt(mun.population);
    const lat = mun.lat + Math.max(-2.5, Math.min(2.5, rng.gaussian())) * radius;
    const lng =
      mun.lng + (Math.max(-2.5, Math.min(2.5, rng.gaussian())) * radius) / Math.cos((mun.lat * Math.PI) / 180);

    const street = rng.pick(STREETS);
    const number = type === "terrain" ? rng.int(1, 60) * 10 : rng.int(10, 9999);
    const apt = type === "condo" || (type === "prop" && rent) ? rng.int(1, 12) * 100 + rng.int(1, 8) : undefined;
    const address = {
      fr: `${number}, ${street.fr}${apt ? `, app. ${apt}` : ""}, ${mun.DESCRIPTION}`,
      en: `${apt ? `${apt}-` : ""}${number} ${street.en}, ${mun.DESCRIPTION}`,
    };

    const imageCount = rng.int(1, LISTING_IMAGE_COUNT);
    const first = rng.int(1, LISTING_IMAGE_COUNT);
    // A vacant lot shows land, not a house (the same draws, so every other listing stays as it was).
    const images = Array.from({ length: imageCount }, (_, k) =>
      type === "terrain"
        ? `/images/listings/lot-${((first - 1 + k) % LOT_IMAGE_COUNT) + 1}.svg`
        : `/images/listings/${((first - 1 + k) % LISTING_IMAGE_COUNT) + 1}.svg`,
    );

    const listing: ListingRecord = {
      uls,
      type,
      address,
      price,
      forSaleForRent: rent ? "rent" : "buy",
      url: listingUrls(type, rent, mun.DESCRIPTION, uls),
      carousel_images: images,
      property_image: images[0]!,
      specs,
      badge,
      coords: { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) },
      municipality: { MUN_CODE: mun.MUN_CODE, DESCRIPTION: mun.DESCRIPTION },
      listed_at: listedAt,
      open_house: openHouse,
      details: detailsFor(detailRng, type, specs.area, badge),
    };
    // Cheap guard: what we generate must satisfy the answer schema.
    if (i < 50) propertyListingSchema.parse(listing);
    yield listing;
  }
}
