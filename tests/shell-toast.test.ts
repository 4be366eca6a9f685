import { describe, expect, it, vi } from "vitest";
import { parseToastPayload, secondsRemaining, toastTimeout } from "../renderer/lib/toast";

describe("toast payload", () => {
  it("accepts a full payload", () => {
    expect(
      parseToastPayload({
        id: "contact",
        tone: "success",
        title: "Merci",
        messages: ["Envoyé"],
        timeoutMs: 5000,
        countdown: true,
      }),
    ).toEqual({
      id: "contact",
      tone: "success",
      title: "Merci",
      messages: ["Envoyé"],
      timeoutMs: 5000,
      countdown: true,
    });
  });

  it("accepts the minimal payload", () => {
    expect(parseToastPayload({ tone: "info", title: "Hello" })).toEqual({ tone: "info", title: "Hello" });
  });

  it("rejects bad payloads with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(parseToastPayload(undefined)).toBeUndefined();
    expect(parseToastPayload({ tone: "warning", title: "x" })).toBeUndefined();
    expect(parseToastPayload({ tone: "info", title: "   " })).toBeUndefined();
    expect(parseToastPayload({ tone: "info", title: "x", messages: "one" })).toBeUndefined();
    expect(parseToastPayload({ tone: "info", title: "x", timeoutMs: -1 })).toBeUndefined();
    expect(parseToastPayload({ tone: "info", title: "x", countdown: "yes" })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(6);
    warn.mockRestore();
  });

  it("drops unknown keys", () => {
    expect(parseToastPayload({ tone: "error", title: "x", onClose: "alert(1)" })).toEqual({
      tone: "error",
      title: "x",
    });
  });

  it("chooses a timeout: own value, 0 for sticky, errors sticky by default", () => {
    expect(toastTimeout({ tone: "success", title: "x", timeoutMs: 5000 })).toBe(5000);
    expect(toastTimeout({ tone: "success", title: "x", timeoutMs: 0 })).toBeUndefined();
    expect(toastTimeout({ tone: "info", title: "x" })).toBe(8000);
    expect(toastTimeout({ tone: "error", title: "x" })).toBeUndefined();
  });

  it("counts whole seconds down", () => {
    expect(secondsRemaining(5000)).toBe(5);
    expect(secondsRemaining(4001)).toBe(5);
    expect(secondsRemaining(4000)).toBe(4);
    expect(secondsRemaining(1)).toBe(1);
    expect(secondsRemaining(0)).toBe(0);
    expect(secondsRemaining(-20)).toBe(0);
  });
});
