/**
 * Global edit mode on public pages (spec README decision 7): on the client only, reads the
 * editor's own `studio:settings`; only when globalEditModeActivated is on does it import the
 * studio's public overlays. Visitors never load any studio code; the server renders nothing extra.
 */
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { type BlockDecorator, BlockDecoratorContext } from "../blocks/BlockList";

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
  const [decorator, setDecorator] = useState<BlockDecorator | null>(null);
  // The layer that draws every block's bar above the page (studio/canvas/public-overlays.tsx).
  const [Layer, setLayer] = useState<ComponentType | null>(null);
  useEffect(() => {
    // The studio routes decorate blocks themselves.
    if (!editModeActivated() || /^\/(fr|en)\/qa\//.test(window.location.pathname)) return;
    let live = true;
    import("../../studio/canvas/public-overlays")
      .then((m) => {
        if (!live) return;
        setDecorator(() => m.publicDecorator);
        setLayer(() => m.EditModeLayer);
      })
      .catch((error) => console.warn("Edit mode overlays failed to load:", error));
    return () => {
      live = false;
    };
  }, []);
  return decorator ? (
    <BlockDecoratorContext.Provider value={decorator}>
      {children}
      {Layer ? <Layer /> : null}
    </BlockDecoratorContext.Provider>
  ) : (
    children
  );
}
