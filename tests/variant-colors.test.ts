/**
 * The variant banner's named colours (blocks.md "Variant colours"): every colour of the
 * palette has its rule in the stylesheet, and its text reads at WCAG AA (4.5:1) on it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VARIANT_COLORS } from "../schema/common";

const RENDERER = path.resolve(import.meta.dirname, "../renderer");
const read = (file: string) => fs.readFileSync(path.join(RENDERER, file), "utf8");
/** Where the palette lives, and the banner's own rule. */
const css = read("ui/shell/shell.css");
const globalCss = read("styles/global.css");
/** Every stylesheet of the site (a second palette elsewhere, unlayered, would win over this one). */
const allSheets = (fs.readdirSync(RENDERER, { recursive: true }) as string[])
  .filter((file) => file.endsWith(".css"))
  .map((file) => ({ file, text: read(file) }));

function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The custom properties a `.variant-<name>` rule sets. */
function ruleOf(name: string): { bg?: string; fg?: string } {
  const body = new RegExp(`\\.variant-${name}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
  return {
    bg: /--variant-bg:\s*(#[0-9a-f]{3,6})\b/i.exec(body)?.[1],
    fg: /--variant-fg:\s*(#[0-9a-f]{3,6})\b/i.exec(body)?.[1],
  };
}

describe("variant banner colours", () => {
  it("checks the contrast formula against known pairs", () => {
    expect(contrast("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("has a rule for each of the 15 named colours, and no global colour", () => {
    expect(VARIANT_COLORS).toHaveLength(15);
    for (const name of VARIANT_COLORS) {
      const rule = ruleOf(name);
      expect(rule.bg, name).toBeDefined();
      expect(rule.fg, name).toBeDefined();
    }
    // Two named colours never share a background: each reads as itself.
    const backgrounds = VARIANT_COLORS.map((name) => ruleOf(name).bg?.toLowerCase());
    expect(new Set(backgrounds).size).toBe(VARIANT_COLORS.length);
    // The banner itself paints with the variant's properties (blue only as a fallback).
    const banner = /\.variant-banner\s*\{([^}]*)\}/.exec(globalCss)?.[1] ?? "";
    expect(banner).toMatch(/background:\s*var\(--variant-bg\b/);
    expect(banner).toMatch(/color:\s*var\(--variant-fg\b/);
  });

  it("is defined once: no other stylesheet paints a palette colour (an unlayered one would win)", () => {
    const colour = new RegExp(`\\.variant-(${VARIANT_COLORS.join("|")})(?![\\w-])`);
    const offenders = allSheets
      .filter(({ file }) => file !== path.join("ui", "shell", "shell.css"))
      .filter(({ text }) => colour.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    // The banner's own box sets no colour of its own besides the variant's properties.
    expect(css).not.toMatch(/\.variant-banner\s*\{/);
  });

  it.each(VARIANT_COLORS)("reads at 4.5:1 or more on %s", (name) => {
    const { bg, fg } = ruleOf(name);
    expect(contrast(bg!, fg!)).toBeGreaterThanOrEqual(4.5);
  });
});
