/**
 * The store writes only where every parent exists. A field inside an unset optional
 * object (fields.fr.cta.url while fields.fr.cta is absent) is written as the nearest
 * existing ancestor holding the new value.
 */
import { getAtPath, setAtPath, splitPath } from "./path";

export function resolveWrite(block: unknown, path: string, value: unknown): { path: string; value: unknown } {
  const segments = splitPath(path);
  for (let depth = segments.length - 1; depth >= 1; depth--) {
    const parentPath = segments.slice(0, depth).join(".");
    const parent = getAtPath(block, parentPath);
    if (parent !== null && typeof parent === "object") {
      if (depth === segments.length - 1) return { path, value };
      const rest = segments.slice(depth + 1).join(".");
      const key = segments[depth]!;
      const current = (parent as Record<string, unknown>)[key];
      const isIndex = /^\d+$/.test(segments[depth + 1] ?? "");
      const start = current && typeof current === "object" ? current : isIndex ? [] : {};
      return { path: segments.slice(0, depth + 1).join("."), value: setAtPath(start, rest, value) };
    }
  }
  return { path, value };
}
