/**
 * Keyboard focus on the canvas: after an insert, a duplicate or a delete, focus goes to the new
 * or neighbouring block's action bar (its one tab stop), once React has rendered it.
 */

/** The focusable element of a block's action bar: the button that holds the bar's tab stop. */
export function blockBarStop(root: ParentNode, id: string): HTMLElement | null {
  const block = root.querySelector<HTMLElement>(`.studio-canvas [data-studio-block="${CSS.escape(id)}"]`);
  return block?.querySelector<HTMLElement>(':scope > .studio-bar [tabindex="0"]') ?? null;
}

/** Focuses the block's bar within a few frames (the block may render a frame later), scrolled into view. */
export function focusBlock(id: string, attempts = 20): void {
  if (typeof document === "undefined") return;
  let left = attempts;
  const run = () => {
    const stop = blockBarStop(document, id);
    if (stop) {
      stop.closest<HTMLElement>("[data-studio-block]")?.scrollIntoView?.({ block: "nearest" });
      stop.focus({ preventScroll: true });
      return;
    }
    if (--left > 0) requestAnimationFrame(run);
  };
  requestAnimationFrame(run);
}

/** The id of the block to focus after `index` was removed from `ids` (the list before removal): the next, else the previous. */
export function neighbourAfterRemoval(ids: readonly string[], index: number): string | undefined {
  return ids[index + 1] ?? ids[index - 1];
}
