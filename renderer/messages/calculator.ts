/** The "calculator" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("calculator", {
  fr: () => import("../../locales/calculator/fr.json"),
  en: () => import("../../locales/calculator/en.json"),
});
