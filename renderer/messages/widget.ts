/** The "widget" messages (the listings widget in embed form): modules that use them import this file. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("widget", {
  fr: () => import("../../locales/widget/fr.json"),
  en: () => import("../../locales/widget/en.json"),
});
