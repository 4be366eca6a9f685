/** site.md §9: a loading state shows at least 200 ms. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MINIMUM_DISPLAY_MS, withMinimumDisplay } from "../renderer/lib/minimum-display";

afterEach(() => vi.useRealTimers());

describe("withMinimumDisplay", () => {
  it("holds a fast answer until 200 ms have passed since the call", async () => {
    vi.useFakeTimers();
    expect(MINIMUM_DISPLAY_MS).toBe(200);
    let value: string | undefined;
    void withMinimumDisplay(Promise.resolve("answer")).then((v) => {
      value = v;
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toBe("answer");
  });

  it("adds nothing to a slow answer", async () => {
    vi.useFakeTimers();
    let value: number | undefined;
    const slow = new Promise<number>((resolve) => setTimeout(() => resolve(7), 500));
    void withMinimumDisplay(slow).then((v) => {
      value = v;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toBe(7);
  });

  it("lets a failure through at once", async () => {
    vi.useFakeTimers();
    let failed = false;
    void withMinimumDisplay(Promise.reject(new Error("down"))).catch(() => {
      failed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toBe(true);
  });
});
