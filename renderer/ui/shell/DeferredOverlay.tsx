/**
 * Loads an overlay (modal, toast area) only when its first event fires, so react-aria's
 * overlay code stays out of the page's initial JavaScript. Events received before the
 * overlay mounted are replayed once it listens.
 */
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect, useRef, useState } from "react";
import { dispatchSiteEvent, onSiteEvent, type SiteEventName } from "../../lib/events";

function Replay({ queue }: { queue: { current: Array<[SiteEventName, unknown]> } }) {
  useEffect(() => {
    const pending = queue.current.splice(0);
    for (const [name, detail] of pending) dispatchSiteEvent(name, detail);
  }, [queue]);
  return null;
}

export function DeferredOverlay({
  events,
  component: Overlay,
}: {
  events: readonly SiteEventName[];
  component: LazyExoticComponent<ComponentType>;
}) {
  const [armed, setArmed] = useState(false);
  const queue = useRef<Array<[SiteEventName, unknown]>>([]);
  useEffect(() => {
    if (armed) return;
    const offs = events.map((name) =>
      onSiteEvent(name, (detail) => {
        queue.current.push([name, detail]);
        setArmed(true);
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [armed, events]);
  if (!armed) return null;
  return (
    <Suspense fallback={null}>
      <Overlay />
      <Replay queue={queue} />
    </Suspense>
  );
}
