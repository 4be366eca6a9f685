/**
 * The canvas: the document's blocks through the real BlockList, decorated (through
 * BlockDecoratorContext) with the overlay buttons, selection and hover outlines, drop
 * zones for palette drags, sortable handles and an error card for invalid blocks.
 */
import { useDndContext, useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  type CSSProperties,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
} from "react";
import { useTranslation } from "react-i18next";
import { type BlockDecorator, BlockDecoratorContext, BlockList } from "../../renderer/blocks/BlockList";
import type { BlockContext } from "../../renderer/blocks/types";
import { themeVariables } from "../../renderer/lib/theme";
import type { Block } from "../../schema/block";
import type { Locale, SiteType } from "../../schema/common";
import { getBlockDefinition } from "../../schema/registry";
import { mapBlockRichText } from "../../schema/richtext";
import type { Theme } from "../../schema/theme";
import { sanitizeRichText } from "../fields/sanitize";
import { useAnnounce } from "../shell/announce";
import { useStudioStore } from "../store";
import { validateBlock } from "../store/validate";

export const PREVIEW_WIDTHS = { phone: 414, tablet: 768, desktop: null } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const PAYLOAD_KEYS = ["bg_color_primary", "bg_color_secondary", "text_color"] as const;
const stripped = new WeakMap<Block, Block>();

/** The block without payload colours (payloadColorsEnabled off), cached by identity. */
export function withoutPayloadColors(block: Block): Block {
  const params = block.block_params as Record<string, unknown>;
  if (!PAYLOAD_KEYS.some((k) => params[k] !== undefined)) return block;
  let cached = stripped.get(block);
  if (!cached) {
    const next = { ...params };
    for (const key of PAYLOAD_KEYS) delete next[key];
    cached = { ...block, block_params: next };
    stripped.set(block, cached);
  }
  return cached;
}

const cleanHtml = new Map<string, string>();
const cleaned = new WeakMap<Block, Block>();

function cleanRichText(html: string): string {
  let clean = cleanHtml.get(html);
  if (clean === undefined) {
    clean = sanitizeRichText(html);
    if (cleanHtml.size > 2000) cleanHtml.clear();
    cleanHtml.set(html, clean);
  }
  return clean;
}

/**
 * The block with its rich text through DOMPurify, cached by identity. The draft may hold
 * HTML that never went through the rich text editor (an imported page, the path box, a
 * stored draft); the canvas renders it like the server does a page: sanitised.
 */
export function withCleanRichText(block: Block): Block {
  let clean = cleaned.get(block);
  if (!clean) {
    clean = mapBlockRichText(block, cleanRichText);
    cleaned.set(block, clean);
  }
  return clean;
}

const issuesCache = new WeakMap<Block, ReturnType<typeof validateBlock>>();
function issuesOf(block: Block) {
  let issues = issuesCache.get(block);
  if (!issues) {
    issues = validateBlock(block);
    issuesCache.set(block, issues);
  }
  return issues;
}

export function themeStyle(theme: Theme | undefined): CSSProperties {
  return themeVariables(theme) as CSSProperties;
}

function DropZone({ index, active }: { index: number; active: boolean }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `gap:${index}`, data: { index } });
  return (
    <div
      ref={setNodeRef}
      className="studio-dropzone"
      data-active={active || undefined}
      data-over={isOver || undefined}
      data-gap-index={index}
      aria-hidden="true"
    >
      {isOver ? t("studio.canvas.drop-here") : null}
    </div>
  );
}

/**
 * The gaps open up when a palette drag starts (with a short height transition), which moves
 * every gap below the first one. dnd-kit measured them closed: measure them again once open,
 * or a drop in the middle of a long page lands in the wrong gap. Its own component, since
 * useDndContext re-renders on every pointer move.
 */
