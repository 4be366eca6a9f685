// @vitest-environment jsdom
/**
 * Far blocks on the studio canvas (studio/canvas/far-blocks.ts): which blocks lose their
 * rendering, in which order, and which ones our observer keeps watching.
 */
import { describe, expect, it } from "vitest";
import {
  applyFarEntries,
  createFarBlocks,
  FAR_ATTRIBUTE,
  FAR_PAUSED,
  FAR_SKIP,
  refreshSkipped,
} from "../studio/canvas/far-blocks";

type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;

/** An IntersectionObserver that reports only when told to. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly watched = new Set<Element>();
  constructor(
    readonly callback: Callback,
    readonly options: { rootMargin: string },
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  report(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting }]);
  }
}

function section() {
  const element = document.createElement("section");
  document.body.append(element);
  return element;
}

function stateChange(element: Element, skipped: boolean) {
  const event = new Event("contentvisibilityautostatechange", { bubbles: true });
  Object.assign(event, { skipped });
  element.dispatchEvent(event);
}

describe("applyFarEntries", () => {
  it("pauses a far block's animations first and lets it be skipped once that frame is drawn", () => {
    const far = section();
    const near = section();
    near.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    let settle: (() => void) | undefined;
    applyFarEntries(
      [
        { target: far, isIntersecting: false },
        { target: near, isIntersecting: true },
      ],
      (fn) => {
        settle = fn;
      },
    );
    expect(far.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_PAUSED);
    expect(near.hasAttribute(FAR_ATTRIBUTE)).toBe(false);
    settle?.();
    expect(far.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_SKIP);
  });

  it("does not skip a block that came back before the pause was drawn", () => {
    const block = section();
    let settle: (() => void) | undefined;
    applyFarEntries([{ target: block, isIntersecting: false }], (fn) => {
      settle = fn;
    });
    applyFarEntries([{ target: block, isIntersecting: true }], () => {});
    settle?.();
    expect(block.hasAttribute(FAR_ATTRIBUTE)).toBe(false);
  });

  it("leaves a block that is already far as it is", () => {
    const block = section();
    block.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    let scheduled = false;
    applyFarEntries([{ target: block, isIntersecting: false }], () => {
      scheduled = true;
    });
    expect(block.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_SKIP);
    expect(scheduled).toBe(false);
  });
});

describe("refreshSkipped", () => {
  it("lays a skipped chunk out again for a frame, then skips it with its new height", () => {
    const chunk = section();
    chunk.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    let settle: (() => void) | undefined;
    refreshSkipped(chunk, (fn) => {
      settle = fn;
    });
    expect(chunk.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_PAUSED);
    settle?.();
    expect(chunk.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_SKIP);
  });

  it("leaves rendered chunks alone, and one that came near meanwhile rendered", () => {
    const near = section();
    let scheduled = false;
    refreshSkipped(near, () => {
      scheduled = true;
    });
    expect(near.hasAttribute(FAR_ATTRIBUTE)).toBe(false);
    expect(scheduled).toBe(false);

    const chunk = section();
    chunk.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    let settle: (() => void) | undefined;
    refreshSkipped(chunk, (fn) => {
      settle = fn;
    });
    applyFarEntries([{ target: chunk, isIntersecting: true }], () => {});
    settle?.();
    expect(chunk.hasAttribute(FAR_ATTRIBUTE)).toBe(false);
  });
});

describe("createFarBlocks", () => {
  it("renders a skipped chunk again when its blocks' content changes", async () => {
    const far = createFarBlocks(FakeObserver);
    const chunk = section();
    const stop = far.observe(chunk);
    chunk.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    chunk.append(document.createElement("article"));
    await Promise.resolve();
    expect(chunk.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_PAUSED);
    // A palette drag opens its gaps.
    chunk.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    const gap = chunk.appendChild(document.createElement("div"));
    await Promise.resolve();
    chunk.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    gap.setAttribute("data-active", "true");
    await Promise.resolve();
    expect(chunk.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_PAUSED);
    // Its own attributes are not its content.
    chunk.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    chunk.setAttribute("data-other", "1");
    await Promise.resolve();
    expect(chunk.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_SKIP);
    stop();
    chunk.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    chunk.append(document.createElement("article"));
    await Promise.resolve();
    expect(chunk.getAttribute(FAR_ATTRIBUTE)).toBe(FAR_SKIP);
  });

  it("watches only the blocks the browser renders", () => {
    const far = createFarBlocks(FakeObserver);
    const block = section();
    const stop = far.observe(block);
    const observer = FakeObserver.last!;
    expect(observer.options.rootMargin).toBe("50% 0px 50% 0px");
    expect(observer.watched.has(block)).toBe(true);

    // Skipped by the browser: nothing to watch until it renders the block again.
    stateChange(block, true);
    expect(observer.watched.has(block)).toBe(false);
    // A descendant's own content-visibility changes are not the block's.
    const inner = document.createElement("div");
    block.append(inner);
    stateChange(inner, false);
    expect(observer.watched.has(block)).toBe(false);
    // Rendered again (scrolled towards it, focus, find in page): watched until it comes near.
    stateChange(block, false);
    expect(observer.watched.has(block)).toBe(true);

    block.setAttribute(FAR_ATTRIBUTE, FAR_SKIP);
    stop();
    expect(observer.watched.has(block)).toBe(false);
    expect(block.hasAttribute(FAR_ATTRIBUTE)).toBe(false);
    stateChange(block, false);
    expect(observer.watched.has(block)).toBe(false);
  });

  it("renders every block when the browser has no IntersectionObserver", () => {
    const far = createFarBlocks(undefined);
    const block = section();
    far.observe(block)();
    expect(block.hasAttribute(FAR_ATTRIBUTE)).toBe(false);
  });

  it("starts a new observer after a disconnect", () => {
    const far = createFarBlocks(FakeObserver);
    far.observe(section());
    const first = FakeObserver.last;
    far.disconnect();
    expect(first!.watched.size).toBe(0);
    far.observe(section());
    expect(FakeObserver.last).not.toBe(first);
  });
});
