/**
 * What changed between two versions of a page, block by block: shared by the content service
 * (the change summary it keeps with each published version) and the studio (the versions
 * panel's comparison with the draft). Blocks are matched by id; a block whose id appears
 * twice, or has none, is matched by its position instead, so a malformed page still compares.
 */
import { z } from "zod";

export type DiffLocale = "fr" | "en";

/** A field (or parameter) that differs: its dotted path in the block and the languages it differs in. */
export interface FieldChange {
  /** `fields.fr.title`, `fields.fr.buttons.1` (a repeater item), `block_params.color_scheme`. */
  path: string;
  /** The languages whose text differs; empty for parameters, which have no language. */
  locales: DiffLocale[];
}

export type BlockChange =
  | { kind: "added"; key: string; block_type: string; index: number }
  | { kind: "removed"; key: string; block_type: string; index: number }
  /** In both; `moved` when its place among the other kept blocks changed. */
  | { kind: "changed"; key: string; block_type: string; index: number; moved: boolean; fields: FieldChange[] }
  | { kind: "moved"; key: string; block_type: string; index: number; from: number };

/** The page's own fields (outside its blocks) that differ. */
export type PagePart = "title" | "paths" | "hidden" | "seo" | "override";

export interface PageDiff {
  blocks: BlockChange[];
  page: PagePart[];
}

export const changeSummarySchema = z.object({
  /** created: the page's first version; published: a later one; imported: the page as history began. */
  origin: z.enum(["created", "published", "imported"]),
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  moved: z.number().int().nonnegative(),
  /** Title, paths, visibility, SEO or overrides changed. */
  page: z.boolean(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

/** The parts of a page document the diff reads; anything else is ignored. */
export interface DiffablePage {
  title?: unknown;
  paths?: unknown;
  hidden?: unknown;
  seo?: unknown;
  override?: unknown;
  content?: readonly unknown[];
}

interface Entry {
  key: string;
  block_type: string;
  index: number;
  block: Record<string, unknown>;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** JSON equality, object keys in any order (a block read back from PostgreSQL keeps its order; SQLite's too, but a studio round trip may not). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) {
    // An absent key and an undefined one are the same document once serialised.
    if (!sameValue(ra[key], rb[key])) return false;
  }
  return true;
}

function entries(content: readonly unknown[] | undefined): Entry[] {
  const list = content ?? [];
  const counts = new Map<string, number>();
  for (const item of list) {
    const id = record(item).id;
    if (typeof id === "string" && id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return list.map((item, index) => {
    const block = record(item);
    const id = typeof block.id === "string" && block.id && counts.get(block.id) === 1 ? block.id : undefined;
    return {
      key: id ?? `#${index}`,
      block_type: typeof block.block_type === "string" ? block.block_type : "",
      index,
      block,
    };
  });
}

/** The keys of the longest common subsequence of two key lists: the blocks that kept their relative order. */
function stableKeys(a: readonly string[], b: readonly string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

/** The fields that differ in one part of a block (one language's fields, or the parameters). */
function changedKeys(before: unknown, after: unknown): string[] {
  const a = record(before);
  const b = record(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const paths: string[] = [];
  for (const key of keys) {
    if (sameValue(a[key], b[key])) continue;
    const x = a[key];
    const y = b[key];
    // A repeater of the same length: name the items that changed ("Boutons › Bouton 2").
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      x.forEach((item, i) => {
        if (!sameValue(item, y[i])) paths.push(`${key}.${i}`);
      });
    } else paths.push(key);
  }
  return paths;
}

function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  const byPath = new Map<string, FieldChange>();
  for (const locale of ["fr", "en"] as const) {
    for (const key of changedKeys(record(before.fields)[locale], record(after.fields)[locale])) {
      const existing = byPath.get(key);
      if (existing) existing.locales.push(locale);
      else {
        // The path names the first language it differs in; describePath leaves the language out.
        const change = { path: `fields.${locale}.${key}`, locales: [locale] as DiffLocale[] };
        byPath.set(key, change);
        changes.push(change);
      }
    }
  }
  for (const key of changedKeys(before.block_params, after.block_params)) {
    changes.push({ path: `block_params.${key}`, locales: [] });
  }
  // Whatever else a block carries (its type, unknown keys): named as it is.
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "fields" || key === "block_params" || key === "id") continue;
    if (!sameValue(before[key], after[key])) changes.push({ path: key, locales: [] });
  }
  return changes;
}

/** How `after` differs from `before`: its blocks in `after`'s order, then the removed ones. */
export function diffPages(before: DiffablePage, after: DiffablePage): PageDiff {
  const old = entries(before.content);
  const next = entries(after.content);
  const oldByKey = new Map(old.map((e) => [e.key, e]));
  const nextKeys = new Set(next.map((e) => e.key));
  const common = (list: Entry[], other: Set<string> | Map<string, Entry>) =>
    list.filter((e) => other.has(e.key)).map((e) => e.key);
  const stable = stableKeys(common(old, nextKeys), common(next, oldByKey));
  const blocks: BlockChange[] = [];
  for (const entry of next) {
    const previous = oldByKey.get(entry.key);
    if (!previous) {
      blocks.push({ kind: "added", key: entry.key, block_type: entry.block_type, index: entry.index });
      continue;
    }
    const moved = !stable.has(entry.key);
    const fields = fieldChanges(previous.block, entry.block);
    if (fields.length > 0) {
      blocks.push({ kind: "changed", key: entry.key, block_type: entry.block_type, index: entry.index, moved, fields });
    } else if (moved) {
      blocks.push({
        kind: "moved",
        key: entry.key,
        block_type: entry.block_type,
        index: entry.index,
        from: previous.index,
      });
    }
  }
  for (const entry of old) {
    if (!nextKeys.has(entry.key))
      blocks.push({ kind: "removed", key: entry.key, block_type: entry.block_type, index: entry.index });
  }
  const page = (["title", "paths", "hidden", "seo", "override"] as const).filter((part) => {
    // `hidden` defaults to false: absent and false are the same page.
    if (part === "hidden") return Boolean(before.hidden) !== Boolean(after.hidden);
    return !sameValue(before[part], after[part]);
  });
  return { blocks, page };
}

/** The counts kept with a version. `before` undefined: the page's first version. */
export function summariseChanges(before: DiffablePage | undefined, after: DiffablePage): ChangeSummary {
  if (!before) {
    return {
      origin: "created",
      added: after.content?.length ?? 0,
      removed: 0,
      changed: 0,
      moved: 0,
      page: false,
    };
  }
  const diff = diffPages(before, after);
  const count = (kind: BlockChange["kind"]) => diff.blocks.filter((b) => b.kind === kind).length;
  return {
    origin: "published",
    added: count("added"),
    removed: count("removed"),
    changed: count("changed"),
    moved: count("moved") + diff.blocks.filter((b) => b.kind === "changed" && b.moved).length,
    page: diff.page.length > 0,
  };
}
