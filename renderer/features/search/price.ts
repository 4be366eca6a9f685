/** Prices of the search (site.md §4, §9): increments, text input parsing and display in CAD. */
import type { Locale } from "../../../schema/common";

/** Default price increments: 0 to 500,000 by 25,000; 550,000 to 1,000,000 by 50,000; then 2M, 3M, 4M, 5M, 10M. */
export function priceIncrements(): number[] {
  const steps: number[] = [];
  for (let price = 0; price <= 500_000; price += 25_000) steps.push(price);
  for (let price = 550_000; price <= 1_000_000; price += 50_000) steps.push(price);
  steps.push(2_000_000, 3_000_000, 4_000_000, 5_000_000, 10_000_000);
  return steps;
}

/** Reads a typed price: commas, spaces (including narrow no-break) and a dollar sign are ignored; empty or invalid → undefined. */
export function parsePriceInput(text: string): number | undefined {
  const clean = text.replace(/[\s,\u00a0\u202f$]/g, "");
  if (clean === "" || !/^\d+(\.\d+)?$/.test(clean)) return undefined;
  return Math.round(Number(clean));
}

/** Index of the increment nearest to a price (slider thumb position). */
export function nearestIncrement(increments: readonly number[], price: number | undefined, fallback: number): number {
  if (price === undefined) return fallback;
  let best = 0;
  for (let i = 1; i < increments.length; i++) {
    if (Math.abs(increments[i]! - price) < Math.abs(increments[best]! - price)) best = i;
  }
  return best;
}

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, currency?: boolean): Intl.NumberFormat {
  const key = currency ? `${locale}$` : locale;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      `${locale}-CA`,
      currency ? { style: "currency", currency: "CAD", maximumFractionDigits: 0 } : undefined,
    );
    formatters.set(key, f);
  }
  return f;
}

/** A price in Canadian dollars for the locale (fr-CA: "450 000 $", en-CA: "$450,000"). */
export const formatPrice = (locale: Locale, price: number): string => numberFormat(locale, true).format(price);

/**
 * A count or a measure with the locale's grouping, as prices have it (fr-CA: "50 000" with a
 * no-break space, en-CA: "50,000"): counts of results and clusters, areas.
 */
export const formatNumber = (locale: Locale, n: number): string => numberFormat(locale).format(n);
