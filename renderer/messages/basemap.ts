/** The "basemap" messages: the offline base map's module imports this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("basemap", {
  fr: () => import("../../locales/basemap/fr.json"),
  en: () => import("../../locales/basemap/en.json"),
});
