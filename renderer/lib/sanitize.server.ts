/**
 * Server-side sanitising of rich text and embedded HTML with DOMPurify over jsdom.
 * Walks each block's fields by their field kinds (schema/richtext.ts), so new blocks are
 * covered by declaring `f.richtext()`; results are memoised because pages repeat.
 */
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import type { z } from "zod";
import type { Block } from "../../schema/block";
import { mapBlockRichText, mapRichText } from "../../schema/richtext";
import { joinScripts, splitScripts } from "../blocks/embeds/logic";
import { sanitizeEmbedMarkup } from "../blocks/embeds/markup";

const purify = createDOMPurify(new JSDOM("").window as unknown as Window & typeof globalThis);
purify.addHook("afterSanitizeAttributes", (node) => {
  // Links that open a new window never get access to the opener.
  if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
});

const cache = new Map<string, string>();

export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = purify.sanitize(html, { ADD_ATTR: ["target"], FORBID_TAGS: ["style", "form"] }) as string;
  if (cache.size > 10_000) cache.clear();
  cache.set(html, clean);
  return clean;
}

/** Sanitises every richtext value of `value` as declared by `schema` (objects, wrappers, repeaters). */
export function sanitizeFields(schema: z.ZodType, value: unknown): unknown {
  return mapRichText(schema, value, sanitizeHtml);
}

/**
 * Internal links of sanitised rich text with the variant viewed (site.md §7: every internal
 * link carries it); links that already name a variant keep theirs.
 */
export function richTextWithVariant(html: string, variantId: string): string {
  const param = `variant=${encodeURIComponent(variantId)}`;
  return html.replace(/(<a\b[^>]*?\shref=")(\/(?!\/)[^"#]*)(#[^"]*)?"/g, (whole, start, target: string, hash = "") =>
    /[?&](amp;)?variant=/.test(target)
      ? whole
      : `${start}${target}${target.includes("?") ? "&amp;" : "?"}${param}${hash}"`,
  );
}

export interface SanitizeOptions {
  /** The variant viewed: internal links keep it. */
  variantId?: string;
  /** Frame hosts the operator allows besides the known players (EMBED_FRAME_HOSTS). */
  frameHosts?: readonly string[];
}

export function sanitizeBlocks(blocks: Block[], options: SanitizeOptions = {}): Block[] {
  const { variantId } = options;
  const clean = variantId ? (html: string) => richTextWithVariant(sanitizeHtml(html), variantId) : sanitizeHtml;
  return blocks.map((block) => sanitizeScriptEmbed(mapBlockRichText(block, clean), options.frameHosts));
}

/**
 * A script embed's markup around its scripts is sanitised as the studio warned it would be (the
 * allowed players' frames stay, sandboxed); its scripts are kept as the editor wrote them
 * (running them is the block's purpose, and an administrator's right) and written back so that
 * the view reads exactly these parts.
 */
function sanitizeScriptEmbed(block: Block, frameHosts: readonly string[] | undefined): Block {
  if (block.block_type !== "script_embed_block") return block;
  const clean = (fields: Record<string, unknown> | undefined, locale: "fr" | "en") => {
    const code = fields?.script_content;
    if (typeof code !== "string" || !code) return fields;
    const { html, scripts } = splitScripts(code);
    const markup = html ? sanitizeEmbedMarkup(purify, html, { frameHosts, locale }).html : "";
    const written = joinScripts(markup, scripts);
    return written === code ? fields : { ...fields, script_content: written };
  };
  const fr = clean(block.fields.fr as Record<string, unknown> | undefined, "fr");
  const en = clean(block.fields.en as Record<string, unknown> | undefined, "en");
  if (fr === block.fields.fr && en === block.fields.en) return block;
  return { ...block, fields: { ...block.fields, fr, en } } as Block;
}
