/**
 * The studio's pure parts (issue 17): validation in the editor's language, repeaters kept aligned
 * across languages and named from their content, preview zoom, edit-mode links, the save status,
 * F6 regions, focus after a delete, and the public edit-mode bars that never overlap.
 */
import { describe, expect, it } from "vitest";
import { getI18n } from "../renderer/lib/i18n";
import { blockRegistry } from "../schema/registry";
import { neighbourAfterRemoval } from "../studio/canvas/focus";
import { stackBars, studioHref } from "../studio/canvas/public-overlays";
import { DEVICES, effectiveZoom, fitZoom, MIN_ZOOM, zoomPercent } from "../studio/canvas/zoom";
import { alignOther, applyOp, counterpartPath, itemMissing, itemName } from "../studio/fields/repeater";
import { normalisePagePath, parseOpenRequest } from "../studio/shell/open";
import { nextRegionIndex } from "../studio/shell/regions";
import { ago, draftStatusText } from "../studio/shell/Toolbar";
import { parseView } from "../studio/shell/view";
import { studioErrorMap } from "../studio/validation-messages";

const fr = getI18n("fr").t;
const en = getI18n("en").t;

describe("validation messages", () => {
  const text = blockRegistry.text_block_1!;
  const issues = (value: unknown, t = fr) => {
    const result = text.schema.safeParse(value, { error: studioErrorMap(t) });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };
  const valid = { id: "b1", block_type: "text_block_1", block_params: {}, fields: { fr: {}, en: {} } };

  it("speak French to a French editor, English to an English one", () => {
    expect(issues({ ...valid, block_params: { bg_color_primary: "rouge" } })).toEqual([
      "block_params.bg_color_primary: Entrez une couleur au format #1a2b3c.",
    ]);
    expect(issues({ ...valid, block_params: { bg_color_primary: "red" } }, en)).toEqual([
      "block_params.bg_color_primary: Enter a colour like #1a2b3c.",
    ]);
    expect(issues({ ...valid, block_params: { color_scheme: "violet" } })).toEqual([
      "block_params.color_scheme: Choisissez une des valeurs proposées.",
    ]);
    expect(issues({ ...valid, fields: { fr: { main_title: 3 }, en: {} } })).toEqual([
      "fields.fr.main_title: Entrez un texte.",
    ]);
    expect(issues({ ...valid, id: "" })).toEqual(["id: Ce champ ne peut pas être vide."]);
  });

  it("say a missing required value is required", () => {
    const stats = blockRegistry.statistics_block!;
    const result = stats.schema.safeParse(
      { ...valid, block_type: "statistics_block", fields: { fr: { statistics_repeater: [{}] }, en: {} } },
      { error: studioErrorMap(fr) },
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Ce champ est obligatoire.");
  });
});

describe("repeaters", () => {
  it("name an item from its text, or say nothing yet", () => {
    expect(itemName({ cta: { text: "Prendre rendez-vous", url: "/fr/contact" } })).toBe("Prendre rendez-vous");
    expect(itemName({ question: "Combien ?", answer: "<p>Beaucoup</p>" })).toBe("Combien ?");
    expect(itemName({ description: "<p>Un <b>texte</b>&nbsp;riche</p>" })).toBe("Un texte riche");
    expect(itemName({ image: { url: "/a.jpg", alt: "Façade" } })).toBe("Façade");
    expect(itemName({ cta: {} })).toBe("");
    expect(itemName({ main_title: "x".repeat(80) })).toHaveLength(48);
    expect(itemName(null)).toBe("");
  });

  it("find the same list in the other language", () => {
    expect(counterpartPath("fields.fr.cta_repeater")).toBe("fields.en.cta_repeater");
    expect(counterpartPath("fields.en.menu_repeater.2.submenu")).toBe("fields.fr.menu_repeater.2.submenu");
    expect(counterpartPath("block_params.items")).toBeNull();
  });

  const empty = () => ({ text: "" });
  it("add, remove and move an item at the same place in both languages", () => {
    const fr = [{ text: "Un" }, { text: "Deux" }];
    const en = [{ text: "One" }, { text: "Two" }];
    const add = { kind: "add", item: { text: "" } } as const;
    expect(applyOp(fr, add)).toEqual([...fr, { text: "" }]);
    expect(alignOther(fr, en, add, empty)).toEqual([...en, { text: "" }]);
    const remove = { kind: "remove", index: 0 } as const;
    expect(applyOp(fr, remove)).toEqual([{ text: "Deux" }]);
    expect(alignOther(fr, en, remove, empty)).toEqual([{ text: "Two" }]);
    const move = { kind: "move", from: 1, to: 0 } as const;
    expect(applyOp(fr, move)).toEqual([{ text: "Deux" }, { text: "Un" }]);
    expect(alignOther(fr, en, move, empty)).toEqual([{ text: "Two" }, { text: "One" }]);
    // A move out of the list changes nothing.
    expect(applyOp(fr, { kind: "move", from: 1, to: 2 })).toEqual(fr);
  });

  it("pad a list that had drifted, so item n stays beside item n", () => {
    const fr = [{ text: "Un" }, { text: "Deux" }, { text: "Trois" }];
    expect(alignOther(fr, [{ text: "One" }], { kind: "add", item: {} }, empty)).toEqual([
      { text: "One" },
      { text: "" },
      { text: "" },
      { text: "" },
    ]);
    expect(alignOther(fr, undefined, { kind: "move", from: 0, to: 2 }, empty)).toHaveLength(3);
  });

  it("mark an item missing its translation when only the other language has text", () => {
    expect(itemMissing({ cta: {} }, { cta: { text: "Book" } })).toBe(true);
    expect(itemMissing({ cta: { text: "Réserver" } }, { cta: {} })).toBe(false);
    expect(itemMissing({ cta: {} }, { cta: {} })).toBe(false);
    expect(itemMissing({ cta: {} }, undefined)).toBe(false);
  });
});

describe("previews", () => {
  it("lay devices out at their real widths", () => {
    expect(DEVICES).toEqual({ phone: 414, tablet: 768, desktop: 1280, wide: 1440 });
  });

  it("scale a preview to its column, never above 100 %", () => {
    expect(fitZoom(396, 1280)).toBe(0.309);
    expect(fitZoom(1100, 1280)).toBe(0.859);
    expect(fitZoom(900, 414)).toBe(1);
    expect(fitZoom(100, 1440)).toBe(MIN_ZOOM);
    expect(fitZoom(0, 1280)).toBe(1);
    expect(effectiveZoom("fit", 0.42)).toBe(0.42);
    expect(effectiveZoom(0.75, 0.42)).toBe(0.75);
    expect(zoomPercent(0.309, "fr").replace(/\s/g, " ")).toBe("31 %");
    expect(zoomPercent(0.5, "en")).toBe("50%");
  });

  it("remember the device and zoom, falling back field by field", () => {
    expect(parseView('{"device":"tablet","zoom":0.75}')).toEqual({ device: "tablet", zoom: 0.75 });
    expect(parseView('{"device":"watch","zoom":0.75}')).toEqual({ device: "desktop", zoom: 0.75 });
    expect(parseView('{"device":"phone","zoom":3}')).toEqual({ device: "phone", zoom: "fit" });
    expect(parseView("nope")).toEqual({ device: "desktop", zoom: "fit" });
  });
});

describe("edit-mode links", () => {
  it("name a page, a block and an action; anything else is ignored", () => {
    const href = studioHref("fr", "/fr/a-propos", "about-values", "edit");
    expect(href).toBe("/fr/qa/sections?page=%2Ffr%2Fa-propos&block=about-values&action=edit");
    expect(parseOpenRequest(href.split("?")[1]!)).toEqual({
      page: "/fr/a-propos",
      block: "about-values",
      action: "edit",
    });
    expect(parseOpenRequest("page=%2Fen&action=delete&block=x")).toEqual({ page: "/en", block: "x", action: "delete" });
    expect(parseOpenRequest("")).toBeNull();
    expect(parseOpenRequest("page=https%3A%2F%2Fevil.example&block=x")).toBeNull();
    expect(parseOpenRequest("page=%2Ffr&action=drop-table")).toBeNull();
    expect(normalisePagePath("/fr/a-propos/")).toBe("/fr/a-propos");
    expect(normalisePagePath("/")).toBe("/");
  });

  it("draw bars that never cover one another", () => {
    const tops = stackBars([
      { id: "header", top: 8, height: 36 },
      { id: "hero", top: 8, height: 36 },
      { id: "text", top: 30, height: 36 },
      { id: "far", top: 500, height: 36 },
    ]);
    expect(Object.fromEntries(tops)).toEqual({ header: 8, hero: 48, text: 88, far: 500 });
  });
});

describe("toolbar and keyboard", () => {
  it("say how long ago the draft was saved, in the studio's language", () => {
    const now = 1_000_000;
    expect(ago(now - 2_000, now, "fr").replace(/\s/g, " ")).toBe("il y a 2 s");
    expect(ago(now - 2_000, now, "en")).toBe("2 secs ago");
    expect(draftStatusText(fr as never, { kind: "saved", at: now - 2_000 }, now, "fr").replace(/\s/g, " ")).toBe(
      "Brouillon enregistré il y a 2 s",
    );
    expect(draftStatusText(fr as never, { kind: "pending" }, now, "fr")).toBe("Enregistrement du brouillon…");
    expect(ago(now - 180_000, now, "fr").replace(/\s/g, " ")).toBe("il y a 3 min");
  });

  it("F6 cycles through the regions both ways", () => {
    expect(nextRegionIndex(-1, 4, 1)).toBe(0);
    expect(nextRegionIndex(3, 4, 1)).toBe(0);
    expect(nextRegionIndex(0, 4, -1)).toBe(3);
    expect(nextRegionIndex(-1, 4, -1)).toBe(3);
  });

  it("after a delete, focus goes to the next block, else the previous one", () => {
    expect(neighbourAfterRemoval(["a", "b", "c"], 1)).toBe("c");
    expect(neighbourAfterRemoval(["a", "b", "c"], 2)).toBe("b");
    expect(neighbourAfterRemoval(["a"], 0)).toBeUndefined();
  });
});
