import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import coreEn from "../locales/en.json";
import coreFr from "../locales/fr.json";
import studioEn from "../locales/studio/en.json";
import studioFr from "../locales/studio/fr.json";

/** Feature namespaces: locales/{name}/{fr,en}.json, each `{ name: { … } }`, loaded with their modules. */
const NAMESPACES = fs
  .readdirSync("locales", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "studio")
  .map((entry) => entry.name);
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
const withNamespaces = (core: Record<string, unknown>, locale: string) =>
  Object.assign({}, core, ...NAMESPACES.map((ns) => readJson(`locales/${ns}/${locale}.json`)));
const fr = withNamespaces(coreFr, "fr");
const en = withNamespaces(coreEn, "en");

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
  fr: flatten({ ...fr, studio: { ...(fr.studio as object), ...studioFr.studio } }),
  en: flatten({ ...en, studio: { ...(en.studio as object), ...studioEn.studio } }),
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

  it.each(NAMESPACES)("the %s namespace holds only its own key, in both languages, not in the core", (ns) => {
    for (const locale of ["fr", "en"]) {
      expect(Object.keys(readJson(`locales/${ns}/${locale}.json`))).toEqual([ns]);
      expect(ns in (locale === "fr" ? coreFr : coreEn)).toBe(false);
    }
  });

  // A module that uses a namespace's keys imports renderer/messages/{ns}, which awaits them:
  // without it the browser would show raw keys (the server has every namespace).
  it("every module using a feature namespace's keys loads that namespace", () => {
    const files = ["renderer", "studio"].flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f) && !f.includes("messages/"))
        .map((f) => path.join(dir, f)),
    );
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      for (const ns of NAMESPACES) {
        if (!new RegExp(`["'\`]${ns}\\.[\\w$\\{-]`).test(text)) continue;
        if (!new RegExp(`import ["'][./]+(?:renderer/)?messages/${ns}["']`).test(text)) missing.push(`${file}: ${ns}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
