/**
 * Every rich text value of a block, found through the field kinds of its schema (objects,
 * optional/default wrappers, repeaters). The server's sanitiser (renderer/lib/sanitize.server.ts)
 * and the studio's canvas both clean rich text through it, so a new block is covered by
 * declaring `f.richtext()`. Values that `clean` leaves unchanged keep their identity.
 */
import type { z } from "zod";
import type { Block } from "./block";
import { fieldMetaOf, unwrapSchema } from "./fields";
import { getBlockDefinition } from "./registry";

type Shape = { _zod: { def: { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType } } };

/** `value` with `clean` applied to each rich text string that `schema` declares. */
export function mapRichText(schema: z.ZodType, value: unknown, clean: (html: string) => string): unknown {
  if (value === undefined || value === null) return value;
  if (fieldMetaOf(schema)?.kind === "richtext") return typeof value === "string" ? clean(value) : value;
  const def = (unwrapSchema(schema) as unknown as Shape)._zod.def;
  if (def.type === "object" && def.shape && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const [key, child] of Object.entries(def.shape)) {
      if (!(key in record)) continue;
      const next = mapRichText(child, record[key], clean);
      if (next !== record[key]) {
        out ??= { ...record };
        out[key] = next;
      }
    }
    return out ?? value;
  }
  if (def.type === "array" && def.element && Array.isArray(value)) {
    const element = def.element;
    let changed = false;
    const out = value.map((item) => {
      const next = mapRichText(element, item, clean);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  return value;
}

/** The block with `clean` applied to the rich text of both locales; the same object when nothing changed. */
export function mapBlockRichText(block: Block, clean: (html: string) => string): Block {
  const definition = getBlockDefinition(block.block_type);
  if (!definition) return block;
  const fr = mapRichText(definition.fields, block.fields.fr, clean) as Record<string, unknown>;
  const en = mapRichText(definition.fields, block.fields.en, clean) as Record<string, unknown>;
  if (fr === block.fields.fr && en === block.fields.en) return block;
  return { ...block, fields: { fr, en } };
}
