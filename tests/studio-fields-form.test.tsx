// @vitest-environment jsdom
/**
 * The studio edit panel (studio/fields): a form generated from real block definitions,
 * writes by dotted path, repeaters, per-locale helpers, the path box and validation.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { f } from "../schema/fields";
import { blockRegistry } from "../schema/registry";
import { EditPanel, FieldForm } from "../studio/fields";
import { StudioRoleContext } from "../studio/shell/role";
import { blockOf, createTestStore, exampleBlock, renderWithStore } from "./studio-fields-helpers";

vi.mock("../studio/fields/CodeEditor", () => ({
  default: (props: { id: string; label: string; value: string; onChange: (v: string) => void }) => (
    <textarea
      id={props.id}
      aria-label={props.label}
      data-testid="mock-monaco"
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  ),
}));

afterEach(() => cleanup());

// jsdom has no CSS.escape, which react-aria's popovers use (the studio runs in browsers that do).
if (typeof globalThis.CSS === "undefined")
  (globalThis as { CSS?: unknown }).CSS = {
    escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`),
  };

const q = (root: HTMLElement, path: string) => {
  const el = root.querySelector<HTMLElement>(`[data-path="${path}"]`);
  if (!el) throw new Error(`no control at ${path}`);
  return el;
};
const input = (root: HTMLElement, path: string) =>
  q(root, path).querySelector<HTMLInputElement>("input:not([type=color]), select, textarea") as HTMLInputElement;
/** Shows one of the panel's tabs (Content, Settings, Advanced). */
const showTab = (name: "Content" | "Settings" | "Advanced") => fireEvent.click(screen.getByRole("tab", { name }));
/**
 * Opens repeater items, nested ones included (they render once their parent is open): the first
 * of each list (quick in jsdom), or all of them.
 */
function openAllItems(root: HTMLElement, all = false) {
  const selector = `.sf-item${all ? "" : '[data-item="0"]'}:not([data-open]) > .sf-item-bar [data-action="toggle"]`;
  for (let round = 0; round < 4; round++) {
    const folded = [...root.querySelectorAll<HTMLElement>(selector)];
    if (folded.length === 0) return;
    for (const toggle of folded) fireEvent.click(toggle);
  }
}
const kindsIn = (root: HTMLElement) =>
  new Set(
    [...root.querySelectorAll("[class*='sf-kind-']")].flatMap((el) =>
      [...el.classList].filter((c) => c.startsWith("sf-kind-")).map((c) => c.slice(8)),
    ),
  );

