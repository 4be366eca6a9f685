/**
 * A delayed open/close switch (blocks.md §4: marker popups and tooltips open or
 * close after 50 ms). The latest request wins: asking to close while an open is
 * pending cancels the open, so a pointer passing over a marker opens nothing.
 */
export interface DelayedToggle {
  open(): void;
  close(): void;
  /** Cancels a pending change. */
  cancel(): void;
  readonly pending: "open" | "close" | null;
}

export function createDelayedToggle(delayMs: number, onOpen: () => void, onClose: () => void): DelayedToggle {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: "open" | "close" | null = null;
  const schedule = (kind: "open" | "close") => {
    if (timer) clearTimeout(timer);
    pending = kind;
    timer = setTimeout(() => {
      timer = undefined;
      pending = null;
      if (kind === "open") onOpen();
      else onClose();
    }, delayMs);
  };
  return {
    open: () => schedule("open"),
    close: () => schedule("close"),
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
    get pending() {
      return pending;
    },
  };
}
