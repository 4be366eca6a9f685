/** Pure helpers of the partners blocks (blocks.md §4 Offices, partners, §9 Lists and paging). */

/** Partners shown before the show-more button. */
export const PARTNERS_INITIAL = 6;

/** Lower-case, without accents or surrounding spaces: "  Côté " → "cote". */
export function normaliseForSearch(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");
}

interface Tagged {
  tags_repeater?: readonly { name: string; bg_color_primary?: string; text_color?: string }[];
}

/** Distinct tags of the partners, in order of first appearance (compared by name, accent-insensitive). */
export function collectTags<T extends Tagged>(items: readonly T[]): { key: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const item of items)
    for (const tag of item.tags_repeater ?? []) {
      const key = normaliseForSearch(tag.name);
      if (key && !seen.has(key)) seen.set(key, tag.name.trim());
    }
  return [...seen].map(([key, name]) => ({ key, name }));
}

/** Partners having at least one of the selected tags; no selection means all. */
export function filterByTags<T extends Tagged>(items: readonly T[], selected: ReadonlySet<string>): T[] {
  if (selected.size === 0) return [...items];
  return items.filter((item) => (item.tags_repeater ?? []).some((tag) => selected.has(normaliseForSearch(tag.name))));
}

export function toggleTag(selected: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The partners to show: the first 6 unless all are revealed. */
export function visiblePartners<T>(items: readonly T[], showAll: boolean, initial = PARTNERS_INITIAL): T[] {
  return showAll ? [...items] : items.slice(0, initial);
}

/** Banks whose name contains the query, ignoring case and accents. */
export function filterBanksByName<T extends { name: string }>(banks: readonly T[], query: string): T[] {
  const needle = normaliseForSearch(query);
  if (!needle) return [...banks];
  return banks.filter((bank) => normaliseForSearch(bank.name).includes(needle));
}
