/**
 * Dotted paths inside a block ("fields.en.cta_repeater.0.cta.text") and the schema
 * found at a path, so the path box and the form agree on what exists.
 */
import type { z } from "zod";
import type { BlockDefinition } from "../../schema/block";
import { unwrapSchema } from "../../schema/fields";

export function joinPath(base: string, key: string | number): string {
  return base ? `${base}.${key}` : String(key);
}

export function splitPath(path: string): string[] {
  return path
    .split(".")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"]);

/** The value at `path`, or `undefined`; never reads inherited properties. */
export function getAtPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const segment of splitPath(path)) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Returns a copy of `root` with `value` at `path` (structural sharing; creates objects/arrays on the way). */
export function setAtPath<T>(root: T, path: string, value: unknown): T {
  const segments = splitPath(path);
  if (segments.some((s) => FORBIDDEN.has(s))) throw new Error(`Invalid path: ${path}`);
  const write = (node: unknown, index: number): unknown => {
    if (index === segments.length) return value;
    const segment = segments[index]!;
    const numeric = /^\d+$/.test(segment);
    if (Array.isArray(node)) {
      const copy = node.slice();
      copy[Number(segment)] = write(node[Number(segment)], index + 1);
      return copy;
    }
    const base = node && typeof node === "object" ? { ...(node as Record<string, unknown>) } : numeric ? [] : {};
    (base as Record<string, unknown>)[segment] = write(
      node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined,
      index + 1,
    );
    return base;
  };
  return write(root, 0) as T;
}

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; options?: z.ZodType[] };
export function defOf(schema: z.ZodType): Def {
  return (unwrapSchema(schema) as unknown as { _zod: { def: Def } })._zod.def;
}

/** The part of a block definition a top-level segment points at. */
function blockLevelSchema(definition: BlockDefinition, segment: string): z.ZodType | "locales" | "scalar" | undefined {
  if (segment === "block_params") return definition.params;
  if (segment === "fields") return "locales";
  if (segment === "id" || segment === "block_type") return "scalar";
  return undefined;
}

/**
 * Whether `path` names something in a block of this definition: a key of its schema
 * (set or not), or an existing array item (or the next one, to append).
 */
export function pathExists(definition: BlockDefinition, block: unknown, path: string): boolean {
  const segments = splitPath(path);
  if (segments.length === 0) return false;
  const top = blockLevelSchema(definition, segments[0]!);
  if (!top) return false;
  if (top === "scalar") return segments.length === 1;
  let schema: z.ZodType | undefined;
  let rest = segments.slice(1);
  if (top === "locales") {
    if (rest.length === 0) return true;
    if (rest[0] !== "fr" && rest[0] !== "en") return false;
    schema = definition.fields;
    rest = rest.slice(1);
  } else {
    schema = top;
  }
  let value = getAtPath(block, segments.slice(0, segments.length - rest.length).join("."));
  for (const segment of rest) {
    if (!schema) return false;
    const def = defOf(schema);
    if (def.type === "object" && def.shape) {
      if (!Object.hasOwn(def.shape, segment)) return false;
      schema = def.shape[segment];
    } else if (def.type === "array" && def.element) {
      if (!/^\d+$/.test(segment)) return false;
      const length = Array.isArray(value) ? value.length : 0;
      if (Number(segment) > length) return false;
      schema = def.element;
    } else if (def.type === "record") {
      schema = undefined; // free keys below a record: accept anything.
      return true;
    } else {
      return false;
    }
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return true;
}
