/**
 * reCAPTCHA v2 invisible (site.md §4, §9): Google's script and widgets. Loaded by captcha.ts
 * only for a site with reCAPTCHA keys, so forms of the default (ALTCHA) sites never carry it.
 */
import { pageNonce } from "../../lib/csp";
import { registerLocaleScript } from "../../lib/locale-scripts";
import { captchaShown, NO_SITE_KEY_ERROR, onCaptchaNeedChange } from "./captcha";

const SCRIPT_URL = "https://www.google.com/recaptcha/api.js";

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
    // Google's script keeps the language of its `hl` for the page's life.
    registerLocaleScript("recaptcha", locale);
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

export function widgetFor(siteKey: string, id: string, locale: string): Promise<Widget> {
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

/** A token from the invisible widget of captcha `id`. */
export async function recaptchaToken(siteKey: string, id: string, locale: string): Promise<string> {
  const widget = await widgetFor(siteKey, id, locale);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error(NO_SITE_KEY_ERROR);
  return new Promise<string>((resolve, reject) => {
    widget.pending = { resolve, reject };
    grecaptcha.execute(widget.id);
  });
}

export async function resetRecaptcha(id: string): Promise<void> {
  const widget = await widgets.get(id)?.catch(() => undefined);
  if (widget) window.grecaptcha?.reset(widget.id);
}
