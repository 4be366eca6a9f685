/** The "alerts" messages (saved-search alerts: the search's dialog, an alert's page, the studio's list). */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("alerts", {
  fr: () => import("../../locales/alerts/fr.json"),
  en: () => import("../../locales/alerts/en.json"),
});
