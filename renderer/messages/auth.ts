/** The "auth" messages (sign-in, sign-out, activation and account pages): modules that use them import this file. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("auth", {
  fr: () => import("../../locales/auth/fr.json"),
  en: () => import("../../locales/auth/en.json"),
});
