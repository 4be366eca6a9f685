/** One i18next instance per locale, created once: safe for concurrent server renders in both languages. */
import i18next, { type i18n } from "i18next";
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";
import type { Locale } from "../../schema/common";

const instances = new Map<Locale, i18n>();

export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: "fr",
      resources: { fr: { translation: fr }, en: { translation: en } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}
