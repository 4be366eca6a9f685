import { describe, expect, it } from "vitest";
import { estimatedProgress, LOADING_BAR, loadingBarState } from "../renderer/lib/loading-bar";

describe("loading bar progress", () => {
  it("uses the spec's constants", () => {
    expect(LOADING_BAR).toEqual({ throttleMs: 200, durationMs: 5000, tickMs: 100 });
  });

  it("stays hidden during the 200 ms throttle", () => {
    expect(loadingBarState(0)).toEqual({ visible: false, progress: 0 });
    expect(loadingBarState(199)).toEqual({ visible: false, progress: 0 });
    expect(loadingBarState(150, true)).toEqual({ visible: false, progress: 0 });
  });

  it("shows after the throttle and advances in 100 ms ticks", () => {
    const at200 = loadingBarState(200);
    expect(at200.visible).toBe(true);
    expect(at200.progress).toBeGreaterThan(0);
    expect(loadingBarState(250).progress).toBe(at200.progress);
    expect(loadingBarState(299).progress).toBe(at200.progress);
    expect(loadingBarState(300).progress).toBeGreaterThan(at200.progress);
  });

  it("increases monotonically and never reaches 100 while running", () => {
    let previous = 0;
    for (let t = 200; t <= 60_000; t += 100) {
      const { progress } = loadingBarState(t);
      expect(progress).toBeGreaterThanOrEqual(previous);
      expect(progress).toBeLessThan(100);
      previous = progress;
    }
  });

  it("is about 70 % at the 5000 ms duration", () => {
    expect(estimatedProgress(5000, 5000)).toBeCloseTo(70.48, 1);
    expect(loadingBarState(5000).progress).toBeCloseTo(70.5, 1);
  });

  it("completes at 100 % when the navigation finishes after the throttle", () => {
    expect(loadingBarState(1234, true)).toEqual({ visible: true, progress: 100 });
  });

  it("handles nonsense input", () => {
    expect(estimatedProgress(-5, 5000)).toBe(0);
    expect(estimatedProgress(Number.NaN, 5000)).toBe(0);
    expect(estimatedProgress(100, 0)).toBe(0);
  });
});
