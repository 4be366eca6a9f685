/**
 * The toast area (site.md §2, §4): a react-aria toast region (landmark, focusable
 * with F6, announced politely) fed by `toast` site events. Countdown toasts show
 * the seconds left and pause while hovered or focused; others use the queue's timer.
 */
import { useCallback, useEffect, useRef, useState } from "react";
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
import { dispatchSiteEvent, onSiteEvent } from "../../lib/events";
import { parseToastPayload, secondsRemaining, type ToastPayload, toastTimeout } from "../../lib/toast";

const COUNTDOWN_TICK_MS = 250;

let queue: ToastQueue<ToastPayload> | undefined;
function getQueue(): ToastQueue<ToastPayload> {
  queue ??= new ToastQueue<ToastPayload>({ maxVisibleToasts: 5 });
  return queue;
}

function addToast(payload: ToastPayload) {
  const q = getQueue();
  if (payload.id) {
    // A new toast with the same id replaces the old one.
    for (const existing of q.visibleToasts) if (existing.content.id === payload.id) q.close(existing.key);
  }
  const timeout = payload.countdown ? undefined : toastTimeout(payload);
  q.add(payload, {
    timeout,
    onClose: payload.id ? () => dispatchSiteEvent("toast-closed", { id: payload.id }) : undefined,
  });
}

function Countdown({ totalMs, paused, onDone }: { totalMs: number; paused: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(totalMs);
  useEffect(() => {
    if (paused) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const elapsed = now - last;
      last = now;
      setRemaining((r) => Math.max(0, r - elapsed));
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [paused]);
  useEffect(() => {
    if (remaining <= 0) onDone();
  }, [remaining, onDone]);
  return (
    <span className="toast__countdown" aria-hidden="true">
      {t("shell.toast.countdown", { count: secondsRemaining(remaining) })}
    </span>
  );
}

function ToastItem({ toast }: { toast: QueuedToast<ToastPayload> }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const ref = useRef<HTMLDivElement>(null);
  // Toast takes no focus handlers: listen natively for focus inside it.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onIn = () => setFocused(true);
    const onOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) setFocused(false);
    };
    el.addEventListener("focusin", onIn);
    el.addEventListener("focusout", onOut);
    return () => {
      el.removeEventListener("focusin", onIn);
      el.removeEventListener("focusout", onOut);
    };
  }, []);
  const payload = toast.content;
  const close = useCallback(() => getQueue().close(toast.key), [toast.key]);
  const countdownMs = payload.countdown ? (payload.timeoutMs ?? 5000) : 0;
  return (
    <Toast
      toast={toast}
      className={`toast toast--${payload.tone}`}
      ref={ref}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <div className="toast__inner">
        <span className="toast__icon" aria-hidden="true">
          {payload.tone === "success" ? "✓" : payload.tone === "error" ? "!" : "i"}
        </span>
        <ToastContent className="toast__content">
          <Text slot="title" className="toast__title">
            {payload.title}
          </Text>
          {payload.messages?.length ? (
            <Text slot="description" className="toast__messages">
              {payload.messages.length === 1 ? (
                payload.messages[0]
              ) : (
                <ul>
                  {payload.messages.map((m, i) => (
                    <li key={i}>{m}</li>
                  ))}
                </ul>
              )}
            </Text>
          ) : null}
          {countdownMs > 0 ? <Countdown totalMs={countdownMs} paused={paused} onDone={close} /> : null}
        </ToastContent>
        <Button slot="close" className="toast__close" aria-label={t("shell.toast.close")}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
      </div>
    </Toast>
  );
}

export function ToastArea() {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    return onSiteEvent("toast", (detail) => {
      const payload = parseToastPayload(detail);
      if (payload) addToast(payload);
    });
  }, []);
  // The region portals into <body>: client only.
  if (!mounted) return null;
  return (
    <ToastRegion queue={getQueue()} className="toast-region" aria-label={t("shell.toast.region")}>
      {({ toast }) => <ToastItem toast={toast} />}
    </ToastRegion>
  );
}
