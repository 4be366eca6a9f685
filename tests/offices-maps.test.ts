import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseHex, shadeColor } from "../renderer/features/maps/color";
import {
  MARKER_HOVER_OPACITY,
  MARKER_OPACITY,
  MARKER_RADIUS,
  MARKER_WEIGHT,
  POPUP_DELAY_MS,
} from "../renderer/features/maps/constants";
import { createDelayedToggle } from "../renderer/features/maps/delay";
import { directionsUrl, isValidLatLng } from "../renderer/features/maps/directions";
import { markerStyle } from "../renderer/features/maps/SiteMap";

describe("shadeColor", () => {
  it("multiplies every channel by the factor", () => {
    expect(shadeColor("#ff8040", 0.8)).toBe("#cc6633");
    expect(shadeColor("#0b4fa8", 0.8)).toBe("#093f86");
  });
  it("expands short hex colours and accepts a missing #", () => {
    expect(shadeColor("#fff", 0.5)).toBe("#808080");
    expect(shadeColor("ffffff", 1)).toBe("#ffffff");
  });
  it("clamps to the channel range", () => {
    expect(shadeColor("#808080", 3)).toBe("#ffffff");
    expect(shadeColor("#808080", -1)).toBe("#000000");
  });
  it("returns non-hex colours unchanged", () => {
    expect(shadeColor("rebeccapurple", 0.8)).toBe("rebeccapurple");
    expect(parseHex("#12345")).toBeUndefined();
  });
});

describe("markerStyle", () => {
  it("uses the spec constants at rest", () => {
    expect(markerStyle("#336699", false)).toEqual({
      color: "#336699",
      fillColor: "#336699",
      opacity: MARKER_OPACITY,
      fillOpacity: 1,
      radius: MARKER_RADIUS,
      weight: MARKER_WEIGHT,
    });
    expect([MARKER_RADIUS, MARKER_WEIGHT, MARKER_OPACITY, MARKER_HOVER_OPACITY]).toEqual([4, 26, 0.2, 0.4]);
  });
  it("darkens the colour and raises the opacity when highlighted", () => {
    const style = markerStyle("#336699", true);
    expect(style.color).toBe(shadeColor("#336699", 0.8));
    expect(style.color).not.toBe("#336699");
    expect(style.opacity).toBe(MARKER_HOVER_OPACITY);
  });
  it("falls back to the default colour", () => {
    expect(markerStyle(undefined, false).color).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe("createDelayedToggle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("opens only after the delay", () => {
    const onOpen = vi.fn();
    const toggle = createDelayedToggle(POPUP_DELAY_MS, onOpen, vi.fn());
    toggle.open();
    expect(toggle.pending).toBe("open");
    vi.advanceTimersByTime(POPUP_DELAY_MS - 1);
    expect(onOpen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(toggle.pending).toBeNull();
  });

  it("a close before the delay cancels the open (pointer passing by)", () => {
    const onOpen = vi.fn();
    const onClose = vi.fn();
    const toggle = createDelayedToggle(50, onOpen, onClose);
    toggle.open();
    vi.advanceTimersByTime(30);
    toggle.close();
    vi.advanceTimersByTime(50);
    expect(onOpen).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("restarts the delay on repeated requests and can be cancelled", () => {
    const onOpen = vi.fn();
    const toggle = createDelayedToggle(50, onOpen, vi.fn());
    toggle.open();
    vi.advanceTimersByTime(40);
    toggle.open();
    vi.advanceTimersByTime(40);
    expect(onOpen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(onOpen).toHaveBeenCalledTimes(1);
    toggle.open();
    toggle.cancel();
    vi.advanceTimersByTime(100);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe("directions", () => {
  it("links to the maps service with the destination", () => {
    expect(directionsUrl(46.8033, -71.1779)).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=46.8033,-71.1779",
    );
  });
  it("accepts only coordinates in range", () => {
    expect(isValidLatLng(46.8, -71.2)).toBe(true);
    expect(isValidLatLng(91, 0)).toBe(false);
    expect(isValidLatLng(0, Number.NaN)).toBe(false);
    expect(isValidLatLng(undefined, 3)).toBe(false);
  });
});
