/** Both catalogues, registered at import: server renders, loaders, meta and feeds never wait for them. */
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";
import { provideMessages } from "./i18n";

provideMessages("fr", fr);
provideMessages("en", en);
