import { describe, expect, it } from "vitest";
import { BREAKPOINTS, computeBreakpoints, DEFAULT_WINDOW, RESIZE_THROTTLE_MS } from "../renderer/lib/breakpoints";

describe("breakpoints", () => {
  it("uses the spec's values", () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1440, xxxl: 1680, xxxxl: 1921 });
    expect(DEFAULT_WINDOW).toEqual({ width: 414, height: 896 });
    expect(RESIZE_THROTTLE_MS).toBe(50);
  });

  it("computes the server default (414 wide): every up flag false", () => {
    const b = computeBreakpoints(DEFAULT_WINDOW.width, DEFAULT_WINDOW.height);
    expect(b.width).toBe(414);
    expect(b.height).toBe(896);
    for (const name of Object.keys(BREAKPOINTS)) {
      expect(b[`${name}Up` as keyof typeof b]).toBe(false);
      expect(b[`${name}Down` as keyof typeof b]).toBe(true);
    }
  });

  it("up is width ≥ breakpoint, down its negation", () => {
    for (const [name, min] of Object.entries(BREAKPOINTS)) {
      const below = computeBreakpoints(min - 1);
      const at = computeBreakpoints(min);
      expect(below[`${name}Up` as keyof typeof below]).toBe(false);
      expect(below[`${name}Down` as keyof typeof below]).toBe(true);
      expect(at[`${name}Up` as keyof typeof at]).toBe(true);
      expect(at[`${name}Down` as keyof typeof at]).toBe(false);
    }
  });

  it("a 1280 wide window is xl but not xxl", () => {
    const b = computeBreakpoints(1280, 800);
    expect([b.smUp, b.mdUp, b.lgUp, b.xlUp, b.xxlUp, b.xxxlUp, b.xxxxlUp]).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(b.xxlDown).toBe(true);
  });

  it("1920 is not xxxxl, 1921 is", () => {
    expect(computeBreakpoints(1920).xxxxlUp).toBe(false);
    expect(computeBreakpoints(1921).xxxxlUp).toBe(true);
  });
});
