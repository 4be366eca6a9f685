/**
 * Global edit mode on public pages (spec README decision 7): on the client only, reads the
 * editor's own `studio:settings`; only when globalEditModeActivated is on does it import the
 * studio's public overlays. Visitors never load any studio code; the server renders nothing extra.
 */
import { type ComponentType, type ReactNode, useEffect, useState } from "react";

export function editModeActivated(): boolean {
  try {
    const raw = JSON.parse(localStorage.getItem("studio:settings") ?? "null") as {
      globalEditModeActivated?: unknown;
    } | null;
    return raw?.globalEditModeActivated === true;
  } catch {
    return false;
  }
}

export function EditModeProvider({ children }: { children: ReactNode }) {
  // The studio's edit mode, once loaded: it decorates the blocks and draws their bars above the
  // page (studio/canvas/public-overlays.tsx). One component, so this public module stays small.
  const [EditMode, setEditMode] = useState<ComponentType<{ children: ReactNode }> | null>(null);
  useEffect(() => {
    const active = editModeActivated();
    // The cookie that mirrors the setting for the page cache (edit-mode-cookie.ts, named there)
    // is written when the studio saves it; set or cleared here only when the two disagree, so
    // its module loads on no visitor's page.
    if (active !== /(?:^|;\s*)courtier_edit_mode=/.test(document.cookie))
      void import("./edit-mode-cookie").then((m) => m.syncEditModeCookie(active));
    // The studio routes decorate blocks themselves.
    if (!active || /^\/(fr|en)\/qa\//.test(window.location.pathname)) return;
    let live = true;
    import("../../studio/canvas/public-overlays")
      .then((m) => live && setEditMode(() => m.PublicEditMode))
      .catch((error) => console.warn("Edit mode overlays failed to load:", error));
    return () => {
      live = false;
    };
  }, []);
  return EditMode ? <EditMode>{children}</EditMode> : children;
}
