/**
 * The studio's toasts: visible feedback after a delete or a duplicate ("Bloc « Texte avec
 * bouton » supprimé." with Annuler), in a react-aria toast region (a landmark, F6 reaches it,
 * announced politely). Annuler undoes that very step while it is still the last one applied;
 * after other edits it says so instead of undoing something else.
 *
 * On the sections screen the toasts never cover the canvas: StudioColumns says where they go
 * (over the foot of the open edit panel, else of the open palette, else in a strip the canvas
 * column leaves free under its preview, as tall as the toasts measure).
 */

import type { CSSProperties } from "react";
import {
  Button,
  type QueuedToast,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { create } from "zustand";
import { focusBlock } from "../canvas/focus";
import { type HistoryStep, useStudioStore } from "../store";
import { Icon } from "./icons";
import type { ToastDock } from "./layout";

export const TOAST_TIMEOUT_MS = 8000;

export interface StudioToast {
  text: string;
  /** The history step the toast's Annuler takes back. */
  step?: HistoryStep;
  /** The block to focus once undone. */
  focusId?: string;
  tone?: "info" | "error";
  /** An action of its own (instead of undoing a step): "Annuler" after a discard, "Rétablir"… */
  action?: { label: string; run: () => void };
}

const queue = new ToastQueue<StudioToast>({ maxVisibleToasts: 3 });

export function showToast(toast: StudioToast): void {
  queue.add(toast, { timeout: toast.tone === "error" ? undefined : TOAST_TIMEOUT_MS });
}

/** Toasts' distance from the window's edges and their column's sides (px). */
export const TOAST_MARGIN = 12;

export interface ToastPlace {
  /** Null off the sections screen and on narrow windows: centred at the bottom of the window. */
  dock: ToastDock | null;
  /** The widths of the columns at the window's left and right edges (px). */
  left: number;
  right: number;
  /** The visible toasts' height (px), which a "canvas" dock keeps free under the preview. */
  height: number;
  set(place: Partial<Omit<ToastPlace, "set">>): void;
}

export const useToastPlace = create<ToastPlace>()((set) => ({
  dock: null,
  left: 0,
  right: 0,
  height: 0,
  set: (place) => set(place),
}));

/** The toast region's box for a dock: within its column, never over the canvas. */
export function toastStyle(place: Pick<ToastPlace, "dock" | "left" | "right">): CSSProperties | undefined {
  const m = TOAST_MARGIN;
  switch (place.dock) {
    case "panel":
      return { left: "auto", right: m, width: Math.max(0, place.right - 2 * m), transform: "none" };
    case "palette":
      return { left: m, right: "auto", width: Math.max(0, place.left - 2 * m), transform: "none" };
    case "canvas":
      return { left: place.left + m, right: place.right + m, width: "auto", transform: "none" };
    default:
      return undefined;
  }
}

/** Keeps the toasts' height in the place store (the "canvas" dock leaves that much room). */
function measureHeight(el: HTMLDivElement | null) {
  if (!el || typeof ResizeObserver === "undefined") return;
  const observer = new ResizeObserver(() => useToastPlace.getState().set({ height: el.offsetHeight }));
  observer.observe(el);
  return () => {
    observer.disconnect();
    useToastPlace.getState().set({ height: 0 });
  };
}

/** The step just recorded by the store (for a toast's Annuler). */
export function lastStep(): HistoryStep | undefined {
  const { steps, cursor } = useStudioStore.getState();
  return steps[cursor - 1];
}

function ToastItem({ toast }: { toast: QueuedToast<StudioToast> }) {
  const { t } = useTranslation();
  const { step, focusId } = toast.content;
  return (
    <Toast toast={toast} className="studio-toast" data-tone={toast.content.tone ?? "info"}>
      <ToastContent className="studio-toast-content">
        <Text slot="title">{toast.content.text}</Text>
      </ToastContent>
      {toast.content.action ? (
        <Button
          className="studio-button studio-toast-action"
          onPress={() => {
            queue.close(toast.key);
            toast.content.action?.run();
          }}
        >
          {toast.content.action.label}
        </Button>
      ) : null}
      {step ? (
        <Button
          className="studio-button studio-toast-action"
          onPress={() => {
            queue.close(toast.key);
            const state = useStudioStore.getState();
            if (state.steps[state.cursor - 1] !== step) {
              showToast({ text: t("studio.toast.undo-too-late"), tone: "error" });
              return;
            }
            state.undo();
            if (focusId) focusBlock(focusId);
          }}
        >
          {t("studio.toast.undo")}
        </Button>
      ) : null}
      <Button slot="close" className="studio-icon-button studio-toast-close" aria-label={t("studio.toast.close")}>
        <Icon name="close" size={16} />
      </Button>
    </Toast>
  );
}

export function StudioToasts() {
  const { t } = useTranslation();
  const dock = useToastPlace((s) => s.dock);
  const left = useToastPlace((s) => s.left);
  const right = useToastPlace((s) => s.right);
  return (
    <ToastRegion
      ref={measureHeight}
      queue={queue}
      className="studio-toasts"
      data-dock={dock ?? undefined}
      style={toastStyle({ dock, left, right })}
      aria-label={t("studio.toast.region")}
    >
      {({ toast }) => <ToastItem toast={toast} />}
    </ToastRegion>
  );
}
