/**
 * The ALTCHA widget (a web component) and its proof-of-work worker, loaded only when a form
 * asks for a token (captcha.ts imports this module dynamically): content pages never carry
 * it in their initial JavaScript. `altcha/external` leaves the workers out of the bundle so
 * that they load as same-origin files (the CSP allows no blob: workers), and its styles
 * come from the stylesheet instead of an inline <style>. The widget speaks the page's
 * language (its French strings are registered here; English is built in); once made it is
 * recorded as a locale-dependent script, so that switching language reloads the page.
 */
import "altcha/external";
import "altcha/i18n/fr-ca";
import "altcha/altcha.css";
import type { AltchaWidgetElement } from "altcha/external";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import { registerLocaleScript } from "../../lib/locale-scripts";

globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());

/** The widget of captcha `id`, made once, invisible: the form's own button shows progress. */
export async function altchaWidget(id: string, language: string): Promise<AltchaWidgetElement> {
  let widget = document.querySelector<AltchaWidgetElement>(`altcha-widget[data-captcha-id="${CSS.escape(id)}"]`);
  if (!widget) {
    widget = document.createElement("altcha-widget");
    widget.dataset.captchaId = id;
    widget.setAttribute("display", "invisible");
    widget.setAttribute("auto", "off");
    widget.setAttribute("aria-hidden", "true");
    widget.setAttribute("language", language);
    document.body.appendChild(widget);
    registerLocaleScript("altcha", language);
  }
  // The element (a Svelte custom element) gets its methods once connected, a few ticks later.
  for (let tries = 0; typeof widget.configure !== "function"; tries++) {
    if (tries > 100) throw new Error("The ALTCHA widget did not start");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return widget;
}

/** Solves `challenge` (fetched from the content service) in workers; the payload is the form's token. */
export async function solveAltcha(id: string, challenge: unknown, language: string): Promise<string> {
  const widget = await altchaWidget(id, language);
  await widget.configure({
    challenge: challenge as never,
    language,
    // The server sends no code challenge and keeps no session; no cookie, no telemetry.
    humanInteractionSignature: false,
    minDuration: 0,
    hideFooter: true,
    hideLogo: true,
  });
  const result = await widget.verify();
  if (!result?.payload) throw new Error("The anti-robot check could not be solved");
  return result.payload;
}

export function resetAltcha(id: string): void {
  document.querySelector<AltchaWidgetElement>(`altcha-widget[data-captcha-id="${CSS.escape(id)}"]`)?.reset();
}
