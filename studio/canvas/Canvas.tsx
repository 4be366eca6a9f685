/**
 * The canvas: the document's blocks through the real BlockList, decorated (through
 * BlockDecoratorContext) with the overlay buttons, selection and hover outlines, drop
 * zones for palette drags, sortable handles and an error card for invalid blocks.
 *
 * Speed on long pages (docs/decisions.md, "Studio keystroke speed"): the list re-renders only
 * when its structure changes and each block follows its own content (DocumentCanvas), blocks
 * are laid out in chunks of a few (chunks.ts), and chunks away from the viewport skip their
 * rendering (far-blocks.ts).
 */
import { useDndContext, useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  type CSSProperties,
  createContext,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import {
  type BlockDecorator,
  BlockDecoratorContext,
  BlockFrame,
  BlockList,
  schemeOf,
} from "../../renderer/blocks/BlockList";
import { preloadAllBlocks } from "../../renderer/blocks/registry";
import type { BlockContext } from "../../renderer/blocks/types";
import { BreakpointsOverride, computeBreakpoints } from "../../renderer/lib/breakpoints";
import { themeSchemeRules, themeVariables } from "../../renderer/lib/theme";
import type { Block, BlockPermissions } from "../../schema/block";
import type { Locale, SiteType } from "../../schema/common";
import { getBlockDefinition } from "../../schema/registry";
import { mapBlockRichText } from "../../schema/richtext";
import { applySiteInfo } from "../../schema/site-info";
import type { Theme } from "../../schema/theme";
import { missingTranslations } from "../../schema/translations";
import { sanitizeRichText } from "../fields/sanitize";
import { blockLabel, describePath } from "../labels";
import { usePreviewTheme } from "../settings/theme-draft";
import { Icon } from "../shell/icons";
import { useSiteStore } from "../shell/site-store";
import { useViewStore } from "../shell/view";
import { useStudioStore } from "../store";
import { validateBlock } from "../store/validate";
import { BlockBar } from "./BlockBar";
import { CanvasBlockView, sameEntries } from "./CanvasBlockView";
import { assignChunks, NO_CHUNKS } from "./chunks";
import { createFarBlocks, type FarBlocks } from "./far-blocks";
import { createLiveBlocks } from "./live-blocks";
import { createPreviewMedia } from "./preview-media";
import { DEVICES, type Device, effectiveZoom, fitZoom } from "./zoom";

/** The canvas's zoom right now: dnd-kit's transforms are in screen pixels, the canvas's in its own. */
let canvasZoom = 1;

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
const cleanedFields = new WeakMap<Block["fields"], { type: string; fields: Block["fields"] }>();

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
    // Cleaned fields are kept by the fields' identity too: a block whose params alone changed (a
    // colour scheme, undone) keeps the same cleaned fields, so its view can skip rendering again.
    const known = cleanedFields.get(block.fields);
    if (known && known.type === block.block_type)
      clean = known.fields === block.fields ? block : { ...block, fields: known.fields };
    else {
      clean = mapBlockRichText(block, cleanRichText);
      cleanedFields.set(block.fields, { type: block.block_type, fields: clean.fields });
    }
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

/**
 * True once every block view and the fonts have loaded, and two frames have laid the blocks out
 * with them. A far chunk keeps the height it had when it was last rendered: marked far while its
 * views were still loading (an empty Suspense fallback), it kept a height of nearly nothing, and the
 * page jumped by thousands of pixels as blocks came back into view (a palette drag missed its gap).
 */
function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    let frame = 0;
    void Promise.all([preloadAllBlocks(), document.fonts?.ready]).then(() => {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => live && setSettled(true));
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, []);
  return settled;
}

/** A chunk of blocks (chunks.ts), watched by the canvas's far-block observer once it settled. */
function CanvasChunk({ far, children }: { far: FarBlocks | null; children: ReactNode }) {
  const ref = useCallback(
    (element: HTMLDivElement | null) => (element && far ? far.observe(element) : undefined),
    [far],
  );
  return (
    <div ref={ref} className="studio-chunk">
      {children}
    </div>
  );
}
/** True under DocumentCanvas: each block reads its own latest version from the store. */
const LiveBlocksContext = createContext(false);

