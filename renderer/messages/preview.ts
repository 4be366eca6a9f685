/** The "preview" messages (a preview link's banner, issue 33): modules that use them import this file. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("preview", {
  fr: () => import("../../locales/preview/fr.json"),
  en: () => import("../../locales/preview/en.json"),
});
