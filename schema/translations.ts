/**
 * Translations (issue 33): which of a block's fields a visitor reads, and which of them have text
 * in one language but not the other. The field kinds of the block's schema say what a visitor
 * sees: text, long text and rich text, a link's text and address, an image's picture and its
 * alternative text, a video's sources; parameters, selects, numbers, colours, icons and code are
 * not words to translate. Repeater items are compared item by item (the studio keeps them
 * aligned), objects member by member.
 *
 * The same walk fills a field left empty in one language from the other (`withFallbackText`):
 * the spec's rule that a missing language is filled from the one present (blocks.md §1), applied
 * field by field on the visitor's page, so an English title emptied by mistake shows the French
 * one instead of no heading.
 */
import type { z } from "zod";
import type { Block } from "./block";
import { fieldMetaOf, unwrapSchema } from "./fields";
import { getBlockDefinition } from "./registry";

export type TranslationLocale = "fr" | "en";

export interface MissingTranslation {
  /** The dotted path of the empty field, in the language it is missing in: `fields.en.main_title`. */
  path: string;
  /** The language that lacks it. */
  locale: TranslationLocale;
}

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (unwrapSchema(schema) as unknown as { _zod: { def: Def } })._zod.def;

/** Empty for a visitor: nothing, blank, or markup without text (rich text's `<p></p>`). */
export function isBlankText(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string")
    return (
      value
        .replace(/<(img|iframe|video)\b/gi, "x")
        .replace(/<[^>]*>/g, "")
        .replace(/&nbsp;|\u00a0/g, " ")
        .trim() === ""
    );
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The parts a visitor sees of a field of each composite kind. */
const VISIBLE_PARTS: Partial<Record<string, readonly string[]>> = {
  link: ["text", "url"],
  image: ["url", "alt"],
  video: ["sources"],
};
const TEXT_KINDS = new Set(["text", "textarea", "richtext"]);

/**
 * Visits each visible leaf of `schema` in both languages' values: `leaf(path, fr, en, set)`,
 * where `set(locale, value)` writes the leaf in that language's copy (for the fill).
 */
function walk(
  schema: z.ZodType,
  fr: unknown,
  en: unknown,
  path: string,
  leaf: (path: string, fr: unknown, en: unknown) => void,
  depth = 0,
): void {
  if (depth > 12) return;
  const kind = fieldMetaOf(schema)?.kind;
  if (kind && TEXT_KINDS.has(kind)) {
    leaf(path, fr, en);
    return;
  }
  const parts = kind ? VISIBLE_PARTS[kind] : undefined;
  if (parts) {
    for (const part of parts) leaf(`${path}.${part}`, record(fr)?.[part], record(en)?.[part]);
    return;
  }
  if (kind && kind !== "object" && kind !== "repeater") return;
  const def = defOf(schema);
  if (def.type === "object" && def.shape) {
    for (const [key, child] of Object.entries(def.shape))
      walk(child, record(fr)?.[key], record(en)?.[key], path ? `${path}.${key}` : key, leaf, depth + 1);
    return;
  }
  if (def.type === "array" && def.element && defOf(def.element).type === "object") {
    const a = Array.isArray(fr) ? fr : [];
    const b = Array.isArray(en) ? en : [];
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      walk(def.element, a[i], b[i], `${path}.${i}`, leaf, depth + 1);
  }
}

const cache = new WeakMap<object, MissingTranslation[]>();

/**
 * The visible fields of a block that one language has and the other lacks. Kept per block
 * object: a keystroke recomputes the edited block only.
 */
export function missingTranslations(block: Block): MissingTranslation[] {
  const hit = cache.get(block);
  if (hit) return hit;
  const definition = getBlockDefinition(block.block_type);
  const out: MissingTranslation[] = [];
  if (definition) {
    walk(definition.fields, block.fields?.fr, block.fields?.en, "", (path, fr, en) => {
      const blankFr = isBlankText(fr);
      const blankEn = isBlankText(en);
      if (blankFr && !blankEn) out.push({ path: `fields.fr.${path}`, locale: "fr" });
      else if (blankEn && !blankFr) out.push({ path: `fields.en.${path}`, locale: "en" });
    });
  }
  cache.set(block, out);
  return out;
}

/** What of a page lacks a language: its title, and each block's fields. */
export interface PageTranslations {
  title: TranslationLocale[];
  blocks: { block: Block; missing: MissingTranslation[] }[];
  count: number;
}

export function pageTranslations(page: {
  title: { fr: string; en: string };
  blocks: readonly Block[];
}): PageTranslations {
  const title: TranslationLocale[] = [];
  if (isBlankText(page.title.fr) && !isBlankText(page.title.en)) title.push("fr");
  if (isBlankText(page.title.en) && !isBlankText(page.title.fr)) title.push("en");
  const blocks = page.blocks
    .map((block) => ({ block, missing: missingTranslations(block) }))
    .filter((entry) => entry.missing.length > 0);
  return { title, blocks, count: title.length + blocks.reduce((n, b) => n + b.missing.length, 0) };
}

/** Sets a dotted path in a copy of `root` (objects and arrays copied along the way). */
function setPath(root: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> | unknown[] = Array.isArray(root) ? [...root] : { ...root };
  const current = (copy as Record<string, unknown>)[head];
  (copy as Record<string, unknown>)[head] =
    rest.length === 0
      ? value
      : setPath((current ?? (/^\d+$/.test(rest[0]!) ? [] : {})) as Record<string, unknown>, rest, value);
  return copy as Record<string, unknown>;
}

/**
 * The block with each visible text one language left empty taken from the other (the spec's
 * fallback, field by field, for the visitor's page). Only strings are filled, and only where the
 * value's container exists (an item the other language lacks stays missing). The same object
 * when nothing is missing.
 */
export function withFallbackText<B extends Block>(block: B): B {
  const missing = missingTranslations(block);
  if (missing.length === 0) return block;
  let fields = block.fields as unknown as Record<string, unknown>;
  for (const { path, locale } of missing) {
    const other = locale === "fr" ? "en" : "fr";
    const segments = path.split(".").slice(2);
    let source: unknown = (block.fields as Record<string, unknown>)[other];
    let holder: unknown = (block.fields as Record<string, unknown>)[locale];
    for (const segment of segments)
      source = record(source)?.[segment] ?? (source as unknown[] | undefined)?.[Number(segment)];
    for (const segment of segments.slice(0, -1))
      holder = record(holder)?.[segment] ?? (Array.isArray(holder) ? holder[Number(segment)] : undefined);
    if (typeof source !== "string" || holder === undefined || holder === null || typeof holder !== "object") continue;
    fields = setPath(fields, [locale, ...segments], source);
  }
  return { ...block, fields } as B;
}
