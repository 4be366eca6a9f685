/** The inbox's messages (locales/leads), added to both languages when its chunk loads. */
import leadsEn from "../../locales/leads/en.json";
import leadsFr from "../../locales/leads/fr.json";
import { extendMessages } from "../../renderer/lib/i18n";

extendMessages("fr", leadsFr);
extendMessages("en", leadsEn);
