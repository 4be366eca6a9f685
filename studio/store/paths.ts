/**
 * Pure dotted-path helpers for block data: "fields.fr.main_title", "fields.en.cta_repeater.0.text".
 * Numeric segments index arrays. Nothing here mutates unless named `setAtPath` / `deleteAtPath`.
 */

export type PathSegment = string | number;

/** Splits a dotted path; numeric segments become numbers. Empty segments make the path invalid (null). */
export function parsePath(path: string): PathSegment[] | null {
  if (typeof path !== "string" || path === "") return null;
  const parts = path.split(".");
  if (parts.some((p) => p === "")) return null;
  return parts.map((p) => (/^(0|[1-9]\d*)$/.test(p) ? Number(p) : p));
}

export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map(String).join(".");
}

function isContainer(value: unknown): value is Record<PropertyKey, unknown> | unknown[] {
  return typeof value === "object" && value !== null;
}

/** Own-property read that never reaches prototypes ("constructor", "__proto__"). */
function child(container: unknown, key: PathSegment): unknown {
  if (!isContainer(container)) return undefined;
  if (Array.isArray(container)) return typeof key === "number" ? container[key] : undefined;
  return Object.hasOwn(container, key) ? (container as Record<string, unknown>)[String(key)] : undefined;
}

/** The value at a path, or undefined. */
export function getAtPath(root: unknown, path: string | readonly PathSegment[]): unknown {
  const segments = typeof path === "string" ? parsePath(path) : path;
  if (!segments) return undefined;
  let current = root;
  for (const key of segments) {
    current = child(current, key);
    if (current === undefined) return undefined;
  }
  return current;
}

/** True when every segment of the path exists (the value itself may be null). */
export function hasPath(root: unknown, path: string | readonly PathSegment[]): boolean {
  const segments = typeof path === "string" ? parsePath(path) : path;
  if (!segments) return false;
  let current = root;
  for (const key of segments) {
    if (!isContainer(current)) return false;
    if (Array.isArray(current)) {
      if (typeof key !== "number" || key >= current.length) return false;
    } else if (!Object.hasOwn(current, key)) return false;
    current = child(current, key);
  }
  return true;
}

const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Whether a value can be written at the path: every parent exists and is a container,
 * an array is indexed by a number at most its length (append), an object by a safe key.
 * The last key of an object may be absent (filling an optional field).
 */
export function canSetPath(root: unknown, path: string | readonly PathSegment[]): boolean {
  const segments = typeof path === "string" ? parsePath(path) : path;
  if (!segments || segments.length === 0) return false;
  if (segments.some((s) => typeof s === "string" && FORBIDDEN.has(s))) return false;
  const parent = segments.length === 1 ? root : getAtPath(root, segments.slice(0, -1));
  if (!isContainer(parent)) return false;
  if (segments.length > 1 && !hasPath(root, segments.slice(0, -1))) return false;
  const last = segments.at(-1) as PathSegment;
  if (Array.isArray(parent)) return typeof last === "number" && last <= parent.length;
  return true;
}

/**
 * Writes a value in place (use inside an immer draft). `undefined` deletes an object key.
 * Returns false, writing nothing, when `canSetPath` is false.
 */
export function setAtPath(root: unknown, path: string | readonly PathSegment[], value: unknown): boolean {
  const segments = typeof path === "string" ? parsePath(path) : path;
  if (!segments || !canSetPath(root, segments)) return false;
  const parent = (segments.length === 1 ? root : getAtPath(root, segments.slice(0, -1))) as Record<string, unknown>;
  const last = segments.at(-1) as PathSegment;
  if (value === undefined && !Array.isArray(parent)) delete parent[String(last)];
  else (parent as Record<PropertyKey, unknown>)[last] = value;
  return true;
}

/** Removes an array item or object key in place; false when the path does not exist. */
export function deleteAtPath(root: unknown, path: string | readonly PathSegment[]): boolean {
  const segments = typeof path === "string" ? parsePath(path) : path;
  if (!segments || !hasPath(root, segments)) return false;
  const parent = (segments.length === 1 ? root : getAtPath(root, segments.slice(0, -1))) as Record<string, unknown>;
  const last = segments.at(-1) as PathSegment;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[String(last)];
  return true;
}
