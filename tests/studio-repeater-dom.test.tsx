// @vitest-environment jsdom
/**
 * Repeaters kept aligned across languages (issue 17), through the real studio store: an item
 * added in French exists in English at once, marked as missing its translation once the French
 * one has text, and the whole change is one undo step.
 */
import { act, cleanup, fireEvent, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Block } from "../schema/block";
import { EditPanel } from "../studio/fields";
import { defaultStudioStore } from "../studio/fields/store-adapter";
import { type StudioDoc, useStudioStore } from "../studio/store";
import { exampleBlock, renderWithStore } from "./studio-fields-helpers";

afterEach(() => cleanup());

function load(block: Block) {
  const doc = {
    page_id: "repeaters",
    site_id: "test",
    base_version: 0,
    title: { fr: "Répéteurs", en: "Repeaters" },
    paths: { fr: "/fr/r", en: "/en/r" },
    blocks: [block],
    theme: {},
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
    origin: "demo",
  } as unknown as StudioDoc;
  useStudioStore.getState().load(doc, { restoreDraft: false });
}

const ctas = (locale: "fr" | "en") =>
  (useStudioStore.getState().doc!.blocks[0]!.fields[locale] as { cta_repeater: { cta: { text?: string } }[] })
    .cta_repeater;

describe("repeaters across languages", () => {
  it("an item added in French is added in English, marked missing there, in one undo step", () => {
    const block = exampleBlock("text_block_2", "rep");
    load(block);
    const { container } = renderWithStore(<EditPanel blockId="rep" />, defaultStudioStore, "fr");
    const frList = container.querySelector<HTMLElement>('[data-path="fields.fr.cta_repeater"]')!;
    const enList = container.querySelector<HTMLElement>('[data-path="fields.en.cta_repeater"]')!;
    const before = { fr: ctas("fr").length, en: ctas("en").length };
    const steps = useStudioStore.getState().cursor;

    fireEvent.click(within(frList).getByRole("button", { name: "Ajouter : Bouton" }));
    expect(ctas("fr")).toHaveLength(before.fr + 1);
    expect(ctas("en")).toHaveLength(before.en + 1);
    expect(useStudioStore.getState().cursor).toBe(steps + 1);
    const n = before.fr + 1;
    const enItem = () => within(enList).getByRole("button", { name: new RegExp(`^Bouton ${n}`) });
    // Both empty: nothing is missing yet.
    expect(enItem().textContent).not.toContain("Traduction manquante");

    // The French item gets its text: the English one now lacks its translation.
    const text = container.querySelector<HTMLInputElement>(
      `[data-path="fields.fr.cta_repeater.${n - 1}.cta.text"] input`,
    )!;
    fireEvent.change(text, { target: { value: "Réserver une visite" } });
    expect(within(frList).getByRole("button", { name: new RegExp(`^Bouton ${n}.*Réserver une visite`) })).toBeTruthy();
    expect(enItem().textContent).toContain("Traduction manquante");

    // Removing it in English removes it in French too.
    fireEvent.click(within(enList).getByRole("button", { name: `Retirer Bouton ${n}` }));
    expect(ctas("fr")).toHaveLength(before.fr);
    expect(ctas("en")).toHaveLength(before.en);

    // Undo brings both back together, then undoes the text, then the add: one step each.
    act(() => useStudioStore.getState().undo());
    expect(ctas("fr")).toHaveLength(before.fr + 1);
    expect(ctas("en")).toHaveLength(before.en + 1);
    act(() => useStudioStore.getState().undo());
    act(() => useStudioStore.getState().undo());
    expect(ctas("fr")).toHaveLength(before.fr);
    expect(ctas("en")).toHaveLength(before.en);
  });

  it("a move in one language moves the same item in the other", () => {
    load(exampleBlock("txt_img_double_block_1", "rep2"));
    const { container } = renderWithStore(<EditPanel blockId="rep2" />, defaultStudioStore, "fr");
    const frList = container.querySelector<HTMLElement>('[data-path="fields.fr.cta_repeater"]')!;
    const texts = (locale: "fr" | "en") =>
      (
        useStudioStore.getState().doc!.blocks[0]!.fields[locale] as { cta_repeater: { cta: { text?: string } }[] }
      ).cta_repeater.map((i) => i.cta.text);
    expect(texts("fr")).toEqual(["Lire le guide du vendeur", "Me joindre"]);
    const en = texts("en");
    fireEvent.click(within(frList).getByRole("button", { name: "Monter Bouton 2 · Me joindre" }));
    expect(texts("fr")).toEqual(["Me joindre", "Lire le guide du vendeur"]);
    expect(texts("en")).toEqual([en[1], en[0]]);
  });
});
