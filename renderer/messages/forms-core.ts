/**
 * The contact and multi-step forms' part of the core messages files (locales/fr.json, en.json): modules that use
 * these keys import this file, which waits for them.
 */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("forms-core", {
  fr: () => import("../../locales/fr.json?only=contact-form,multi-step-form&messages"),
  en: () => import("../../locales/en.json?only=contact-form,multi-step-form&messages"),
});
