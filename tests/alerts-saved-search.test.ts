/**
 * What "Créer une alerte" saves from the search page (issue 32, after issue 34 added the sold
 * filter): only keys the saved search's strict schema knows, the map's area when given, and no
 * alert for a search of sold listings.
 */
import { describe, expect, it } from "vitest";
import { savedSearchFrom } from "../renderer/features/alerts/saved-search";
import { filtersFromQuery } from "../renderer/features/search/filters";
import { savedSearchSchema } from "../schema/alerts";

describe("savedSearchFrom", () => {
  it("keeps every filter of the search page and the map's area, and the server accepts it", () => {
    const filters = filtersFromQuery(
      new URLSearchParams(
        "mun=66023&type=condo&type=maison&price_min=200000&price_max=600000&bedrooms=2&bathrooms=1&forSaleForRent=buy&open_house=true",
      ),
    );
    const bounds = { south: 45.4, west: -73.7, north: 45.6, east: -73.5 };
    const search = savedSearchFrom(filters ?? {}, bounds);
    expect(search).toEqual({
      mun: ["66023"],
      type: ["condo", "maison"],
      price_min: 200000,
      price_max: 600000,
      bedrooms: 2,
      bathrooms: 1,
      forSaleForRent: "buy",
      open_house: true,
      bounds,
    });
    expect(savedSearchSchema.safeParse(search).success).toBe(true);
  });

  it("offers no alert for sold listings, and nothing unknown reaches the strict schema", () => {
    expect(savedSearchFrom(filtersFromQuery(new URLSearchParams("status=sold&type=condo")) ?? {})).toBeUndefined();
    const search = savedSearchFrom({ type: ["condo"], forSaleForRent: "nonsense" });
    expect(search).toEqual({ type: ["condo"] });
    expect(savedSearchSchema.safeParse(search).success).toBe(true);
  });
});
