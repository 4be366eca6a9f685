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

  // Parts of the core files (renderer/messages/{part}.ts imports `locales/fr.json?only=a,b&messages`):
  // the core loader leaves out exactly their keys, so every key reaches the browser once.
  const parts = Object.fromEntries(
    fs
      .readdirSync("renderer/messages")
      .map((file) => [file.replace(/\.ts$/, ""), fs.readFileSync(`renderer/messages/${file}`, "utf8")] as const)
      .map(([name, text]) => [name, text.match(/fr\.json\?only=([\w,-]+)&messages/)?.[1]?.split(",")] as const)
      .filter((entry): entry is readonly [string, string[]] => Boolean(entry[1])),
  );

  it("the core messages chunk leaves out exactly the keys of the parts loaded with their blocks", () => {
    const core = fs.readFileSync("renderer/lib/i18n.ts", "utf8");
    const excepted = ["fr", "en"].map(
      (locale) =>
        core
          .match(new RegExp(`${locale}\\.json\\?except=([\\w,-]+)&messages`))?.[1]
          ?.split(",")
          .sort() ?? [],
    );
    const partKeys = Object.values(parts).flat();
    expect(Object.keys(parts).length).toBeGreaterThan(0);
    expect(excepted[0]).toEqual([...partKeys].sort());
    expect(excepted[1]).toEqual(excepted[0]);
    expect(new Set(partKeys).size, "a key in two parts").toBe(partKeys.length);
    for (const key of partKeys) expect(Object.keys(coreFr), key).toContain(key);
    for (const [name, keys] of Object.entries(parts)) {
      const text = fs.readFileSync(`renderer/messages/${name}.ts`, "utf8");
      expect(text, `${name}: same keys in English`).toContain(`en.json?only=${keys.join(",")}&messages`);
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
    const loaders: [string, string][] = [
      ...NAMESPACES.map((ns) => [ns, ns] as [string, string]),
      ...Object.entries(parts).flatMap(([name, keys]) => keys.map((key) => [key, name] as [string, string])),
      // Parts of a namespace's file (`locales/listing/fr.json?only=listing.gallery,…&messages`).
      ...fs.readdirSync("renderer/messages").flatMap((file) =>
        (
          fs
            .readFileSync(`renderer/messages/${file}`, "utf8")
            .match(/\/\w+\/fr\.json\?only=([\w.,-]+)&messages/)?.[1] ?? ""
        )
          .split(",")
          .filter((key) => key.includes("."))
          .map((key) => [key.replace(/\./g, "\\."), file.replace(/\.ts$/, "")] as [string, string]),
      ),
    ];
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      for (const [key, loader] of loaders) {
        if (!new RegExp(`["'\`]${key}\\.[\\w$\\{-]`).test(text)) continue;
        if (!new RegExp(`import ["'][./]+(?:renderer/)?messages/${loader}["']`).test(text))
          missing.push(`${file}: ${key} (messages/${loader})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
