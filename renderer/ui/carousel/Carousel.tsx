/**
 * The one carousel of the site (Embla): loops, arrows that wrap, previous/next and the
 * "n / m" count only with more than one page, optional autoplay (paused under reduced
 * motion, on hover and on focus), progress bars, keyboard arrows, and slide tracking.
 * Every carousel block builds on this; none talks to Embla directly.
 *
 * A page is what one view shows: one slide when slides are full width, several cards
 * otherwise (Embla's `slidesToScroll: "auto"` groups the slides that fit in the view).
 * Arrows move a page at a time and wrap: Embla loops when the slides can fill the view
 * on both sides of the seam, and when they cannot (say four cards, three per view) it
 * would stop at the ends, so the arrows rewind to the other end instead.
 */
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../Icon";
import "../../messages/media";

export interface CarouselProps<T> {
  items: readonly T[];
  renderSlide: (item: T, index: number, selected: boolean) => ReactNode;
  /** Accessible name of the carousel region. */
  label: string;
  /** Autoplay delay in ms (blocks.md §9); omitted means no autoplay. */
  autoplayMs?: number;
  /** Transition duration in ms; Embla's `duration` is in its own units (about ms / 10). */
  transitionMs?: number;
  loop?: boolean;
  align?: EmblaOptionsType["align"];
  /**
   * CSS width of one slide with its share of the gap, in the track's width plus one gap:
   * "100%" is one slide per view, "calc(100% / 3)" three, "min(360px, 85%)" a card and a peek.
   */
  slideSize?: string;
  /** Space between slides in px. */
  gap?: number;
  /** Shows one progress bar per page, filling over the autoplay delay for the current one. */
  progress?: boolean;
  className?: string;
  onSelect?: (index: number) => void;
  /** Renders extra controls (thumbnails, next-slide preview) with the carousel's state. */
  renderControls?: (state: CarouselState) => ReactNode;
  /** Where the arrows and count go: over the slides or below them. */
  controlsPosition?: "overlay" | "below";
}