describe("EditPanel form generation", () => {
  it("renders every field kind of text_block_2, txt_img_double_block_1 and header blocks", () => {
    const blocks = [
      exampleBlock("text_block_2"),
      exampleBlock("txt_img_double_block_1"),
      exampleBlock("header_classic_block"),
      exampleBlock("header_out_of_norm_block"),
      exampleBlock("header_megamenu_block"),
    ];
    const store = createTestStore(blocks);
    const kinds = new Set<string>();
    for (const block of blocks) {
      const { container, unmount } = renderWithStore(<EditPanel blockId={block.id} />, store);
      // Content: fields in both locales, repeater items folded until opened.
      openAllItems(container, true);
      for (const kind of kindsIn(container)) kinds.add(kind);
      expect(container.querySelector('[data-path^="fields.fr."]')).not.toBeNull();
      expect(container.querySelector('[data-path^="fields.en."]')).not.toBeNull();
      expect(container.querySelector('[data-path^="block_params."]')).toBeNull();
      // Settings: the params, once.
      showTab("Settings");
      for (const kind of kindsIn(container)) kinds.add(kind);
      expect(container.querySelectorAll('[data-path="block_params.color_scheme"]')).toHaveLength(1);
      expect(container.querySelector('[data-path^="fields."]')).toBeNull();
      unmount();
    }
    for (const kind of [
      "text",
      "textarea",
      "richtext",
      "select",
      "number",
      "boolean",
      "colour",
      "link",
      "image",
      "video",
      "icon",
      "repeater",
      "object",
    ])
      expect(kinds, kind).toContain(kind);
  }, 90_000);

  it("renders the example of every registered block type without throwing", () => {
    const blocks = Object.keys(blockRegistry).map((type) => exampleBlock(type));
    const store = createTestStore(blocks);
    for (const block of blocks) {
      const { container, unmount } = renderWithStore(<EditPanel blockId={block.id} />, store);
      expect(container.querySelector(".sf-panel"), block.block_type).not.toBeNull();
      unmount();
    }
  }, 60_000);

  it("labels every control and wraps groups in fieldsets with legends", () => {
    const block = exampleBlock("txt_img_double_block_1");
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    openAllItems(container);
    const labelled = (control: HTMLElement) =>
      control.closest("label") ||
      control.getAttribute("aria-label") ||
      control.getAttribute("aria-labelledby") ||
      (control.id && container.querySelector(`label[for="${control.id}"]`));
    for (const control of container.querySelectorAll<HTMLElement>("input, select, textarea, button"))
      expect(labelled(control) || control.textContent?.trim(), control.outerHTML).toBeTruthy();
    for (const fieldset of container.querySelectorAll("fieldset"))
      expect(fieldset.querySelector("legend")).not.toBeNull();
    const link = q(container, "fields.fr.cta_repeater.0.cta");
    expect(link.tagName).toBe("FIELDSET");
    // Selects are react-aria selects showing the option's name, never its raw value.
    const target = within(link).getByRole("button", { name: /Opens in/ });
    expect(target.textContent).toContain("In the same tab");
    expect(target.textContent).not.toContain("_self");
    expect(within(link).getByRole("button", { name: /Action/ }).textContent).toContain("No action");
    // The image preview thumbnail.
    expect(q(container, "fields.fr.media_repeater.0.image").querySelector("img")?.getAttribute("src")).toBe(
      "/images/house.svg",
    );
  });

  it("a keystroke in a text field calls setValue with the dotted path and a typing group key", async () => {
    const block = exampleBlock("text_block_2");
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    const title = input(container, "fields.fr.main_title");
    await userEvent.type(title, "!");
    expect(store.setValueSpy).toHaveBeenLastCalledWith(
      block.id,
      "fields.fr.main_title",
      "Une approche humaine, des résultats concrets!",
      { groupKey: `${block.id}:fields.fr.main_title` },
    );
    openAllItems(container);
    await userEvent.type(input(container, "fields.en.cta_repeater.0.cta.text"), "?");
    expect(store.setValueSpy).toHaveBeenLastCalledWith(
      block.id,
      "fields.en.cta_repeater.0.cta.text",
      "See my listings?",
      { groupKey: `${block.id}:fields.en.cta_repeater.0.cta.text` },
    );
    showTab("Settings");
    const align = within(q(container, "block_params.text_align")).getByRole("button");
    expect(align.textContent).toContain("Centred");
    await userEvent.click(align);
    await userEvent.click(await screen.findByRole("option", { name: "Right" }));
    expect(blockOf(store, block.id).block_params.text_align).toBe("right");
  });

  it("writes inside an unset optional object through its nearest existing parent", () => {
    const block = exampleBlock("text_block_1");
    delete (block.fields.en as Record<string, unknown>).cta;
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    fireEvent.change(input(container, "fields.en.cta.url"), { target: { value: "/en/x" } });
    expect(store.setValueSpy).toHaveBeenLastCalledWith(block.id, "fields.en.cta", { url: "/en/x" }, expect.anything());
  });

  it("repeater add, remove, move up and down produce the right arrays", async () => {
    const block = exampleBlock("txt_img_double_block_1");
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    const repeater = q(container, "fields.fr.cta_repeater");
    const texts = () =>
      (blockOf(store, block.id).fields.fr as { cta_repeater: { cta: { text?: string } }[] }).cta_repeater.map(
        (i) => i.cta.text,
      );
    expect(texts()).toEqual(["Lire le guide du vendeur", "Me joindre"]);
    // Items are named from their content, and folded.
    const first = within(repeater).getByRole("button", { name: /^Button 1.*Lire le guide du vendeur/ });
    expect(first.getAttribute("aria-expanded")).toBe("false");

    await userEvent.click(within(repeater).getByRole("button", { name: "Move Button 2 · Me joindre up" }));
    expect(texts()).toEqual(["Me joindre", "Lire le guide du vendeur"]);
    await userEvent.click(within(repeater).getByRole("button", { name: "Move Button 1 · Me joindre down" }));
    expect(texts()).toEqual(["Lire le guide du vendeur", "Me joindre"]);
    // From the keyboard: Alt+↓ on an item moves it down.
    within(repeater)
      .getByRole("button", { name: /^Button 1/ })
      .focus();
    await userEvent.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(texts()).toEqual(["Me joindre", "Lire le guide du vendeur"]);
    await userEvent.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(texts()).toEqual(["Lire le guide du vendeur", "Me joindre"]);

    await userEvent.click(within(repeater).getByRole("button", { name: "Add: Button" }));
    expect(texts()).toHaveLength(3);
    expect((blockOf(store, block.id).fields.fr as { cta_repeater: unknown[] }).cta_repeater[2]).toEqual({
      cta: {},
    });
    // The new item is open and named by its number until it has text.
    const added = within(repeater).getByRole("button", { name: "Button 3" });
    expect(added.getAttribute("aria-expanded")).toBe("true");

    await userEvent.click(within(repeater).getByRole("button", { name: "Remove Button 1 · Lire le guide du vendeur" }));
    expect(texts()).toEqual(["Me joindre", undefined]);

    // Folding hides an item's form and says so.
    const toggle = within(repeater).getByRole("button", { name: "Button 2" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.hidden).toBe(true);
  });

  it("copies a field from the other language, and a whole block", async () => {
    const block = exampleBlock("text_block_2");
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    const frColumn = q(container, "fields.fr.main_title").closest<HTMLElement>("[data-locale='fr']")!;
    // Its name says which field: a form holds one copy button per field and language.
    const legend = frColumn.closest("fieldset")?.querySelector("legend")?.firstChild?.textContent?.trim();
    expect(legend).toBeTruthy();
    const copy = within(frColumn).getByRole("button", { name: `Copy from English: ${legend}` });
    expect(copy.textContent).toBe("Copy from English");
    await userEvent.click(copy);
    expect((blockOf(store, block.id).fields.fr as { main_title: string }).main_title).toBe(
      "A human approach, concrete results",
    );
    // French fields already filled would be replaced: it asks first, and "Do not copy" keeps them.
    const before = blockOf(store, block.id).fields.fr;
    await userEvent.click(screen.getByRole("button", { name: "Copy all fields English → French" }));
    const asking = await screen.findByRole("alertdialog");
    expect(within(asking).getByText(/French fields? already filled will be replaced/)).toBeTruthy();
    await userEvent.click(within(asking).getByRole("button", { name: "Do not copy" }));
    expect(blockOf(store, block.id).fields.fr).toBe(before);
    await userEvent.click(screen.getByRole("button", { name: "Copy all fields English → French" }));
    await userEvent.click(await screen.findByRole("button", { name: /^Copy and replace \d+ fields?$/ }));
    expect(blockOf(store, block.id).fields.fr).toEqual(blockOf(store, block.id).fields.en);
    expect(blockOf(store, block.id).fields.fr).not.toBe(blockOf(store, block.id).fields.en);
  });

  it("shows a badge on a field that lacks a translation", () => {
    const block = exampleBlock("text_block_2");
    (block.fields.en as Record<string, unknown>).main_title = "";
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    const row = container.querySelector<HTMLElement>('[data-field="main_title"]')!;
    expect(within(row).getByText("Missing translation: English")).toBeTruthy();
    expect(container.querySelector('[data-field="description"] .sf-badge')).toBeNull();
    act(() => store.getState().setValue(block.id, "fields.en.main_title", "Back"));
    expect(row.querySelector(".sf-badge")).toBeNull();
  });
});

describe("path box", () => {
  it("shows, edits and applies a value by dotted path", async () => {
    const block = exampleBlock("text_block_2");
    const store = createTestStore([block]);
    renderWithStore(<EditPanel blockId={block.id} />, store);
    showTab("Advanced");
    const path = screen.getByLabelText("Dotted path");
    await userEvent.type(path, "fields.en.cta_repeater.0.cta.text");
    const value = screen.getByLabelText("Value (JSON, or text for text values)") as HTMLTextAreaElement;
    expect(value.value).toBe("See my listings");
    await userEvent.clear(value);
    await userEvent.type(value, "All listings");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(store.setValueSpy).toHaveBeenLastCalledWith(
      block.id,
      "fields.en.cta_repeater.0.cta.text",
      "All listings",
      undefined,
    );

    await userEvent.clear(path);
    await userEvent.type(path, "fields.en.cta_repeater.0.cta");
    expect(JSON.parse(value.value)).toEqual({ url: "/en/properties", text: "All listings" });
    fireEvent.change(value, { target: { value: '{"url":"/en/x","text":"X"}' } });
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((blockOf(store, block.id).fields.en as { cta_repeater: unknown[] }).cta_repeater[0]).toEqual({
      cta: { url: "/en/x", text: "X" },
    });
  });

  it("says when a path does not exist", async () => {
    const block = exampleBlock("text_block_2");
    const store = createTestStore([block]);
    renderWithStore(<EditPanel blockId={block.id} />, store);
    showTab("Advanced");
    const path = screen.getByLabelText("Dotted path");
    await userEvent.type(path, "fields.en.nope.text");
    expect(screen.getByText("Path does not exist.")).toBeTruthy();
    expect(path.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button", { name: "Apply" })).toHaveProperty("disabled", true);
    await userEvent.clear(path);
    await userEvent.type(path, "fields.en.cta_repeater.9.cta");
    expect(screen.getByText("Path does not exist.")).toBeTruthy();
    await userEvent.clear(path);
    await userEvent.type(path, "fields.en.main_title");
    expect(screen.queryByText("Path does not exist.")).toBeNull();
  });
});

describe("validation", () => {
  it("shows the schema message on an invalid colour, with aria-invalid and aria-describedby", async () => {
    const block = exampleBlock("text_block_2");
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    showTab("Settings");
    const colour = input(container, "block_params.bg_color_primary");
    // Unset, it says so: the scheme's default, not black.
    expect(colour.value).toBe("");
    expect(colour.placeholder).toBe("default");
    await userEvent.type(colour, "#zz");
    await waitFor(() => expect(colour.getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById(colour.getAttribute("aria-describedby") ?? "");
    // The studio's own message in its language (studio/validation-messages.ts), not zod's.
    expect(message?.textContent).toBe("Enter a colour like #1a2b3c.");
    await userEvent.clear(colour);
    await userEvent.type(colour, "#1a2b3c");
    await waitFor(() => expect(colour.getAttribute("aria-invalid")).toBeNull());
  });

  it("flags link URLs that are neither internal nor http(s)", () => {
    const block = exampleBlock("text_block_2");
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    openAllItems(container);
    const url = input(container, "fields.fr.cta_repeater.0.cta.url");
    expect(url.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(url, { target: { value: "www.example.com" } });
    expect(url.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(url, { target: { value: "https://www.example.com/x" } });
    expect(url.getAttribute("aria-invalid")).toBeNull();
  });

  it("focuses the field named by the store's focusPath", async () => {
    const block = exampleBlock("text_block_2");
    const store = createTestStore([block]);
    const { container } = renderWithStore(<EditPanel blockId={block.id} />, store);
    act(() => store.setState({ focusPath: "fields.en.cta_repeater.0.cta.text" }));
    await waitFor(() => expect(document.activeElement).toBe(input(container, "fields.en.cta_repeater.0.cta.text")));
  });
});

describe("FieldForm on its own", () => {
  it("renders a JSON fallback validated on blur and a lazily loaded code editor", async () => {
    const schema = z.object({
      snippet: f.code("html"),
      extra: z.union([z.string(), z.number()]).optional(),
    });
    const onChange = vi.fn();
    // Code is an administrator's to edit (issue 27): an admin's studio.
    renderWithStore(
      <StudioRoleContext.Provider value="admin">
        <FieldForm schema={schema} value={{ snippet: "<b>hi</b>", extra: 3 }} path="settings" onChange={onChange} />
      </StudioRoleContext.Provider>,
      createTestStore([]),
    );
    const json = screen.getByLabelText("Extra") as HTMLTextAreaElement;
    fireEvent.change(json, { target: { value: "{oops" } });
    fireEvent.blur(json);
    expect(screen.getByText("This is not valid JSON.")).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(json, { target: { value: '"seven"' } });
    fireEvent.blur(json);
    expect(onChange).toHaveBeenLastCalledWith("settings.extra", "seven");

    expect(screen.queryByTestId("mock-monaco")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Edit the code of Snippet" }));
    const editor = await screen.findByTestId("mock-monaco");
    fireEvent.change(editor, { target: { value: "<i>x</i>" } });
    expect(onChange).toHaveBeenLastCalledWith("settings.snippet", "<i>x</i>", { groupKey: "settings.snippet" });
  });

  it("shows code read-only, saying why, to an editor", () => {
    const schema = z.object({ snippet: f.code("html") });
    const onChange = vi.fn();
    renderWithStore(
      <StudioRoleContext.Provider value="editor">
        <FieldForm schema={schema} value={{ snippet: "<b>hi</b>" }} path="settings" onChange={onChange} />
      </StudioRoleContext.Provider>,
      createTestStore([]),
    );
    expect(screen.queryByRole("button", { name: "Edit the code of Snippet" })).toBeNull();
    expect(screen.getByText("<b>hi</b>")).toBeTruthy();
    expect(screen.getByText(/Only an administrator can add or change embedded code/)).toBeTruthy();
  });
});
