import { describe, expect, it } from "vitest";
import { fitZoom } from "../studio/canvas/zoom";
import {
  CANVAS_COMFORT,
  CANVAS_MIN,
  COLLAPSED_WIDTH,
  clampPanelWidth,
  DEFAULT_LAYOUT,
  LAYOUT_VERSION,
  PALETTE_WIDTH,
  PANEL_DEFAULT,
  PANEL_DEFAULT_V1,
  PANEL_MIN,
  PANEL_STEP,
  PANEL_STEP_LARGE,
  paletteColumnWidth,
  paletteFolded,
  panelMaxWidth,
  panelWidthForKey,
  parseLayout,
  SEPARATOR_WIDTH,
  type StudioLayout,
  serializeLayout,
  toastDock,
} from "../studio/shell/layout";
import { TOAST_MARGIN, toastStyle } from "../studio/shell/toasts";

describe("studio layout: stored value", () => {
  it("writes its version", () => {
    expect(JSON.parse(serializeLayout(DEFAULT_LAYOUT))).toEqual({ v: LAYOUT_VERSION, ...DEFAULT_LAYOUT });
  });

  it("reads version 1's untouched default width as the new default, and keeps the rest", () => {
    expect(PANEL_DEFAULT).toBeLessThan(PANEL_DEFAULT_V1);
    expect(parseLayout(`{"panelWidth":${PANEL_DEFAULT_V1},"paletteCollapsed":true,"panelCollapsed":false}`)).toEqual({
      panelWidth: PANEL_DEFAULT,
      paletteCollapsed: true,
      panelCollapsed: false,
    });
    // A width the editor chose under version 1 is theirs.
    expect(parseLayout('{"panelWidth":700,"paletteCollapsed":false}').panelWidth).toBe(700);
    // Under version 2, 616 px is a choice like any other.
    expect(parseLayout(`{"v":2,"panelWidth":${PANEL_DEFAULT_V1},"paletteCollapsed":false}`).panelWidth).toBe(616);
    // A version that is not a number counts as version 1.
    expect(parseLayout(`{"v":"2","panelWidth":${PANEL_DEFAULT_V1}}`).panelWidth).toBe(PANEL_DEFAULT);
  });

  it("reads back what it wrote", () => {
    const layout = { panelWidth: 700, paletteCollapsed: true, panelCollapsed: false };
    expect(parseLayout(serializeLayout(layout))).toEqual(layout);
    const folded = { panelWidth: 500, paletteCollapsed: false, panelCollapsed: true };
    expect(parseLayout(serializeLayout(folded))).toEqual(folded);
  });

  it("gives the default when nothing is stored or the text is not JSON", () => {
    expect(parseLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout(undefined)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout("")).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout("{panelWidth: 700")).toEqual(DEFAULT_LAYOUT);
  });

  it.each([
    ["not an object", "42", DEFAULT_LAYOUT],
    ["null", "null", DEFAULT_LAYOUT],
    ["an array", "[700, true]", DEFAULT_LAYOUT],
    [
      "a width as a string",
      '{"panelWidth":"700","paletteCollapsed":true}',
      { panelWidth: PANEL_DEFAULT, paletteCollapsed: true, panelCollapsed: false },
    ],
    ["a width below the minimum", `{"panelWidth":${PANEL_MIN - 1}}`, DEFAULT_LAYOUT],
    ["a negative width", '{"panelWidth":-500,"paletteCollapsed":false}', DEFAULT_LAYOUT],
    [
      "a huge width",
      '{"panelWidth":1e9,"paletteCollapsed":true}',
      { panelWidth: PANEL_DEFAULT, paletteCollapsed: true, panelCollapsed: false },
    ],
    [
      "a collapsed flag as a string",
      '{"panelWidth":650,"paletteCollapsed":"yes"}',
      { panelWidth: 650, paletteCollapsed: false, panelCollapsed: false },
    ],
    [
      "a panel flag that is not a boolean",
      '{"panelWidth":650,"paletteCollapsed":true,"panelCollapsed":1}',
      { panelWidth: 650, paletteCollapsed: true, panelCollapsed: false },
    ],
    ["missing fields", "{}", DEFAULT_LAYOUT],
  ])("falls back to the default for %s, field by field", (_, text, expected) => {
    expect(parseLayout(text)).toEqual(expected);
  });

  it("rounds a fractional width", () => {
    expect(parseLayout('{"panelWidth":640.6,"paletteCollapsed":false}').panelWidth).toBe(641);
  });

  it("ignores unknown keys", () => {
    expect(parseLayout('{"panelWidth":640,"paletteCollapsed":false,"theme":"dark"}')).toEqual({
      panelWidth: 640,
      paletteCollapsed: false,
      panelCollapsed: false,
    });
  });
});

