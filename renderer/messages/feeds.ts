/** The "feeds" messages (the listing feed's screen in the studio): modules that use them import this file. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("feeds", {
  fr: () => import("../../locales/feeds/fr.json"),
  en: () => import("../../locales/feeds/en.json"),
});
