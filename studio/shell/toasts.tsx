/**
 * The studio's toasts: visible feedback after a delete or a duplicate ("Bloc « Texte avec
 * bouton » supprimé." with Annuler), in a react-aria toast region (a landmark, F6 reaches it,
 * announced politely). Annuler undoes that very step while it is still the last one applied;
 * after other edits it says so instead of undoing something else.
 */
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
import { focusBlock } from "../canvas/focus";
import { type HistoryStep, useStudioStore } from "../store";
import { Icon } from "./icons";

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
  return (
    <ToastRegion queue={queue} className="studio-toasts" aria-label={t("studio.toast.region")}>
      {({ toast }) => <ToastItem toast={toast} />}
    </ToastRegion>
  );
}
