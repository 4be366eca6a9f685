import { describe, expect, it, vi } from "vitest";
import {
  activeFilterCount,
  apiQuery,
  castFilter,
  filtersFromQuery,
  initialFilters,
  mergeFilters,
  readStoredFilters,
  STORAGE_KEY,
  sameValue,
  writeFiltersToQuery,
} from "../renderer/features/search/filters";
import { formatPrice, nearestIncrement, parsePriceInput, priceIncrements } from "../renderer/features/search/price";
import { cardColumns, createThrottle } from "../renderer/features/search/throttle";
import { createTooltipCache, type TooltipData } from "../renderer/features/search/tooltip-cache";
import { defaultPriceIncrements } from "../schema/search";

describe("query casts", () => {
  it("casts each key", () => {
    expect(castFilter("mun", ["66023,23027", "65005"])).toEqual(["23027", "65005", "66023"]);
    expect(castFilter("type", ["maison"])).toEqual(["maison"]);
    expect(castFilter("price_min", ["250 000"])).toBe(250000);
    expect(castFilter("bedrooms", ["3"])).toBe(3);
    expect(castFilter("bedrooms", ["abc"])).toBeUndefined();
    expect(castFilter("forSaleForRent", ["rent"])).toBe("rent");
    expect(castFilter("open_house", ["true"])).toBe(true);
    expect(castFilter("open_house", ["false"])).toBe(false);
  });
  it("reads only recognised keys, undefined when none", () => {
    expect(filtersFromQuery(new URLSearchParams("utm=1"))).toBeUndefined();
    expect(filtersFromQuery(new URLSearchParams("mun=2,1&price_max=600000&x=1"))).toEqual({
      mun: ["1", "2"],
      price_max: 600000,
    });
  });
  it("merges defaults with the query, resets with reset_filters=true, else uses the session", () => {
    const defaults = { forSaleForRent: "buy" };
    expect(initialFilters(defaults, new URLSearchParams("type=condo"))).toEqual({
      forSaleForRent: "buy",
      type: ["condo"],
    });
    expect(initialFilters(defaults, new URLSearchParams("reset_filters=true&type=condo"), { bedrooms: 2 })).toEqual(
      defaults,
    );
    expect(initialFilters(defaults, new URLSearchParams(""), { bedrooms: 2 })).toEqual({ bedrooms: 2 });
  });
});

describe("comparison and merge", () => {
  it("compares arrays sorted", () => {
    expect(sameValue(["b", "a"], ["a", "b"])).toBe(true);
    expect(sameValue(["a"], ["a", "b"])).toBe(false);
    expect(sameValue(undefined, [])).toBe(false);
    expect(sameValue(3, 3)).toBe(true);
  });
  it("replaces a value only when different (identity kept otherwise)", () => {
    const current = { mun: ["1", "2"], bedrooms: 2 };
    expect(mergeFilters(current, { mun: ["2", "1"] })).toBe(current);
    expect(mergeFilters(current, { bedrooms: 3 })).toEqual({ mun: ["1", "2"], bedrooms: 3 });
  });
});

describe("URL write-back", () => {
  it("writes non-empty filters in key order, never bounds, keeping other keys", () => {
    const out = writeFiltersToQuery(new URLSearchParams("utm=x&reset_filters=true&bedrooms=4"), {
      price_max: 600000,
      mun: ["66023", "23027"],
      open_house: false,
      type: [],
      forSaleForRent: "buy",
    });
    expect(out.toString()).toBe("utm=x&mun=23027%2C66023&price_max=600000&forSaleForRent=buy");
    expect(out.has("SouthWest_lat")).toBe(false);
  });
  it("builds the API query with bounds and open_house=1", () => {
    const q = apiQuery(
      { open_house: true, type: ["condo"] },
      { zoom: 5 },
      { south: 45, west: -74, north: 46, east: -73 },
    );
    expect(q.get("open_house")).toBe("1");
    expect(q.get("SouthWest_lat")).toBe("45.000000");
    expect(q.get("zoom")).toBe("5");
  });
  it("counts active filters", () => {
    expect(activeFilterCount({ mun: ["1", "2"], bedrooms: 2, open_house: false }, ["mun"])).toBe(1);
  });
  it("reads stored filters with zod/mini, ignoring junk", () => {
    expect(readStoredFilters({ getItem: (k) => (k === STORAGE_KEY ? '{"bedrooms":2,"mun":["1"]}' : null) })).toEqual({
      bedrooms: 2,
      mun: ["1"],
    });
    expect(readStoredFilters({ getItem: () => '{"bedrooms":"x"}' })).toBeUndefined();
    expect(readStoredFilters({ getItem: () => "{" })).toBeUndefined();
  });
});

describe("prices", () => {
  it("uses the default increments", () => {
    expect(priceIncrements()).toEqual(defaultPriceIncrements());
  });
  it("parses typed prices without commas and spaces", () => {
    expect(parsePriceInput("450,000")).toBe(450000);
    expect(parsePriceInput("450 000 $")).toBe(450000);
    expect(parsePriceInput("")).toBeUndefined();
    expect(parsePriceInput("abc")).toBeUndefined();
  });
  it("snaps to the nearest increment and formats CAD per locale", () => {
    const inc = priceIncrements();
    expect(inc[nearestIncrement(inc, 530_000, 0)]).toBe(550_000);
    expect(formatPrice("en", 450000)).toBe("$450,000");
    expect(formatPrice("fr", 450000).replace(/\s/g, " ")).toBe("450 000 $");
  });
});

describe("tooltip cache", () => {
  const item = (uls: string, price = 1): TooltipData => ({
    uls,
    price,
    address: { fr: "a", en: "a" },
    carousel_images: [],
    specs: { bed: 1, bath: 1, area: 1 },
    type: "condo",
    url: { fr: "/fr", en: "/en" },
  });
  it("fills only when absent", () => {
    const cache = createTooltipCache();
    cache.fill(item("1", 1));
    cache.fill(item("1", 2));
    expect(cache.get("1")?.price).toBe(1);
  });
  it("returns the cached entry without fetching, caches fetched ones, null on failure", async () => {
    const cache = createTooltipCache();
    cache.fill(item("1"));
    const load = vi.fn(async (uls: string) => item(uls, 9));
    expect((await cache.fetch("1", load))?.price).toBe(1);
    expect(load).not.toHaveBeenCalled();
    expect((await cache.fetch("2", load))?.price).toBe(9);
    expect(await cache.fetch("2", load)).toBe(cache.get("2"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.fetch("3", () => Promise.reject(new Error("x")))).toBeNull();
    expect(cache.has("3")).toBe(false);
  });
});

describe("count throttle and grid", () => {
  it("runs at once, then at most once per 500 ms with the last arguments", () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const th = createThrottle((n: number) => calls.push(n), 500);
    th.run(1);
    th.run(2);
    th.run(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.useRealTimers();
  });
  it("shows 3 cards per row at xxxl, 2 at md, else 1", () => {
    expect(cardColumns(1680)).toBe(3);
    expect(cardColumns(1679)).toBe(2);
    expect(cardColumns(768)).toBe(2);
    expect(cardColumns(767)).toBe(1);
  });
});
