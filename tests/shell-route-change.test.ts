import { describe, expect, it, vi } from "vitest";
import {
  type BeforeRouteChange,
  hasBeforeRouteChangeCallbacks,
  registerBeforeRouteChange,
} from "../renderer/lib/route-change";
import { decideRouteChange } from "../renderer/lib/route-change-decide";

const change = { from: "/fr", to: "/fr/contact", action: "PUSH" as const };

describe("before-route-change callbacks", () => {
  it("registers and unregisters", () => {
    const cb = vi.fn<BeforeRouteChange>(() => "veto");
    const unregister = registerBeforeRouteChange(cb);
    expect(hasBeforeRouteChangeCallbacks()).toBe(true);
    expect(decideRouteChange(change)).toBe("veto");
    expect(cb).toHaveBeenCalledWith(change);
    unregister();
    expect(hasBeforeRouteChangeCallbacks()).toBe(false);
    expect(decideRouteChange(change)).toBeUndefined();
  });

  it("combines answers: veto beats reload, nothing means go", () => {
    expect(decideRouteChange(change, [() => undefined, () => "reload"])).toBe("reload");
    expect(decideRouteChange(change, [() => "reload", () => "veto"])).toBe("veto");
    expect(decideRouteChange(change, [() => undefined])).toBeUndefined();
  });

  it("ignores a throwing callback", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const throwing: BeforeRouteChange = () => {
      throw new Error("boom");
    };
    expect(decideRouteChange(change, [throwing, () => "reload"])).toBe("reload");
    error.mockRestore();
  });
});

describe("the router's blocker follows the callbacks", () => {
  it("is told when the first callback comes and the last one goes", async () => {
    const { subscribeBeforeRouteChange } = await import("../renderer/lib/route-change");
    const seen: boolean[] = [];
    const stop = subscribeBeforeRouteChange(() => seen.push(hasBeforeRouteChangeCallbacks()));
    const a = registerBeforeRouteChange(() => undefined);
    const b = registerBeforeRouteChange(() => undefined);
    a();
    a();
    b();
    stop();
    registerBeforeRouteChange(() => undefined)();
    expect(seen).toEqual([true, false]);
  });
});
