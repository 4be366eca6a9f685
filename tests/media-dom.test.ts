// @vitest-environment jsdom
/** Media renderers in a DOM (blocks.md §4 Maps, media and editing): overlay, controls, viewport pause, appear. */
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { createElement, type ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getI18n } from "../renderer/lib/i18n";
import { EmbeddedHtml } from "../renderer/ui/EmbeddedHtml";
import { Image } from "../renderer/ui/Image";
import { Video } from "../renderer/ui/Video";

const base = { sources: [{ url: "/videos/tour.mp4", type: "video/mp4" }], external_sources: [] };
const mount = (el: ReactElement) => render(createElement(I18nextProvider, { i18n: getI18n("en") }, el));

let observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      entry: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query }));
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, "paused", { value: false, configurable: true });
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, "paused", { value: true, configurable: true });
    this.dispatchEvent(new Event("pause"));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("Video", () => {
  it("with controls: overlay until the first play, then native controls", () => {
    const { container } = mount(createElement(Video, { video: { ...base, controls: true } }));
    const video = container.querySelector("video")!;
    expect(video.controls).toBe(false);
    const overlay = container.querySelector<HTMLButtonElement>(".video__play")!;
    expect(overlay.getAttribute("aria-label")).toBe("Play video");
    fireEvent.click(overlay);
    expect(video.controls).toBe(true);
    expect(container.querySelector(".video__play")).toBeNull();
  });

  it("without controls: the overlay stays as a play/pause toggle", () => {
    const { container } = mount(createElement(Video, { video: { ...base, controls: false } }));
    const overlay = () => container.querySelector<HTMLButtonElement>(".video__play")!;
    fireEvent.click(overlay());
    expect(overlay().getAttribute("aria-label")).toBe("Pause video");
    expect(container.querySelector("video")!.controls).toBe(false);
    fireEvent.click(overlay());
    expect(overlay().getAttribute("aria-label")).toBe("Play video");
  });

  it("is muted and loops by default", () => {
    const { container } = mount(createElement(Video, { video: base }));
    const video = container.querySelector("video")!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
  });

  it("pauses when leaving the viewport unless it autoplays", () => {
    const { container } = mount(createElement(Video, { video: base }));
    const video = container.querySelector("video")!;
    fireEvent.click(container.querySelector(".video__play")!);
    expect(video.paused).toBe(false);
    const [observer] = observers;
    act(() => observer!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledOnce();
  });

  it("autoplays without observing the viewport, but not under reduced motion", () => {
    mount(createElement(Video, { video: { ...base, autoplay: true } }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledOnce();
    expect(observers).toHaveLength(0);
    cleanup();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query }));
    mount(createElement(Video, { video: { ...base, autoplay: true } }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledOnce();
  });

  it("loads the privacy-enhanced YouTube player on click", () => {
    const { container } = mount(
      createElement(Video, {
        video: { sources: [], external_sources: [{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30" }] },
        title: "Visite",
      }),
    );
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(container.querySelector(".video__facade")!);
    const src = new URL(container.querySelector("iframe")!.src);
    expect(src.origin).toBe("https://www.youtube-nocookie.com");
    expect(src.pathname).toBe("/embed/dQw4w9WgXcQ");
    expect(src.searchParams.get("autoplay")).toBe("1");
    expect(src.searchParams.get("start")).toBe("30");
    expect(container.querySelector("iframe")!.title).toBe("YouTube video: Visite");
  });
});

describe("Image appear animation", () => {
  it("goes 0 → 3 over 300 ms once a not-yet-loaded image loads", () => {
    vi.useFakeTimers();
    const { container } = mount(createElement(Image, { image: { url: "/images/house.svg", width: 640, height: 480 } }));
    const img = container.querySelector("img")!;
    expect(img.getAttribute("data-appear")).toBe("0");
    act(() => {
      img.dispatchEvent(new Event("load"));
    });
    const steps: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      act(() => {
        vi.advanceTimersByTime(100);
      });
      steps.push(img.getAttribute("data-appear"));
    }
    expect(steps).toEqual(["1", "2", "3"]);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(img.getAttribute("data-appear")).toBe("3");
  });

  it("does not animate high-priority images", () => {
    const { container } = mount(createElement(Image, { image: { url: "/hero.svg", fetchPriority: "high" } }));
    expect(container.querySelector("img")!.getAttribute("data-appear")).toBe("3");
  });
});

describe("EmbeddedHtml", () => {
  it("sanitises in the browser before rendering", () => {
    const { container } = mount(
      createElement(EmbeddedHtml, {
        html: '<p>Carte</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
      }),
    );
    const html = container.innerHTML;
    expect(html).toContain("<p>Carte</p>");
    expect(html).not.toMatch(/onerror|<script|javascript:/);
  });
});
