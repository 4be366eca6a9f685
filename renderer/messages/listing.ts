/** The "listing" messages (a listing's own page, favourites): modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("listing", {
  fr: () => import("../../locales/listing/fr.json"),
  en: () => import("../../locales/listing/en.json"),
});
