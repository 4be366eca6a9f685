/**
 * Captcha client (site.md §4, §7, §9): reCAPTCHA v2, invisible. A form asks for it
 * while it is on screen (a counter per identifier, default "default"; the widget shows
 * while the counter is above 0), gets a token before each submit and resets the widget
 * after. Google's script loads only once a form needs it.
 *
 * Offline key: with the site key "offline" (the demo sites, development, tests) no
 * script loads and tokens are "offline-<random>", which the embedded content service's
 * offline verifier accepts (server/content/captcha.ts).
 */
import { pageNonce } from "../../lib/csp";

export const OFFLINE_SITE_KEY = "offline";
export const NO_SITE_KEY_ERROR = "reCAPTCHA seems not initialised (no site key?)";
const SCRIPT_URL = "https://www.google.com/recaptcha/api.js";

export const isOfflineSiteKey = (siteKey: string | undefined) =>
  siteKey === OFFLINE_SITE_KEY || Boolean(siteKey?.startsWith(`${OFFLINE_SITE_KEY}-`));

// ---- the need counter ------------------------------------------------------------------

const needs = new Map<string, number>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Counts one more form needing the captcha `id`; returns the release function (idempotent). */
export function requestCaptcha(id = "default"): () => void {
  needs.set(id, (needs.get(id) ?? 0) + 1);
  notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (needs.get(id) ?? 1) - 1;
    if (left <= 0) needs.delete(id);
    else needs.set(id, left);
    notify();
  };
}

export const captchaCount = (id = "default") => needs.get(id) ?? 0;
/** Shown while at least one form asks for it. */
export const captchaShown = (id = "default") => captchaCount(id) > 0;

export function onCaptchaNeedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- Google's widget ---------------------------------------------------------------------

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      size: "invisible" | "normal";
      badge?: string;
      callback: (token: string) => void;
      "error-callback"?: () => void;
      "expired-callback"?: () => void;
    },
  ): number;
  execute(widgetId?: number): void;
  reset(widgetId?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __onRecaptchaLoad?: () => void;
  }
}

let scriptPromise: Promise<Grecaptcha> | undefined;

/** Loads Google's script once, with the page's CSP nonce. */
export function loadCaptchaScript(locale: string): Promise<Grecaptcha> {
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    if (window.grecaptcha?.render) return resolve(window.grecaptcha);
    window.__onRecaptchaLoad = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error("no grecaptcha"));
    const script = document.createElement("script");
    script.src = `${SCRIPT_URL}?onload=__onRecaptchaLoad&render=explicit&hl=${encodeURIComponent(locale)}`;
    script.async = true;
    script.defer = true;
    const nonce = pageNonce();
    if (nonce) script.nonce = nonce;
    script.onerror = () => {
      scriptPromise = undefined;
      reject(new Error("The reCAPTCHA script could not load"));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

interface Widget {
  id: number;
  container: HTMLElement;
  pending?: { resolve: (token: string) => void; reject: (error: Error) => void };
}
const widgets = new Map<string, Promise<Widget>>();

function containerFor(id: string): HTMLElement {
  let container = document.querySelector<HTMLElement>(`[data-captcha-id="${CSS.escape(id)}"]`);
  if (!container) {
    container = document.createElement("div");
    container.dataset.captchaId = id;
    container.className = "captcha-widget";
    document.body.appendChild(container);
  }
  return container;
}

function widgetFor(siteKey: string, id: string, locale: string): Promise<Widget> {
  let widget = widgets.get(id);
  if (!widget) {
    widget = loadCaptchaScript(locale).then(
      (grecaptcha) =>
        new Promise<Widget>((resolve) => {
          grecaptcha.ready(() => {
            const entry: Widget = { id: 0, container: containerFor(id) };
            entry.id = grecaptcha.render(entry.container, {
              sitekey: siteKey,
              size: "invisible",
              badge: "bottomleft",
              callback: (token) => {
                entry.pending?.resolve(token);
                entry.pending = undefined;
              },
              "error-callback": () => {
                entry.pending?.reject(new Error("reCAPTCHA error"));
                entry.pending = undefined;
              },
            });
            resolve(entry);
          });
        }),
    );
    widget.catch(() => widgets.delete(id));
    widgets.set(id, widget);
  }
  return widget;
}

/** Shows or hides rendered widgets as the counters change. */
if (typeof window !== "undefined") {
  onCaptchaNeedChange(() => {
    for (const id of widgets.keys()) {
      const container = document.querySelector<HTMLElement>(`[data-captcha-id="${CSS.escape(id)}"]`);
      if (container) container.hidden = !captchaShown(id);
    }
  });
}

const randomId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** A fresh token for one submission. Throws without a site key. */
export async function getCaptchaToken(
  siteKey: string | undefined,
  options: { id?: string; locale?: string } = {},
): Promise<string> {
  if (!siteKey) throw new Error(NO_SITE_KEY_ERROR);
  if (isOfflineSiteKey(siteKey)) return `offline-${randomId()}`;
  const widget = await widgetFor(siteKey, options.id ?? "default", options.locale ?? "fr");
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error(NO_SITE_KEY_ERROR);
  return new Promise<string>((resolve, reject) => {
    widget.pending = { resolve, reject };
    grecaptcha.execute(widget.id);
  });
}

/** Resets the widget after a submission, so the next one gets a new token. */
export async function resetCaptcha(siteKey: string | undefined, id = "default"): Promise<void> {
  if (!siteKey || isOfflineSiteKey(siteKey)) return;
  const widget = await widgets.get(id)?.catch(() => undefined);
  if (widget) window.grecaptcha?.reset(widget.id);
}

/** Loads the script and renders the widget ahead of the first submit (no-op offline). */
export function prepareCaptcha(siteKey: string | undefined, id = "default", locale = "fr"): void {
  if (!siteKey || isOfflineSiteKey(siteKey) || typeof window === "undefined") return;
  widgetFor(siteKey, id, locale).catch((error: unknown) => console.warn(String(error)));
}
