/**
 * The versions dialog's values (issue 33): the changed values of a field, found through the block's
 * schema (a repeater item opened to the text that changed, an image kept whole), and a word-level
 * diff of rich text.
 */
import { describe, expect, it } from "vitest";
import { fieldAt, fieldChanges, plainText, wordDiff } from "../studio/shell/ValueDiff";

describe("wordDiff", () => {
  it("marks the words removed and added, keeping the rest", () => {
    const parts = wordDiff("Une maison lumineuse près du fleuve", "Une maison claire près du fleuve Saint-Laurent");
    expect(parts).toEqual([
      { op: "same", text: "Une maison " },
      { op: "del", text: "lumineuse" },
      { op: "ins", text: "claire" },
      { op: "same", text: " près du fleuve" },
      { op: "ins", text: " Saint-Laurent" },
    ]);
    // Every word of both texts is there, in order.
    expect(
      parts
        .filter((p) => p.op !== "del")
        .map((p) => p.text)
        .join(""),
    ).toBe("Une maison claire près du fleuve Saint-Laurent");
    expect(
      parts
        .filter((p) => p.op !== "ins")
        .map((p) => p.text)
        .join(""),
    ).toBe("Une maison lumineuse près du fleuve");
  });

  it("reads rich text as its words", () => {
    expect(plainText("<p>Bonjour&nbsp;<strong>Julie</strong></p><ul><li>Un</li><li>Deux</li></ul>")).toBe(
      "Bonjour Julie Un Deux",
    );
  });
});

describe("fieldChanges", () => {
  const block = (title: string, cta: string, image: string) => ({
    id: "b",
    block_type: "text_block_2",
    block_params: { text_align: "center" },
    fields: {
      fr: { main_title: title, cta_repeater: [{ cta: { text: cta, url: "/fr/contact", target: "_self" } }] },
      en: { main_title: "Same", cta_repeater: [{ cta: { text: "Contact", url: "/en/contact", target: "_self" } }] },
    },
    image,
  });

  it("opens a changed repeater item to the text that changed, with before and after", () => {
    const before = block("Avant", "Me joindre", "");
    const after = block("Avant", "Écrivez-moi", "");
    const changes = fieldChanges("text_block_2", "fields.fr.cta_repeater.0", ["fr"], before, after);
    expect(changes).toEqual([
      expect.objectContaining({
        path: "fields.fr.cta_repeater.0.cta.text",
        before: "Me joindre",
        after: "Écrivez-moi",
      }),
    ]);
    expect(changes[0]!.field?.kind).toBe("text");
  });

  it("knows a field's kind from the schema: rich text, links, images", () => {
    expect(fieldAt("text_block_1", "fields.fr.description")?.kind).toBe("richtext");
    expect(fieldAt("text_block_1", "fields.en.cta")?.kind).toBe("link");
    expect(fieldAt("text_block_2", "fields.fr.cta_repeater.3.cta.text")?.kind).toBe("text");
    expect(fieldAt("text_block_2", "block_params.text_align")?.kind).toBe("select");
    expect(fieldAt("text_block_2", "fields.fr.nothing")).toBeUndefined();
  });
});
