/**
 * Repeaters as pure functions: an item's name from its content, and the French and English
 * lists kept aligned. An item added, removed or moved in one language is added, removed or moved
 * at the same place in the other (empty there, so it shows as missing its translation): item n
 * in French is always item n in English.
 */
import { isEmptyValue } from "./kinds";

/** Keys whose text names an item, best first. */
const NAME_KEYS = [
  "main_title",
  "title",
  "person_name",
  "author_name",
  "broker_name",
  "name",
  "question",
  "tab_title",
  "label",
  "figure",
  "text",
  "super_title",
  "tag",
  "value",
  "description",
] as const;

/** Nested objects whose text names an item when it has none of its own (a button's text, an image's alt). */
const NESTED_KEYS = ["cta", "link", "menu_link", "image", "media"] as const;

const MAX_NAME = 48;

function plain(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string): string {
  return text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1).trimEnd()}…` : text;
}

/** A short name for a repeater item from its content ("Prendre rendez-vous"), or "" when it has no text yet. */
export function itemName(item: unknown, depth = 0): string {
  if (!item || typeof item !== "object" || Array.isArray(item) || depth > 3) return "";
  const record = item as Record<string, unknown>;
  for (const key of NAME_KEYS) {
    const value = record[key];
    if (typeof value === "string" && plain(value) !== "") return clip(plain(value));
  }
  for (const key of NESTED_KEYS) {
    const nested = itemName(record[key], depth + 1);
    if (nested) return nested;
    const alt = (record[key] as { alt?: unknown } | undefined)?.alt;
    if (typeof alt === "string" && alt.trim() !== "") return clip(alt.trim());
  }
  return "";
}

/** The same path in the other language (`fields.fr.x` ⇄ `fields.en.x`), or null outside `fields`. */
export function counterpartPath(path: string): string | null {
  const match = /^fields\.(fr|en)\.(.+)$/.exec(path);
  if (!match) return null;
  return `fields.${match[1] === "fr" ? "en" : "fr"}.${match[2]}`;
}

export type RepeaterOp =
  | { kind: "add"; item: unknown }
  | { kind: "remove"; index: number }
  | { kind: "move"; from: number; to: number };

function move<T>(list: T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The list after `op` (this language's). */
export function applyOp(items: readonly unknown[], op: RepeaterOp): unknown[] {
  switch (op.kind) {
    case "add":
      return [...items, op.item];
    case "remove":
      return items.filter((_, i) => i !== op.index);
    case "move":
      return op.to < 0 || op.to >= items.length ? items.slice() : move(items.slice(), op.from, op.to);
  }
}

/**
 * The other language's list after the same `op`, keeping item n there beside item n here. A
 * list that had drifted (shorter) is first padded with `empty()` items up to this one's length.
 */
export function alignOther(
  mine: readonly unknown[],
  other: readonly unknown[] | undefined,
  op: RepeaterOp,
  empty: () => unknown,
): unknown[] {
  const padded = (other ?? []).slice();
  while (padded.length < mine.length) padded.push(empty());
  switch (op.kind) {
    case "add":
      padded.splice(mine.length, 0, empty());
      return padded;
    case "remove":
      padded.splice(op.index, 1);
      return padded;
    case "move":
      return op.to < 0 || op.to >= mine.length ? padded : move(padded, op.from, op.to);
  }
}

/** Whether item `index` here lacks the translation its counterpart has (or the reverse). */
export function itemMissing(mine: unknown, theirs: unknown): boolean {
  return isEmptyValue(mine) && !isEmptyValue(theirs);
}
