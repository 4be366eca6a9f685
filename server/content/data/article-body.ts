/**
 * Article bodies are stored compactly in fixtures/articles.json as light markup and
 * turned into ordinary content blocks when seeded (the same blocks pages use):
 *
 *   paragraphs separated by blank lines        → <p> in a text_block_1
 *   "## Heading" starts a new section          → the section's main_title
 *   "- item" lines                             → <ul><li>
 *   "1. item" lines                            → <ol><li>
 *   "**bold**"                                 → <strong>
 *   "!img /images/x.svg | alternative text"    → the section becomes a txt_img_double_block_1
 *   "!note Title | text"                       → a centred text_block_2 (a highlighted tip)
 */

import type { Locale } from "../../../schema/locales";

type BodyBlockType = "text_block_1" | "text_block_2" | "txt_img_double_block_1";

/** A content block like a page's: its fields are keyed by language (`fields.fr.description`). */
export interface ArticleBodyBlock {
  id: string;
  block_type: BodyBlockType;
  block_params: Record<string, unknown>;
  fields: Partial<Record<Locale, Record<string, unknown>>>;
}

interface TextBlock {
  id: string;
  block_type: BodyBlockType;
  block_params: Record<string, unknown>;
  fields: Record<string, unknown>;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const inline = (s: string) => escapeHtml(s.trim()).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");

function paragraphsToHtml(chunks: string[]): string {
  return chunks
    .map((chunk) => {
      const lines = chunk.split("\n").map((l) => l.trim());
      if (lines.every((l) => l.startsWith("- ")))
        return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join("")}</ul>`;
      if (lines.every((l) => /^\d+\.\s/.test(l)))
        return `<ol>${lines.map((l) => `<li>${inline(l.replace(/^\d+\.\s/, ""))}</li>`).join("")}</ol>`;
      return `<p>${inline(lines.join(" "))}</p>`;
    })
    .join("");
}

/**
 * The blocks of one language's body, their fields under that language as every block's
 * are (fields without a language key are not a block's fields, and rendered nothing).
 * `key` makes block ids unique (e.g. `a12-fr`).
 */
export function bodyToBlocks(body: string, locale: Locale, key: string): ArticleBodyBlock[] {
  return bodyToTextBlocks(body, key).map((block) => ({ ...block, fields: { [locale]: block.fields } }));
}

function bodyToTextBlocks(body: string, key: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const chunks = body
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((c) => c.trim())
    .filter(Boolean);
  let title: string | undefined;
  let paragraphs: string[] = [];
  let image: { url: string; alt: string } | undefined;
  const flush = () => {
    if (!title && paragraphs.length === 0) return;
    const id = `${key}-${blocks.length + 1}`;
    const description = paragraphsToHtml(paragraphs);
    if (image) {
      blocks.push({
        id,
        block_type: "txt_img_double_block_1",
        block_params: { color_scheme: "normal", orientation_x: blocks.length % 2 ? "left" : "right" },
        fields: {
          ...(title ? { main_title: title } : {}),
          description,
          media_repeater: [{ image: { url: image.url, alt: image.alt, width: 640, height: 480 } }],
        },
      });
    } else {
      blocks.push({
        id,
        block_type: "text_block_1",
        block_params: { color_scheme: "normal" },
        fields: { ...(title ? { main_title: title } : {}), description },
      });
    }
    title = undefined;
    paragraphs = [];
    image = undefined;
  };
  for (const chunk of chunks) {
    if (chunk.startsWith("## ")) {
      flush();
      const [heading, ...rest] = chunk.split("\n");
      title = heading!.slice(3).trim();
      if (rest.length) paragraphs.push(rest.join("\n"));
    } else if (chunk.startsWith("!img ")) {
      const [url = "", alt = ""] = chunk.slice(5).split("|");
      image = { url: url.trim(), alt: alt.trim() };
    } else if (chunk.startsWith("!note ")) {
      flush();
      const [noteTitle = "", text = ""] = chunk.slice(6).split("|");
      blocks.push({
        id: `${key}-${blocks.length + 1}`,
        block_type: "text_block_2",
        block_params: { color_scheme: "normal-grey", text_align: "center" },
        fields: { main_title: noteTitle.trim(), description: `<p>${inline(text)}</p>` },
      });
    } else paragraphs.push(chunk);
  }
  flush();
  return blocks;
}

/** The words a reader reads: markup markers and image lines do not count. */
export function bodyWords(body: string): number {
  return body
    .replace(/^!img .*$/gm, " ")
    .replace(/^!note /gm, " ")
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter((w) => w && !/^(#+|-|\d+\.|\||\*\*)$/.test(w)).length;
}
