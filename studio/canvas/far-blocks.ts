/**
 * Blocks away from the viewport skip their rendering work, a chunk of blocks at a time (the
 * canvas's `.studio-chunk`, chunks.ts). A chunk more than half the canvas's height above or
 * below its visible part gets `data-far`, which studio.css turns into `content-visibility:
 * auto` (see FAR_PAUSED for the two steps): the browser then skips its style, layout and paint
 * (CSS animations included) once it is more than about 1.5 viewports away, and keeps the height
 * it last had on screen (`contain-intrinsic-block-size: auto`). Chunks on screen and near it
 * carry no containment at all, so a preview that overflows its block (a menu, a shadow, a
 * badge) is never clipped, which `content-visibility: auto` on every block did.
 *
 * Only the chunks the browser renders are watched by our IntersectionObserver: the browser
 * tells when a far chunk starts or stops being rendered (`contentvisibilityautostatechange`),
 * and its own check of every `content-visibility: auto` element is one we could not avoid
 * anyway. Each watched element costs a share of every frame that changes layout, keystrokes
 * included: with one per block, the browser's own check of 300 blocks took 1–2 ms a frame.
 *
 * The attribute is set on the DOM node directly: marking a chunk far or near never re-renders it.
 */

export const FAR_ATTRIBUTE = "data-far";
/**
 * `data-far="paused"` first pauses the block's CSS animations (skeleton shimmers, progress
 * bars); a frame later `data-far="skip"` lets the browser skip it. Skipped content still ran
 * its animations, one frame at every vsync for nobody, and once skipped its style is no longer
 * updated, so the pause has to be in place before.
 */
export const FAR_PAUSED = "paused";
export const FAR_SKIP = "skip";
/** Half the canvas's height above and below its visible part: chunks lose their containment before they show. */
export const NEAR_MARGIN = "50% 0px 50% 0px";

export interface FarBlocks {
  /** Starts watching a block's root; the returned function stops. */
  observe(element: Element): () => void;
  /** Stops watching every block (the canvas unmounts); `observe` starts again. */
  disconnect(): void;
}

type Entry = Pick<IntersectionObserverEntry, "target" | "isIntersecting">;

/**
 * Marks the blocks outside the near band far (animations paused at once, skipped after two
 * frames through `later`) and clears the others; exported for tests.
 */
export function applyFarEntries(entries: readonly Entry[], later: (settle: () => void) => void = afterTwoFrames): void {
  const settling: Element[] = [];
  for (const entry of entries) {
    const element = entry.target;
    if (entry.isIntersecting) element.removeAttribute(FAR_ATTRIBUTE);
    else if (!element.hasAttribute(FAR_ATTRIBUTE)) {
      element.setAttribute(FAR_ATTRIBUTE, FAR_PAUSED);
      settling.push(element);
    }
  }
  if (settling.length === 0) return;
  later(() => {
    // Still far (it may have come back meanwhile): skip it.
    for (const element of settling)
      if (element.getAttribute(FAR_ATTRIBUTE) === FAR_PAUSED) element.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
  });
}

/**
 * A skipped chunk whose content changed (a block's listings or articles arrived, a view
 * resolved, its drop gaps opened for a palette drag): rendered again for two frames, so the browser lays it out and remembers its new
 * height, then skipped again. Skipped, it kept the height it had before the change, and the
 * page jumped by thousands of pixels when it came back into view (a palette drag lost its gap
 * under the pointer). Exported for tests.
 */
export function refreshSkipped(element: Element, later: (settle: () => void) => void = afterTwoFrames): void {
  if (element.getAttribute(FAR_ATTRIBUTE) !== FAR_SKIP) return;
  element.setAttribute(FAR_ATTRIBUTE, FAR_PAUSED);
  later(() => {
    if (element.getAttribute(FAR_ATTRIBUTE) === FAR_PAUSED) element.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
  });
}

/** Once a frame has applied the pause (a callback in the next frame runs before its style update). */
function afterTwoFrames(settle: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(settle));
}

type ObserverClass = new (
  callback: (entries: Entry[]) => void,
  options: { root?: Element | null; rootMargin: string },
) => Pick<IntersectionObserver, "observe" | "unobserve" | "disconnect">;

/**
 * `root` gives the canvas's scroller: the near band is measured in its visible part (the
 * window when it gives none). Read at the first block, once the canvas is mounted.
 */
export function createFarBlocks(
  Observer: ObserverClass | undefined = globalThis.IntersectionObserver,
  root: () => Element | null = () => null,
): FarBlocks {
  let observer: InstanceType<ObserverClass> | null = null;
  return {
    observe(element) {
      // Without IntersectionObserver (jsdom, old engines) every block renders, as before.
      if (!Observer) return () => {};
      observer ??= new Observer((entries) => applyFarEntries(entries), { root: root(), rootMargin: NEAR_MARGIN });
      const current = observer;
      // A new block may show at once: the observer's first answer decides.
      current.observe(element);
      const onStateChange = (event: Event) => {
        if (event.target !== element) return;
        // Rendered again (scrolled towards, focused, found): watch it until it comes near.
        // Skipped: far beyond the near band, nothing to watch until the browser renders it again.
        if ((event as ContentVisibilityAutoStateChangeEvent).skipped) current.unobserve(element);
        else current.observe(element);
      };
      element.addEventListener("contentvisibilityautostatechange", onStateChange);
      // Its blocks' DOM changing, or its drop gaps opening for a palette drag (not the chunk's
      // own attributes): a skipped chunk lays out again.
      const mutations =
        typeof MutationObserver === "function" ? new MutationObserver(() => refreshSkipped(element)) : null;
      mutations?.observe(element, {
        childList: true,
        subtree: true,
        characterData: true,
        attributeFilter: ["data-active"],
      });
      return () => {
        mutations?.disconnect();
        element.removeEventListener("contentvisibilityautostatechange", onStateChange);
        current.unobserve(element);
        element.removeAttribute(FAR_ATTRIBUTE);
      };
    },
    disconnect() {
      observer?.disconnect();
      observer = null;
    },
  };
}
