/**
 * The studio's column layout, as pure functions: the edit panel's width (a separator the editor
 * drags or moves from the keyboard) and whether the palette is collapsed, remembered in
 * localStorage under `studio:layout` and parsed with zod when read back; whether the palette
 * folds by itself while a block is edited; where toasts go so they never cover the canvas.
 */
import { z } from "zod";

export const LAYOUT_KEY = "studio:layout";

/** Palette column open (px). */
export const PALETTE_WIDTH = 232;
/** A collapsed column, the palette's or the edit panel's: a rail holding its toggle (px). */
export const COLLAPSED_WIDTH = 44;
/** The separator's own column (px): wide enough that a 24 px target circle around it stays clear of its neighbours (WCAG 2.5.8). */
export const SEPARATOR_WIDTH = 12;
/** The canvas never gets narrower than this when the panel grows (px). */
export const CANVAS_MIN = 320;
/**
 * While a block is edited, the open palette folds to its rail when the canvas column would be
 * narrower than this (px): a 1280 px desktop preview at about 65 % (its scroller's padding and
 * scrollbar take ~47 px). A 1440 px window needs the fold to reach that; from ~1570 px it stays.
 */
export const CANVAS_COMFORT = 880;

/** Narrowest edit panel (px): one language at a time, with the language switch. */
export const PANEL_MIN = 288;
/**
 * Default edit panel (px): one language at a time with the language switch (both side by side
 * need 36rem = 576 px of form, fields.css, which left a 1280 px window's desktop preview at 30 %).
 * With the palette folded while a block is edited, the preview gets 58 % at 1280 px and 70 % at
 * 1440 px; an editor who wants both languages side by side widens the panel.
 */
export const PANEL_DEFAULT = 432;
/** The default of layouts stored before version 2 (read back as the new default, see parseLayout). */
export const PANEL_DEFAULT_V1 = 616;
/** The stored layout's shape; layouts without it come from version 1. */
export const LAYOUT_VERSION = 2;
/** No screen needs a wider panel than this; a larger stored value is not ours. */
export const PANEL_STORED_MAX = 4000;
/** Arrow keys move the separator by a step, Shift+arrow by a large step (px). */
export const PANEL_STEP = 16;
export const PANEL_STEP_LARGE = 80;

export interface StudioLayout {
  /** The width the editor chose; the applied width is clamped to what the window allows. */
  panelWidth: number;
  paletteCollapsed: boolean;
  /** The edit panel folded to a rail: the canvas takes its room. */
  panelCollapsed: boolean;
}

export const DEFAULT_LAYOUT: StudioLayout = {
  panelWidth: PANEL_DEFAULT,
  paletteCollapsed: false,
  panelCollapsed: false,
};

/** Each field falls back to its default on its own: a bad width does not reopen the palette. */
export const layoutSchema = z
  .object({
    v: z.number().int().catch(1).default(1),
    panelWidth: z
      .number()
      .min(PANEL_MIN)
      .max(PANEL_STORED_MAX)
      .transform((n) => Math.round(n))
      .catch(PANEL_DEFAULT),
    paletteCollapsed: z.boolean().catch(false),
    panelCollapsed: z.boolean().default(false).catch(false),
  })
  .catch({ ...DEFAULT_LAYOUT, v: LAYOUT_VERSION });

/**
 * The stored layout, or the default when there is none or it is not valid JSON. A version 1
 * layout whose width is version 1's default (616 px) gets the new default: every layout was
 * stored with its width, so 616 almost always means "never moved", and keeping it would leave
 * the preview at 30 % on a 1280 px window. Any other width was the editor's choice and stays.
 */
export function parseLayout(text: string | null | undefined): StudioLayout {
  if (!text) return { ...DEFAULT_LAYOUT };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ...DEFAULT_LAYOUT };
  }
  const { v, ...layout } = layoutSchema.parse(raw);
  if (v < LAYOUT_VERSION && layout.panelWidth === PANEL_DEFAULT_V1) layout.panelWidth = PANEL_DEFAULT;
  return layout;
}

