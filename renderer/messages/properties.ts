/** The "properties" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("properties", {
  fr: () => import("../../locales/properties/fr.json"),
  en: () => import("../../locales/properties/en.json"),
});
