/**
 * Server-side sanitising of rich text and embedded HTML with DOMPurify over jsdom.
 * Walks each block's fields by their field kinds, so new blocks are covered by
 * declaring `f.richtext()`; results are memoised because pages repeat.
 */
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import type { z } from "zod";
import type { Block } from "../../schema/block";
import { fieldMetaOf, unwrapSchema } from "../../schema/fields";
import { getBlockDefinition } from "../../schema/registry";

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
  return walk(schema, value);
}

function walk(schema: z.ZodType, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const meta = fieldMetaOf(schema);
  if (meta?.kind === "richtext" && typeof value === "string") return sanitizeHtml(value);
  const inner = unwrapSchema(schema) as z.ZodType & {
    _zod: { def: { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType } };
  };
  const def = inner._zod.def;
  if (def.type === "object" && def.shape && typeof value === "object" && !Array.isArray(value)) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, child] of Object.entries(def.shape)) {
      if (key in out) out[key] = walk(child, out[key]);
    }
    return out;
  }
  if (def.type === "array" && def.element && Array.isArray(value)) {
    return value.map((item) => walk(def.element as z.ZodType, item));
  }
  return value;
}

export function sanitizeBlocks(blocks: Block[]): Block[] {
  return blocks.map((block) => {
    const definition = getBlockDefinition(block.block_type);
    if (!definition) return block;
    return {
      ...block,
      fields: {
        fr: walk(definition.fields, block.fields.fr) as Record<string, unknown>,
        en: walk(definition.fields, block.fields.en) as Record<string, unknown>,
      },
    };
  });
}
