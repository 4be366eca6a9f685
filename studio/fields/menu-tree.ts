/**
 * A menu as a tree (issue 29): the header's and footer's `menu_repeater`, kept per language in the
 * block (fields.fr / fields.en, item n of one being item n of the other), seen and edited as one
 * list of items with both languages' labels and links, each with its sub-items (the submenu; in
 * a footer, a column's links). Pure functions: the editor calls them and writes both languages
 * back in one undo step.
 */

type Item = Record<string, unknown> & { menu_link?: { url?: string; text?: string; target?: string } };

export interface MenuNode {
  fr: Item;
  en: Item;
  children: MenuNode[];
}

/** Where an item is: its index at the top, then its index in that item's sub-items. */
export type MenuPath = readonly [number] | readonly [number, number];

const list = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);
const without = (item: Item | undefined): Item => {
  if (!item) return {};
  const { submenu: _submenu, ...rest } = item;
  return rest;
};

/** The tree of a menu from its two languages (a language missing an item takes the other's). */
export function menuTree(fr: unknown, en: unknown): MenuNode[] {
  const a = list(fr);
  const b = list(en);
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => {
    const x = a[i] ?? b[i];
    const y = b[i] ?? a[i];
    return { fr: without(x), en: without(y), children: menuTree(x?.submenu, y?.submenu) };
  });
}

/** The two languages' menus of a tree (an item without sub-items has no `submenu`). */
export function menuLists(tree: readonly MenuNode[]): { fr: Item[]; en: Item[] } {
  const side = (locale: "fr" | "en"): Item[] =>
    tree.map((node) =>
      node.children.length > 0 ? { ...node[locale], submenu: menuLists(node.children)[locale] } : { ...node[locale] },
    );
  return { fr: side("fr"), en: side("en") };
}

const clone = (tree: readonly MenuNode[]): MenuNode[] => structuredClone(tree) as MenuNode[];
const siblings = (tree: MenuNode[], path: MenuPath): MenuNode[] | undefined =>
  path.length === 1 ? tree : tree[path[0]]?.children;

/** The item moved one place up (-1) or down (+1) among its siblings; the tree as it was at an end. */
export function moveItem(tree: readonly MenuNode[], path: MenuPath, by: -1 | 1): MenuNode[] {
  return moveItemTo(tree, path, (path.at(-1) as number) + by);
}

/** The item moved to place `to` among its siblings (a drag). */
export function moveItemTo(tree: readonly MenuNode[], path: MenuPath, to: number): MenuNode[] {
  const next = clone(tree);
  const list = siblings(next, path);
  const from = path.at(-1) as number;
  if (!list || to < 0 || to >= list.length || from === to) return next;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item as MenuNode);
  return next;
}

/** A top item made the last sub-item of the one above it (its own sub-items follow it there). */
export function indentItem(tree: readonly MenuNode[], path: MenuPath): MenuNode[] {
  const next = clone(tree);
  if (path.length !== 1 || path[0] === 0) return next;
  const [item] = next.splice(path[0], 1);
  const parent = next[path[0] - 1] as MenuNode;
  const node = item as MenuNode;
  // Menus are two levels deep: the item's own sub-items come along after it.
  parent.children.push({ ...node, children: [] }, ...node.children);
  return next;
}

/** A sub-item made a top item, right after its parent. */
export function outdentItem(tree: readonly MenuNode[], path: MenuPath): MenuNode[] {
  const next = clone(tree);
  if (path.length !== 2) return next;
  const parent = next[path[0]];
  const [item] = parent?.children.splice(path[1], 1) ?? [];
  if (item) next.splice(path[0] + 1, 0, item);
  return next;
}

export function removeItem(tree: readonly MenuNode[], path: MenuPath): MenuNode[] {
  const next = clone(tree);
  siblings(next, path)?.splice(path.at(-1) as number, 1);
  return next;
}

/** An item added at the end of the menu, or of an item's sub-items (`parent`). */
export function addItem(tree: readonly MenuNode[], node: MenuNode, parent?: number): MenuNode[] {
  const next = clone(tree);
  if (parent === undefined) next.push(node);
  else next[parent]?.children.push(node);
  return next;
}

/** The item at `path` with `change` applied to each language's fields. */
export function editItem(
  tree: readonly MenuNode[],
  path: MenuPath,
  change: (item: Item, locale: "fr" | "en") => Item,
): MenuNode[] {
  const next = clone(tree);
  const node = siblings(next, path)?.[path.at(-1) as number];
  if (node) {
    node.fr = change(node.fr, "fr");
    node.en = change(node.en, "en");
  }
  return next;
}

/** A menu item leading to a page of the site, named by its title in each language. */
export function pageItem(page: { title: { fr: string; en: string }; paths: { fr: string; en: string } }): MenuNode {
  return {
    fr: { menu_link: { url: page.paths.fr, text: page.title.fr } },
    en: { menu_link: { url: page.paths.en, text: page.title.en } },
    children: [],
  };
}

/** A menu item leading elsewhere (opened in a new tab, as the site's other external links are). */
export function linkItem(url: string, text: { fr: string; en: string }): MenuNode {
  return {
    fr: { menu_link: { url, text: text.fr, target: "_blank" } },
    en: { menu_link: { url, text: text.en, target: "_blank" } },
    children: [],
  };
}
