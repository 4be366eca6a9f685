/** The "leads" messages (the broker's inbox in the studio): modules that use them import this file. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("leads", {
  fr: () => import("../../locales/leads/fr.json"),
  en: () => import("../../locales/leads/en.json"),
});
