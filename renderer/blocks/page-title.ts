/**
 * Which content block carries the page's h1: the first block that renders a title (its
 * `main_title`, a hero slider's first slide, or a form block's own heading). A page with
 * none gets a visually hidden h1 with the page's title instead (routes/page.tsx). Runs on
 * the server (the page view carries the answer): the browser never loads these tables.
 */
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/locales";
import { getBlockDefinition } from "../../schema/registry";
import { mapRichText } from "../../schema/richtext";

// Blocks whose view writes a heading even without a main_title (a form's default title, the
// search block's "Search properties").
const ALWAYS_TITLED = new Set([
  "contact_form_block",
  "property_alert_block",
  "property_valuation_block",
  "search_properties_block",
]);

const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";

export function hasTitle(block: Block, locale: Locale): boolean {
  if (ALWAYS_TITLED.has(block.block_type)) return true;
  const fields = (block.fields as Partial<Record<Locale, Record<string, unknown>>>)[locale];
  if (!fields) return false;
  if (filled(fields.main_title)) return true;
  if (block.block_type === "hero_slider_block") {
    const slides = fields.slides_repeater;
    return Array.isArray(slides) && filled((slides[0] as { main_title?: unknown } | undefined)?.main_title);
  }
  return false;
}

/** Index of the block carrying the page's title, or -1. */
export function pageTitleIndex(blocks: readonly Block[], locale: Locale): number {
  return blocks.findIndex((block) => hasTitle(block, locale));
}

// Heroes choose their own tags from `ctx.pageTitle` (heroes/parts.tsx heroHeading): a
// slider's later slides stay h2 while its first is the h1.
const OWN_HEADINGS = new Set([
  "hero_content_1_block",
  "hero_content_2_block",
  "hero_cta_block",
  "hero_infos_block",
  "hero_landing_page_1_block",
  "hero_profile_page_block",
  "hero_members_search_block",
  "hero_slider_block",
  "hero_highlights_block",
]);

/** Whether the page-title block's headings are shifted up by one (all but the heroes). */
export function shiftsHeadings(block: Block): boolean {
  return !OWN_HEADINGS.has(block.block_type);
}

/** What the page route needs: the title block's index and whether its headings shift. */
export function pageTitleOf(blocks: readonly Block[], locale: Locale): { index: number; shift: boolean } {
  const index = pageTitleIndex(blocks, locale);
  const block = blocks[index];
  return { index, shift: block ? shiftsHeadings(block) : false };
}

/** Section headings inside rich text, one level up (never to h1): h3 → h2. The HTML is sanitised, so its tags are well formed. */
export function shiftHtmlHeadings(html: string): string {
  return html.replace(
    /<(\/?)h([3-6])(?=[\s>])/gi,
    (_, slash: string, level: string) => `<${slash}h${Number(level) - 1}`,
  );
}

/**
 * The content with the title block's rich text headings shifted like its other headings
 * (Text and Heading shift while rendering; rich text is HTML, shifted here once per page view).
 */
export function withTitleRichText(blocks: Block[], title: Record<Locale, { index: number; shift: boolean }>): Block[] {
  let out = blocks;
  for (const locale of ["fr", "en"] as const) {
    const { index, shift } = title[locale];
    const block = out[index];
    const definition = block && shift ? getBlockDefinition(block.block_type) : undefined;
    if (!block || !definition) continue;
    const fields = mapRichText(definition.fields, block.fields[locale], shiftHtmlHeadings);
    if (fields === block.fields[locale]) continue;
    if (out === blocks) out = [...blocks];
    out[index] = { ...block, fields: { ...block.fields, [locale]: fields } } as Block;
  }
  return out;
}