/**
 * Whether two block lists give every block the same context (BlockContext: its index and its
 * neighbours' types and colour schemes): same ids, types and schemes in the same order.
 */
export function sameStructure(a: readonly Block[], b: readonly Block[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Block;
    const y = b[i] as Block;
    if (x !== y && (x.id !== y.id || x.block_type !== y.block_type || schemeOf(x) !== schemeOf(y))) return false;
  }
  return true;
}

const liveBlocks = createLiveBlocks(useStudioStore);
const noSubscription = () => () => {};

/** Under DocumentCanvas, the store's latest version of the block (live-blocks.ts); otherwise undefined. */
function useLiveBlock(live: boolean, index: number, id: string): Block | undefined {
  const subscribe = useCallback((listener: () => void) => liveBlocks.subscribe(id, listener), [id]);
  return useSyncExternalStore(live ? subscribe : noSubscription, () => (live ? liveBlocks.get(index, id) : undefined));
}

/** What the canvas shows of a block: rich text sanitised, payload colours only when enabled. */
function previewOf(block: Block, payloadColors: boolean): Block {
  return withCleanRichText(payloadColors ? block : withoutPayloadColors(block));
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
    const scroller = node?.parentElement;
    let frame = 0;
    const measureNextFrame = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => measureDroppableContainers(gaps));
    };
    const onEnd = (event: TransitionEvent) => {
      if (!(event.target instanceof Element) || !event.target.classList.contains("studio-dropzone")) return;
      measureNextFrame();
    };
    // Far chunks open their gaps without a transition, laid out again two frames after the drag
    // starts (far-blocks.ts), and chunks coming into view may still settle: measure again then,
    // whenever the canvas stops scrolling, and whenever its height changes.
    let frames = 0;
    let later = 0;
    const afterFarChunks = () => {
      later = requestAnimationFrame(() => (++frames < 4 ? afterFarChunks() : measureDroppableContainers(gaps)));
    };
    afterFarChunks();
    node?.addEventListener("transitionend", onEnd);
    scroller?.addEventListener("scrollend", measureNextFrame);
    // A block that grows on screen during the drag (a carousel's listings arriving) moves the gaps below it.
    const resized = typeof ResizeObserver === "function" && node ? new ResizeObserver(measureNextFrame) : null;
    if (node) resized?.observe(node);
    return () => {
      resized?.disconnect();
      cancelAnimationFrame(frame);
      cancelAnimationFrame(later);
      node?.removeEventListener("transitionend", onEnd);
      scroller?.removeEventListener("scrollend", measureNextFrame);
    };
  }, [active, total, canvas, measureDroppableContainers]);
  return null;
}