export interface CarouselState {
  /** The selected page. */
  selected: number;
  /** Number of slides. */
  count: number;
  /** Number of pages (as many as slides when a slide fills the view). */
  pages: number;
  scrollTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  playing: boolean;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

export function Carousel<T>({
  items,
  renderSlide,
  label,
  autoplayMs,
  transitionMs = 300,
  loop = true,
  align = "start",
  slideSize = "100%",
  gap = 24,
  progress = false,
  className,
  onSelect,
  renderControls,
  controlsPosition = "below",
}: CarouselProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const count = items.length;
  const multiple = count > 1;
  const plugins = useMemo(
    () =>
      autoplayMs && multiple
        ? [
            Autoplay({
              delay: autoplayMs,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
              // The plugin starts itself once Embla is ready; never under reduced motion.
              playOnInit: !prefersReducedMotion(),
            }),
          ]
        : [],
    [autoplayMs, multiple],
  );
  const [viewportRef, api] = useEmblaCarousel(
    {
      loop: loop && multiple,
      align,
      slidesToScroll: "auto",
      duration: Math.max(10, Math.round(transitionMs / 12)),
      active: multiple,
    },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  // Until Embla has measured the view (server render, first client render), one page per slide.
  const [pages, setPages] = useState(count);
  const [playing, setPlaying] = useState(false);

  // The latest onSelect without re-subscribing to Embla when a parent passes a new function.
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  // Autoplay runs while the carousel is on screen. Off screen its slides would move for nobody,
  // and each move animates for a few dozen frames: on a long page (the studio's 300 blocks hold
  // 18 autoplay carousels) one of them was always moving, so a frame was always being drawn.
  const offScreen = useRef(false);
  const resumeOnScreen = useRef(false);
  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!api || !autoplay || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      offScreen.current = !entry.isIntersecting;
      if (offScreen.current && autoplay.isPlaying()) {
        resumeOnScreen.current = true;
        autoplay.stop();
      } else if (!offScreen.current && resumeOnScreen.current) {
        resumeOnScreen.current = false;
        autoplay.play();
      }
    });
    observer.observe(api.rootNode());
    return () => observer.disconnect();
  }, [api]);

  useEffect(() => {
    if (!api) return;
    const sync = (embla: EmblaCarouselType) => {
      const index = embla.selectedScrollSnap();
      setSelected(index);
      setPages(embla.scrollSnapList().length);
      // The first slide of the page: what "the current slide" means when a page holds several.
      onSelectRef.current?.(embla.internalEngine().slideRegistry[index]?.[0] ?? index);
    };
    const onPlay = () => {
      // Restarted off screen (the pointer left it, focus moved out): it waits until it shows.
      if (offScreen.current) {
        resumeOnScreen.current = true;
        queueMicrotask(() => api.plugins().autoplay?.stop());
      }
      setPlaying(true);
    };
    const onStop = () => setPlaying(false);
    sync(api);
    setPlaying(Boolean(api.plugins().autoplay?.isPlaying()));
    api.on("select", sync).on("reInit", sync).on("autoplay:play", onPlay).on("autoplay:stop", onStop);
    return () => {
      api.off("select", sync).off("reInit", sync).off("autoplay:play", onPlay).off("autoplay:stop", onStop);
    };
  }, [api]);

  // Without a loop (too few slides to fill the view around the seam) the ends rewind.
  const next = useCallback(() => {
    if (!api) return;
    if (api.canScrollNext()) api.scrollNext();
    else api.scrollTo(0);
  }, [api]);
  const previous = useCallback(() => {
    if (!api) return;
    if (api.canScrollPrev()) api.scrollPrev();
    else api.scrollTo(api.scrollSnapList().length - 1);
  }, [api]);
  const scrollTo = useCallback((index: number) => api?.scrollTo(index), [api]);
  const togglePlay = useCallback(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) {
      autoplay.stop();
      setPlaying(false);
    } else {
      autoplay.play();
      setPlaying(true);
    }
  }, [api]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    }
  };

  const paged = multiple && pages > 1;
  const state: CarouselState = { selected, count, pages, scrollTo, next, previous, playing };
  const controls = paged ? (
    <div className="carousel__controls">
      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        onClick={previous}
        aria-controls={id}
        aria-label={t("carousel.previous")}
      >
        <Icon name="chevron-left" />
      </button>
      <span className="carousel__count" aria-live="polite">
        {t("carousel.count", { current: selected + 1, total: pages })}
      </span>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        onClick={next}
        aria-controls={id}
        aria-label={t("carousel.next")}
      >
        <Icon name="chevron-right" />
      </button>
      {autoplayMs ? (
        <button
          type="button"
          className="carousel__play"
          onClick={togglePlay}
          aria-label={playing ? t("carousel.pause") : t("carousel.play")}
        >
          <Icon name={playing ? "pause" : "play"} />
        </button>
      ) : null}
    </div>
  ) : null;

  return (
    <section
      className={["carousel", className, `carousel--controls-${controlsPosition}`].filter(Boolean).join(" ")}
      aria-roledescription={t("carousel.roledescription")}
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div
          className="carousel__container"
          id={id}
          aria-live={playing ? "off" : "polite"}
          style={{ "--carousel-gap": `${gap}px` } as CSSProperties}
        >
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group.
            <div
              className="carousel__slide"
              key={index}
              role="group"
              aria-roledescription={t("carousel.slide")}
              aria-label={t("carousel.count", { current: index + 1, total: count })}
              aria-hidden={multiple && index !== selected && slideSize === "100%" ? true : undefined}
              inert={multiple && index !== selected && slideSize === "100%" ? true : undefined}
              style={{ flex: `0 0 ${slideSize}` }}
            >
              {renderSlide(item, index, index === selected)}
            </div>
          ))}
        </div>
      </div>
      {progress && paged ? (
        <div className="carousel__progress" aria-hidden="true">
          {Array.from({ length: pages }, (_, index) => (
            <button
              type="button"
              key={index}
              tabIndex={-1}
              className="carousel__progress-bar"
              data-state={index < selected ? "done" : index === selected ? (playing ? "running" : "current") : "todo"}
              style={{ animationDuration: autoplayMs ? `${autoplayMs}ms` : undefined }}
              onClick={() => scrollTo(index)}
            >
              <span />
            </button>
          ))}
        </div>
      ) : null}
      {controls}
      {renderControls?.(state)}
    </section>
  );
}
