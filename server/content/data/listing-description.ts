/**
 * A generated listing's description in both languages, written from its facts when the
 * page asks (the generator stores the facts, not the text: see detailsFor). Same listing,
 * same text: the wording variant comes from its ULS number.
 */
import type { ListingFeature } from "../../../schema/listing";
import type { ListingRecord } from "./listings-generator";

type Lang = "fr" | "en";

const NOUN: Record<ListingRecord["type"], Record<Lang, string>> = {
  maison: { fr: "Maison", en: "House" },
  condo: { fr: "Condo", en: "Condo" },
  prop: { fr: "Plex", en: "Plex" },
  ferme: { fr: "Fermette", en: "Hobby farm" },
  chalet: { fr: "Chalet", en: "Cottage" },
  terrain: { fr: "Terrain", en: "Lot" },
  comm: { fr: "Local commercial", en: "Commercial space" },
};

const PHRASE: Record<ListingFeature, Record<Lang, string>> = {
  fireplace: { fr: "un foyer au bois dans le salon", en: "a wood fireplace in the living room" },
  garage: { fr: "un garage", en: "a garage" },
  pool: { fr: "une piscine creusée", en: "an in-ground pool" },
  waterfront: { fr: "un accès à l'eau", en: "water access" },
  view: { fr: "une vue dégagée", en: "an open view" },
  renovated_kitchen: { fr: "une cuisine rénovée", en: "a renovated kitchen" },
  heat_pump: { fr: "une thermopompe", en: "a heat pump" },
  finished_basement: { fr: "un sous-sol aménagé", en: "a finished basement" },
  balcony: { fr: "un grand balcon", en: "a large balcony" },
  elevator: { fr: "un ascenseur", en: "an elevator" },
  air_conditioning: { fr: "la climatisation", en: "air conditioning" },
  near_transit: { fr: "le transport en commun à deux pas", en: "public transit steps away" },
  near_schools: { fr: "les écoles à proximité", en: "schools nearby" },
  wooded_lot: { fr: "un terrain boisé", en: "a wooded lot" },
  workshop: { fr: "un atelier", en: "a workshop" },
  well: { fr: "un puits artésien", en: "an artesian well" },
  barn: { fr: "une grange", en: "a barn" },
  storefront: { fr: "une vitrine sur rue", en: "a street-front window" },
  loading_dock: { fr: "un quai de chargement", en: "a loading dock" },
  separate_meters: { fr: "des entrées électriques séparées", en: "separate electrical meters" },
  serviced: { fr: "les services d'aqueduc et d'égout", en: "water and sewer services" },
};

/** French adjectives agree with the noun: maison and fermette are feminine. */
const FEMININE = new Set<ListingRecord["type"]>(["maison", "ferme"]);

const OPENINGS: Record<Lang, readonly ((noun: string, place: string, f: boolean) => string)[]> = {
  fr: [
    (n, p, f) => `${n} ${f ? "bien entretenue" : "bien entretenu"} à ${p}.`,
    (n, p, f) => `À ${p}, ${f ? "une" : "un"} ${n.toLowerCase()} ${f ? "prête" : "prêt"} pour ses prochains occupants.`,
    (n, p) => `Belle occasion à ${p} : ${n.toLowerCase()} dans un secteur recherché.`,
  ],
  en: [
    (n, p) => `Bright, well-kept ${n.toLowerCase()} in ${p}.`,
    (n, p) => `In ${p}, ${/^[aeiou]/i.test(n) ? "an" : "a"} ${n.toLowerCase()} ready for its next occupants.`,
    (n, p) =>
      `A fine opportunity in ${p}: ${/^[aeiou]/i.test(n) ? "an" : "a"} ${n.toLowerCase()} in a sought-after area.`,
  ],
};

/** A vacant lot is not "well kept" nor "ready for its next occupants": what one builds on it. */
const LOT_OPENINGS: Record<Lang, readonly ((place: string) => string)[]> = {
  fr: [
    (p) => `Terrain vacant à ${p}, prêt à construire.`,
    (p) => `À ${p}, un terrain pour bâtir la maison de vos projets.`,
    (p) => `Belle occasion à ${p} : terrain dans un secteur recherché.`,
  ],
  en: [
    (p) => `Vacant lot in ${p}, ready to build on.`,
    (p) => `In ${p}, a lot to build the home you have in mind.`,
    (p) => `A fine opportunity in ${p}: a lot in a sought-after area.`,
  ],
};

function list(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? "";
  const and = lang === "fr" ? " et " : ", and ";
  return `${items.slice(0, -1).join(", ")}${items.length === 2 && lang === "en" ? " and " : and}${items.at(-1)}`;
}

const grouped = (n: number, lang: Lang) => n.toLocaleString(lang === "fr" ? "fr-CA" : "en-CA");

export function listingDescription(listing: ListingRecord): { fr: string; en: string } | undefined {
  const d = listing.details;
  if (!d) return undefined;
  const variant = Number(listing.uls.slice(-3)) % 3;
  const write = (lang: Lang): string => {
    const place = listing.municipality.DESCRIPTION;
    const parts = [
      listing.type === "terrain"
        ? LOT_OPENINGS[lang][variant]!(place)
        : OPENINGS[lang][variant]!(NOUN[listing.type][lang], place, FEMININE.has(listing.type)),
    ];
    const { bed, bath, area } = listing.specs;
    if (listing.type === "terrain") {
      parts.push(
        lang === "fr"
          ? `Terrain de ${grouped(area, lang)} pi² prêt pour votre projet.`
          : `A ${grouped(area, lang)} sq ft lot ready for your project.`,
      );
    } else if (bed > 0) {
      parts.push(
        lang === "fr"
          ? `${bed} chambre${bed > 1 ? "s" : ""} et ${bath} salle${bath > 1 ? "s" : ""} de bain sur ${grouped(area, lang)} pi² habitables${d.year_built ? `, construit en ${d.year_built}` : ""}.`
          : `${bed} bedroom${bed > 1 ? "s" : ""} and ${bath} bathroom${bath > 1 ? "s" : ""} over ${grouped(area, lang)} sq ft of living space${d.year_built ? `, built in ${d.year_built}` : ""}.`,
      );
    } else {
      parts.push(
        lang === "fr"
          ? `${grouped(area, lang)} pi² d'espace${d.year_built ? `, bâtiment de ${d.year_built}` : ""}.`
          : `${grouped(area, lang)} sq ft of space${d.year_built ? ` in a building from ${d.year_built}` : ""}.`,
      );
    }
    if (d.features.length) {
      const phrases = d.features.map((f) => PHRASE[f][lang]);
      parts.push(lang === "fr" ? `Vous apprécierez ${list(phrases, lang)}.` : `You will enjoy ${list(phrases, lang)}.`);
    }
    if (d.parking > 0) {
      parts.push(
        lang === "fr"
          ? `${d.parking} espace${d.parking > 1 ? "s" : ""} de stationnement.`
          : `${d.parking} parking space${d.parking > 1 ? "s" : ""}.`,
      );
    }
    parts.push(
      listing.forSaleForRent === "rent"
        ? lang === "fr"
          ? "Communiquez avec moi pour planifier une visite."
          : "Contact me to schedule a visit."
        : lang === "fr"
          ? "Communiquez avec moi pour planifier une visite ou obtenir la fiche descriptive complète."
          : "Contact me to schedule a visit or to get the full listing sheet.",
    );
    return parts.join(" ");
  };
  return { fr: write("fr"), en: write("en") };
}
