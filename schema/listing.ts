/**
 * A listing's page details: feature codes per property type and the details' shape.
 * Dependency-free (no zod) so browser code may import it; the zod schema is in api.ts.
 */
import type { PROPERTY_TYPES } from "./api";

export const LISTING_FEATURES = [
  "fireplace",
  "garage",
  "pool",
  "waterfront",
  "view",
  "renovated_kitchen",
  "heat_pump",
  "finished_basement",
  "balcony",
  "elevator",
  "air_conditioning",
  "near_transit",
  "near_schools",
  "wooded_lot",
  "workshop",
  "well",
  "barn",
  "storefront",
  "loading_dock",
  "separate_meters",
  "serviced",
] as const;
export type ListingFeature = (typeof LISTING_FEATURES)[number];

/** The features a listing of each type may have (at most 8, one random draw picks a subset). */
export const FEATURES_BY_TYPE: Record<(typeof PROPERTY_TYPES)[number], readonly ListingFeature[]> = {
  maison: [
    "fireplace",
    "garage",
    "pool",
    "renovated_kitchen",
    "heat_pump",
    "finished_basement",
    "near_schools",
    "view",
  ],
  condo: ["balcony", "elevator", "air_conditioning", "near_transit", "renovated_kitchen", "view", "garage"],
  prop: ["separate_meters", "near_transit", "finished_basement", "heat_pump", "garage", "balcony"],
  ferme: ["barn", "well", "wooded_lot", "workshop", "fireplace", "view", "waterfront"],
  chalet: ["waterfront", "fireplace", "wooded_lot", "view", "well", "heat_pump", "workshop"],
  terrain: ["serviced", "wooded_lot", "waterfront", "view"],
  comm: ["storefront", "loading_dock", "air_conditioning", "near_transit", "elevator"],
};

export interface ListingDetails {
  /** Null for a lot without a building. */
  year_built: number | null;
  /** Square feet; null for a condo (no lot of its own). */
  lot_area: number | null;
  parking: number;
  features: ListingFeature[];
}

/** One square foot in square metres. */
export const SQFT_TO_M2 = 0.09290304;
