/**
 * The demo broker's own listings, featured on her home page: picked from the generated
 * listings (same seed, same picks) among those for sale in her area, Québec City and Lévis,
 * newest first; sold, rented, foreclosed and commercial listings are not hers to feature.
 * `scripts/feature-listings.ts` writes them into the home page fixture as a properties_block,
 * and a unit test checks the fixture still matches the generator.
 */
import type { Locale } from "../../../schema/locales";
import type { ListingRecord } from "./listings-generator";

export const BROKER_AREA = ["Québec", "Lévis"];
export const FEATURED_COUNT = 4;
const FEATURED_TYPES = new Set(["maison", "condo", "prop"]);
const NOT_FOR_SALE = new Set(["sold", "rent", "foreclosed", "commercial"]);

export function pickFeaturedListings(listings: readonly ListingRecord[], count = FEATURED_COUNT): ListingRecord[] {
  return listings
    .filter(
      (l) =>
        l.forSaleForRent === "buy" &&
        BROKER_AREA.includes(l.municipality.DESCRIPTION) &&
        FEATURED_TYPES.has(l.type) &&
        !(l.badge && NOT_FOR_SALE.has(l.badge)),
    )
    .sort((a, b) => b.listed_at.localeCompare(a.listed_at) || a.uls.localeCompare(b.uls))
    .slice(0, count);
}

const TYPE_LABEL: Record<Locale, Record<string, string>> = {
  fr: { maison: "Maison", condo: "Condo", prop: "Plex" },
  en: { maison: "House", condo: "Condo", prop: "Plex" },
};

/** One listing as an item of properties_block, in one language. */
export function featuredItem(listing: ListingRecord, locale: Locale) {
  const tag = locale === "fr" ? "fr-CA" : "en-CA";
  const price = new Intl.NumberFormat(tag, { style: "currency", currency: "CAD", maximumFractionDigits: 0 }).format(
    listing.price,
  );
  const area = new Intl.NumberFormat(tag).format(listing.specs.area);
  const { bed, bath } = listing.specs;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const specs =
    locale === "fr"
      ? [count(bed, "chambre", "chambres"), count(bath, "salle de bain", "salles de bain"), `${area} pi²`]
      : [count(bed, "bedroom", "bedrooms"), count(bath, "bathroom", "bathrooms"), `${area} sq. ft.`];
  return {
    hover_id: listing.uls,
    super_title: `${TYPE_LABEL[locale][listing.type] ?? listing.type} · ${listing.municipality.DESCRIPTION}`,
    main_title: listing.address[locale],
    secondary_title: price,
    link: { url: listing.url[locale], text: locale === "fr" ? "Voir la propriété" : "See the property" },
    list_items_repeater: specs.map((text) => ({ text })),
    medias_repeater: [
      {
        media: {
          image: {
            url: listing.property_image || listing.carousel_images[0],
            alt: locale === "fr" ? `Façade, ${listing.address.fr}` : `Front of ${listing.address.en}`,
            width: 800,
            height: 600,
          },
        },
      },
    ],
  };
}
