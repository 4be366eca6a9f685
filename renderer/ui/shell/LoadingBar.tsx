/**
 * The navigation loading bar (site.md §4, §9): appears only when a navigation
 * lasts over 200 ms, advances every 100 ms, completes and fades when it ends.
 * Reduced motion: no transitions (global.css), the bar still reports progress.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { LOADING_BAR, type LoadingBarState, loadingBarState } from "../../lib/loading-bar";

const HIDE_AFTER_MS = 400;
const HIDDEN: LoadingBarState = { visible: false, progress: 0 };

export function LoadingBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [state, setState] = useState<LoadingBarState>(HIDDEN);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!busy) return;
    clearTimeout(hideTimer.current);
    const start = performance.now();
    setState(HIDDEN);
    const tick = setInterval(() => setState(loadingBarState(performance.now() - start)), LOADING_BAR.tickMs);
    return () => {
      clearInterval(tick);
      const done = loadingBarState(performance.now() - start, true);
      setState(done);
      if (done.visible) hideTimer.current = setTimeout(() => setState(HIDDEN), HIDE_AFTER_MS);
    };
  }, [busy]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  if (!state.visible) return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label={t("shell.loading-bar")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      data-complete={state.progress >= 100 ? "" : undefined}
    >
      <div className="loading-bar__fill" style={{ transform: `scaleX(${state.progress / 100})` }} />
    </div>
  );
}
