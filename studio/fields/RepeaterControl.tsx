/**
 * A repeater (a list of items: buttons, slides, questions…). Items are named from their content
 * ("Prendre rendez-vous", else "Bouton 2"), folded by default, reordered by dragging their handle
 * or from the keyboard (Alt+↑/↓ on an item, or its move buttons), and kept aligned across
 * languages: an item added, removed or moved in French is added (empty), removed or moved in
 * English too, in the same undo step, and an item with text in one language only says which
 * translation is missing.
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
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { itemTypeLabel } from "../labels";
import { Icon } from "../shell/icons";
import { useFieldId, useFormEnv } from "./context";
import type { ControlProps } from "./controls";
import { emptyValueOf } from "./kinds";
import { joinPath } from "./path";
import { alignOther, applyOp, counterpartPath, itemMissing, itemName, type RepeaterOp } from "./repeater";
import { GroupShell } from "./shells";

const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

export function RepeaterControl({
  path,
  value,
  onChange,
  label,
  field,
  counterpart,
  renderField: Field,
}: ControlProps) {
  const { t } = useTranslation();
  const env = useFormEnv();
  const items = Array.isArray(value) ? value : [];
  const element = field.def.element as z.ZodType;
  const typeName = itemTypeLabel(t, field.meta?.itemType);
  const otherPath = counterpartPath(path);
  const theirs = (() => {
    const other = counterpart !== undefined ? counterpart : otherPath ? env.readValue?.(otherPath) : undefined;
    return Array.isArray(other) ? other : undefined;
  })();
  // Folded by default; the editor opens what they work on.
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const pendingFocus = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const baseId = useFieldId(path);
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));

  useEffect(() => {
    if (!pendingFocus.current) return;
    const target = listRef.current?.querySelector<HTMLElement>(pendingFocus.current);
    pendingFocus.current = null;
    target?.focus();
  });

  const run = (op: RepeaterOp) => {
    const mine = applyOp(items, op);
    if (otherPath && env.writeMany) {
      const other = alignOther(items, theirs, op, () => emptyValueOf(element));
      env.writeMany([
        { path, value: mine },
        { path: otherPath, value: other },
      ]);
    } else onChange(path, mine);
  };
  const move = (from: number, to: number, focus: "toggle" | "up" | "down" = "toggle") => {
    if (to < 0 || to >= items.length || from === to) return;
    setOpen((prev) => moveSet(prev, from, to));
    pendingFocus.current = `[data-item="${to}"] [data-action="${to === 0 || to === items.length - 1 ? "toggle" : focus}"]`;
    run({ kind: "move", from, to });
  };
  const remove = (index: number) => {
    setOpen((prev) => removeFromSet(prev, index));
    pendingFocus.current =
      items.length > 1 ? `[data-item="${Math.min(index, items.length - 2)}"] [data-action="toggle"]` : null;
    run({ kind: "remove", index });
  };
  const add = () => {
    setOpen((prev) => new Set(prev).add(items.length));
    pendingFocus.current = `[data-item="${items.length}"] [data-action="toggle"]`;
    run({ kind: "add", item: emptyValueOf(element) });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(Number(active.id), Number(over.id));
  };
  const ids = items.map((_, index) => String(index));

  return (
    <GroupShell path={path} label={label} kind="repeater">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="sf-items" ref={listRef}>
            {items.map((item, index) => {
              const name = itemName(item);
              const number = `${typeName} ${index + 1}`;
              const title = name ? `${number} · ${name}` : number;
              const missing = theirs !== undefined && itemMissing(item, theirs[index]);
              const isOpen = open.has(index);
              return (
                <RepeaterItem
                  // Items have no identity of their own: their place is their key.
                  key={index}
                  index={index}
                  count={items.length}
                  bodyId={`${baseId}-${index}-body`}
                  number={number}
                  name={name}
                  title={title}
                  missing={missing}
                  open={isOpen}
                  onToggle={() => setOpen((prev) => toggleSet(prev, index))}
                  onMove={(to, focus) => move(index, to, focus)}
                  onRemove={() => remove(index)}
                >
                  {isOpen ? (
                    <Field
                      name={field.meta?.itemType ?? "item"}
                      label={title}
                      schema={element}
                      value={item}
                      path={joinPath(path, index)}
                      onChange={onChange}
                    />
                  ) : null}
                </RepeaterItem>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <button type="button" className="sf-add" onClick={add}>
        <Icon name="plus" size={16} />
        {t("studio.fields.add", { name: typeName })}
      </button>
    </GroupShell>
  );
}

function RepeaterItem(props: {
  index: number;
  count: number;
  bodyId: string;
  number: string;
  name: string;
  title: string;
  missing: boolean;
  open: boolean;
  onToggle: () => void;
  onMove: (to: number, focus: "toggle" | "up" | "down") => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { index, count, title } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: String(index),
  });
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!event.altKey) return;
    if (event.key === "ArrowUp" && index > 0) {
      event.preventDefault();
      props.onMove(index - 1, "toggle");
    } else if (event.key === "ArrowDown" && index < count - 1) {
      event.preventDefault();
      props.onMove(index + 1, "toggle");
    }
  };
  return (
    <li
      ref={setNodeRef}
      data-item={index}
      className="sf-item"
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
          aria-label={t("studio.fields.dragItem", { name: title })}
          title={t("studio.fields.dragItem", { name: title })}
        >
          <Icon name="drag" size={16} />
        </button>
        <button
          type="button"
          data-action="toggle"
          className="sf-item-toggle"
          aria-expanded={props.open}
          aria-controls={props.bodyId}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          onClick={props.onToggle}
          onKeyDown={onKeyDown}
        >
          <Icon name={props.open ? "chevron-down" : "chevron-right"} size={16} />
          <span className="sf-item-title">
            <span className="sf-item-number">{props.number}</span>
            {props.name ? <span className="sf-item-name">{props.name}</span> : null}
          </span>
          {props.missing ? <span className="sf-badge">{t("studio.fields.itemMissing")}</span> : null}
        </button>
        <button
          type="button"
          data-action="up"
          className="sf-item-icon"
          disabled={index === 0}
          aria-label={t("studio.fields.moveUp", { name: title })}
          title={t("studio.fields.moveUp", { name: title })}
          onClick={() => props.onMove(index - 1, "up")}
        >
          <Icon name="up" size={16} />
        </button>
        <button
          type="button"
          data-action="down"
          className="sf-item-icon"
          disabled={index === count - 1}
          aria-label={t("studio.fields.moveDown", { name: title })}
          title={t("studio.fields.moveDown", { name: title })}
          onClick={() => props.onMove(index + 1, "down")}
        >
          <Icon name="down" size={16} />
        </button>
        <button
          type="button"
          data-action="remove"
          className="sf-item-icon"
          aria-label={t("studio.fields.remove", { name: title })}
          title={t("studio.fields.remove", { name: title })}
          onClick={props.onRemove}
        >
          <Icon name="delete" size={16} />
        </button>
      </div>
      <div id={props.bodyId} className="sf-item-body" hidden={!props.open}>
        {props.children}
      </div>
    </li>
  );
}

function toggleSet(set: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(set);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** The open items after item `from` moved to `to` (the items between shift by one). */
function moveSet(set: ReadonlySet<number>, from: number, to: number): Set<number> {
  const order = Array.from({ length: Math.max(from, to) + 1 }, (_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved as number);
  const next = new Set<number>();
  order.forEach((old, position) => {
    if (set.has(old)) next.add(position);
  });
  for (const index of set) if (index > Math.max(from, to)) next.add(index);
  return next;
}

function removeFromSet(set: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set<number>();
  for (const i of set)
    if (i < index) next.add(i);
    else if (i > index) next.add(i - 1);
  return next;
}
