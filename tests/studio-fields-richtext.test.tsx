// @vitest-environment jsdom
/** Rich text: browser-side DOMPurify and the TipTap toolbar wiring (TipTap's own undo is off). */

import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Editor } from "@tiptap/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getI18n } from "../renderer/lib/i18n";
import RichTextEditor, { isTypingTransaction, richTextExtensions } from "../studio/fields/RichTextEditor";
import { sanitizeRichText } from "../studio/fields/sanitize";
import { checkLinkUrl } from "../studio/fields/url";

afterEach(() => cleanup());

// jsdom has no layout: ProseMirror asks for rectangles when it scrolls the selection into view.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.getClientRects ??= empty;
  document.elementFromPoint ??= () => null;
});

describe("sanitizeRichText", () => {
  it("removes scripts, event handlers and javascript: links, keeps formatting", () => {
    const dirty =
      '<h2 onclick="x()">Title</h2><p><strong>b</strong><em>i</em><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a></p><ul><li>one</li></ul>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toContain("<h2>Title</h2>");
    expect(clean).toContain("<strong>b</strong><em>i</em>");
    expect(clean).toContain("<ul><li>one</li></ul>");
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:/);
  });

  it("adds rel to links opening a new window and stores an empty editor as an empty string", () => {
    expect(sanitizeRichText('<a href="https://x.ca" target="_blank">x</a>')).toBe(
      '<a href="https://x.ca" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText("<p></p>")).toBe("");
  });
});

describe("link URL rule (blocks.md §5)", () => {
  it.each([
    ["/fr/contact", "ok"],
    ["https://www.centris.ca/fr", "ok"],
    ["http://example.com", "ok"],
    ["sms:+14185550142", "ok"],
    ["", "empty"],
    ["www.example.com", "invalid"],
    ["//evil.com", "invalid"],
    ["javascript:alert(1)", "invalid"],
    ["https://", "invalid"],
  ])("%s → %s", (url, expected) => expect(checkLinkUrl(url)).toBe(expected));
});

describe("RichTextEditor", () => {
  it("disables TipTap's own undo history (the studio owns Ctrl/Cmd+Z)", () => {
    const kit = richTextExtensions[0] as unknown as { options: { undoRedo: unknown } };
    expect(kit.options.undoRedo).toBe(false);
  });

  it("toolbar buttons have labels, aria-pressed, and write sanitised HTML", async () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={getI18n("en")}>
        <RichTextEditor id="rt" label="Description" value="<p>Hello</p>" onChange={onChange} />
      </I18nextProvider>,
    );
    const toolbar = screen.getByRole("toolbar", { name: "Formatting of Description" });
    const h2 = screen.getByRole("button", { name: "Heading 2" });
    for (const name of ["Bold", "Italic", "Heading 3", "Heading 4", "Bulleted list", "Numbered list", "Link"])
      expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(toolbar).toBeTruthy();
    await waitFor(() => expect(h2).toHaveProperty("disabled", false));
    expect(h2.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(h2);
    expect(onChange).toHaveBeenLastCalledWith("<h2>Hello</h2>", { typing: false });
    await waitFor(() => expect(h2.getAttribute("aria-pressed")).toBe("true"));
    await userEvent.click(screen.getByRole("button", { name: "Bulleted list" }));
    expect(onChange).toHaveBeenLastCalledWith("<ul><li><p>Hello</p></li></ul>", { typing: false });
    expect(screen.getByRole("textbox", { name: "Description" }).id).toBe("rt");
  });
});

describe("isTypingTransaction (one typing burst = one undo step, a command = a step of its own)", () => {
  const editor = new Editor({ extensions: richTextExtensions, content: "<p>Bonjour</p>" });
  const { schema } = editor.state;
  const end = editor.state.doc.content.size - 1;

  it("counts text typed, deleted or split by Enter as typing", () => {
    expect(isTypingTransaction(editor.state.tr.insertText(" à tous", end))).toBe(true);
    expect(isTypingTransaction(editor.state.tr.delete(end - 1, end))).toBe(true);
    expect(isTypingTransaction(editor.state.tr.split(end))).toBe(true);
  });

  it("counts marks, block types, wrapping, pastes and empty transactions as commands", () => {
    expect(isTypingTransaction(editor.state.tr.addMark(1, end, schema.marks.bold!.create()))).toBe(false);
    expect(isTypingTransaction(editor.state.tr.setBlockType(1, end, schema.nodes.heading!, { level: 3 }))).toBe(false);
    const paste = editor.state.tr.insertText("collé", end).setMeta("paste", true).setMeta("uiEvent", "paste");
    expect(isTypingTransaction(paste)).toBe(false);
    expect(isTypingTransaction(editor.state.tr)).toBe(false);
  });
});
