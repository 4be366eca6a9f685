/** The "contact-form" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("contact-form", {
  fr: () => import("../../locales/contact-form/fr.json"),
  en: () => import("../../locales/contact-form/en.json"),
});
