/**
 * The menu editor of header and footer blocks (issue 29): the menu as a tree (menu-tree.ts), each
 * item with its labels and links in both languages; items added from the site's pages or as a
 * link elsewhere, nested under the item above (a submenu; in a footer, a column) or taken out
 * again, reordered by dragging their handle or from the keyboard (Alt+↑/↓ to move, Alt+→/← to
 * nest and un-nest, or the item's buttons). Every change writes both languages in one undo step.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { Locale } from "../../schema/locales";
import { Icon } from "../shell/icons";
import { PageSelect } from "../shell/PageOptions";
import { useSitePages } from "../shell/site-pages";
import {
  addItem,
  editItem,
  indentItem,
  linkItem,
  type MenuNode,
  type MenuPath,
  menuLists,
  menuTree,
  moveItem,
  moveItemTo,
  outdentItem,
  pageItem,
  removeItem,
} from "./menu-tree";
import { selectBlock, useFieldsStore } from "./store-adapter";

const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };
const LOCALES: readonly Locale[] = ["fr", "en"];

const textOf = (node: MenuNode, locale: Locale) => node[locale].menu_link?.text ?? "";
const urlOf = (node: MenuNode, locale: Locale) => node[locale].menu_link?.url ?? "";

export function MenuTreeField({ blockId, label, locale }: { blockId: string; label: string; locale: Locale }) {
  const { t } = useTranslation();
  const store = useFieldsStore();
  const fields = useStore(store, (s) => selectBlock(s, blockId)?.fields) as
    | { fr?: { menu_repeater?: unknown }; en?: { menu_repeater?: unknown } }
    | undefined;
  const tree = menuTree(fields?.fr?.menu_repeater, fields?.en?.menu_repeater);
  const pages = useSitePages();
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parent?: number } | null>(null);
  const focusAfter = useRef<string | null>(null);
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));

  const write = (next: MenuNode[], focus?: string) => {
    const lists = menuLists(next);
    const state = store.getState();
    const writes = [
      { path: "fields.fr.menu_repeater", value: lists.fr },
      { path: "fields.en.menu_repeater", value: lists.en },
    ];
    if (state.setValues) state.setValues(blockId, writes);
    else for (const w of writes) state.setValue(blockId, w.path, w.value);
    if (focus) {
      focusAfter.current = focus;
      requestAnimationFrame(() => {
        rootRef.current?.querySelector<HTMLElement>(focusAfter.current ?? "")?.focus();
        focusAfter.current = null;
      });
    }
  };
  const key = (path: MenuPath) => path.join("-");

  const onDragEnd =
    (parent: number | undefined) =>
    ({ active, over }: DragEndEvent) => {
      if (!over) return;
      const from = Number(String(active.id).split(":").at(-1));
      const to = Number(String(over.id).split(":").at(-1));
      const path: MenuPath = parent === undefined ? [from] : [parent, from];
      write(moveItemTo(tree, path, to));
    };

  const itemProps = (node: MenuNode, path: MenuPath, count: number) => ({
    node,
    path,
    count,
    open: open === key(path),
    pages,
    onToggle: () => setOpen(open === key(path) ? null : key(path)),
    onMove: (by: -1 | 1) =>
      write(
        moveItem(tree, path, by),
        `[data-menu-item="${key(path.length === 1 ? [path[0] + by] : [path[0], path[1] + by])}"] [data-action="toggle"]`,
      ),
    onIndent: () =>
      write(
        indentItem(tree, path),
        `[data-menu-item="${path[0] - 1}-${tree[path[0] - 1]?.children.length ?? 0}"] [data-action="toggle"]`,
      ),
    onOutdent: () => write(outdentItem(tree, path), `[data-menu-item="${path[0] + 1}"] [data-action="toggle"]`),
    onRemove: () => write(removeItem(tree, path), `[data-menu-add]`),
    onEdit: (change: (item: MenuNode["fr"], l: Locale) => MenuNode["fr"]) => write(editItem(tree, path, change)),
    onAddChild: path.length === 1 ? () => setAdding({ parent: path[0] }) : undefined,
  });

  return (
    <fieldset className="sf-group sf-kind-menu" data-path="fields.menu_repeater" ref={rootRef}>
      <legend>{label}</legend>
      <p className="sf-hint">{t("studio.menu.hint")}</p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd(undefined)}>
        <SortableContext items={tree.map((_, i) => `top:${i}`)} strategy={verticalListSortingStrategy}>
          <ol className="sf-menu" aria-label={label}>
            {tree.map((node, i) => (
              <MenuItem
                key={`top-${i}-${urlOf(node, "fr")}`}
                sortId={`top:${i}`}
                {...itemProps(node, [i], tree.length)}
                locale={locale}
              >
                {node.children.length > 0 ? (
                  <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd(i)}>
                    <SortableContext
                      items={node.children.map((_, j) => `sub-${i}:${j}`)}
                      strategy={verticalListSortingStrategy}
                    >
                      <ol
                        className="sf-menu sf-submenu"
                        aria-label={t("studio.menu.submenu", { name: textOf(node, locale) })}
                      >
                        {node.children.map((child, j) => (
                          <MenuItem
                            key={`sub-${i}-${j}-${urlOf(child, "fr")}`}
                            sortId={`sub-${i}:${j}`}
                            {...itemProps(child, [i, j], node.children.length)}
                            locale={locale}
                          />
                        ))}
                      </ol>
                    </SortableContext>
                  </DndContext>
                ) : null}
              </MenuItem>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {adding ? (
        <AddItem
          pages={pages}
          locale={locale}
          parentName={adding.parent === undefined ? undefined : textOf(tree[adding.parent] as MenuNode, locale)}
          onCancel={() => setAdding(null)}
          onAdd={(node) => {
            const parent = adding.parent;
            setAdding(null);
            const index = parent === undefined ? tree.length : (tree[parent]?.children.length ?? 0);
            write(
              addItem(tree, node, parent),
              `[data-menu-item="${parent === undefined ? index : `${parent}-${index}`}"] [data-action="toggle"]`,
            );
          }}
        />
      ) : (
        <button type="button" className="sf-add" data-menu-add="" onClick={() => setAdding({})}>
          <Icon name="plus" size={16} />
          {t("studio.menu.add")}
        </button>
      )}
    </fieldset>
  );
}

function MenuItem(props: {
  node: MenuNode;
  path: MenuPath;
  count: number;
  sortId: string;
  open: boolean;
  locale: Locale;
  pages: ReturnType<typeof useSitePages>;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
  onIndent: () => void;
  onOutdent: () => void;
  onRemove: () => void;
  onEdit: (change: (item: MenuNode["fr"], l: Locale) => MenuNode["fr"]) => void;
  onAddChild?: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { node, path, count, locale } = props;
  const index = path.at(-1) as number;
  const name = textOf(node, locale) || t("studio.menu.untitled");
  const url = urlOf(node, locale);
  const page = props.pages.find((p) => p.paths.fr === urlOf(node, "fr") || p.paths.en === urlOf(node, "en"));
  const bodyId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.sortId,
  });
  const canIndent = path.length === 1 && index > 0;
  const canOutdent = path.length === 2;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!event.altKey) return;
    const act = (run: () => void) => {
      event.preventDefault();
      run();
    };
    if (event.key === "ArrowUp" && index > 0) act(() => props.onMove(-1));
    else if (event.key === "ArrowDown" && index < count - 1) act(() => props.onMove(1));
    else if (event.key === "ArrowRight" && canIndent) act(props.onIndent);
    else if (event.key === "ArrowLeft" && canOutdent) act(props.onOutdent);
  };
  const icon = (
    action: string,
    label: string,
    iconName: Parameters<typeof Icon>[0]["name"],
    onClick: () => void,
    disabled = false,
  ) => (
    <button
      type="button"
      data-action={action}
      className="sf-item-icon"
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name={iconName} size={16} />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className="sf-item sf-menu-item"
      data-menu-item={path.join("-")}
      data-open={props.open || undefined}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="sf-item-bar">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="sf-item-handle"
          data-action="drag"
          {...attributes}
          {...listeners}
          aria-label={t("studio.fields.dragItem", { name })}
          title={t("studio.fields.dragItem", { name })}
        >
          <Icon name="drag" size={16} />
        </button>
        <button
          type="button"
          data-action="toggle"
          className="sf-item-toggle"
          aria-expanded={props.open}
          aria-controls={bodyId}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft"
          onClick={props.onToggle}
          onKeyDown={onKeyDown}
        >
          <Icon name={props.open ? "chevron-down" : "chevron-right"} size={16} />
          <span className="sf-item-title">
            <span className="sf-item-name">{name}</span>
            <span className="sf-item-number">
              {page ? t("studio.menu.page", { title: page.title[locale] }) : url || t("studio.menu.no-link")}
            </span>
          </span>
        </button>
        {icon("up", t("studio.fields.moveUp", { name }), "up", () => props.onMove(-1), index === 0)}
        {icon("down", t("studio.fields.moveDown", { name }), "down", () => props.onMove(1), index === count - 1)}
        {canOutdent
          ? icon("outdent", t("studio.menu.outdent", { name }), "outdent", props.onOutdent)
          : icon("indent", t("studio.menu.indent", { name }), "indent", props.onIndent, !canIndent)}
        {icon("remove", t("studio.fields.remove", { name }), "delete", props.onRemove)}
      </div>
      <div id={bodyId} className="sf-item-body" hidden={!props.open}>
        {props.open ? (
          <div className="sf-menu-fields">
            {LOCALES.map((l) => (
              <div key={l} className="sf-menu-locale" lang={l}>
                <MenuText
                  label={t("studio.menu.label", { locale: t(`studio.fields.locales.${l}`) })}
                  value={textOf(node, l)}
                  onChange={(text) =>
                    props.onEdit((item, at) => (at === l ? { ...item, menu_link: { ...item.menu_link, text } } : item))
                  }
                />
                <MenuText
                  label={t("studio.menu.url", { locale: t(`studio.fields.locales.${l}`) })}
                  value={urlOf(node, l)}
                  onChange={(next) =>
                    props.onEdit((item, at) => {
                      if (at !== l) return item;
                      const { url: _old, ...link } = item.menu_link ?? {};
                      return { ...item, menu_link: next ? { ...link, url: next } : link };
                    })
                  }
                />
              </div>
            ))}
            <PageSelect
              label={t("studio.menu.choose-page")}
              pages={props.pages}
              locale={locale}
              value={page?.page_id ?? ""}
              onChange={(pageId) => {
                const chosen = props.pages.find((p) => p.page_id === pageId);
                if (!chosen) return;
                props.onEdit((item, at) => ({
                  ...item,
                  menu_link: {
                    ...item.menu_link,
                    url: chosen.paths[at],
                    text: item.menu_link?.text || chosen.title[at],
                  },
                }));
              }}
            />
          </div>
        ) : null}
      </div>
      {props.children}
      {props.onAddChild ? (
        <button type="button" className="sf-add sf-add-child" onClick={props.onAddChild}>
          <Icon name="plus" size={16} />
          {t("studio.menu.add-child", { name })}
        </button>
      ) : null}
    </li>
  );
}

function MenuText({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="sf-field">
      <label htmlFor={id} className="sf-label">
        {label}
      </label>
      <input id={id} type="text" className="sf-input" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** Adds an item: a page of the site (labels from its titles), or a link elsewhere with its labels. */
