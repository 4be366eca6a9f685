import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import studioEn from "../locales/studio/en.json";
import studioFr from "../locales/studio/fr.json";

/** Flattens nested messages to dotted keys: { a: { b: "x" } } → { "a.b": "x" }. */
function flatten(value: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

// The studio's catalogue is a separate file (kept out of public bundles) merged into the same keys.
const flat = {
  fr: flatten({ ...fr, studio: { ...fr.studio, ...studioFr.studio } }),
  en: flatten({ ...en, studio: { ...en.studio, ...studioEn.studio } }),
};

describe("locales", () => {
  it("the studio catalogue does not redefine a site key", () => {
    const site = Object.keys(flatten({ fr, en }));
    const studio = Object.keys(flatten({ fr: studioFr, en: studioEn }));
    expect(studio.filter((k) => site.includes(k))).toEqual([]);
  });

  it("fr.json and en.json have the same keys", () => {
    const frKeys = Object.keys(flat.fr).sort();
    const enKeys = Object.keys(flat.en).sort();
    expect(
      frKeys.filter((k) => !(k in flat.en)),
      "keys only in fr.json",
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !(k in flat.fr)),
      "keys only in en.json",
    ).toEqual([]);
    expect(frKeys.length).toBeGreaterThan(0);
  });

  it.each(["fr", "en"] as const)("%s.json has no empty or non-string values", (locale) => {
    const bad = Object.entries(flat[locale])
      .filter(([, value]) => typeof value !== "string" || value.trim() === "")
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it("interpolation placeholders match between languages", () => {
    const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const mismatched = Object.keys(flat.fr).filter(
      (key) => key in flat.en && placeholders(flat.fr[key]).join() !== placeholders(flat.en[key]).join(),
    );
    expect(mismatched).toEqual([]);
  });
});