describe("studio layout: panel width", () => {
  it("leaves the canvas its minimum and grows when the palette is collapsed", () => {
    expect(panelMaxWidth(1280, false)).toBe(1280 - PALETTE_WIDTH - SEPARATOR_WIDTH - CANVAS_MIN);
    expect(panelMaxWidth(1280, true)).toBe(1280 - COLLAPSED_WIDTH - SEPARATOR_WIDTH - CANVAS_MIN);
    expect(panelMaxWidth(1280, true)).toBeGreaterThan(panelMaxWidth(1280, false));
  });

  it("never gives a maximum below the minimum (small windows, no measure yet)", () => {
    expect(panelMaxWidth(500, false)).toBe(PANEL_MIN);
    expect(panelMaxWidth(0, false)).toBe(PANEL_MIN);
    expect(panelMaxWidth(Number.NaN, false)).toBe(PANEL_MIN);
  });

  it("the default panel fits a 1280 px window next to the open palette", () => {
    expect(clampPanelWidth(PANEL_DEFAULT, panelMaxWidth(1280, false))).toBe(PANEL_DEFAULT);
    // What the canvas keeps with nothing selected: more than a tablet preview's 768 px at 2/3.
    expect(1280 - PALETTE_WIDTH - SEPARATOR_WIDTH - PANEL_DEFAULT).toBeGreaterThanOrEqual(600);
  });

  it("clamps between the minimum and the maximum, in whole pixels", () => {
    expect(clampPanelWidth(100, 900)).toBe(PANEL_MIN);
    expect(clampPanelWidth(1200, 900)).toBe(900);
    expect(clampPanelWidth(650.4, 900)).toBe(650);
    expect(clampPanelWidth(650, 200)).toBe(PANEL_MIN);
    expect(clampPanelWidth(Number.NaN, 900)).toBe(PANEL_DEFAULT);
    expect(clampPanelWidth(Number.POSITIVE_INFINITY, 900)).toBe(PANEL_DEFAULT);
  });

  it("moves with the keys of a window splitter whose value is the panel's width", () => {
    expect(panelWidthForKey("ArrowLeft", false, 600, 900)).toBe(600 + PANEL_STEP);
    expect(panelWidthForKey("ArrowRight", false, 600, 900)).toBe(600 - PANEL_STEP);
    expect(panelWidthForKey("ArrowLeft", true, 600, 900)).toBe(600 + PANEL_STEP_LARGE);
    expect(panelWidthForKey("ArrowRight", true, 600, 900)).toBe(600 - PANEL_STEP_LARGE);
    expect(panelWidthForKey("Home", false, 600, 900)).toBe(PANEL_MIN);
    expect(panelWidthForKey("End", false, 600, 900)).toBe(900);
  });

  it("stops at the bounds and ignores other keys", () => {
    expect(panelWidthForKey("ArrowLeft", false, 895, 900)).toBe(900);
    expect(panelWidthForKey("ArrowRight", true, PANEL_MIN + 10, 900)).toBe(PANEL_MIN);
    expect(panelWidthForKey("End", false, 600, 100)).toBe(PANEL_MIN);
    expect(panelWidthForKey("ArrowUp", false, 600, 900)).toBeNull();
    expect(panelWidthForKey("Enter", false, 600, 900)).toBeNull();
    expect(panelWidthForKey("a", false, 600, 900)).toBeNull();
  });
});

/** The preview's zoom in a studio body `bodyWidth` wide with a block selected (canvas scroller: 32 px of padding, 15 px of scrollbar). */
function editingZoom(bodyWidth: number, layout: StudioLayout = DEFAULT_LAYOUT, held = false): number {
  const folded = paletteFolded(layout, { bodyWidth, editing: true, held });
  const panel = layout.panelCollapsed
    ? COLLAPSED_WIDTH
    : clampPanelWidth(layout.panelWidth, panelMaxWidth(bodyWidth, folded));
  const canvas = bodyWidth - paletteColumnWidth(folded) - SEPARATOR_WIDTH - panel;
  return fitZoom(canvas - 32 - 15, 1280);
}

