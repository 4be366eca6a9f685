import { describe, expect, it, vi } from "vitest";
import {
  isChunkLoadError,
  parseReloadTimestamp,
  RELOAD_GUARD_MS,
  RELOAD_STORAGE_KEY,
  reloadForChunkError,
  reloadTarget,
  setChunkReloadTarget,
  shouldReloadForChunkError,
} from "../renderer/lib/chunk-reload";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe("chunk reload guard", () => {
  it("is 60 s", () => expect(RELOAD_GUARD_MS).toBe(60_000));

  it("allows a reload when none was recorded or the record is malformed", () => {
    const now = 1_700_000_000_000;
    expect(shouldReloadForChunkError(now, null)).toBe(true);
    expect(shouldReloadForChunkError(now, "")).toBe(true);
    expect(shouldReloadForChunkError(now, "yesterday")).toBe(true);
    expect(shouldReloadForChunkError(now, "-5")).toBe(true);
    expect(shouldReloadForChunkError(now, "1.5")).toBe(true);
    expect(shouldReloadForChunkError(now, "Infinity")).toBe(true);
    expect(shouldReloadForChunkError(now, { a: 1 })).toBe(true);
  });

  it("refuses a second reload within 60 s, allows it after", () => {
    const last = 1_700_000_000_000;
    expect(shouldReloadForChunkError(last + 1, String(last))).toBe(false);
    expect(shouldReloadForChunkError(last + 59_999, String(last))).toBe(false);
    expect(shouldReloadForChunkError(last + 60_000, String(last))).toBe(true);
  });

  it("ignores a timestamp in the future", () => {
    expect(shouldReloadForChunkError(1000, "999999")).toBe(true);
  });

  it("parses stored timestamps safely", () => {
    expect(parseReloadTimestamp("123")).toBe(123);
    expect(parseReloadTimestamp("abc")).toBeUndefined();
    expect(parseReloadTimestamp(null)).toBeUndefined();
  });

  it("records the reload time and reloads at most once per minute", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForChunkError(10_000_000, storage, reload)).toBe(true);
    expect(storage.data.get(RELOAD_STORAGE_KEY)).toBe("10000000");
    expect(reloadForChunkError(10_030_000, storage, reload)).toBe(false);
    expect(reloadForChunkError(10_060_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("recognises chunk-load errors from the browsers and Vite", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "x" })).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 42 failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe("chunk reload target", () => {
  const fakeWindow = (path: string) => {
    const calls: string[] = [];
    const [pathname, search = ""] = path.split("?");
    return {
      calls,
      win: {
        location: {
          pathname,
          search: search ? `?${search}` : "",
          hash: "",
          assign: (to: string) => calls.push(`assign ${to}`),
          reload: () => calls.push("reload"),
        },
      } as unknown as Pick<Window, "location">,
    };
  };

  it("loads the page a navigation was going to, not the one being left", () => {
    const { calls, win } = fakeWindow("/fr");
    reloadTarget("/fr/blogue?page=2", win);
    expect(calls).toEqual(["assign /fr/blogue?page=2"]);
  });

  it("reloads the page shown when no navigation is under way or it targets the same page", () => {
    const a = fakeWindow("/fr/contact");
    reloadTarget(undefined, a.win);
    expect(a.calls).toEqual(["reload"]);
    const b = fakeWindow("/fr/contact");
    reloadTarget("/fr/contact", b.win);
    expect(b.calls).toEqual(["reload"]);
  });

  it("follows the target set by the shell", () => {
    const { calls, win } = fakeWindow("/en");
    setChunkReloadTarget("/en/about");
    try {
      reloadTarget(undefined, win);
      expect(calls).toEqual(["assign /en/about"]);
    } finally {
      setChunkReloadTarget(undefined);
    }
  });
});
