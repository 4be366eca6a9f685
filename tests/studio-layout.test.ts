import { describe, expect, it } from "vitest";
import {
  CANVAS_MIN,
  COLLAPSED_WIDTH,
  clampPanelWidth,
  DEFAULT_LAYOUT,
  PALETTE_WIDTH,
  PANEL_DEFAULT,
  PANEL_MIN,
  PANEL_STEP,
  PANEL_STEP_LARGE,
  panelMaxWidth,
  panelWidthForKey,
  parseLayout,
  SEPARATOR_WIDTH,
  serializeLayout,
} from "../studio/shell/layout";

describe("studio layout: stored value", () => {
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
    // What the canvas keeps: more than a phone preview's 414 px minus the canvas padding.
    expect(1280 - PALETTE_WIDTH - SEPARATOR_WIDTH - PANEL_DEFAULT).toBeGreaterThanOrEqual(400);
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
