/**
 * Global edit mode on public pages (spec README decision 7): on the client only, reads the
 * editor's own `studio:settings`; only when globalEditModeActivated is on does it import the
 * studio's public overlays. Visitors never load any studio code; the server renders nothing extra.
 */
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { syncEditModeCookie } from "./edit-mode-cookie";

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
    // Settings saved before the cookie existed, or cleared by the browser: the server sees it again.
    syncEditModeCookie(active);
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
