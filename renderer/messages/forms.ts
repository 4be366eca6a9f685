/** The "forms" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("forms", {
  fr: () => import("../../locales/forms/fr.json"),
  en: () => import("../../locales/forms/en.json"),
});
