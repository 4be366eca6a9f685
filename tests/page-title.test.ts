/** Which block carries a page's h1, and its rich text headings shifted with it (renderer/blocks/page-title.ts). */
import { describe, expect, it } from "vitest";
import { pageTitleOf, shiftHtmlHeadings, withTitleRichText } from "../renderer/blocks/page-title";
import { parseBlocks } from "../schema/parse";

const blocks = (raw: unknown[]) => parseBlocks(raw, () => undefined).blocks;
const text = (id: string, fr: Record<string, string>) => ({
  id,
  block_type: "text_block_1",
  block_params: {},
  fields: { fr, en: {} },
});

describe("page title", () => {
  it("is the first block with a title, headings shifted unless it is a hero", () => {
    const list = blocks([
      { id: "sp", block_type: "spacer_block", block_params: {}, fields: { fr: {}, en: {} } },
      text("t", { main_title: "Politique", description: "<h3>1. Objet</h3><p>Texte</p>" }),
    ]);
    expect(pageTitleOf(list, "fr")).toEqual({ index: 1, shift: true });
    // The English side has no title at all: the page prints a hidden h1 there.
    expect(pageTitleOf(list, "en")).toEqual({ index: -1, shift: false });
  });

  it("counts the search block's visible title and a form block's own heading", () => {
    const list = blocks([
      {
        id: "s",
        block_type: "search_properties_block",
        block_params: {},
        fields: { fr: { main_title: "Propriétés" }, en: {} },
      },
      { id: "c", block_type: "contact_form_block", block_params: {}, fields: { fr: {}, en: {} } },
    ]);
    expect(pageTitleOf(list, "fr").index).toBe(0);
    // Without a main_title the search block still writes its "Search properties" heading.
    expect(pageTitleOf(list, "en").index).toBe(0);
    expect(pageTitleOf(list.slice(1), "en").index).toBe(0);
  });

  it("lets a hero choose its own tags", () => {
    const list = blocks([
      { id: "h", block_type: "hero_cta_block", block_params: {}, fields: { fr: { main_title: "Bienvenue" }, en: {} } },
    ]);
    expect(pageTitleOf(list, "fr")).toEqual({ index: 0, shift: false });
  });

  it("shifts section headings of the title block's rich text up one level, never to h1", () => {
    expect(shiftHtmlHeadings('<h2>A</h2><h3 class="x">B</h3><h4>C</h4><p>h3</p>')).toBe(
      '<h2>A</h2><h2 class="x">B</h2><h3>C</h3><p>h3</p>',
    );
    const list = blocks([
      text("t", { main_title: "Politique", description: "<h3>1. Objet</h3>" }),
      text("u", { main_title: "Autre", description: "<h3>Reste</h3>" }),
    ]);
    const title = { fr: pageTitleOf(list, "fr"), en: pageTitleOf(list, "en") };
    const out = withTitleRichText(list, title);
    expect((out[0]!.fields.fr as { description: string }).description).toBe("<h2>1. Objet</h2>");
    // Other blocks keep their levels (their title is an h2), and the input is not changed.
    expect(out[1]).toBe(list[1]);
    expect((list[0]!.fields.fr as { description: string }).description).toBe("<h3>1. Objet</h3>");
  });
});
