/**
 * The media, gallery, carousel, embed and map blocks' part of the core messages files (locales/fr.json, en.json): modules that use
 * these keys import this file, which waits for them.
 */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("media", {
  fr: () => import("../../locales/fr.json?only=media,gallery,carousel,embeds,maps&messages"),
  en: () => import("../../locales/en.json?only=media,gallery,carousel,embeds,maps&messages"),
});
