/** The "heroes" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("heroes", {
  fr: () => import("../../locales/heroes/fr.json"),
  en: () => import("../../locales/heroes/en.json"),
});
