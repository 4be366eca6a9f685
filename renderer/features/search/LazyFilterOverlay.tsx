/**
 * The filter overlay, loaded on its first opening: its dialog, range slider and form
 * controls are not part of the search page's initial JavaScript. Closed, it renders
 * nothing, on the server too, so hydration never waits for it.
 */
import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { FilterOverlay as Overlay } from "./FilterOverlay";

const FilterOverlay = lazy(() => import("./FilterOverlay").then((module) => ({ default: module.FilterOverlay })));

export function LazyFilterOverlay(props: ComponentProps<typeof Overlay>) {
  const [opened, setOpened] = useState(false);
  if (props.isOpen && !opened) setOpened(true);
  if (!props.isOpen && !opened) return null;
  return (
    <Suspense fallback={null}>
      <FilterOverlay {...props} />
    </Suspense>
  );
}