function ErrorCard({ block, locale }: { block: Block; locale: Locale }) {
  const { t } = useTranslation();
  const issues = issuesOf(block);
  return (
    <div className="studio-error-card" data-block-id={block.id} data-block-type={block.block_type}>
      <strong>{t("studio.canvas.error-title", { name: blockLabel(block.block_type, locale) })}</strong>
      <ul>
        {issues.slice(0, 5).map((issue) => (
          <li key={`${issue.path}${issue.message}`}>
            {t("studio.canvas.error-path", {
              path: describePath(t, block.block_type, issue.path) || t("studio.canvas.whole-block"),
              locale: issue.locale ? t(`studio.fields.locales.${issue.locale}`) : t("studio.publish.no-locale"),
              message: issue.message,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The block's name, shown on the selected or hovered block, a marker on an invalid one, and how
 * many of its fields lack a translation (issue 33).
 */
function BlockChip({ label, errors, missing }: { label: string; errors: number; missing: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="studio-chip"
      data-invalid={errors > 0 || undefined}
      data-untranslated={missing > 0 || undefined}
      aria-hidden="true"
    >
      {errors > 0 ? <Icon name="warning" size={14} /> : null}
      <span>{label}</span>
      {errors > 0 ? <span className="studio-chip-errors">{t("studio.canvas.errors", { count: errors })}</span> : null}
      {missing > 0 ? (
        <span className="studio-chip-missing">{t("studio.canvas.untranslated", { count: missing })}</span>
      ) : null}
    </div>
  );
}

interface StudioBlockProps {
  block: Block;
  /** The block's context in the whole page (BlockList gives it in its chunk). */
  ctx: BlockContext;
  total: number;
  editMode: boolean;
  dropActive: boolean;
  selected: boolean;
  hovered: boolean;
  payloadColors: boolean;
}

/**
 * A block whose object, context and overlay inputs are unchanged skips its render, so a
 * keystroke re-renders the edited block only, not all of a 300-block page.
 */
function sameStudioBlock(a: StudioBlockProps, b: StudioBlockProps): boolean {
  if (
    a.block !== b.block ||
    a.total !== b.total ||
    a.editMode !== b.editMode ||
    a.dropActive !== b.dropActive ||
    a.selected !== b.selected ||
    a.hovered !== b.hovered ||
    a.payloadColors !== b.payloadColors
  )
    return false;
  return sameEntries(a.ctx, b.ctx);
}

const DEFAULT_PERMISSIONS: BlockPermissions = { edit: false, delete: true, colorScheme: false };

const StudioBlock = memo(function StudioBlock(props: StudioBlockProps) {
  const { t } = useTranslation();
  const { total, editMode, selected, hovered, ctx } = props;
  const index = ctx.index;
  // Under DocumentCanvas the list re-renders only when its structure changes (see there): the
  // block follows its own content, so a keystroke re-renders this block and nothing around it.
  const live = useContext(LiveBlocksContext);
  const latest = useLiveBlock(live, index, props.block.id);
  const block = latest ? previewOf(latest, props.payloadColors) : props.block;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.id,
    data: { kind: "block", index },
  });
  // Validated as stored, not as previewed: the preview leaves out payload colours when they are off.
  const raw = latest ?? props.block;
  const errors = issuesOf(raw).length;
  const missing = missingTranslations(raw).length;
  const actions = useStudioStore.getState;
  const label = blockLabel(block.block_type, ctx.locale);
  // dnd-kit measures in screen pixels; the canvas lays out in its own, `zoom` times smaller on screen.
  const zoom = canvasZoom;
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform && { ...transform, x: transform.x / zoom, y: transform.y / zoom }),
    transition,
  };
  return (
    <>
      {index === 0 ? <DropZone index={0} active={props.dropActive} /> : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the bar's edit button selects the block from the keyboard. */}
      <section
        ref={setNodeRef}
        style={style}
        className="studio-block"
        aria-label={
          errors > 0
            ? t("studio.canvas.block-invalid", { name: label, count: errors })
            : missing > 0
              ? t("studio.canvas.block-untranslated", { name: label, count: missing })
              : label
        }
        data-studio-block={block.id}
        data-first={index === 0 || undefined}
        data-family={getBlockDefinition(block.block_type)?.family}
        data-selected={selected || undefined}
        data-hovered={hovered || undefined}
        data-dragging={isDragging || undefined}
        data-invalid={errors > 0 || undefined}
        onMouseEnter={() => actions().hover(block.id)}
        // A block that appears under a still pointer (a page opened, a block dropped) gets no
        // mouseenter: the first move over it counts. `hover` writes only when the id changes.
        onMouseMove={() => actions().hover(block.id)}
        onMouseLeave={() => actions().hover(null)}
        onClick={() => editMode && actions().select(block.id)}
      >
        {editMode ? (
          <BlockBar
            id={block.id}
            label={label}
            locale={ctx.locale}
            index={index}
            total={total}
            scheme={schemeOf(block)}
            permissions={getBlockDefinition(block.block_type)?.permissions ?? DEFAULT_PERMISSIONS}
            handleRef={setActivatorNodeRef}
            handleAttributes={attributes}
            handleListeners={listeners}
          />
        ) : null}
        {editMode && (selected || hovered || errors > 0 || missing > 0) ? (
          <BlockChip label={label} errors={errors} missing={missing} />
        ) : null}
        {errors > 0 ? (
          <ErrorCard block={raw} locale={ctx.locale} />
        ) : (
          // Inert: the block's links, forms and buttons do nothing in the studio; a click selects the block.
          <BlockFrame block={block} inert>
            <CanvasBlockView block={block} ctx={ctx} />
          </BlockFrame>
        )}
      </section>
      <DropZone index={index + 1} active={props.dropActive} />
    </>
  );
}, sameStudioBlock);

/**
 * A block of the site's header or footer (or the page's own footer) on the canvas: locked in
 * place (no drag, no delete: every page has it), selected and edited like any block; a change
 * to the site's is published for every page (issue 29).
 */
const ChromeBlock = memo(function ChromeBlock(props: {
  block: Block;
  raw: Block;
  ctx: BlockContext;
  scope: "site" | "page" | "variant";
  editMode: boolean;
  selected: boolean;
  hovered: boolean;
}) {
  const { t } = useTranslation();
  const { block, raw, ctx, editMode } = props;
  const label = blockLabel(block.block_type, ctx.locale);
  const errors = issuesOf(raw).length;
  const missing = missingTranslations(raw).length;
  const actions = useStudioStore.getState;
  const where = t(`studio.chrome.scope-${props.scope}`);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the bar's edit button selects the block from the keyboard.
    <section
      className="studio-block studio-chrome-block"
      aria-label={`${label} (${where})`}
      data-studio-block={block.id}
      data-chrome={props.scope}
      data-selected={props.selected || undefined}
      data-hovered={props.hovered || undefined}
      data-invalid={errors > 0 || undefined}
      onMouseEnter={() => actions().hover(block.id)}
      onMouseMove={() => actions().hover(block.id)}
      onMouseLeave={() => actions().hover(null)}
      onClick={() => editMode && actions().select(block.id)}
    >
      {editMode ? (
        <div
          className="studio-bar studio-chrome-bar"
          role="toolbar"
          aria-label={t("studio.overlay.toolbar", { type: label })}
        >
          <span className="studio-chrome-lock">
            <Icon name="lock" size={16} />
            {where}
          </span>
          <button
            type="button"
            className="studio-bar-button"
            data-action="edit"
            aria-label={t("studio.chrome.edit", { name: label })}
            title={t("studio.chrome.edit", { name: label })}
            onClick={(event) => {
              event.stopPropagation();
              actions().select(block.id);
              useViewStore.getState().requestPanel();
            }}
          >
            <Icon name="edit" size={18} />
          </button>
        </div>
      ) : null}
      {editMode && (props.selected || props.hovered || errors > 0 || missing > 0) ? (
        <BlockChip label={label} errors={errors} missing={missing} />
      ) : null}
      {errors > 0 ? (
        <ErrorCard block={raw} locale={ctx.locale} />
      ) : (
        <BlockFrame block={block} inert>
          <CanvasBlockView block={block} ctx={ctx} />
        </BlockFrame>
      )}
    </section>
  );
});

/** The header or footer region of the canvas: the blocks every page shows there. */
function ChromeRegion(props: {
  blocks: readonly Block[];
  raw: readonly Block[];
  scope: "site" | "page" | "variant";
  region: "header" | "footer";
  before?: string;
  locale: Locale;
  siteType: SiteType;
  editMode: boolean;
}) {
  const selectedId = useStudioStore((s) => s.selectedId);
  const hoveredId = useStudioStore((s) => s.hoveredId);
  const decorator = useCallback<BlockDecorator>(
    (block, _rendered, ctx) => (
      <ChromeBlock
        block={block}
        raw={props.raw.find((b) => b.id === block.id) ?? block}
        ctx={ctx}
        scope={props.scope}
        editMode={props.editMode}
        selected={block.id === selectedId}
        hovered={block.id === hoveredId}
      />
    ),
    [props.raw, props.scope, props.editMode, selectedId, hoveredId],
  );
  if (props.blocks.length === 0) return null;
  return (
    <div className="studio-chrome" data-region={props.region}>
      <BlockDecoratorContext.Provider value={decorator}>
        <BlockList
          blocks={props.blocks}
          before={props.before}
          locale={props.locale}
          siteType={props.siteType}
          region="content"
        />
      </BlockDecoratorContext.Provider>
    </div>
  );
}

interface CanvasProps {
  blocks: readonly Block[];
  /** The site's header and footer as the page shows them (the site's information written in). */
  chrome?: {
    header: readonly Block[];
    footer: readonly Block[];
    rawHeader: readonly Block[];
    rawFooter: readonly Block[];
  };
  /** The footer is the page's own (its footer override), not the site's. */
  ownFooter?: boolean;
  variant?: { id: string; name: string; color: string };
  theme: Theme | undefined;
  locale: Locale;
  siteType: SiteType;
  device: Device;
  editMode: boolean;
  payloadColors: boolean;
  /** True while a palette item is dragged: drop zones open up. */
  dropActive: boolean;
}

/**
 * The canvas of the open document. It follows the store itself, below dnd-kit's DndContext:
 * when the component that renders DndContext re-rendered at every keystroke, dnd-kit gave a
 * new transform object to its context, and React then searched the fibers of all 300 blocks
 * for readers of that context (several ms per key on a 300-block page).
 */
export function DocumentCanvas(props: Pick<CanvasProps, "locale" | "siteType" | "dropActive">) {
  const blocks = useStudioStore((s) => s.doc?.blocks);
  const theme = usePreviewTheme();
  const header = useStudioStore((s) => s.doc?.chrome?.header);
  const siteFooter = useStudioStore((s) => s.doc?.chrome?.footer);
  const pageFooter = useStudioStore((s) => s.doc?.page_footer);
  const variant = useStudioStore((s) => s.doc?.variant);
  const info = useSiteStore((s) => s.info);
  const footer = pageFooter ?? siteFooter;
  const chrome = useMemo(
    () =>
      header || footer
        ? {
            header: applySiteInfo(header ?? [], info),
            footer: applySiteInfo(footer ?? [], info),
            rawHeader: header ?? [],
            rawFooter: footer ?? [],
          }
        : undefined,
    [header, footer, info],
  );
  const payloadColors = useStudioStore((s) => s.editorSettings.payloadColorsEnabled);
  const device = useViewStore((s) => s.device);
  const editMode = useViewStore((s) => s.editMode);
  // The list keeps the array it was last rendered with while the structure is the same (an edit
  // inside blocks): the canvas skips its render, and each edited block re-renders from the store.
  const listed = useRef(blocks);
  if (blocks !== listed.current && !(blocks && listed.current && sameStructure(listed.current, blocks)))
    listed.current = blocks;
  const list = listed.current;
  return list ? (
    <LiveBlocksContext.Provider value={true}>
      <Canvas
        {...props}
        blocks={list}
        chrome={chrome}
        ownFooter={pageFooter !== undefined}
        variant={variant}
        theme={theme}
        payloadColors={payloadColors}
        device={device}
        editMode={editMode}
      />
    </LiveBlocksContext.Provider>
  ) : null;
}

export const Canvas = memo(function Canvas(props: CanvasProps) {
  const { t } = useTranslation();
  const { blocks, editMode, dropActive, payloadColors } = props;
  const preview = useMemo(() => blocks.map((block) => previewOf(block, payloadColors)), [blocks, payloadColors]);
  // The same array while the order is the same: a new one re-renders every sortable block.
  const order = blocks.map((b) => b.id).join("\n");
  const ids = useMemo(() => (order === "" ? [] : order.split("\n")), [order]);
  const total = blocks.length;
  // Read here and passed down: one subscription each, not two per block (600 selectors run at
  // every store change, keystrokes included, on a 300-block page).
  const selectedId = useStudioStore((s) => s.selectedId);
  const hoveredId = useStudioStore((s) => s.hoveredId);
  // BlockList numbers each chunk's blocks from 0: the decorator of a chunk adds its start.
  const decorateAt = useCallback(
    (start: number): BlockDecorator =>
      (block, _rendered, ctx) => (
        <StudioBlock
          block={block}
          ctx={start === 0 ? ctx : { ...ctx, index: ctx.index + start }}
          total={total}
          editMode={editMode}
          dropActive={dropActive}
          selected={block.id === selectedId}
          hovered={block.id === hoveredId}
          payloadColors={payloadColors}
        />
      ),
    [total, editMode, dropActive, selectedId, hoveredId, payloadColors],
  );
  // One decorator per chunk start while its inputs are the same: a new context value would make
  // React search the whole chunk for readers of the context at every change of the list.
  const decoratorAt = useMemo(() => {
    const decorators = new Map<number, BlockDecorator>();
    return (start: number) => {
      let decorator = decorators.get(start);
      if (!decorator) {
        decorator = decorateAt(start);
        decorators.set(start, decorator);
      }
      return decorator;
    };
  }, [decorateAt]);
  const chunkState = useRef(NO_CHUNKS);
  const chunks = useMemo(() => {
    chunkState.current = assignChunks(chunkState.current, ids);
    return chunkState.current.chunks;
  }, [ids]);
  const width = DEVICES[props.device];
  // Every preview lays blocks out at its own width: the preview's breakpoints for JavaScript, and
  // width media rules turned into container rules on the canvas (preview-media.ts).
  const breakpoints = useMemo(() => computeBreakpoints(width), [width]);
  usePreviewMedia(true, blocks);
  const schemeRules = useMemo(() => themeSchemeRules(props.theme, ".studio-canvas "), [props.theme]);
  const canvasRef = useRef<HTMLElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  useCanvasZoom(scrollRef, canvasRef, width);
  const [far] = useState(() => createFarBlocks(globalThis.IntersectionObserver, () => scrollRef.current));
  useEffect(() => () => far.disconnect(), [far]);
  const settled = useSettled();
  return (
    // A click on the grey around the preview ends the edit (as in Puck): the palette folded for it comes back.
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut only; nothing is lost without it.
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above (the keyboard selects blocks from their bars).
    <div
      ref={scrollRef}
      className="studio-canvas-scroll"
      onClick={(event) => {
        if (event.target === event.currentTarget) useStudioStore.getState().select(null);
      }}
    >
      <GapMeasurer active={dropActive} total={total} canvas={canvasRef} />
      <section
        ref={canvasRef}
        className="studio-canvas"
        data-device={props.device}
        data-edit-mode={editMode || undefined}
        data-dropping={dropActive || undefined}
        // Every block view and font loaded and laid out (the bench's "interactive" mark).
        data-settled={settled || undefined}
        style={{ ...themeStyle(props.theme), width: `${width}px` }}
        aria-label={t("studio.canvas.label")}
      >
        {/* The theme's colour-scheme mapping, scoped to the canvas as the site writes it on the page. */}
        {schemeRules ? <style>{schemeRules}</style> : null}
        {props.variant ? (
          <div className={`variant-banner variant-${props.variant.color}`} data-variant-id={props.variant.id}>
            {t("site.variant-banner", { name: props.variant.name })}
          </div>
        ) : null}
        {props.chrome ? (
          <BreakpointsOverride.Provider value={breakpoints}>
            <ChromeRegion
              blocks={props.chrome.header.map((b) => previewOf(b, payloadColors))}
              raw={props.chrome.rawHeader}
              scope={props.variant ? "variant" : "site"}
              // No next block: on the canvas the header sits above the page, not over its first
              // block, so it shows as it does once opaque (its own scheme), never white on white.
              region="header"
              locale={props.locale}
              siteType={props.siteType}
              editMode={editMode}
            />
          </BreakpointsOverride.Provider>
        ) : null}
        {blocks.length === 0 ? (
          <>
            <DropZone index={0} active />
            <p className="studio-canvas-empty">{t("studio.canvas.empty")}</p>
          </>
        ) : null}
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <BreakpointsOverride.Provider value={breakpoints}>
            {chunks.map((chunk) => {
              const end = chunk.start + chunk.ids.length;
              return (
                <CanvasChunk key={chunk.key} far={settled ? far : null}>
                  <BlockDecoratorContext.Provider value={decoratorAt(chunk.start)}>
                    <BlockList
                      blocks={preview.slice(chunk.start, end)}
                      before={preview[chunk.start - 1]?.block_type}
                      after={preview[end]}
                      locale={props.locale}
                      siteType={props.siteType}
                      region="content"
                    />
                  </BlockDecoratorContext.Provider>
                </CanvasChunk>
              );
            })}
          </BreakpointsOverride.Provider>
        </SortableContext>
        {props.chrome ? (
          <BreakpointsOverride.Provider value={breakpoints}>
            <ChromeRegion
              blocks={props.chrome.footer.map((b) => previewOf(b, payloadColors))}
              raw={props.chrome.rawFooter}
              scope={props.ownFooter ? "page" : props.variant ? "variant" : "site"}
              region="footer"
              before={preview.at(-1)?.block_type}
              locale={props.locale}
              siteType={props.siteType}
              editMode={editMode}
            />
          </BreakpointsOverride.Provider>
        ) : null}
      </section>
    </div>
  );
});

/**
 * The block the editor looks at (the selected one when it is on screen, else the first one on
 * screen) and its distance from the scroller's top: a new zoom (the palette folding as a block
 * is selected, a resized window) scrolls it back to where it was, instead of leaving the
 * scroll offset in pixels of the old zoom, which showed another part of the page.
 */
function zoomAnchor(scroller: HTMLElement): { restore(): void } | null {
  const view = scroller.getBoundingClientRect();
  if (view.height <= 0) return null;
  const onScreen = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.bottom > view.top && r.top < view.bottom;
  };
  const selected = useStudioStore.getState().selectedId;
  let anchor = selected
    ? scroller.querySelector(`.studio-chunk > [data-studio-block="${globalThis.CSS.escape(selected)}"]`)
    : null;
  if (!anchor || !onScreen(anchor))
    anchor = [...scroller.querySelectorAll(".studio-chunk > [data-studio-block]")].find(onScreen) ?? null;
  if (!anchor) return null;
  const el = anchor;
  const offset = el.getBoundingClientRect().top - view.top;
  return {
    restore() {
      const moved = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top - offset;
      if (Math.abs(moved) >= 1) scroller.scrollTop += moved;
    },
  };
}

/**
 * Scales the canvas to its column: measures the scroller's content width, publishes the zoom
 * that fits (the toolbar shows it) and applies the chosen zoom to the canvas as CSS `zoom` and
 * `--studio-zoom` (the bars and chips use it to keep their own size). Written to the DOM, not
 * through React: a new zoom lays the page out again, it does not need to render it again.
 */
function useCanvasZoom(
  scrollRef: RefObject<HTMLDivElement | null>,
  canvasRef: RefObject<HTMLElement | null>,
  width: number,
) {
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const canvas = canvasRef.current;
    if (!scroller || !canvas) return;
    const measure = () => {
      const style = getComputedStyle(scroller);
      const available =
        scroller.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      useViewStore.getState().setFit(fitZoom(available, width));
    };
    const apply = () => {
      const { zoomChoice, fit } = useViewStore.getState();
      const zoom = effectiveZoom(zoomChoice, fit);
      if (zoom === canvasZoom && canvas.style.zoom === String(zoom)) return;
      const anchor = zoomAnchor(scroller);
      canvasZoom = zoom;
      canvas.style.zoom = String(zoom);
      canvas.style.setProperty("--studio-zoom", String(zoom));
      anchor?.restore();
    };
    measure();
    apply();
    const unsubscribe = useViewStore.subscribe(apply);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(scroller);
    return () => {
      unsubscribe();
      observer?.disconnect();
    };
  }, [scrollRef, canvasRef, width]);
}

/** While `active`, the site's width media rules follow the canvas (preview-media.ts). */
function usePreviewMedia(active: boolean, blocks: readonly Block[]) {
  const [media] = useState(() => (typeof document === "undefined" ? null : createPreviewMedia(document)));
  useLayoutEffect(() => {
    if (!active || !media) return;
    media.apply();
    return () => media.restore();
  }, [active, media]);
  // A block view that loads its own stylesheet: mapped once the blocks it came with render.
  useLayoutEffect(() => {
    if (active && blocks) media?.apply();
  }, [active, media, blocks]);
}
