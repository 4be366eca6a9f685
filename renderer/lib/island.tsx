/**
 * Parts of a page hydrated later: the server renders them with the page; in the browser their
 * code loads on a trigger (the part comes near the screen, the visitor points at, touches or
 * focuses it, or the browser is idle after the page has loaded), and until then React keeps
 * the server's HTML as it is (a Suspense boundary that suspends while hydrating stays
 * dehydrated), so nothing moves. A button pressed before the code is there is pressed again
 * once it is (links and <details> work without scripts and are left alone). On a client
 * navigation the code loads at once.
 *
 * The parts of one group share one chunk: whichever trigger fires first loads it, and every
 * part of the group then hydrates.
 */
import { type ComponentType, memo, Suspense, useEffect, useSyncExternalStore } from "react";

export type IslandTrigger = "visible" | "interaction" | "idle";

const subscribeNever = () => () => {};
/** True while React hydrates the server's HTML, false in a client render. */
const useHydrating = () =>
  useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );

/** Resolves on the first of the triggers, on the element `selector` names (when idle if it is missing). */
function triggered(selector: string, wanted: readonly IslandTrigger[], started: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const root = document.querySelector<HTMLElement>(selector);
    const on = root ? wanted : (["idle"] as const);
    const cleanups: (() => void)[] = [];
    const go = () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      resolve();
    };
    void started.then(go);
    if (on.includes("interaction")) {
      for (const type of ["pointerover", "pointerdown", "touchstart", "focusin"] as const) {
        root?.addEventListener(type, go, { passive: true });
        cleanups.push(() => root?.removeEventListener(type, go));
      }
    }
    if (on.includes("visible") && typeof IntersectionObserver !== "undefined") {
      const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
        rootMargin: "50% 0px",
      });
      if (root) io.observe(root);
      cleanups.push(() => io.disconnect());
    }
    if (on.includes("idle")) {
      let handle = 0;
      const idle = () => {
        handle =
          typeof requestIdleCallback === "function"
            ? requestIdleCallback(go, { timeout: 3000 })
            : window.setTimeout(go, 1000);
      };
      if (document.readyState === "complete") idle();
      else {
        window.addEventListener("load", idle, { once: true });
        cleanups.push(() => window.removeEventListener("load", idle));
      }
      cleanups.push(() =>
        typeof cancelIdleCallback === "function" ? cancelIdleCallback(handle) : window.clearTimeout(handle),
      );
    }
  });
}

/** A group of parts whose code is one chunk, `load` (its module). */
export function islandGroup<M>(load: () => Promise<M>) {
  let module: M | undefined;
  let loading: Promise<void> | undefined;
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const start = () => {
    if (!loading) {
      markStarted();
      loading = load().then((m) => {
        module = m;
      });
    }
    return loading;
  };

  return function island<P extends object>(
    pick: (m: M) => ComponentType<P>,
    options: { selector: string; on: readonly IslandTrigger[] },
  ): ComponentType<P> {
    let waiting: Promise<void> | undefined;
    let pressed: HTMLButtonElement | null = null;
    let release = () => {};
    // A button of the part pressed before its code is here and hydrated: kept, the code asked
    // for, pressed again once hydrated. Listened for on the document from the moment this module
    // runs (before hydration starts), not from the part's first render: React may reach that
    // render only when the click itself makes it try the boundary, after the click went by.
    if (typeof document !== "undefined") {
      const onClick = (event: MouseEvent) => {
        const button = (event.target as Element | null)?.closest?.("button");
        if (!button?.closest(options.selector)) return;
        event.preventDefault();
        event.stopPropagation();
        pressed = button;
        void start();
      };
      document.addEventListener("click", onClick, true);
      release = () => document.removeEventListener("click", onClick, true);
    }

    function wait(): Promise<void> {
      if (waiting) return waiting;
      waiting = triggered(options.selector, options.on, started).then(start);
      return waiting;
    }

    function Part(props: P) {
      const hydrating = useHydrating();
      // Thrown, not `use`d: React replays a component whose `use` promise settles at once (a
      // cached chunk), and that replay while hydrating made it give the boundary up (error 422).
      if (!module) throw typeof document === "undefined" || !hydrating ? start() : wait();
      useEffect(() => {
        release();
        const button = pressed;
        pressed = null;
        if (button?.isConnected) button.click();
      }, []);
      const Component = pick(module as M);
      return <Component {...props} />;
    }

    // Memoised: a parent's render with the same props must not reach a boundary still waiting
    // (React would give up on its server HTML and render it anew, empty until the code is here).
    return memo(function Island(props: P) {
      return (
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      );
    }) as unknown as ComponentType<P>;
  };
}
