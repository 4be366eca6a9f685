/**
 * A listing's photo gallery, as portals have it: the current photo large with its count
 * ("3 / 8"), previous and next arrows, swipe on touch screens, a row of thumbnails, and a
 * full-screen viewer (a modal <dialog>: arrows and swipe, Home and End, Escape closes and
 * focus goes back to the control that opened it).
 *
 * The demo's photos are vector illustrations, one file for every width, so they carry no
 * `srcset` (docs/decisions.md, "No sizes without srcset"); CSS sizes them to the viewport.
 * The first photo is the page's largest paint: eager, high priority; thumbnails are lazy.
 */
import "../../messages/listing";
import "../../messages/listing-later";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon";
import { ListingIcon } from "./icons";

/** Photos are 4:3 (the generator's and most MLS feeds'). */
const WIDTH = 800;
const HEIGHT = 600;
/** A horizontal move this long (px) is a swipe, not a tap. */
const SWIPE_PX = 40;

export interface GalleryProps {
  images: readonly string[];
  /** The listing's address: each photo's accessible name says whose photo it is. */
  address: string;
}

/** Pointer handlers that call back on a left or right swipe, and report whether the last gesture was one. */
function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    swiped,
    handlers: {
      onPointerDown(event: PointerEvent) {
        if (event.pointerType === "mouse" && event.button !== 0) return;
        start.current = { x: event.clientX, y: event.clientY };
        swiped.current = false;
      },
      onPointerUp(event: PointerEvent) {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
          swiped.current = true;
          onSwipe(dx < 0 ? 1 : -1);
        }
      },
      onPointerCancel() {
        start.current = null;
      },
    },
  };
}

export function Gallery({ images, address }: GalleryProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const total = images.length;
  const go = (step: number) => setIndex((i) => (i + step + total) % total);
  const stageSwipe = useSwipe(go);
  const viewerSwipe = useSwipe(go);
  const alt = (i: number) => t("listing.gallery.photo", { n: i + 1, total, address });

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  // Keep the current thumbnail in view (the row scrolls sideways on phones).
  useEffect(() => {
    const list = thumbs.current;
    const current = list?.children[index] as HTMLElement | undefined;
    if (!list || !current) return;
    const left = current.offsetLeft - list.clientWidth / 2 + current.clientWidth / 2;
    list.scrollTo?.({ left, behavior: "smooth" });
  }, [index]);

  const openViewer = (from: HTMLElement) => {
    opener.current = from;
    setOpen(true);
  };
  const closed = () => {
    setOpen(false);
    // The dialog gives focus back on its own in recent browsers; say where, for all of them.
    requestAnimationFrame(() => opener.current?.focus());
  };

  if (total === 0) return null;
  const counter = t("listing.gallery.count", { n: index + 1, total });
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={t("listing.gallery.label")}>
      <div className="gallery__stage" {...stageSwipe.handlers}>
        <button
          type="button"
          className="gallery__open"
          aria-label={t("listing.gallery.open", { count: total })}
          onClick={(event) => {
            // The click that ends a swipe is not a tap; a keyboard's click (detail 0) never is one.
            const wasSwipe = event.detail !== 0 && stageSwipe.swiped.current;
            stageSwipe.swiped.current = false;
            if (!wasSwipe) openViewer(event.currentTarget);
          }}
        >
          <img
            key={images[index]}
            src={images[index]}
            alt={alt(index)}
            width={WIDTH}
            height={HEIGHT}
            fetchPriority={index === 0 ? "high" : undefined}
            decoding="async"
            draggable={false}
          />
          <span className="gallery__expand" aria-hidden="true">
            <ListingIcon name="expand" size={20} />
          </span>
        </button>
        {total > 1 ? (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--prev"
              aria-label={t("listing.gallery.previous")}
              onClick={() => go(-1)}
            >
              <Icon name="chevron-left" size={24} />
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              aria-label={t("listing.gallery.next")}
              onClick={() => go(1)}
            >
              <Icon name="chevron-right" size={24} />
            </button>
          </>
        ) : null}
        <p className="gallery__count" aria-live="polite">
          {counter}
        </p>
      </div>
      {total > 1 ? (
        <ul className="gallery__thumbs" ref={thumbs} aria-label={t("listing.gallery.thumbnails")}>
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={t("listing.gallery.thumbnail", { n: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                onClick={() => setIndex(i)}
              >
                <img src={src} alt="" width={WIDTH} height={HEIGHT} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        ref={dialog}
        className="gallery-viewer"
        aria-label={t("listing.gallery.viewer")}
        onClose={closed}
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") go(1);
          else if (event.key === "ArrowLeft") go(-1);
          else if (event.key === "Home") setIndex(0);
          else if (event.key === "End") setIndex(total - 1);
          else return;
          event.preventDefault();
        }}
      >
        {open ? (
          <>
            <div className="gallery-viewer__bar">
              <p className="gallery-viewer__count" aria-live="polite">
                {counter}
              </p>
              <p className="gallery-viewer__hint">{t("listing.gallery.hint")}</p>
              <button
                type="button"
                className="gallery-viewer__close"
                aria-label={t("listing.gallery.close")}
                onClick={() => setOpen(false)}
                autoFocus
              >
                <Icon name="close" size={24} />
              </button>
            </div>
            <div className="gallery-viewer__stage" {...viewerSwipe.handlers}>
              <img src={images[index]} alt={alt(index)} width={WIDTH} height={HEIGHT} draggable={false} />
            </div>
            {total > 1 ? (
              <>
                <button
                  type="button"
                  className="gallery__arrow gallery__arrow--prev gallery-viewer__arrow"
                  aria-label={t("listing.gallery.previous")}
                  onClick={() => go(-1)}
                >
                  <Icon name="chevron-left" size={28} />
                </button>
                <button
                  type="button"
                  className="gallery__arrow gallery__arrow--next gallery-viewer__arrow"
                  aria-label={t("listing.gallery.next")}
                  onClick={() => go(1)}
                >
                  <Icon name="chevron-right" size={28} />
                </button>
              </>
            ) : null}
          </>
        ) : null}
      </dialog>
    </section>
  );
}
