/**
 * After a navigation to another pathname (not back/forward, not to a #fragment),
 * focus moves to <main> without scrolling so screen readers start at the new
 * content. Scrolling itself is <ScrollRestoration>'s: top for new entries,
 * the saved position for back/forward.
 */
import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

// Module level: the page and the error page each mount their own shell, so a
// navigation from one to the other remounts this component.
let lastPath: string | undefined;

export function NavigationFocus() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    const previous = lastPath;
    lastPath = pathname;
    if (previous === undefined || previous === pathname) return;
    if (type === "POP" || hash) return;
    const active = document.activeElement;
    // Leave focus alone if something inside a dialog took it meanwhile.
    if (active && active !== document.body && active.closest("[role=dialog],[role=alertdialog]")) return;
    document.getElementById("main-content")?.focus({ preventScroll: true });
  }, [pathname, hash, type]);
  return null;
}