function GapMeasurer({
  active,
  total,
  canvas,
}: {
  active: boolean;
  total: number;
  canvas: RefObject<HTMLElement | null>;
}) {
  const { measureDroppableContainers } = useDndContext();
  useLayoutEffect(() => {
    if (!active) return;
    const gaps = Array.from({ length: total + 1 }, (_, i) => `gap:${i}`);
    measureDroppableContainers(gaps);
    const node = canvas.current;
    let frame = 0;
    const onEnd = (event: TransitionEvent) => {
      if (!(event.target instanceof Element) || !event.target.classList.contains("studio-dropzone")) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => measureDroppableContainers(gaps));
    };
    node?.addEventListener("transitionend", onEnd);
    return () => {
      cancelAnimationFrame(frame);
      node?.removeEventListener("transitionend", onEnd);
    };
  }, [active, total, canvas, measureDroppableContainers]);
  return null;
}

function ErrorCard({ block }: { block: Block }) {
  const { t } = useTranslation();
  const issues = issuesOf(block);
  return (
    <div className="studio-error-card" role="alert" data-block-id={block.id} data-block-type={block.block_type}>
      <strong>
        {t("studio.canvas.error-title")} ({block.block_type})
      </strong>
      <ul>
        {issues.slice(0, 5).map((issue) => (
          <li key={`${issue.path}${issue.message}`}>
            {t("studio.canvas.error-path", { path: issue.path || "—", message: issue.message })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function OverlayButton(props: { label: string; onPress: () => void; icon: string; disabled?: boolean; name: string }) {
  return (
    <button
      type="button"
      className="studio-overlay-button"
      aria-label={props.label}
      title={props.label}
      data-action={props.name}
      disabled={props.disabled}
      onClick={(event) => {
        event.stopPropagation();
        props.onPress();
      }}
    >
      <span aria-hidden="true">{props.icon}</span>
    </button>
  );
}

interface StudioBlockProps {
  block: Block;
  /** BlockList's rendering of `block` in `ctx`. */
  rendered: ReactNode;
  ctx: BlockContext;
  total: number;
  editMode: boolean;
  dropActive: boolean;
}

/**
 * `rendered` is a new element at every render of the list, but it is made from `block` and
 * `ctx` alone: a block whose object, context and overlay inputs are unchanged skips its render,
 * so a keystroke re-renders the edited block only, not all of a 300-block page.
 */
function sameStudioBlock(a: StudioBlockProps, b: StudioBlockProps): boolean {
  if (a.block !== b.block || a.total !== b.total || a.editMode !== b.editMode || a.dropActive !== b.dropActive)
    return false;
  const keys = new Set([...Object.keys(a.ctx), ...Object.keys(b.ctx)]) as Set<keyof BlockContext>;
  for (const key of keys) if (a.ctx[key] !== b.ctx[key]) return false;
  return true;
}

const StudioBlock = memo(function StudioBlock(props: StudioBlockProps) {
  const { block, total, editMode } = props;
  const index = props.ctx.index;
  const { t } = useTranslation();
  const announce = useAnnounce();
  const selected = useStudioStore((s) => s.selectedId === block.id);
  const hovered = useStudioStore((s) => s.hoveredId === block.id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.id,
    data: { kind: "block", index },
  });
  const permissions = getBlockDefinition(block.block_type)?.permissions ?? {
    edit: false,
    delete: true,
    colorScheme: false,
  };
  const invalid = issuesOf(block).length > 0;
  const actions = useStudioStore.getState;
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <>
      {index === 0 ? <DropZone index={0} active={props.dropActive} /> : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the edit button selects the block from the keyboard. */}
      <section
        ref={setNodeRef}
        style={style}
        className="studio-block"
        aria-label={block.block_type}
        data-studio-block={block.id}
        data-selected={selected || undefined}
        data-hovered={hovered || undefined}
        data-dragging={isDragging || undefined}
        onMouseEnter={() => actions().hover(block.id)}
        onMouseLeave={() => actions().hover(null)}
        onClick={() => editMode && actions().select(block.id)}
      >
        {editMode ? (
          <div
            className="studio-overlay"
            role="toolbar"
            aria-label={t("studio.overlay.toolbar", { type: block.block_type })}
          >
            <button
              type="button"
              ref={setActivatorNodeRef}
              className="studio-overlay-button studio-drag-handle"
              data-action="drag"
              {...attributes}
              {...listeners}
              aria-label={t("studio.overlay.drag")}
              title={t("studio.overlay.drag")}
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <OverlayButton
              name="move-up"
              label={t("studio.overlay.move-up")}
              icon="↑"
              disabled={index === 0}
              onPress={() => {
                actions().moveBlock(block.id, index - 1);
                announce(t("studio.announce.moved", { type: block.block_type, position: index, total }));
              }}
            />
            <OverlayButton
              name="move-down"
              label={t("studio.overlay.move-down")}
              icon="↓"
              disabled={index === total - 1}
              onPress={() => {
                actions().moveBlock(block.id, index + 1);
                announce(t("studio.announce.moved", { type: block.block_type, position: index + 2, total }));
              }}
            />
            {permissions.colorScheme ? (
              <OverlayButton
                name="color-scheme"
                label={t("studio.overlay.color-scheme")}
                icon="◐"
                onPress={() => actions().cycleColorScheme(block.id)}
              />
            ) : null}
            {permissions.edit ? (
              <OverlayButton
                name="edit"
                label={t("studio.overlay.edit")}
                icon="✎"
                onPress={() => actions().select(block.id)}
              />
            ) : null}
            <OverlayButton
              name="duplicate"
              label={t("studio.overlay.duplicate")}
              icon="⧉"
              onPress={() => {
                actions().duplicateBlock(block.id);
                announce(t("studio.announce.duplicated", { type: block.block_type }));
              }}
            />
            <OverlayButton
              name="reset"
              label={t("studio.overlay.reset")}
              icon="↺"
              onPress={() => actions().resetBlock(block.id)}
            />
            {permissions.delete ? (
              <OverlayButton
                name="delete"
                label={t("studio.overlay.delete")}
                icon="✕"
                onPress={() => {
                  actions().removeBlock(block.id);
                  announce(t("studio.announce.removed", { type: block.block_type }));
                }}
              />
            ) : null}
          </div>
        ) : null}
        {invalid ? <ErrorCard block={block} /> : props.rendered}
      </section>
      <DropZone index={index + 1} active={props.dropActive} />
    </>
  );
}, sameStudioBlock);

export function Canvas(props: {
  blocks: readonly Block[];
  theme: Theme | undefined;
  locale: Locale;
  siteType: SiteType;
  width: PreviewWidth;
  editMode: boolean;
  payloadColors: boolean;
  /** True while a palette item is dragged: drop zones open up. */
  dropActive: boolean;
}) {
  const { t } = useTranslation();
  const { blocks, editMode, dropActive, payloadColors } = props;
  const preview = useMemo(
    () => blocks.map((block) => withCleanRichText(payloadColors ? block : withoutPayloadColors(block))),
    [blocks, payloadColors],
  );
  // The same array while the order is the same: a new one re-renders every sortable block.
  const order = blocks.map((b) => b.id).join("\n");
  const ids = useMemo(() => (order === "" ? [] : order.split("\n")), [order]);
  const total = blocks.length;
  const decorate = useCallback<BlockDecorator>(
    (block, rendered, ctx) => (
      <StudioBlock
        block={block}
        rendered={rendered}
        ctx={ctx}
        total={total}
        editMode={editMode}
        dropActive={dropActive}
      />
    ),
    [total, editMode, dropActive],
  );
  const width = PREVIEW_WIDTHS[props.width];
  const canvasRef = useRef<HTMLElement>(null);
  return (
    <div className="studio-canvas-scroll">
      <GapMeasurer active={dropActive} total={total} canvas={canvasRef} />
      <section
        ref={canvasRef}
        className="studio-canvas"
        data-width={props.width}
        style={{ ...themeStyle(props.theme), ...(width ? { width: `${width}px` } : {}) }}
        aria-label={t("studio.canvas.label")}
      >
        {blocks.length === 0 ? (
          <>
            <DropZone index={0} active />
            <p className="studio-canvas-empty">{t("studio.canvas.empty")}</p>
          </>
        ) : null}
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <BlockDecoratorContext.Provider value={decorate}>
            <BlockList blocks={preview} locale={props.locale} siteType={props.siteType} region="content" />
          </BlockDecoratorContext.Provider>
        </SortableContext>
      </section>
    </div>
  );
}
