/**
 * One i18next instance per locale, created once: safe for concurrent server renders in both
 * languages. The browser downloads only its own language's messages (one chunk per locale):
 * the server registers both catalogues at start (i18n.server.ts); the client loads the page's
 * language before hydrating and the other one when a navigation switches language.
 */
import i18next, { type i18n } from "i18next";
import { use } from "react";
import type { Locale } from "../../schema/locales";

export type Messages = Record<string, unknown>;

const catalogs = new Map<Locale, Messages>();
const extras = new Map<Locale, Messages[]>();
const instances = new Map<Locale, i18n>();
const pending = new Map<Locale, Promise<void>>();

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  fr: () => import("../../locales/fr.json"),
  en: () => import("../../locales/en.json"),
};

/** Registers a locale's catalogue (the server does it for both at start). */
export function provideMessages(locale: Locale, messages: Messages): void {
  catalogs.set(locale, messages);
}

/**
 * Adds messages to a locale (the studio adds its own namespace); deep-merged into the
 * catalogue, now when its instance exists and otherwise when it is created.
 */
export function extendMessages(locale: Locale, messages: Messages): void {
  extras.set(locale, [...(extras.get(locale) ?? []), messages]);
  instances.get(locale)?.addResourceBundle(locale, "translation", messages, true, false);
}

export function hasMessages(locale: Locale): boolean {
  return catalogs.has(locale);
}

/** Resolves once the locale's catalogue is registered; loads its chunk at most once. */
export function loadMessages(locale: Locale): Promise<void> {
  if (catalogs.has(locale)) return Promise.resolve();
  let promise = pending.get(locale);
  if (!promise) {
    promise = loaders[locale]().then(
      (module) => provideMessages(locale, module.default),
      (error: unknown) => {
        // A failed chunk (a deploy in between, a dropped connection) may be retried later.
        pending.delete(locale);
        throw error;
      },
    );
    pending.set(locale, promise);
  }
  return promise;
}

export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    const messages = catalogs.get(locale);
    if (!messages) throw new Error(`Messages for "${locale}" are not loaded: await loadMessages("${locale}") first.`);
    instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      // fr.json and en.json keep the same keys (tests/locales.test.ts): no fallback catalogue.
      fallbackLng: false,
      resources: { [locale]: { translation: messages } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    for (const extra of extras.get(locale) ?? []) instance.addResourceBundle(locale, "translation", extra, true, false);
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * A translate function in `locale` when its messages are loaded (a modal that speaks the
 * language the visitor chose, before navigating to it), else `fallback`.
 */
export function tIn<T>(locale: Locale | undefined, fallback: T): T | i18n["t"] {
  return locale && catalogs.has(locale) ? getI18n(locale).getFixedT(locale) : fallback;
}

/**
 * The instance for a render: suspends while the locale's messages load (a client navigation
 * to the other language runs in a transition, so the current page stays until they arrive).
 */
export function useI18nInstance(locale: Locale): i18n {
  if (!catalogs.has(locale)) use(loadMessages(locale));
  return getI18n(locale);
}
