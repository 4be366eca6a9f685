/**
 * The "listing" messages of a listing page's first paint (title, price, location, broker, visit,
 * removed): modules that use them import this file, which waits for them. What the parts
 * hydrated later say is in messages/listing-later.
 */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("listing", {
  fr: () =>
    import(
      "../../locales/listing/fr.json?except=listing.gallery,listing.facts,listing.description,listing.features,listing.listed,listing.number,listing.payment,listing.actions,listing.similar,listing.favourites&messages"
    ),
  en: () =>
    import(
      "../../locales/listing/en.json?except=listing.gallery,listing.facts,listing.description,listing.features,listing.listed,listing.number,listing.payment,listing.actions,listing.similar,listing.favourites&messages"
    ),
});
