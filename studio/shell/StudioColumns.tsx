/**
 * The sections screen's columns: the palette (collapsible to a rail), the canvas, a separator
 * and the edit panel (collapsible to a rail too: the canvas then takes the room; the edit action
 * of a block opens it again). The separator resizes the panel with the mouse (drag, double-click for
 * the default width) and the keyboard (arrows, Shift+arrows, Home, End); the panel's header
 * has buttons that do the same with single clicks (WCAG 2.5.7). The layout is remembered in
 * localStorage (studio/shell/layout.ts). While a block is edited on a window too narrow for
 * the three columns, the palette folds to its rail by itself and comes back when nothing is
 * selected; opening it then keeps it open until the edit ends (paletteFolded). StudioColumns
 * also tells the toasts where they may go without covering the canvas (toasts.tsx).
 *
 * The columns' contents arrive as elements built by the caller: resizing re-renders this
 * component only, never the canvas or the palette. While dragging, only the separator moves
 * (a transform); the panel takes the new width on release, so a long page's canvas is laid
 * out again once per drag rather than at every pointer move.
 */
import {
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useStudioStore } from "../store";
import { Icon } from "./icons";
import {
  COLLAPSED_WIDTH,
  clampPanelWidth,
  LAYOUT_KEY,
  PANEL_DEFAULT,
  PANEL_MIN,
  PANEL_STEP_LARGE,
  paletteColumnWidth,
  paletteFolded,
  panelMaxWidth,
  panelWidthForKey,
  parseLayout,
  type StudioLayout,
  serializeLayout,
  toastDock,
} from "./layout";
import { TOAST_MARGIN, useToastPlace } from "./toasts";
import { useViewStore } from "./view";

/** The edit panel's element id (the separator controls it). */
export const PANEL_ID = "studio-edit-panel";
const PALETTE_ID = "studio-palette-content";

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readLayout(): StudioLayout {
  try {
    return parseLayout(storage()?.getItem(LAYOUT_KEY));
  } catch {
    return parseLayout(null);
  }
}

function writeLayout(layout: StudioLayout) {
  try {
    storage()?.setItem(LAYOUT_KEY, serializeLayout(layout));
  } catch {
    // A full or blocked storage only loses the remembered layout.
  }
}

interface PanelWidth {
  width: number;
  max: number;
  resize: (width: number) => void;
  collapse: () => void;
}

const PanelWidthContext = createContext<PanelWidth | null>(null);

