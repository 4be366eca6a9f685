/**
 * Arrow keys during a keyboard drag of a block: one press moves it one place, to the next (or
 * previous) block of the page. dnd-kit's sortable getter picks the closest droppable below, and
 * the canvas's gaps (palette drops) and the site's locked header are droppables too: its pick
 * landed the block in the gap under itself, so Space dropped it where it was.
 */
import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";

export function blockKeyboardCoordinates(blockIds: () => string[]): KeyboardCoordinateGetter {
  return (event, args) => {
    const { active, collisionRect, droppableRects, over } = args.context;
    const step = event.code === "ArrowDown" ? 1 : event.code === "ArrowUp" ? -1 : 0;
    if (!step || !active || active.data.current?.kind === "palette") return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    if (!collisionRect) return undefined;
    const ids = blockIds();
    const from = ids.indexOf(String(over?.id ?? active.id));
    const start = from >= 0 ? from : ids.indexOf(String(active.id));
    if (start < 0) return undefined;
    // The next block that has been measured (a block far off may not be yet).
    for (let i = start + step; i >= 0 && i < ids.length; i += step) {
      const rect = droppableRects.get(ids[i]!);
      if (!rect) continue;
      // The dragged block's centre on the target's: closestCenter then names the target.
      return {
        x: rect.left + rect.width / 2 - collisionRect.width / 2,
        y: rect.top + rect.height / 2 - collisionRect.height / 2,
      };
    }
    return undefined;
  };
}
