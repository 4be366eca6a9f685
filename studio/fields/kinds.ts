/**
 * Which control a schema gets: its tagged field kind (fieldMetaOf), or one inferred
 * from the unwrapped zod shape; anything else falls back to a JSON editor.
 */
import type { z } from "zod";
import { type FieldMeta, fieldMetaOf } from "../../schema/fields";
import { defOf } from "./path";

export type ControlKind = FieldMeta["kind"] | "json";

export interface ResolvedField {
  kind: ControlKind;
  meta: FieldMeta | undefined;
  /** The unwrapped schema (no optional/default/nullable). */
  def: ReturnType<typeof defOf>;
  optional: boolean;
}

const cache = new WeakMap<z.ZodType, ResolvedField>();

export function resolveField(schema: z.ZodType): ResolvedField {
  const hit = cache.get(schema);
  if (hit) return hit;
  const meta = fieldMetaOf(schema);
  const def = defOf(schema);
  const optional = isOptional(schema);
  let kind: ControlKind;
  if (meta) kind = meta.kind;
  else if (def.type === "string") kind = "text";
  else if (def.type === "number" || def.type === "int") kind = "number";
  else if (def.type === "boolean") kind = "boolean";
  else if (def.type === "enum") kind = "select";
  else if (def.type === "object" && def.shape) kind = "object";
  else if (def.type === "array" && def.element && defOf(def.element).type === "object") kind = "repeater";
  else kind = "json";
  const resolved = { kind, meta, def, optional };
  cache.set(schema, resolved);
  return resolved;
}

function isOptional(schema: z.ZodType): boolean {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; i < 6 && current; i++) {
    const def: { type: string; innerType?: z.ZodType } = (
      current as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } }
    )._zod.def;
    if (def.type === "optional" || def.type === "default" || def.type === "nullable" || def.type === "prefault")
      return true;
    current = def.innerType;
  }
  return false;
}

/** Options of a select: the meta's list or the enum's entries. */
export function selectOptions(field: ResolvedField): string[] {
  if (field.meta?.options) return [...field.meta.options];
  const entries = (field.def as { entries?: Record<string, string> }).entries;
  return entries ? Object.values(entries).map(String) : [];
}

/** The default value a new repeater item or object starts with. */
export function emptyValueOf(schema: z.ZodType): unknown {
  const field = resolveField(schema);
  if (field.def.type === "object" && field.def.shape) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(field.def.shape)) {
      const childField = resolveField(child);
      if (childField.optional) continue;
      out[key] = emptyValueOf(child);
    }
    return out;
  }
  switch (field.kind) {
    case "number":
      return 0;
    case "boolean":
      return false;
    case "select":
      return selectOptions(field)[0] ?? "";
    case "repeater":
      return [];
    case "colour":
      return "#000000";
    case "json":
      return field.def.type === "array" ? [] : null;
    default:
      return "";
  }
}

/** "main_title" → "Main title". */
export function humanise(name: string): string {
  const spaced = name.replace(/_/g, " ").trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Empty for the translation badge: undefined, null, blank strings, empty arrays/objects (recursively). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.replace(/<[^>]*>/g, "").trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value).every(isEmptyValue);
  return false;
}

/**
 * Visits every field of an object schema and below (object members, repeater items), with its
 * key (the label key: meta label, else the name) and the resolved field. Tests use it to check
 * that every field the studio can show has a name and every select names its values.
 */
export function forEachField(
  schema: z.ZodType,
  visit: (key: string, field: ResolvedField, name: string) => void,
  depth = 0,
): void {
  if (depth > 10) return;
  const field = resolveField(schema);
  const shape = field.def.shape;
  if (field.kind === "json" || !shape) return;
  for (const [name, child] of Object.entries(shape)) {
    const resolved = resolveField(child);
    visit(resolved.meta?.label ?? name, resolved, name);
    if (resolved.kind === "repeater" && resolved.def.element) forEachField(resolved.def.element, visit, depth + 1);
    else forEachField(child, visit, depth + 1);
  }
}
