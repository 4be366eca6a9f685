/** The studio's own messages, added to both languages when the studio chunk loads (never in public bundles). */
import studioEn from "../locales/studio/en.json";
import studioFr from "../locales/studio/fr.json";
import { extendMessages } from "../renderer/lib/i18n";

extendMessages("fr", studioFr);
extendMessages("en", studioEn);