export function StudioColumns({
  palette,
  children,
  panel,
}: {
  palette: ReactNode;
  /** The canvas's column. */
  children: ReactNode;
  panel: ReactNode;
}) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState(readLayout);
  const [bodyWidth, setBodyWidth] = useState(() => (typeof window === "undefined" ? 1280 : window.innerWidth));
  /** While dragging: the width under the pointer, applied on release. */
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const drag = useRef<{ pointerId: number; startX: number; startWidth: number; last: number } | null>(null);

  useLayoutEffect(() => {
    const el = bodyRef.current;
    if (!el) return;
    setBodyWidth(el.clientWidth);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBodyWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const editing = useStudioStore((s) => s.selectedId !== null);
  /** The editor opened the palette during this edit: it stays open until nothing is selected. */
  const [held, setHeld] = useState(false);
  if (held && !editing) setHeld(false);
  const collapsed = paletteFolded(layout, { bodyWidth, editing, held });
  const panelCollapsed = layout.panelCollapsed;
  const max = panelMaxWidth(bodyWidth, collapsed);
  const width = clampPanelWidth(layout.panelWidth, max);
  const shown = dragWidth ?? width;

  const commit = (next: StudioLayout) => {
    setLayout(next);
    writeLayout(next);
  };
  const resize = (next: number) => commit({ ...layout, panelWidth: clampPanelWidth(next, max) });

  // The edit action of a block (or a publish error) opens a collapsed panel.
  const panelRequests = useViewStore((s) => s.panelRequests);
  const seenRequests = useRef(panelRequests);
  useEffect(() => {
    if (panelRequests === seenRequests.current) return;
    seenRequests.current = panelRequests;
    if (layout.panelCollapsed) commit({ ...layout, panelCollapsed: false });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = panelWidthForKey(event.key, event.shiftKey, width, max);
    if (next === null) return;
    event.preventDefault();
    resize(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startWidth: width, last: width };
    setDragWidth(width);
  };
  const widthAt = (clientX: number) => {
    const d = drag.current;
    return d ? clampPanelWidth(d.startWidth + d.startX - clientX, max) : width;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || event.pointerId !== d.pointerId) return;
    d.last = widthAt(event.clientX);
    setDragWidth(d.last);
  };
  const endDrag = (clientX: number | null) => {
    const d = drag.current;
    if (!d) return;
    const final = clientX === null ? d.last : widthAt(clientX);
    drag.current = null;
    setDragWidth(null);
    if (final !== width) resize(final);
  };

  const togglePalette = () => {
    if (collapsed) {
      // Opening it while editing holds it open for the rest of this edit, not for good: one visit
      // to the palette should not cost the canvas its room at every later edit.
      setHeld(editing);
      if (layout.paletteCollapsed) commit({ ...layout, paletteCollapsed: false });
    } else {
      setHeld(false);
      commit({ ...layout, paletteCollapsed: true });
    }
  };

  // Where the toasts may go (fixed to the window: they live in a portal on <body>). Narrow
  // windows stack the columns (studio.css, below 900 px): the toasts keep their own place there.
  const paletteColumn = paletteColumnWidth(collapsed);
  const panelColumn = panelCollapsed ? COLLAPSED_WIDTH : width;
  const dock = bodyWidth >= 900 ? toastDock(collapsed, panelCollapsed) : null;
  const toastHeight = useToastPlace((s) => (dock === "canvas" ? s.height : 0));
  useLayoutEffect(() => {
    useToastPlace.getState().set({ dock, left: paletteColumn, right: panelColumn });
  }, [dock, paletteColumn, panelColumn]);
  useEffect(() => () => useToastPlace.getState().set({ dock: null }), []);

  const panelWidth: PanelWidth = {
    width,
    max,
    resize,
    collapse: () => commit({ ...layout, panelCollapsed: true }),
  };

  const style = {
    "--studio-palette-column": `${paletteColumnWidth(collapsed)}px`,
    "--studio-panel-column": `${panelColumn}px`,
    "--studio-toast-room": toastHeight > 0 ? `${toastHeight + 2 * TOAST_MARGIN}px` : undefined,
  } as CSSProperties;

  return (
    <PanelWidthContext.Provider value={panelWidth}>
      <div
        ref={bodyRef}
        className="studio-body"
        style={style}
        data-palette-collapsed={collapsed || undefined}
        data-panel-collapsed={panelCollapsed || undefined}
        data-resizing={dragWidth !== null || undefined}
        data-toast-dock={dock ?? undefined}
      >
        <div className="studio-palette-column">
          <button
            type="button"
            className="studio-button studio-palette-toggle"
            aria-expanded={!collapsed}
            aria-controls={PALETTE_ID}
            onClick={togglePalette}
          >
            <Icon name={collapsed ? "chevron-right" : "chevron-left"} size={18} />
            <span className="studio-palette-toggle-text">{t("studio.layout.palette-toggle")}</span>
          </button>
          <div id={PALETTE_ID} className="studio-palette-content" hidden={collapsed}>
            {palette}
          </div>
        </div>
        {children}
        {/* biome-ignore lint/a11y/useSemanticElements: <hr> cannot take focus or pointer events; a focusable separator is a window splitter (WAI-ARIA). */}
        <div
          hidden={panelCollapsed}
          role="separator"
          tabIndex={0}
          className="studio-separator"
          aria-orientation="vertical"
          aria-label={t("studio.layout.panel-width")}
          aria-controls={PANEL_ID}
          aria-valuenow={shown}
          aria-valuemin={PANEL_MIN}
          aria-valuemax={max}
          aria-valuetext={t("studio.layout.panel-width-value", { width: shown })}
          style={dragWidth === null ? undefined : { transform: `translateX(${width - dragWidth}px)` }}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event.clientX)}
          onPointerCancel={() => endDrag(null)}
          onLostPointerCapture={() => endDrag(null)}
          onDoubleClick={() => resize(PANEL_DEFAULT)}
        />
        <div className="studio-panel-column">
          {panelCollapsed ? (
            <button
              type="button"
              className="studio-button studio-panel-toggle"
              aria-expanded={false}
              aria-controls={PANEL_ID}
              onClick={() => commit({ ...layout, panelCollapsed: false })}
            >
              <Icon name="chevron-left" size={18} />
              <span>{t("studio.layout.panel-toggle")}</span>
            </button>
          ) : null}
          <div className="studio-panel-slot" hidden={panelCollapsed}>
            {panel}
          </div>
        </div>
      </div>
    </PanelWidthContext.Provider>
  );
}

/** The edit panel's header buttons: narrower, wider (the separator's moves without a drag) and collapse. */
export function PanelHeadButtons() {
  const { t } = useTranslation();
  const panel = useContext(PanelWidthContext);
  if (!panel) return null;
  const atMax = panel.width >= panel.max;
  const atMin = panel.width <= PANEL_MIN;
  return (
    <div className="studio-panel-width">
      <button
        type="button"
        className="studio-button studio-icon-button"
        aria-label={t("studio.layout.panel-narrower")}
        title={t("studio.layout.panel-narrower")}
        aria-disabled={atMin || undefined}
        onClick={() => !atMin && panel.resize(panel.width - PANEL_STEP_LARGE)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <button
        type="button"
        className="studio-button studio-icon-button"
        aria-label={t("studio.layout.panel-wider")}
        title={t("studio.layout.panel-wider")}
        aria-disabled={atMax || undefined}
        onClick={() => !atMax && panel.resize(panel.width + PANEL_STEP_LARGE)}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        className="studio-button studio-icon-button"
        aria-label={t("studio.layout.panel-collapse")}
        title={t("studio.layout.panel-collapse")}
        aria-expanded={true}
        aria-controls={PANEL_ID}
        onClick={() => panel.collapse()}
      >
        <Icon name="chevron-right" size={18} />
      </button>
    </div>
  );
}
