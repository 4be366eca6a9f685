/** The input masks (site.md §5), exhaustively on their edge cases. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatAmount,
  maskAmount,
  maskArea,
  maskCount,
  maskPhone,
  maskPostalCode,
  maskYear,
  parseAmount,
} from "../renderer/features/forms/masks";
import { PHONE_PATTERN, POSTAL_CODE_PATTERN } from "../schema/forms";

describe("maskPhone", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["514", "(514"],
    ["5145", "(514) 5"],
    ["514555", "(514) 555"],
    ["5145550", "(514) 555-0"],
    ["5145550199", "(514) 555-0199"],
    ["514-555-0199 ext 12", "(514) 555-0199"],
    ["+1 514 555 0199", "(514) 555-0199"],
    ["(514) 555-01999", "(514) 555-0199"],
    ["abc", ""],
  ])("%j → %j", (raw, masked) => expect(maskPhone(raw)).toBe(masked));

  it("is idempotent and any 10 digits give the full pattern", () => {
    fc.assert(
      fc.property(fc.string(), (s) => maskPhone(maskPhone(s)) === maskPhone(s)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{9}$/), (digits) => PHONE_PATTERN.test(maskPhone(digits))),
      { numRuns: 200 },
    );
  });

  it("deleting the last character of a masked value removes one digit", () => {
    const masked = maskPhone("5145550199");
    expect(maskPhone(masked.slice(0, -1))).toBe("(514) 555-019");
    expect(maskPhone("(514) ".slice(0, -1))).toBe("(514");
  });
});

describe("maskPostalCode", () => {
  it.each([
    ["", ""],
    ["g", "G"],
    ["g1v", "G1V"],
    ["g1v4", "G1V 4"],
    ["g1v4t3", "G1V 4T3"],
    ["G1V 4T3", "G1V 4T3"],
    ["g1v-4t3xx", "G1V 4T3"],
    ["1g1v4t3", "G1V 4T3"],
    ["gg1", "G1"],
  ])("%j → %j", (raw, masked) => expect(maskPostalCode(raw)).toBe(masked));

  it("full results always match A#A #A#", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const masked = maskPostalCode(s);
        return masked.length < 7 || POSTAL_CODE_PATTERN.test(masked);
      }),
      { numRuns: 300 },
    );
  });
});

describe("digit masks", () => {
  it("year 4, counts 2, areas 6 digits, never negative", () => {
    expect(maskYear("19985")).toBe("1998");
    expect(maskYear("abc19")).toBe("19");
    expect(maskCount("-3")).toBe("3");
    expect(maskCount("123")).toBe("12");
    expect(maskCount("0")).toBe("0");
    expect(maskArea("1 250 000")).toBe("125000");
    expect(maskArea("950 pi²")).toBe("950");
  });
});

describe("amounts", () => {
  it("groups digits per locale", () => {
    expect(formatAmount(1_250_000, "fr")).toBe("1 250 000");
    expect(formatAmount(1_250_000, "en")).toBe("1,250,000");
    expect(formatAmount(999, "en")).toBe("999");
    expect(formatAmount(null, "en")).toBe("");
    expect(formatAmount(0, "fr")).toBe("0");
  });
  it("accepts digits with spaces and separators removed", () => {
    expect(parseAmount("1 250 000")).toBe(1_250_000);
    expect(parseAmount("1,250,000")).toBe(1_250_000);
    expect(parseAmount("00012")).toBe(12);
    expect(parseAmount("")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
    expect(maskAmount("1250000", "fr")).toBe("1 250 000");
    expect(maskAmount("1 250 0001", "en")).toBe("12,500,001");
  });
  it("round-trips", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom("fr" as const, "en" as const), (n, locale) => {
        return parseAmount(formatAmount(n, locale)) === n;
      }),
    );
  });
});
