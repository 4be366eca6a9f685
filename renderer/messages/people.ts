/**
 * The members, partners, testimonials and offices blocks' part of the core messages files (locales/fr.json, en.json): modules that use
 * these keys import this file, which waits for them.
 */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("people", {
  fr: () => import("../../locales/fr.json?only=members,partners,testimonials,offices&messages"),
  en: () => import("../../locales/en.json?only=members,partners,testimonials,offices&messages"),
});
