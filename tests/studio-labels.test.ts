/**
 * Human names in the studio (issue 17): every block type, every select value and every field the
 * edit panel can show has a French and an English name, so the studio never shows a block id or
 * a raw enum value; the palette's search ignores accents and case and matches families.
 */
import { describe, expect, it } from "vitest";
import studioEn from "../locales/studio/en.json";
import studioFr from "../locales/studio/fr.json";
import { getI18n } from "../renderer/lib/i18n";
import { BLOCK_FAMILIES } from "../schema/block";
import { BLOG_CONTENT_TYPES } from "../schema/blocks/blog";
import { blockRegistry, blockTypes } from "../schema/registry";
import { forEachField, resolveField, selectOptions } from "../studio/fields/kinds";
import { blockLabel, describePath, foldText, matchesQuery, valueLabel } from "../studio/labels";

const definitions = Object.values(blockRegistry);
const catalogues = { fr: studioFr.studio.fields, en: studioEn.studio.fields } as const;

describe("block names", () => {
  it.each(["fr", "en"] as const)("every block type has a %s label and description, none of them its id", (locale) => {
    for (const d of definitions) {
      expect(d.label[locale].trim(), d.type).not.toBe("");
      expect(d.description[locale].trim(), d.type).not.toBe("");
      expect(d.label[locale], d.type).not.toContain("_");
      expect(d.label[locale], d.type).not.toBe(d.type);
    }
  });

  it.each(["fr", "en"] as const)("no two block types share a %s label", (locale) => {
    const labels = definitions.map((d) => d.label[locale]);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });

  it("the blog post's section types are named like the blocks they are", () => {
    const field = resolveField(
      (blockRegistry.blog_post_block!.fields.shape as Record<string, never>).main_content as never,
    );
    const element = resolveField(field.def.element as never);
    const select = resolveField(element.def.shape!.block_type as never);
    for (const type of BLOG_CONTENT_TYPES)
      for (const locale of ["fr", "en"] as const)
        expect(valueLabel(select, type, locale)).toBe(blockLabel(type, locale));
  });

  it("an unknown type keeps its id (a page from elsewhere)", () => {
    expect(blockLabel("nope_block", "fr")).toBe("nope_block");
    expect(blockLabel("text_block_1", "fr")).toBe("Texte avec bouton");
    expect(blockLabel("text_block_1", "en")).toBe("Text with a button");
  });
});

describe("field and value names", () => {
  const walk = (visit: Parameters<typeof forEachField>[1]) => {
    for (const d of definitions) {
      forEachField(d.params as never, visit);
      forEachField(d.fields as never, visit);
    }
  };

  it("every select of every block names each of its values in French and English", () => {
    const missing: string[] = [];
    let selects = 0;
    walk((key, field) => {
      if (field.kind !== "select") return;
      selects++;
      for (const value of selectOptions(field))
        for (const locale of ["fr", "en"] as const) {
          const label = valueLabel(field, value, locale);
          if (label === value || label.trim() === "") missing.push(`${key}=${value} (${locale})`);
        }
    });
    expect(selects).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it("every field the panel shows has a label in locales/studio, in both languages", () => {
    const missing = new Set<string>();
    walk((key) => {
      for (const locale of ["fr", "en"] as const)
        if (!(key in catalogues[locale].labels)) missing.add(`${key} (${locale})`);
    });
    expect([...missing]).toEqual([]);
  });

  it("every repeater names its items in both languages", () => {
    const missing = new Set<string>();
    walk((_key, field) => {
      const type = field.meta?.itemType;
      if (field.kind !== "repeater" || !type) return;
      for (const locale of ["fr", "en"] as const)
        if (!(type in catalogues[locale].itemTypes)) missing.add(`${type} (${locale})`);
    });
    expect([...missing]).toEqual([]);
  });

  it("a dotted path reads as field names and item numbers", () => {
    const t = getI18n("fr").t;
    expect(describePath(t, "txt_img_double_block_1", "fields.fr.cta_repeater.1.cta.text")).toBe(
      "Boutons › Bouton 2 › Bouton › Texte",
    );
    expect(describePath(t, "text_block_1", "block_params.bg_color_primary")).toBe("Couleur de fond principale");
    expect(describePath(t, "text_block_1", "fields.en.main_title")).toBe("Titre principal");
  });
});

describe("palette search", () => {
  const familyName = (family: string) => studioFr.studio.family[family as keyof typeof studioFr.studio.family];
  const search = (query: string) =>
    definitions.filter((d) => matchesQuery(d, query, "fr", familyName(d.family))).map((d) => d.type);

  it("folds accents and case", () => {
    expect(foldText("Équipe ÉVALUATION")).toBe("equipe evaluation");
    expect(search("equipe")).toEqual(search("ÉQUIPE"));
    expect(search("evaluation")).toContain("property_valuation_block");
    expect(search("CALCULATRICE")).toEqual(["mortgage_calculator_block"]);
  });

  it("matches a family by its name", () => {
    const testimonials = definitions.filter((d) => d.family === "testimonials").map((d) => d.type);
    expect(search("témoignages")).toEqual(expect.arrayContaining(testimonials));
    expect(search("temoignages")).toEqual(search("Témoignages"));
  });

  it("every word must match, in any field", () => {
    expect(search("carrousel equipe")).toEqual(["team_members_carousel_block"]);
    expect(search("zzz")).toEqual([]);
    expect(search("")).toHaveLength(blockTypes.length);
  });

  it("every family has a name in both languages", () => {
    for (const family of BLOCK_FAMILIES) {
      expect(studioFr.studio.family[family]).toBeTruthy();
      expect(studioEn.studio.family[family]).toBeTruthy();
    }
  });
});

describe("block overlay labels (blocks.md §6)", () => {
  // The spec: "The labels are in French: change the colour scheme, edit this block, delete this
  // block." The French studio says them in French; the English studio translates the same words
  // (docs/decisions.md, "Studio labels").
  it("the French studio uses the spec's French labels", () => {
    expect(studioFr.studio.overlay["color-scheme"]).toBe("Changer le jeu de couleurs");
    expect(studioFr.studio.overlay.edit).toBe("Modifier ce bloc");
    expect(studioFr.studio.overlay.delete).toBe("Supprimer ce bloc");
  });

  it("the English studio translates the spec's wording", () => {
    expect(studioEn.studio.overlay["color-scheme"]).toBe("Change the colour scheme");
    expect(studioEn.studio.overlay.edit).toBe("Edit this block");
    expect(studioEn.studio.overlay.delete).toBe("Delete this block");
  });
});