describe("studio layout: the palette folds while a block is edited (issue 33)", () => {
  const context = { bodyWidth: 1280, editing: true, held: false };

  it("folds at 1280 and 1440 px while editing, and not with nothing selected", () => {
    expect(paletteFolded(DEFAULT_LAYOUT, context)).toBe(true);
    expect(paletteFolded(DEFAULT_LAYOUT, { ...context, bodyWidth: 1440 })).toBe(true);
    expect(paletteFolded(DEFAULT_LAYOUT, { ...context, editing: false })).toBe(false);
  });

  it("stays open on a window wide enough for the three columns", () => {
    const wide = PALETTE_WIDTH + SEPARATOR_WIDTH + PANEL_DEFAULT + CANVAS_COMFORT;
    expect(paletteFolded(DEFAULT_LAYOUT, { ...context, bodyWidth: wide })).toBe(false);
    expect(paletteFolded(DEFAULT_LAYOUT, { ...context, bodyWidth: wide - 1 })).toBe(true);
    expect(paletteFolded(DEFAULT_LAYOUT, { ...context, bodyWidth: 1920 })).toBe(false);
  });

  it("stays open while the editor holds it open, or when the panel is folded and the canvas has room", () => {
    expect(paletteFolded(DEFAULT_LAYOUT, { ...context, held: true })).toBe(false);
    expect(paletteFolded({ ...DEFAULT_LAYOUT, panelCollapsed: true }, context)).toBe(false);
  });

  it("an editor's fold holds whatever the window and the selection", () => {
    const folded = { ...DEFAULT_LAYOUT, paletteCollapsed: true };
    expect(paletteFolded(folded, { bodyWidth: 2560, editing: false, held: false })).toBe(true);
    expect(paletteFolded(folded, { ...context, held: true })).toBe(true);
  });

  it("keeps the desktop preview at 55 % or more at 1280 px and 65 % or more at 1440 px", () => {
    expect(editingZoom(1280)).toBeGreaterThanOrEqual(0.55);
    expect(editingZoom(1440)).toBeGreaterThanOrEqual(0.65);
    // Version 1's default read back gives the same.
    const old = parseLayout(`{"panelWidth":${PANEL_DEFAULT_V1},"paletteCollapsed":false}`);
    expect(editingZoom(1280, old)).toBeGreaterThanOrEqual(0.55);
    // The editor's own choices cost zoom, as they should: the palette held open, a wider panel.
    expect(editingZoom(1280, DEFAULT_LAYOUT, true)).toBeLessThan(0.55);
    expect(editingZoom(1280, { ...DEFAULT_LAYOUT, panelWidth: PANEL_DEFAULT_V1 })).toBeLessThan(0.55);
  });
});

describe("studio layout: toasts never over the canvas (issue 33)", () => {
  it("go over the open panel, else the open palette, else under the canvas", () => {
    expect(toastDock(false, false)).toBe("panel");
    expect(toastDock(true, false)).toBe("panel");
    expect(toastDock(false, true)).toBe("palette");
    expect(toastDock(true, true)).toBe("canvas");
  });

  it.each([1024, 1280, 1440])("stay inside their column at %i px", (bodyWidth) => {
    const layout = DEFAULT_LAYOUT;
    const folded = paletteFolded(layout, { bodyWidth, editing: true, held: false });
    const left = paletteColumnWidth(folded);
    const right = clampPanelWidth(layout.panelWidth, panelMaxWidth(bodyWidth, folded));
    const canvasRight = bodyWidth - right - SEPARATOR_WIDTH;
    const style = toastStyle({ dock: toastDock(folded, false), left, right });
    expect(style?.right).toBe(TOAST_MARGIN);
    // The toasts' left edge, from the window's right.
    expect(bodyWidth - TOAST_MARGIN - Number(style?.width)).toBeGreaterThanOrEqual(canvasRight);
    expect(Number(style?.width)).toBeGreaterThanOrEqual(PANEL_MIN - 2 * TOAST_MARGIN);
  });

  it("beside the palette's width, or between the rails", () => {
    expect(toastStyle({ dock: "palette", left: PALETTE_WIDTH, right: COLLAPSED_WIDTH })).toMatchObject({
      left: TOAST_MARGIN,
      width: PALETTE_WIDTH - 2 * TOAST_MARGIN,
    });
    expect(toastStyle({ dock: "canvas", left: COLLAPSED_WIDTH, right: COLLAPSED_WIDTH })).toMatchObject({
      left: COLLAPSED_WIDTH + TOAST_MARGIN,
      right: COLLAPSED_WIDTH + TOAST_MARGIN,
    });
    expect(toastStyle({ dock: null, left: 0, right: 0 })).toBeUndefined();
  });
});