function AddItem(props: {
  pages: ReturnType<typeof useSitePages>;
  locale: Locale;
  parentName?: string;
  onAdd: (node: MenuNode) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [pageId, setPageId] = useState("");
  const [url, setUrl] = useState("https://");
  const [text, setText] = useState({ fr: "", en: "" });
  const [error, setError] = useState("");
  const title = props.parentName ? t("studio.menu.add-in", { name: props.parentName }) : t("studio.menu.add");
  return (
    <fieldset className="sf-menu-add">
      <legend className="sf-menu-add-title">{title}</legend>
      <div className="sf-menu-add-row">
        <PageSelect
          label={t("studio.menu.page-to-add")}
          pages={props.pages}
          locale={props.locale}
          value={pageId}
          onChange={setPageId}
        />
        <button
          type="button"
          className="sf-small"
          disabled={!pageId}
          onClick={() => {
            const page = props.pages.find((p) => p.page_id === pageId);
            if (page) props.onAdd(pageItem(page));
          }}
        >
          {t("studio.menu.add-page")}
        </button>
      </div>
      <p className="sf-hint">{t("studio.menu.or-link")}</p>
      <div className="sf-menu-add-row">
        <MenuText label={t("studio.menu.external-url")} value={url} onChange={setUrl} />
        <MenuText
          label={t("studio.menu.label", { locale: t("studio.fields.locales.fr") })}
          value={text.fr}
          onChange={(fr) => setText({ ...text, fr })}
        />
        <MenuText
          label={t("studio.menu.label", { locale: t("studio.fields.locales.en") })}
          value={text.en}
          onChange={(en) => setText({ ...text, en })}
        />
        <button
          type="button"
          className="sf-small"
          onClick={() => {
            if (!/^https?:\/\/[^\s/]+\.[^\s]+$/.test(url.trim())) {
              setError(t("studio.errors.url"));
              return;
            }
            if (!text.fr.trim() && !text.en.trim()) {
              setError(t("studio.menu.label-required"));
              return;
            }
            props.onAdd(
              linkItem(url.trim(), { fr: text.fr.trim() || text.en.trim(), en: text.en.trim() || text.fr.trim() }),
            );
          }}
        >
          {t("studio.menu.add-link")}
        </button>
      </div>
      {error ? (
        <p className="sf-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="sf-small" onClick={props.onCancel}>
        {t("studio.page-settings.cancel")}
      </button>
    </fieldset>
  );
}
