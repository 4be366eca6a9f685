/**
 * One i18next instance per locale, created once: safe for concurrent server renders in both
 * languages. The browser downloads only its own language's messages: a core chunk per locale
 * (shell, header, footer, content blocks) and a chunk per feature namespace (forms, search,
 * blog…) that the feature's modules await when they load (`renderer/messages/`). The server
 * registers everything at start (i18n.server.ts); the client loads the page's language before
 * hydrating and the other one, with the namespaces in use, when a navigation switches language.
 */
import i18next, { type i18n } from "i18next";
import { use } from "react";
import type { Locale } from "../../schema/locales";

export type Messages = Record<string, unknown>;

type MessageLoader = () => Promise<{ default: Messages }>;

const catalogs = new Map<Locale, Messages>();
const extras = new Map<Locale, Messages[]>();
const instances = new Map<Locale, i18n>();
/** Languages this page has asked for: a namespace declared later loads for each of them. */
const requested = new Set<Locale>();
/** Feature namespaces: their loaders, and what is loaded or loading per `name|locale`. */
const namespaces = new Map<string, Record<Locale, MessageLoader>>();
const namespaceLoads = new Map<string, Promise<void>>();
let everythingProvided = false;

// The core part of each language's file; the other parts load with the blocks that use them
// (renderer/messages/forms-core.ts, people.ts, media.ts).
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  fr: () =>
    import(
      "../../locales/fr.json?except=contact-form,multi-step-form,members,partners,testimonials,offices,media,gallery,carousel,embeds,maps&messages"
    ),
  en: () =>
    import(
      "../../locales/en.json?except=contact-form,multi-step-form,members,partners,testimonials,offices,media,gallery,carousel,embeds,maps&messages"
    ),
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

/** Whether the locale's core catalogue (shell, errors) is there. */
export function hasMessages(locale: Locale): boolean {
  return catalogs.has(locale);
}

/** The server has every catalogue and namespace (i18n.server.ts): namespaces never load. */
export function provideEverything(): void {
  everythingProvided = true;
}

/** Loads a chunk once; a failure (a deploy in between, a dropped connection) may be retried. */
function once(cache: Map<string, Promise<void>>, key: string, load: () => Promise<void>): Promise<void> {
  let promise = cache.get(key);
  if (!promise) {
    promise = load().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, promise);
  }
  return promise;
}

const loadedNamespaces = new Set<string>();

function loadNamespace(name: string, locale: Locale): Promise<void> {
  const loader = namespaces.get(name)?.[locale];
  if (everythingProvided || !loader) return Promise.resolve();
  return once(namespaceLoads, `${name}|${locale}`, () =>
    loader().then((module) => {
      extendMessages(locale, module.default);
      loadedNamespaces.add(`${name}|${locale}`);
    }),
  );
}

/** Whether the locale's core catalogue and every namespace declared so far are there. */
export function messagesReady(locale: Locale): boolean {
  return (
    catalogs.has(locale) &&
    (everythingProvided || [...namespaces.keys()].every((name) => loadedNamespaces.has(`${name}|${locale}`)))
  );
}

const corePending = new Map<string, Promise<void>>();
const whole = new Map<Locale, Promise<void>>();

/**
 * Resolves once the locale's core catalogue and every namespace in use are registered; the
 * same promise until then (React's `use` needs a stable one).
 */
export function loadMessages(locale: Locale): Promise<void> {
  requested.add(locale);
  if (messagesReady(locale)) return Promise.resolve();
  let promise = whole.get(locale);
  if (!promise) {
    const core = catalogs.has(locale)
      ? Promise.resolve()
      : once(corePending, locale, () => loaders[locale]().then((module) => provideMessages(locale, module.default)));
    promise = Promise.all([core, ...[...namespaces.keys()].map((name) => loadNamespace(name, locale))])
      .then(() => {})
      .finally(() => whole.delete(locale));
    whole.set(locale, promise);
  }
  return promise;
}

