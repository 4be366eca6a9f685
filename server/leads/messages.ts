/**
 * The words of lead e-mails, webhooks, CSV exports and recorded consents, in French and
 * English, from the same catalogues the site and the studio use (locales/leads, and the
 * alert form's consent sentence in the core files).
 */
import i18next, { type TFunction } from "i18next";
import coreEn from "../../locales/en.json";
import coreFr from "../../locales/fr.json";
import leadsEn from "../../locales/leads/en.json";
import leadsFr from "../../locales/leads/fr.json";
import type { Locale } from "../../schema/common";

const instances = new Map<Locale, TFunction>();

/** A translate function of `locale` (created once, synchronously). */
export function leadsT(locale: Locale): TFunction {
  let t = instances.get(locale);
  if (!t) {
    const instance = i18next.createInstance();
    const resources = {
      fr: { translation: { ...leadsFr, "multi-step-form": coreFr["multi-step-form"] } },
      en: { translation: { ...leadsEn, "multi-step-form": coreEn["multi-step-form"] } },
    };
    void instance.init({
      lng: locale,
      fallbackLng: "fr",
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    t = instance.getFixedT(locale);
    instances.set(locale, t);
  }
  return t;
}

/** The consent sentence the alert form showed, as the visitor read it (kept with the lead). */
export const consentText = (locale: Locale, siteName: string) =>
  leadsT(locale)("multi-step-form.alert.consent", { site: siteName });
