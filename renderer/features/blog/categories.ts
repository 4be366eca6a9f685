/**
 * Category selection of the blog archive (site.md §4 Blog archive): all categories start
 * selected; clicking one while all are selected selects only it; otherwise it toggles;
 * when none remain selected, all are selected again.
 */
export interface SelectableCategory {
  id: number;
  selected: boolean;
}

export function allSelected(categories: readonly SelectableCategory[]): boolean {
  return categories.every((c) => c.selected);
}

export function selectAll<C extends SelectableCategory>(categories: readonly C[]): C[] {
  return categories.map((c) => (c.selected ? c : { ...c, selected: true }));
}

export function toggleCategory<C extends SelectableCategory>(categories: readonly C[], id: number): C[] {
  if (!categories.some((c) => c.id === id)) return [...categories];
  if (allSelected(categories)) return categories.map((c) => ({ ...c, selected: c.id === id }));
  const next = categories.map((c) => (c.id === id ? { ...c, selected: !c.selected } : c));
  return next.some((c) => c.selected) ? next : selectAll(next);
}

/** The ids to send, or undefined when all are selected (the parameter is then omitted). */
export function selectedIds(categories: readonly SelectableCategory[]): number[] | undefined {
  if (categories.length === 0 || allSelected(categories)) return undefined;
  return categories.filter((c) => c.selected).map((c) => c.id);
}
