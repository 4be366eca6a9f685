/** Mortgage arithmetic against published Canadian figures (semi-annual compounding) and the down-payment thresholds. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DOWN_PAYMENT_RULES,
  downPaymentPercentage,
  formatCurrency,
  loanAmount,
  minimumDownPayment,
  monthlyRate,
  payment,
} from "../renderer/features/calculator/mortgage";

const round = (n: number) => Math.round(n * 100) / 100;

describe("payment", () => {
  it("400,000 over 25 years at 5% is 2,326.42 a month", () => {
    expect(round(payment(400_000, 0.05, 25, "monthly"))).toBe(2326.42);
  });
  it("100,000 over 25 years at 5% is 581.60 a month", () => {
    expect(round(payment(100_000, 0.05, 25, "monthly"))).toBe(581.6);
  });
  it("bi-weekly is half and weekly a quarter of the monthly payment", () => {
    const monthly = payment(400_000, 0.05, 25, "monthly");
    expect(payment(400_000, 0.05, 25, "bi-weekly")).toBeCloseTo(monthly / 2, 10);
    expect(payment(400_000, 0.05, 25, "weekly")).toBeCloseTo(monthly / 4, 10);
    expect(round(payment(400_000, 0.05, 25, "bi-weekly"))).toBe(1163.21);
  });
  it("uses i = (1 + j/2)^(2/12) − 1", () => {
    expect(monthlyRate(0.05)).toBeCloseTo(0.004123915, 9);
  });
  it("never goes below principal / months (0% rate)", () => {
    expect(payment(300_000, 0, 25, "monthly")).toBe(1000);
    expect(payment(0, 0.05, 25, "monthly")).toBe(0);
  });
});

describe("minimumDownPayment", () => {
  const cases: [number, number][] = [
    [499_999, 24_999.95],
    [500_000, 25_000],
    [500_001, 25_000.1],
    [999_999, 74_999.9],
    [1_000_000, 200_000],
    [1_500_000, 300_000],
  ];
  it.each(cases)("residential %d needs %d", (price, expected) => {
    expect(minimumDownPayment(price, "residential")).toBe(expected);
  });
  it("commercial needs 35%", () => {
    expect(minimumDownPayment(400_000, "commercial")).toBe(140_000);
    expect(minimumDownPayment(1_000_000, "commercial")).toBe(350_000);
  });
  it("follows the block's thresholds (1,500,000 upper threshold)", () => {
    const rules = { ...DEFAULT_DOWN_PAYMENT_RULES, threshold_high: 1_500_000 };
    expect(minimumDownPayment(1_200_000, "residential", rules)).toBe(25_000 + 70_000);
    expect(minimumDownPayment(1_500_000, "residential", rules)).toBe(300_000);
  });
});

describe("derived fields", () => {
  it("loan amount never below 0; percentage with 2 decimals", () => {
    expect(loanAmount(400_000, 80_000)).toBe(320_000);
    expect(loanAmount(400_000, 500_000)).toBe(0);
    expect(downPaymentPercentage(400_000, 25_000)).toBe("6.25");
    expect(downPaymentPercentage(0, 25_000)).toBe("");
  });
  it("formats CAD with 2 decimals per locale", () => {
    expect(formatCurrency(2326.42, "en")).toBe("$2,326.42");
    expect(formatCurrency(2326.42, "fr").replace(/\s/g, " ")).toBe("2 326,42 $");
  });
});

describe("decimals in the visitor's locale", () => {
  it('reads "4,79" and "4.79" alike, never as 479', async () => {
    const { parseDecimal } = await import("../renderer/features/calculator/mortgage");
    expect(parseDecimal("4,79")).toBe(4.79);
    expect(parseDecimal("4.79")).toBe(4.79);
    expect(parseDecimal(" 5 ")).toBe(5);
    expect(parseDecimal(",5")).toBe(0.5);
    for (const bad of ["", "-1", "4,7,9", "4.7.9", "abc", "4,79%"]) expect(parseDecimal(bad)).toBeNaN();
  });
  it('formats "20,00" and "5,5" in French, "20.00" and "5.5" in English', async () => {
    const { formatDecimal } = await import("../renderer/features/calculator/mortgage");
    expect(downPaymentPercentage(500_000, 100_000, "fr")).toBe("20,00");
    expect(downPaymentPercentage(500_000, 100_000, "en")).toBe("20.00");
    expect(formatDecimal(5.5, "fr")).toBe("5,5");
    expect(formatDecimal(5.5, "en")).toBe("5.5");
    expect(formatDecimal(1234.5, "fr")).toBe("1234,5");
  });
});