export function serializeLayout(layout: StudioLayout): string {
  return JSON.stringify({
    v: LAYOUT_VERSION,
    panelWidth: Math.round(layout.panelWidth),
    paletteCollapsed: layout.paletteCollapsed,
    panelCollapsed: layout.panelCollapsed,
  });
}

/** Width of the palette's column. */
export function paletteColumnWidth(collapsed: boolean): number {
  return collapsed ? COLLAPSED_WIDTH : PALETTE_WIDTH;
}

/** Widest panel that still leaves the canvas its minimum, in a studio body `bodyWidth` wide; never below PANEL_MIN. */
export function panelMaxWidth(bodyWidth: number, paletteCollapsed: boolean): number {
  if (!Number.isFinite(bodyWidth)) return PANEL_MIN;
  const room = bodyWidth - paletteColumnWidth(paletteCollapsed) - SEPARATOR_WIDTH - CANVAS_MIN;
  return Math.max(PANEL_MIN, Math.floor(room));
}

/** A width between PANEL_MIN and `max` (whole pixels); NaN gives the default, clamped. */
export function clampPanelWidth(width: number, max: number): number {
  const upper = Math.max(PANEL_MIN, Number.isFinite(max) ? Math.floor(max) : PANEL_MIN);
  const wanted = Number.isFinite(width) ? width : PANEL_DEFAULT;
  return Math.round(Math.min(upper, Math.max(PANEL_MIN, wanted)));
}

/**
 * The panel's width after a key press on the separator (WAI-ARIA window splitter, the panel
 * being the pane whose size is the value): the separator sits on the panel's left edge, so
 * ArrowLeft widens the panel and ArrowRight narrows it; Home gives the narrowest panel, End
 * the widest. Null for any other key.
 */
export function panelWidthForKey(key: string, shiftKey: boolean, current: number, max: number): number | null {
  const step = shiftKey ? PANEL_STEP_LARGE : PANEL_STEP;
  switch (key) {
    case "ArrowLeft":
      return clampPanelWidth(current + step, max);
    case "ArrowRight":
      return clampPanelWidth(current - step, max);
    case "Home":
      return PANEL_MIN;
    case "End":
      return clampPanelWidth(max, max);
    default:
      return null;
  }
}

/** What the palette's automatic fold looks at. */
export interface FoldContext {
  /** The studio body's width (px). */
  bodyWidth: number;
  /** A block is selected: its fields are in the panel. */
  editing: boolean;
  /** The editor opened the palette during this edit: it stays open until nothing is selected. */
  held: boolean;
}

/**
 * Whether the palette shows as its rail: the editor folded it, or a block is being edited and
 * the open palette would leave the canvas column under CANVAS_COMFORT (the panel as wide as it
 * would then be). Adding blocks is what the palette is for; editing one is what the canvas and
 * the panel are for, so the palette gives way while editing, as in Puck and Storyblok.
 */
export function paletteFolded(layout: StudioLayout, { bodyWidth, editing, held }: FoldContext): boolean {
  if (layout.paletteCollapsed) return true;
  if (!editing || held || !Number.isFinite(bodyWidth)) return false;
  const panel = layout.panelCollapsed
    ? COLLAPSED_WIDTH
    : clampPanelWidth(layout.panelWidth, panelMaxWidth(bodyWidth, false));
  return bodyWidth - PALETTE_WIDTH - SEPARATOR_WIDTH - panel < CANVAS_COMFORT;
}

/** Where toasts go: over the open panel's foot, else the open palette's, else a strip under the canvas. */
export type ToastDock = "panel" | "palette" | "canvas";

export function toastDock(paletteShownFolded: boolean, panelCollapsed: boolean): ToastDock {
  if (!panelCollapsed) return "panel";
  if (!paletteShownFolded) return "palette";
  return "canvas";
}
