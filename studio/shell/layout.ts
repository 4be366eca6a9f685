/**
 * The studio's column layout, as pure functions: the edit panel's width (a separator the editor
 * drags or moves from the keyboard) and whether the palette is collapsed, remembered in
 * localStorage under `studio:layout` and parsed with zod when read back.
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

/** Narrowest edit panel (px): one language at a time, with the language switch. */
export const PANEL_MIN = 288;
/**
 * Default edit panel (px): wide enough for French and English side by side (the form switches
 * to one language below 36rem = 576 px of content, fields.css; the panel's padding and scrollbar
 * take the rest), which on a 1280 px window leaves about 400 px to the canvas.
 */
export const PANEL_DEFAULT = 616;
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
    panelWidth: z
      .number()
      .min(PANEL_MIN)
      .max(PANEL_STORED_MAX)
      .transform((n) => Math.round(n))
      .catch(PANEL_DEFAULT),
    paletteCollapsed: z.boolean().catch(false),
    panelCollapsed: z.boolean().default(false).catch(false),
  })
  .catch(DEFAULT_LAYOUT);

/** The stored layout, or the default when there is none or it is not valid JSON. */
export function parseLayout(text: string | null | undefined): StudioLayout {
  if (!text) return { ...DEFAULT_LAYOUT };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ...DEFAULT_LAYOUT };
  }
  return layoutSchema.parse(raw);
}

export function serializeLayout(layout: StudioLayout): string {
  return JSON.stringify({
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
