/** The "blog" messages: modules that use them import this file, which waits for them. */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("blog", {
  fr: () => import("../../locales/blog/fr.json"),
  en: () => import("../../locales/blog/en.json"),
});
