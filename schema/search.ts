/**
 * Search constants shared by the content service and the browser (site.md §9):
 * the default price increments of the price filter and the property type labels.
 */
import { PROPERTY_TYPES } from "./api";

/** Default price increments: 0 to 500,000 by 25,000; 550,000 to 1,000,000 by 50,000; then 2M, 3M, 4M, 5M, 10M. */
export function defaultPriceIncrements(): number[] {
  const steps: number[] = [];
  for (let price = 0; price <= 500_000; price += 25_000) steps.push(price);
  for (let price = 550_000; price <= 1_000_000; price += 50_000) steps.push(price);
  steps.push(2_000_000, 3_000_000, 4_000_000, 5_000_000, 10_000_000);
  return steps;
}

/** Label of each property type code, per locale. */
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], { fr: string; en: string }> = {
  maison: { fr: "Maison", en: "House" },
  condo: { fr: "Condo", en: "Condo" },
  prop: { fr: "Plex / immeuble à revenus", en: "Plex / income property" },
  ferme: { fr: "Fermette / terre agricole", en: "Hobby farm / farmland" },
  chalet: { fr: "Chalet", en: "Cottage" },
  terrain: { fr: "Terrain", en: "Lot" },
  comm: { fr: "Commercial", en: "Commercial" },
};

export const propertyTypeOptions = () =>
  PROPERTY_TYPES.map((code) => ({ code, label: { ...PROPERTY_TYPE_LABELS[code] } }));

/** Markers above this count are clustered, so a map answer never carries thousands of points. */
export const MAX_MAP_MARKERS = 300;
/** Search page size (site.md §9). */
export const SEARCH_PAGE_SIZE = 25;
