/** The "search" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("search", {
  fr: () => import("../../locales/search/fr.json"),
  en: () => import("../../locales/search/en.json"),
});
