// Components under test render with both catalogues, as on the server, and with the studio's messages.
import "../renderer/lib/i18n.server";
import "../studio/i18n";
