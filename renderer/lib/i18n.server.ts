/**
 * Every catalogue, core and feature namespaces, registered at import: server renders,
 * loaders, meta and feeds never wait for messages.
 */
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";
import { extendMessages, type Messages, provideEverything, provideMessages } from "./i18n";

const namespaceFiles = import.meta.glob<Messages>(["../../locales/*/*.json", "!../../locales/studio/*"], {
  eager: true,
  import: "default",
});

provideMessages("fr", fr);
provideMessages("en", en);
for (const [file, messages] of Object.entries(namespaceFiles)) {
  const locale = file.match(/\/(fr|en)\.json$/)?.[1];
  if (locale === "fr" || locale === "en") extendMessages(locale, messages);
}
provideEverything();
