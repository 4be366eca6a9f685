/**
 * Preview devices and zoom, as pure functions. A preview lays the page out at the device's
 * real width (a 1280 px desktop is 1280 CSS px wide, with the breakpoints of 1280 px) and the
 * canvas is scaled to fit its column (CSS `zoom`, docs/decisions.md "Studio previews"), as page
 * editors do (Puck's getZoomConfig scales its iframe the same way). The editor may choose a
 * fixed zoom instead; a canvas wider than its column then scrolls sideways inside it.
 */

export const DEVICES = { phone: 414, tablet: 768, desktop: 1280, wide: 1440 } as const;
export type Device = keyof typeof DEVICES;
export const DEVICE_NAMES = Object.keys(DEVICES) as Device[];

/** "fit" follows the column; a number is a fixed zoom. */
export const ZOOM_CHOICES = ["fit", 0.5, 0.75, 1] as const;
export type ZoomChoice = (typeof ZOOM_CHOICES)[number];

/** Below this the canvas is unreadable and its overlays useless: a narrower column scrolls. */
export const MIN_ZOOM = 0.2;

/** The zoom at which `width` CSS px fill `available` px, never above 1, rounded down to 0.001. */
export function fitZoom(available: number, width: number): number {
  if (!Number.isFinite(available) || available <= 0 || width <= 0) return 1;
  const zoom = Math.floor((available / width) * 1000) / 1000;
  return Math.max(MIN_ZOOM, Math.min(1, zoom));
}

export function effectiveZoom(choice: ZoomChoice, fit: number): number {
  return choice === "fit" ? fit : choice;
}

/** "48 %" / "48%": the zoom as the toolbar shows it. */
export function zoomPercent(zoom: number, locale: string): string {
  return new Intl.NumberFormat(locale === "fr" ? "fr-CA" : "en-CA", {
    style: "percent",
    maximumFractionDigits: 0,
  }).format(zoom);
}
