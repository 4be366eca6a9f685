/**
 * Overlays on PUBLIC pages for the editor who turned globalEditModeActivated on (spec README
 * decision 7). Loaded only by renderer/lib/edit-mode.tsx, after it read the editor's settings.
 *
 * Each block registers itself; one layer, in a portal on <body>, draws every block's bar at the
 * block's top right, above the page (its fixed header included) and never on top of another
 * bar (a bar that would overlap the one above moves down). Each permitted action is a link that
 * opens this page in the studio with the block selected and the action started (blocks.md §6:
 * change the colour scheme, edit, delete; the studio asks before deleting).
 */
import "../i18n";
import "./public-overlays.css";
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { type BlockDecorator, BlockDecoratorContext } from "../../renderer/blocks/BlockList";
import type { BlockContext } from "../../renderer/blocks/types";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/common";
import { getBlockDefinition } from "../../schema/registry";
import { blockLabel } from "../labels";
import { Icon, type IconName } from "../shell/icons";

export function studioHref(locale: Locale, page: string, blockId: string, action: string): string {
  const params = new URLSearchParams({ page, block: blockId, action });
  return `/${locale}/qa/sections?${params}`;
}

interface Entry {
  block: Block;
  locale: Locale;
  /** The block's frame (the wrapper is `display: contents`, so visitors' layout is untouched). */
  element: HTMLElement;
}

/** The blocks on the page, in registration order, and who draws their bars. */
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let version = 0;
function changed() {
  version++;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The block's box on screen. A block whose content is fixed (the site header) has a frame of no
 * height: its first child's box stands for it.
 */
function boxOf(element: HTMLElement): DOMRect {
  const rect = element.getBoundingClientRect();
  if (rect.height > 0) return rect;
  return (element.firstElementChild as HTMLElement | null)?.getBoundingClientRect() ?? rect;
}

const BAR_GAP = 4;
const BAR_INSET = 8;

export interface BarBox {
  id: string;
  top: number;
  height: number;
}

/** Pushes bars down so none overlaps the one above it (all sit at the right edge of their block). */
export function stackBars(bars: readonly BarBox[]): Map<string, number> {
  const sorted = [...bars].sort((a, b) => a.top - b.top);
  const tops = new Map<string, number>();
  let bottom = Number.NEGATIVE_INFINITY;
  for (const bar of sorted) {
    const top = Math.max(bar.top, bottom + BAR_GAP);
    tops.set(bar.id, top);
    bottom = top + bar.height;
  }
  return tops;
}

function PublicBlock({ block, ctx, children }: { block: Block; ctx: BlockContext; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = (ref.current?.firstElementChild as HTMLElement | null) ?? null;
    if (!element) return;
    entries.set(block.id, { block, locale: ctx.locale, element });
    changed();
    return () => {
      if (entries.get(block.id)?.element === element) entries.delete(block.id);
      changed();
    };
  }, [block, ctx.locale]);
  return (
    <div ref={ref} className="studio-public-block" data-edit-block={block.id}>
      {children}
    </div>
  );
}

/**
 * Content blocks only: the site's header and footer come from the site's settings, which the
 * studio does not edit (it edits a page's blocks), so they get no bar that would lead nowhere.
 */
export const publicDecorator: BlockDecorator = (block, rendered, ctx) =>
  ctx.region === "content" && getBlockDefinition(block.block_type) ? (
    <PublicBlock block={block} ctx={ctx}>
      {rendered}
    </PublicBlock>
  ) : (
    rendered
  );

function useLayoutTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTick((n) => n + 1));
    };
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    for (const entry of entries.values()) observer.observe(entry.element);
    const unsubscribe = subscribe(() => {
      for (const entry of entries.values()) observer.observe(entry.element);
      schedule();
    });
    window.addEventListener("resize", schedule);
    void document.fonts?.ready.then(schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      unsubscribe();
      window.removeEventListener("resize", schedule);
    };
  }, []);
  return tick;
}

/** Every block's bar, in one layer above the page. Rendered by renderer/lib/edit-mode.tsx. */
export function EditModeLayer() {
  const { t } = useTranslation();
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const tick = useLayoutTick();
  const layerRef = useRef<HTMLDivElement>(null);
  const [tops, setTops] = useState<Map<string, number>>(new Map());
  // Measure where each block is and how tall each bar is, then stack the bars.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` is the signal to measure again.
  useLayoutEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    const boxes: BarBox[] = [];
    for (const [id, entry] of entries) {
      const rect = boxOf(entry.element);
      const bar = layer.querySelector<HTMLElement>(`[data-bar-for="${CSS.escape(id)}"]`);
      if (!bar || rect.height === 0) continue;
      boxes.push({ id, top: rect.top + window.scrollY + BAR_INSET, height: bar.offsetHeight });
    }
    const next = stackBars(boxes);
    setTops((previous) => (sameTops(previous, next) ? previous : next));
  }, [tick, version]);

  const page = typeof window === "undefined" ? "/" : window.location.pathname;
  return createPortal(
    <div ref={layerRef} className="studio-edit-layer">
      {[...entries].map(([id, entry]) => {
        const permissions = getBlockDefinition(entry.block.block_type)?.permissions;
        if (!permissions) return null;
        const rect = boxOf(entry.element);
        const name = blockLabel(entry.block.block_type, entry.locale);
        const actions: { name: string; label: string; icon: IconName }[] = [
          ...(permissions.colorScheme
            ? [{ name: "color-scheme", label: t("studio.overlay.color-scheme"), icon: "scheme" as const }]
            : []),
          ...(permissions.edit ? [{ name: "edit", label: t("studio.overlay.edit"), icon: "edit" as const }] : []),
          ...(permissions.delete
            ? [{ name: "delete", label: t("studio.overlay.delete"), icon: "delete" as const }]
            : []),
        ];
        const top = tops.get(id) ?? rect.top + window.scrollY + BAR_INSET;
        const right = Math.max(BAR_INSET, document.documentElement.clientWidth - rect.right + BAR_INSET);
        return (
          // A group, not a landmark: two blocks of one type would make two landmarks of one name.
          // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; these are links.
          <div
            role="group"
            key={id}
            className="studio-edit-bar"
            data-bar-for={id}
            aria-label={t("studio.overlay.toolbar", { type: name })}
            style={{ top, right }}
          >
            <span className="studio-edit-name">{name}</span>
            {actions.map((action) => (
              <a
                key={action.name}
                className="studio-edit-action"
                href={studioHref(entry.locale, page, id, action.name)}
                data-action={action.name}
                title={`${action.label} (${t("studio.overlay.open-studio")})`}
              >
                <Icon name={action.icon} size={16} />
                <span className="studio-edit-label">{action.label}</span>
              </a>
            ))}
          </div>
        );
      })}
    </div>,
    document.body,
  );
}

function sameTops(a: Map<string, number>, b: Map<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, top] of b) if (a.get(id) !== top) return false;
  return true;
}

/** The page's blocks decorated, and their bars' layer: what renderer/lib/edit-mode.tsx mounts. */
export function PublicEditMode({ children }: { children: ReactNode }) {
  return (
    <BlockDecoratorContext.Provider value={publicDecorator}>
      {children}
      <EditModeLayer />
    </BlockDecoratorContext.Provider>
  );
}
