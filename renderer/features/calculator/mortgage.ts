/**
 * Mortgage arithmetic (site.md §5, §9; spec README decisions 1 and 2). Pure: the
 * block passes its thresholds and rates as parameters.
 */

export type PropertyKind = "residential" | "commercial";
export type PaymentFrequency = "weekly" | "bi-weekly" | "monthly";
export const PAYMENT_FREQUENCIES: readonly PaymentFrequency[] = ["weekly", "bi-weekly", "monthly"];
export const AMORTIZATION_PERIODS = [5, 10, 15, 20, 25] as const;

export interface DownPaymentRules {
  /** Lower threshold: 5% up to it (default 500,000). */
  threshold_low: number;
  /** Upper threshold: 20% at and above it (default 1,000,000). */
  threshold_high: number;
  rate_low: number;
  rate_mid: number;
  rate_high: number;
  rate_commercial: number;
}

export const DEFAULT_DOWN_PAYMENT_RULES: DownPaymentRules = {
  threshold_low: 500_000,
  threshold_high: 1_000_000,
  rate_low: 0.05,
  rate_mid: 0.1,
  rate_high: 0.2,
  rate_commercial: 0.35,
};

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Minimum down payment: commercial 35%; at or above the upper threshold 20%; above the
 * lower threshold 5% of the lower threshold plus 10% of the remainder; otherwise 5%.
 */
export function minimumDownPayment(
  price: number,
  type: PropertyKind,
  rules: DownPaymentRules = DEFAULT_DOWN_PAYMENT_RULES,
): number {
  if (!Number.isFinite(price) || price <= 0) return 0;
  if (type === "commercial") return cents(price * rules.rate_commercial);
  if (price >= rules.threshold_high) return cents(price * rules.rate_high);
  if (price > rules.threshold_low) {
    return cents(rules.threshold_low * rules.rate_low + (price - rules.threshold_low) * rules.rate_mid);
  }
  return cents(price * rules.rate_low);
}

/** Monthly rate of a Canadian fixed-rate mortgage: semi-annual compounding, i = (1 + j/2)^(2/12) − 1. */
export const monthlyRate = (annualRate: number) => (1 + annualRate / 2) ** (2 / 12) - 1;

/**
 * Payment for a loan `principal` at `annualRate` (0.05 = 5%) over `years`:
 * monthly = max(L·i / (1 − (1+i)^−n), L/n) with n = years × 12; bi-weekly is half
 * of it and weekly a quarter.
 */
export function payment(principal: number, annualRate: number, years: number, frequency: PaymentFrequency): number {
  if (!(principal > 0) || !(years > 0)) return 0;
  const n = years * 12;
  const i = monthlyRate(Math.max(0, annualRate));
  const amortised = i > 0 ? (principal * i) / (1 - (1 + i) ** -n) : 0;
  const monthly = Math.max(amortised, principal / n);
  if (frequency === "weekly") return monthly / 4;
  if (frequency === "bi-weekly") return monthly / 2;
  return monthly;
}

/** Loan amount: price minus down payment, never below 0. */
export const loanAmount = (price: number, downPayment: number) => Math.max(0, price - downPayment);

/** Down payment as a percentage of the price, 2 decimals in the locale's format ("20,00" in French; "" without a price). */
export function downPaymentPercentage(price: number, downPayment: number, locale: "fr" | "en" = "en"): string {
  if (!(price > 0)) return "";
  return formatDecimal((downPayment / price) * 100, locale, 2);
}

/**
 * A decimal number typed by a visitor: "4,79" (the French way) and "4.79" are both 4.79;
 * spaces (grouping) are ignored. NaN for anything else (a sign, letters, two separators), so
 * "4,79" is never read as 479.
 */
export function parseDecimal(raw: string): number {
  const text = raw.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return Number.NaN;
  return Number(text);
}

/**
 * A decimal in the locale's format without grouping: "5,5" in French, "5.5" in English;
 * `digits` fixes the decimals (2: "20,00"), otherwise up to 4 as needed.
 */
export function formatDecimal(value: number, locale: "fr" | "en", digits?: number): string {
  if (!Number.isFinite(value)) return "";
  return new Intl.NumberFormat(`${locale}-CA`, {
    useGrouping: false,
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 4,
  }).format(value);
}

/** CAD with 2 decimals in the visitor's locale (site.md §9). */
export function formatCurrency(value: number, locale: "fr" | "en"): string {
  return new Intl.NumberFormat(`${locale}-CA`, {
    style: "currency",
    currency: "CAD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
