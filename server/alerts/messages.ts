/**
 * The words of alert e-mails, consent sentences and the studio's CSV, in French and English, from
 * the catalogue the site and the studio use (locales/alerts).
 */
import i18next, { type TFunction } from "i18next";
import alertsEn from "../../locales/alerts/en.json";
import alertsFr from "../../locales/alerts/fr.json";
import type { Locale } from "../../schema/common";

const instances = new Map<Locale, TFunction>();

/** A translate function of `locale` (created once, synchronously). */
export function alertsT(locale: Locale): TFunction {
  let t = instances.get(locale);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: "fr",
      resources: { fr: { translation: alertsFr }, en: { translation: alertsEn } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    t = instance.getFixedT(locale);
    instances.set(locale, t);
  }
  return t;
}