/**
 * Declares a feature namespace; resolves once its messages are there for every language the
 * page uses. Feature modules await it at their top level, so their views never render
 * before their messages.
 */
export function registerNamespace(name: string, nsLoaders: Record<Locale, MessageLoader>): Promise<void> {
  namespaces.set(name, nsLoaders);
  if (everythingProvided) return Promise.resolve();
  const wanted = new Set<Locale>(requested);
  const documentLang = typeof document === "undefined" ? "" : document.documentElement.lang.slice(0, 2);
  if (documentLang === "fr" || documentLang === "en") wanted.add(documentLang);
  return Promise.all([...wanted].map((locale) => loadNamespace(name, locale))).then(() => {});
}

/**
 * What the app hands to react-i18next: an object whose prototypes lead to the instance. Every
 * `useTranslation` mount (each component, on every server render) copies the own property
 * descriptors of the instance it gets into a wrapper; an i18next instance has some fifty
 * (its methods, bound in the constructor), the facade none, so the copy costs nothing and
 * reads and calls still reach the instance. The one instance per locale never changes
 * language, so nothing is ever written to the facade that the instance should hold.
 *
 * Its translate function (`t`, and `getFixedT` of its own language and default namespace,
 * which `useTranslation` asks for) remembers what a key gives, with no options or with
 * options of plain values: i18next copies its whole options object on every call. The memory
 * is dropped whenever messages are added (a feature's namespace loading in the browser).
 */
function i18nFacade(instance: i18n, locale: Locale): i18n {
  const translate = instance.getFixedT(locale) as unknown as (...args: unknown[]) => unknown;
  const memory = new Map<string, unknown>();
  instance.store.on("added", () => memory.clear());
  const t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    let id: string | undefined;
    if (typeof key === "string" && rest.length === 0) {
      if (options === undefined) id = key;
      else if (isPlainOptions(options)) id = `${key}\u0000${JSON.stringify(options)}`;
    }
    if (id === undefined) return translate(key, options, ...rest);
    let value = memory.get(id);
    if (value === undefined) {
      value = translate(key, options);
      if (memory.size >= 5000) memory.clear();
      memory.set(id, value);
    }
    return value;
  }) as unknown as i18n["t"];
  const getFixedT: i18n["getFixedT"] = (...args: Parameters<i18n["getFixedT"]>) => {
    const [lng, ns, keyPrefix] = args as unknown[];
    const ownLanguage = lng === undefined || lng === null || lng === locale;
    const defaultNs =
      ns === undefined ||
      ns === null ||
      ns === "translation" ||
      (Array.isArray(ns) && ns.length === 1 && ns[0] === "translation");
    return ownLanguage && defaultNs && keyPrefix === undefined ? t : instance.getFixedT(...args);
  };
  // The facade's own methods and react-i18next's namespace report live one level up, so the
  // facade itself has no own property to copy (the report is stored through an accessor).
  let reportNamespaces: unknown;
  const layer = Object.create(instance, {
    t: { value: t },
    getFixedT: { value: getFixedT },
    reportNamespaces: {
      get: () => reportNamespaces,
      set: (value: unknown) => {
        reportNamespaces = value;
      },
    },
  }) as i18n;
  return Object.create(layer) as i18n;
}

function isPlainOptions(options: unknown): boolean {
  if (!options || typeof options !== "object" || Array.isArray(options)) return false;
  for (const value of Object.values(options)) {
    if (value !== null && typeof value === "object") return false;
    if (typeof value === "function" || typeof value === "symbol") return false;
  }
  return true;
}

export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    const messages = catalogs.get(locale);
    // Short: the message ships on every page (the home page has no bytes to spare).
    if (!messages) throw new Error(`loadMessages("${locale}") first`);
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
    instances.set(locale, i18nFacade(instance, locale));
    instance = instances.get(locale)!;
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
  if (!messagesReady(locale)) use(loadMessages(locale));
  return getI18n(locale);
}
