/** The "multi-step-form" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("multi-step-form", {
  fr: () => import("../../locales/multi-step-form/fr.json"),
  en: () => import("../../locales/multi-step-form/en.json"),
});
