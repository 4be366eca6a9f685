/**
 * The "listing" messages of the parts a listing page hydrates later (gallery, facts,
 * description, estimate, actions, similar listings) and of the favourites page: modules that
 * use them import this file, which waits for them.
 */
import { registerNamespace } from "../lib/i18n";

await registerNamespace("listing-later", {
  fr: () =>
    import(
      "../../locales/listing/fr.json?only=listing.gallery,listing.facts,listing.description,listing.features,listing.listed,listing.number,listing.payment,listing.actions,listing.similar,listing.favourites&messages"
    ),
  en: () =>
    import(
      "../../locales/listing/en.json?only=listing.gallery,listing.facts,listing.description,listing.features,listing.listed,listing.number,listing.payment,listing.actions,listing.similar,listing.favourites&messages"
    ),
});
