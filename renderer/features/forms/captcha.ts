/**
 * Captcha client (site.md §4, §7, §9), one entry point for the providers the content
 * service names in its page answers (`captcha`, server/content/captcha.ts):
 *  - "altcha" (the default): a self-hosted proof of work. A challenge is fetched from the
 *    content service at submit time and solved by the ALTCHA widget in workers; the widget
 *    and its worker load only then (altcha-widget.ts).
 *  - "recaptcha": reCAPTCHA v2 invisible with the site key; Google's script loads only once
 *    a form needs it.
 *  - "offline" (tests, and the site key "offline" of an older service): no script, tokens
 *    "offline-<random>" that the offline test verifier accepts.
 * A form asks for the captcha while it is on screen (a counter per identifier, default
 * "default"; reCAPTCHA's badge shows while the counter is above 0), gets a token before
 * each submit and resets the widget after.
 */
import type { CaptchaSetup } from "./captcha-setup";

export { type CaptchaSetup, captchaSetupOf } from "./captcha-setup";

export const NO_SITE_KEY_ERROR = "reCAPTCHA seems not initialised (no site key?)";

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

const randomId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** A fresh token for one submission. Throws without a captcha (the spec's "not initialised"). */
export async function getCaptchaToken(
  setup: CaptchaSetup | undefined,
  options: { id?: string; locale?: string; challenge?: () => Promise<unknown> } = {},
): Promise<string> {
  const id = options.id ?? "default";
  const locale = options.locale ?? "fr";
  if (!setup) throw new Error(NO_SITE_KEY_ERROR);
  if (setup.provider === "offline") return `offline-${randomId()}`;
  if (setup.provider === "altcha") {
    if (!options.challenge) throw new Error("ALTCHA needs a challenge source");
    const [{ solveAltcha }, challenge] = await Promise.all([loadAltcha(), options.challenge()]);
    return solveAltcha(id, challenge, locale);
  }
  if (!setup.siteKey) throw new Error(NO_SITE_KEY_ERROR);
  return (await loadRecaptcha()).recaptchaToken(setup.siteKey, id, locale);
}

let recaptchaModule: Promise<typeof import("./recaptcha-widget")> | undefined;
/** Google's widget code, loaded once, only for sites with reCAPTCHA keys. */
function loadRecaptcha() {
  recaptchaModule ??= import("./recaptcha-widget").catch((error: unknown) => {
    recaptchaModule = undefined;
    throw error;
  });
  return recaptchaModule;
}

let altchaModule: Promise<typeof import("./altcha-widget")> | undefined;
/** The ALTCHA widget's module, loaded once, on a form's first need. */
function loadAltcha() {
  altchaModule ??= import("./altcha-widget").catch((error: unknown) => {
    altchaModule = undefined;
    throw error;
  });
  return altchaModule;
}

/** Resets the widget after a submission, so the next one gets a new token. */
export async function resetCaptcha(setup: CaptchaSetup | undefined, id = "default"): Promise<void> {
  if (!setup || setup.provider === "offline") return;
  if (setup.provider === "altcha") {
    if (altchaModule) (await altchaModule.catch(() => undefined))?.resetAltcha(id);
    return;
  }
  if (recaptchaModule) await (await recaptchaModule.catch(() => undefined))?.resetRecaptcha(id);
}

/** Loads the script (and renders reCAPTCHA's widget) ahead of the first submit; no-op offline. */
export function prepareCaptcha(setup: CaptchaSetup | undefined, id = "default", locale = "fr"): void {
  if (!setup || setup.provider === "offline" || typeof window === "undefined") return;
  if (setup.provider === "altcha") {
    loadAltcha().catch((error: unknown) => console.warn(String(error)));
    return;
  }
  const siteKey = setup.siteKey;
  if (!siteKey) return;
  loadRecaptcha()
    .then((m) => m.widgetFor(siteKey, id, locale))
    .catch((error: unknown) => console.warn(String(error)));
}
