/**
 * Toasts (site.md §2, §4): any part of the site shows one with
 * `dispatchSiteEvent("toast", payload)`; the payload is parsed here. Closing a
 * toast that has an id dispatches `toast-closed` with that id.
 */
// zod/mini keeps the parser out of the way of the public bundle budget.
import * as z from "zod/mini";
import { dispatchSiteEvent } from "./events";

export const TOAST_DEFAULT_TIMEOUT_MS = 8000;

export const toastPayloadSchema = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  tone: z.enum(["success", "error", "info"]),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  messages: z.optional(z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(50))),
  /** Milliseconds before closing by itself; 0 keeps it until closed. */
  timeoutMs: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(600_000))),
  /** Shows the seconds remaining before it closes (e.g. the contact form's 5-second success toast). */
  countdown: z.optional(z.boolean()),
});

export type ToastPayload = z.infer<typeof toastPayloadSchema>;

/** The payload, or undefined with one warning when it is malformed. */
export function parseToastPayload(detail: unknown): ToastPayload | undefined {
  const parsed = toastPayloadSchema.safeParse(detail);
  if (parsed.success) return parsed.data;
  console.warn(
    `Ignored toast: ${parsed.error.issues.map((i) => `${i.path.join(".") || "payload"} ${i.message}`).join("; ")}`,
  );
  return undefined;
}

/** Timeout a toast closes after: its own, else 8 s (errors stay until closed). */
export function toastTimeout(payload: ToastPayload): number | undefined {
  if (payload.timeoutMs !== undefined) return payload.timeoutMs || undefined;
  return payload.tone === "error" ? undefined : TOAST_DEFAULT_TIMEOUT_MS;
}

/** Whole seconds left, shown by countdown toasts: 5, 4, 3, 2, 1. */
export function secondsRemaining(remainingMs: number): number {
  return Math.max(0, Math.ceil(remainingMs / 1000));
}

export function showToast(payload: ToastPayload): void {
  dispatchSiteEvent("toast", payload);
}
