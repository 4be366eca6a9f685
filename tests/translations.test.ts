/**
 * Missing translations from the schema's field kinds (issue 33): the fields a visitor reads
 * (text, rich text, a link's text and address, an image's picture and alt, repeater items) that
 * one language has and the other lacks; parameters and empty-in-both fields are not reported; the
 * visitor's page falls back to the other language field by field.
 */
import { describe, expect, it } from "vitest";
import type { Block } from "../schema/block";
import { missingTranslations, pageTranslations, withFallbackText } from "../schema/translations";

const block = (block_type: string, fr: object, en: object, block_params: object = {}): Block =>
  ({ id: `b-${block_type}`, block_type, block_params, fields: { fr, en } }) as unknown as Block;

describe("missingTranslations", () => {
  it("names an emptied English title, a link's text and rich text that is only markup", () => {
    const b = block(
      "text_block_1",
      { main_title: "Bienvenue", description: "<p>Un texte</p>", cta: { text: "Me joindre", url: "/fr/contact" } },
      { main_title: "", description: "<p></p>", cta: { text: "", url: "/en/contact" } },
    );
    expect(missingTranslations(b)).toEqual([
      { path: "fields.en.main_title", locale: "en" },
      { path: "fields.en.description", locale: "en" },
      { path: "fields.en.cta.text", locale: "en" },
    ]);
  });

  it("compares repeater items one by one, in both directions", () => {
    const b = block(
      "text_block_2",
      { cta_repeater: [{ cta: { text: "Acheter", url: "/fr/a" } }, { cta: { text: "", url: "" } }] },
      { cta_repeater: [{ cta: { text: "Buy", url: "/en/a" } }, { cta: { text: "Sell", url: "/en/s" } }] },
      { text_align: "left" },
    );
    expect(missingTranslations(b)).toEqual([
      { path: "fields.fr.cta_repeater.1.cta.text", locale: "fr" },
      { path: "fields.fr.cta_repeater.1.cta.url", locale: "fr" },
    ]);
  });

  it("reports nothing for a block translated, or empty in both languages, and ignores parameters", () => {
    expect(missingTranslations(block("text_block_1", { main_title: "A" }, { main_title: "B" }))).toEqual([]);
    expect(missingTranslations(block("text_block_1", { main_title: " " }, {}))).toEqual([]);
    expect(missingTranslations(block("text_block_2", {}, {}, { text_align: "left" }))).toEqual([]);
    expect(missingTranslations(block("no_such_block", { a: "x" }, {}))).toEqual([]);
  });

  it("counts a page's title and blocks", () => {
    const page = {
      title: { fr: "Accueil", en: "" },
      blocks: [block("text_block_1", { main_title: "A" }, { main_title: "" }), block("text_block_1", {}, {})],
    };
    const result = pageTranslations(page);
    expect(result.title).toEqual(["en"]);
    expect(result.blocks).toHaveLength(1);
    expect(result.count).toBe(2);
  });
});

describe("withFallbackText", () => {
  it("fills a field one language left empty from the other, and keeps the block when nothing is missing", () => {
    const b = block(
      "text_block_2",
      { main_title: "Bienvenue", cta_repeater: [{ cta: { text: "Acheter", url: "/fr/a" } }] },
      { main_title: "", cta_repeater: [{ cta: { text: "", url: "/en/a" } }] },
    );
    const filled = withFallbackText(b);
    expect((filled.fields.en as { main_title: string }).main_title).toBe("Bienvenue");
    expect(
      (filled.fields.en as { cta_repeater: { cta: { text: string; url: string } }[] }).cta_repeater[0]!.cta,
    ).toEqual({ text: "Acheter", url: "/en/a" });
    // The French side and the original block are untouched.
    expect(filled.fields.fr).toBe(b.fields.fr);
    expect((b.fields.en as { main_title: string }).main_title).toBe("");
    const whole = block("text_block_1", { main_title: "A" }, { main_title: "B" });
    expect(withFallbackText(whole)).toBe(whole);
  });
});
