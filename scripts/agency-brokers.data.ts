/**
 * The demo agency's brokers: what their profile pages say beyond the team page's member cards
 * (name, title, photo, phone, e-mail and office come from fixtures/sites/demo-agency/pages/team.json,
 * so the two never disagree). scripts/agency-brokers.ts writes one page per broker from both.
 */

import type { Portrait } from "./agency-portraits";

export type Locale = "fr" | "en";
export type ByLocale<T> = Record<Locale, T>;

/** Listing type codes of the search (schema/forms.ts PROPERTY_TYPE_CODES). */
type ListingType = "maison" | "condo" | "prop" | "ferme" | "chalet" | "terrain" | "comm";

export interface BrokerFacts {
  slug: string;
  /** "Courtière" or "Courtier", "elle" or "il" in the page's own words. */
  gender: "f" | "m";
  /** The year the broker was first licensed. */
  since: number;
  languages: ByLocale<string>;
  /** Areas served, listed under the specialities. */
  areas: string[];
  /** Shown with the programs of the team page's card (first-time buyer specialist…). */
  specialities: ByLocale<string[]>;
  /** A sentence for search engines and link previews. */
  summary: ByLocale<string>;
  /** Paragraphs of the biography. */
  bio: ByLocale<string[]>;
  /** The listings shown on the page: for sale in Lévis, of these types (all when absent). */
  listingTypes?: ListingType[];
  listingsTitle: ByLocale<string>;
  /** Drawn into public/images/brokers/<slug>.svg and shown on the team page and the profile. */
  portrait?: Portrait;
}

export const AGENCY_MUNICIPALITY = "25213"; // Lévis

export const OFFICES: Record<string, ByLocale<{ name: string; address: string }>> = {
  levis: {
    fr: { name: "Bureau de Lévis", address: "5700, boulevard Guillaume-Couture, Lévis (Québec) G6V 6N7" },
    en: { name: "Lévis office", address: "5700 Guillaume-Couture Blvd, Lévis, Quebec G6V 6N7" },
  },
  "saint-romuald": {
    fr: { name: "Bureau de Saint-Romuald", address: "2155, chemin du Fleuve, Lévis (Québec) G6W 1Y5" },
    en: { name: "Saint-Romuald office", address: "2155 Chemin du Fleuve, Lévis, Quebec G6W 1Y5" },
  },
};

export const BROKERS: BrokerFacts[] = [
  {
    slug: "julie-tremblay",
    gender: "f",
    since: 2009,
    languages: { fr: "Français, anglais et espagnol", en: "French, English and Spanish" },
    areas: ["Saint-Nicolas", "Saint-Rédempteur", "Vieux-Lévis", "Québec"],
    specialities: {
      fr: ["Vente de maisons familiales", "Négociation en marché serré"],
      en: ["Selling family homes", "Negotiating in a tight market"],
    },
    summary: {
      fr: "Courtière depuis 2009, Julie Tremblay a accompagné plus de 300 familles de Lévis et de Québec dans l'achat ou la vente de leur propriété.",
      en: "A broker since 2009, Julie Tremblay has guided more than 300 families in Lévis and Québec City through buying or selling their property.",
    },
    bio: {
      fr: [
        "Courtière depuis 2009, Julie a accompagné plus de 300 familles de Québec et de Lévis dans l'achat ou la vente de leur propriété. Elle connaît chaque quartier de la Rive-Sud, des écoles primaires aux pistes cyclables, et prépare chaque vente avec une évaluation comparative détaillée.",
        "Ses clients apprécient sa disponibilité, sa franchise et sa capacité à négocier dans un marché serré. En dehors du bureau, elle s'implique auprès de la Maison de la famille de Lévis et organise chaque automne une collecte de denrées pour la Saint-Vincent-de-Paul.",
      ],
      en: [
        "A broker since 2009, Julie has guided more than 300 families in Québec City and Lévis through buying or selling their property. She knows every South Shore neighbourhood, from elementary schools to bike paths, and prepares every sale with a detailed comparative market analysis.",
        "Her clients value her availability, her candour and her ability to negotiate in a tight market. Outside the office, she volunteers with the Maison de la famille de Lévis and runs a food drive for the Saint-Vincent-de-Paul society every fall.",
      ],
    },
    listingsTitle: { fr: "Propriétés à vendre à Lévis", en: "Properties for sale in Lévis" },
  },
  {
    slug: "marc-andre-begin",
    gender: "m",
    since: 1996,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Saint-Romuald", "Charny", "Saint-Jean-Chrysostome"],
    specialities: {
      fr: ["Vente résidentielle", "Successions et ventes familiales", "Relocalisation d'employés"],
      en: ["Residential sales", "Estates and family sales", "Employee relocation"],
    },
    summary: {
      fr: "Cofondateur d'Immobilier Rive-Sud et courtier agréé DA, Marc-André Bégin dirige le bureau de Saint-Romuald et conseille vendeurs et successions depuis 1996.",
      en: "Co-founder of Immobilier Rive-Sud and a chartered broker (AEO), Marc-André Bégin runs the Saint-Romuald office and has advised sellers and estates since 1996.",
    },
    bio: {
      fr: [
        "Marc-André a cofondé Immobilier Rive-Sud en 1998 et dirige aujourd'hui le bureau de Saint-Romuald. Courtier agréé DA, il veille à la formation des nouveaux courtiers et au respect des règles de l'OACIQ dans chacune de nos transactions.",
        "Il accompagne surtout des vendeurs : familles qui quittent la maison où elles ont élevé leurs enfants, successions à régler avec plusieurs héritiers, employés mutés qui doivent vendre à distance. Sa règle : un prix juste dès le départ, et un suivi chaque semaine jusqu'à la vente.",
      ],
      en: [
        "Marc-André co-founded Immobilier Rive-Sud in 1998 and now runs the Saint-Romuald office. A chartered broker (agency executive officer), he trains our new brokers and makes sure every one of our transactions follows the OACIQ's rules.",
        "He mostly works with sellers: families leaving the house where they raised their children, estates with several heirs, employees transferred out of town who must sell from afar. His rule: a fair price from day one, and an update every week until the sale.",
      ],
    },
    listingsTitle: { fr: "Propriétés à vendre à Lévis", en: "Properties for sale in Lévis" },
    portrait: {
      hair: "receding",
      hairColour: "#9a9a9a",
      skin: "#f0c4a0",
      shirt: "#2d3e50",
      background: "#e4e9ee",
      glasses: true,
    },
  },
  {
    slug: "louise-gagnon",
    gender: "f",
    since: 2001,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Vieux-Lévis", "Lauzon", "Pintendre"],
    specialities: {
      fr: ["Maisons ancestrales et patrimoniales", "Vente résidentielle", "Accompagnement des aînés"],
      en: ["Heritage and century homes", "Residential sales", "Helping seniors downsize"],
    },
    summary: {
      fr: "Courtière agréée DA depuis 2001, Louise Gagnon dirige le bureau de Lévis et connaît mieux que personne les maisons ancestrales du Vieux-Lévis.",
      en: "A chartered broker (AEO) since 2001, Louise Gagnon runs the Lévis office and knows the century homes of Old Lévis better than anyone.",
    },
    bio: {
      fr: [
        "Louise dirige le bureau de Lévis depuis 2010. Née dans le Vieux-Lévis, elle a vendu une bonne partie des maisons ancestrales de la côte du Passage et de la rue Wolfe, et sait ce qu'il faut vérifier avant d'acheter une maison centenaire : fondations de pierre, toiture de tôle, contraintes du site patrimonial.",
        "Elle accompagne aussi beaucoup d'aînés qui quittent leur maison pour un condo ou une résidence. Elle prend le temps qu'il faut, coordonne l'évaluation, le tri et le déménagement avec nos partenaires, et tient les enfants informés quand ses clients le souhaitent.",
      ],
      en: [
        "Louise has run the Lévis office since 2010. Born in Old Lévis, she has sold many of the century homes of Côte du Passage and Rue Wolfe, and knows what to check before buying a hundred-year-old house: stone foundations, sheet-metal roofs, the rules of the heritage site.",
        "She also helps many seniors move from their house to a condo or a residence. She takes the time it takes, coordinates the valuation, the sorting and the move with our partners, and keeps the children informed when her clients wish.",
      ],
    },
    listingsTitle: { fr: "Propriétés à vendre à Lévis", en: "Properties for sale in Lévis" },
    portrait: {
      hair: "bob",
      hairColour: "#c9c2b8",
      skin: "#f2cdb0",
      shirt: "#7a2e3b",
      background: "#f1e6e8",
      glasses: true,
    },
  },
  {
    slug: "samuel-pelletier",
    gender: "m",
    since: 2018,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Saint-Nicolas", "Saint-Rédempteur", "Saint-Étienne-de-Lauzon"],
    specialities: {
      fr: ["Maisons de plain-pied et jumelés", "Programmes d'aide à la mise de fonds"],
      en: ["Bungalows and semi-detached houses", "Down payment assistance programs"],
    },
    summary: {
      fr: "Samuel Pelletier accompagne surtout les premiers acheteurs de Saint-Nicolas et de Saint-Rédempteur, de la préapprobation jusqu'à la remise des clés.",
      en: "Samuel Pelletier mostly works with first-time buyers in Saint-Nicolas and Saint-Rédempteur, from pre-approval to getting the keys.",
    },
    bio: {
      fr: [
        "Samuel a acheté sa première maison à Saint-Nicolas en 2017 et se souvient de toutes les questions qu'il se posait. Devenu courtier l'année suivante, il accompagne surtout des premiers acheteurs : budget réaliste, préapprobation, visites ciblées et promesse d'achat sans mauvaise surprise.",
        "Il connaît les programmes qui aident à réunir la mise de fonds (RAP, CELIAPP) et travaille avec des courtiers hypothécaires et des inspecteurs de confiance. Le samedi matin, vous le croiserez sûrement au parc de la Rivière-Etchemin avec ses deux enfants.",
      ],
      en: [
        "Samuel bought his first house in Saint-Nicolas in 2017 and remembers every question he had. A broker since the following year, he mostly works with first-time buyers: a realistic budget, pre-approval, focused showings and a promise to purchase without bad surprises.",
        "He knows the programs that help with the down payment (the HBP and the FHSA) and works with trusted mortgage brokers and inspectors. On Saturday mornings you will likely see him at the Rivière-Etchemin park with his two children.",
      ],
    },
    listingTypes: ["maison", "condo"],
    listingsTitle: { fr: "Maisons et condos à vendre à Lévis", en: "Houses and condos for sale in Lévis" },
    portrait: {
      hair: "short",
      hairColour: "#5a3a22",
      skin: "#e8b894",
      shirt: "#3f6e4a",
      background: "#e3efe6",
      beard: true,
    },
  },
  {
    slug: "chantal-morin",
    gender: "f",
    since: 2006,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Lévis", "Bellechasse", "Lotbinière"],
    specialities: {
      fr: [
        "Locaux commerciaux et industriels",
        "Terrains et projets de développement",
        "Immeubles de six logements et plus",
      ],
      en: ["Commercial and industrial space", "Land and development projects", "Buildings of six units or more"],
    },
    summary: {
      fr: "Courtière immobilière commerciale depuis 2006, Chantal Morin conseille entrepreneurs et investisseurs de Lévis, de Bellechasse et de Lotbinière.",
      en: "A commercial real-estate broker since 2006, Chantal Morin advises business owners and investors in Lévis, Bellechasse and Lotbinière.",
    },
    bio: {
      fr: [
        "Chantal a travaillé dix ans en développement économique à la Ville de Lévis avant de devenir courtière commerciale. Zonage, usages permis, servitudes et potentiel de développement n'ont pas de secret pour elle : elle sait lire un règlement d'urbanisme avant de recommander un terrain.",
        "Elle représente des entrepreneurs qui cherchent un local ou un entrepôt, des propriétaires qui vendent un immeuble commercial et des investisseurs qui achètent des immeubles de six logements et plus. Chaque mandat commence par une analyse écrite du marché et des revenus.",
      ],
      en: [
        "Chantal spent ten years in economic development at the City of Lévis before becoming a commercial broker. Zoning, permitted uses, servitudes and development potential hold no secrets for her: she reads a town-planning by-law before recommending a lot.",
        "She represents business owners looking for premises or a warehouse, owners selling a commercial building and investors buying buildings of six units or more. Every mandate starts with a written analysis of the market and the income.",
      ],
    },
    listingTypes: ["comm", "terrain"],
    listingsTitle: {
      fr: "Commerces et terrains à vendre à Lévis",
      en: "Commercial properties and land for sale in Lévis",
    },
  },
  {
    slug: "olivier-fournier",
    gender: "m",
    since: 2015,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Charny", "Saint-Jean-Chrysostome", "Breakeyville"],
    specialities: {
      fr: ["Maisons unifamiliales", "Vendre et acheter en même temps", "Propriétés avec piscine et grand terrain"],
      en: ["Single-family homes", "Selling and buying at the same time", "Homes with a pool and a large lot"],
    },
    summary: {
      fr: "Courtier résidentiel depuis 2015, Olivier Fournier aide les familles de Charny, de Saint-Jean-Chrysostome et de Breakeyville à vendre et à acheter sans double déménagement.",
      en: "A residential broker since 2015, Olivier Fournier helps families in Charny, Saint-Jean-Chrysostome and Breakeyville sell and buy without moving twice.",
    },
    bio: {
      fr: [
        "Ancien entrepreneur en rénovation, Olivier repère en une visite ce qui coûtera cher : drain français, fenêtres d'origine, panneau électrique à remplacer. Ses acheteurs savent avant de faire une offre ce que la maison leur demandera dans les cinq prochaines années.",
        "Il accompagne surtout des familles qui vendent pour acheter plus grand. Il coordonne les deux transactions, les dates d'occupation et le financement temporaire pour que ses clients ne déménagent qu'une fois.",
      ],
      en: [
        "A former renovation contractor, Olivier spots in one visit what will be expensive: the weeping tile, original windows, an electrical panel to replace. His buyers know before making an offer what the house will ask of them over the next five years.",
        "He mostly works with families selling to buy something bigger. He coordinates both transactions, the occupancy dates and the bridge financing so that his clients only move once.",
      ],
    },
    listingTypes: ["maison"],
    listingsTitle: { fr: "Maisons à vendre à Lévis", en: "Houses for sale in Lévis" },
    portrait: { hair: "crew", hairColour: "#c89d5e", skin: "#f1c7a5", shirt: "#1f4e79", background: "#dfe9f2" },
  },
  {
    slug: "nadia-bouchard",
    gender: "f",
    since: 2013,
    languages: { fr: "Français, anglais et arabe", en: "French, English and Arabic" },
    areas: ["Saint-Romuald", "Saint-David", "Lauzon"],
    specialities: {
      fr: ["Nouveaux arrivants au Québec", "Constructions neuves"],
      en: ["Newcomers to Québec", "New construction"],
    },
    summary: {
      fr: "Courtière depuis 2013, Nadia Bouchard accompagne les premiers acheteurs et les nouveaux arrivants de Saint-Romuald, de Saint-David et de Lauzon, en français, en anglais et en arabe.",
      en: "A broker since 2013, Nadia Bouchard guides first-time buyers and newcomers in Saint-Romuald, Saint-David and Lauzon, in French, English and Arabic.",
    },
    bio: {
      fr: [
        "Nadia est arrivée à Lévis avec sa famille à l'âge de douze ans. Elle sait ce que c'est de découvrir un marché, des règles et un vocabulaire nouveaux : promesse d'achat, taxe de bienvenue, certificat de localisation. Elle prend le temps d'expliquer chaque étape, dans la langue de ses clients.",
        "Elle suit aussi de près les projets de constructions neuves de la Rive-Sud et négocie pour ses acheteurs avec les constructeurs : garanties, extras inclus et date de livraison. Elle est bénévole au Centre d'aide aux nouveaux arrivants de Lévis.",
      ],
      en: [
        "Nadia came to Lévis with her family at the age of twelve. She knows what it is like to discover a new market, new rules and new words: promise to purchase, welcome tax, certificate of location. She takes the time to explain every step, in her clients' language.",
        "She also follows the South Shore's new construction projects closely and negotiates with builders for her buyers: warranties, included extras and delivery date. She volunteers at a Lévis newcomers' help centre.",
      ],
    },
    listingsTitle: { fr: "Propriétés à vendre à Lévis", en: "Properties for sale in Lévis" },
    portrait: { hair: "long", hairColour: "#1f1712", skin: "#c99268", shirt: "#0f6b6b", background: "#dcefee" },
  },
  {
    slug: "etienne-lachance",
    gender: "m",
    since: 2011,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Vieux-Lévis", "Lauzon", "Charny"],
    specialities: {
      fr: ["Duplex, triplex et quintuplex", "Analyse de rentabilité", "Premier immeuble à revenus"],
      en: ["Duplexes, triplexes and fiveplexes", "Return on investment analysis", "First income property"],
    },
    summary: {
      fr: "Courtier résidentiel et plex depuis 2011, Étienne Lachance aide les investisseurs de Lévis à acheter, financer et revendre des immeubles à revenus.",
      en: "A residential and plex broker since 2011, Étienne Lachance helps Lévis investors buy, finance and resell income properties.",
    },
    bio: {
      fr: [
        "Propriétaire de deux triplex dans le Vieux-Lévis, Étienne parle la langue des investisseurs : revenus bruts, taux d'inoccupation, ratio de couverture de la dette. Avant chaque offre, il remet à ses clients une analyse de rentabilité qui tient compte des baux en place et des travaux à prévoir.",
        "Il aime particulièrement accompagner les propriétaires occupants qui achètent un premier duplex : habiter un logement et louer l'autre reste l'une des meilleures façons d'entrer sur le marché à Lévis.",
      ],
      en: [
        "The owner of two triplexes in Old Lévis, Étienne speaks investors' language: gross income, vacancy rate, debt coverage ratio. Before every offer, he gives his clients a return analysis that accounts for the current leases and the work to plan for.",
        "He especially likes helping owner-occupants buy a first duplex: living in one unit and renting the other is still one of the best ways into the Lévis market.",
      ],
    },
    listingTypes: ["prop"],
    listingsTitle: { fr: "Plex à vendre à Lévis", en: "Plexes for sale in Lévis" },
    portrait: {
      hair: "short",
      hairColour: "#2b1d14",
      skin: "#d9a47c",
      shirt: "#5b4a8a",
      background: "#e8e4f2",
      beard: true,
    },
  },
  {
    slug: "genevieve-roy",
    gender: "f",
    since: 2016,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Pintendre", "Saint-Henri", "Beaumont"],
    specialities: {
      fr: ["Propriétés à la campagne", "Puits et installations septiques", "Maisons avec grand terrain"],
      en: ["Country properties", "Wells and septic systems", "Homes on large lots"],
    },
    summary: {
      fr: "Courtière depuis 2016, Geneviève Roy est la spécialiste des propriétés à la campagne de Pintendre, de Saint-Henri et de Beaumont.",
      en: "A broker since 2016, Geneviève Roy is our specialist in country properties in Pintendre, Saint-Henri and Beaumont.",
    },
    bio: {
      fr: [
        "Geneviève a grandi sur une ferme laitière de Saint-Henri. Elle accompagne les familles qui quittent la ville pour plus d'espace et sait ce qu'une propriété à la campagne demande : test d'eau du puits, conformité de l'installation septique, droits de passage et zonage agricole.",
        "Ses vendeurs apprécient ses mises en marché soignées, avec photos aériennes et plan du terrain, qui attirent des acheteurs de Québec comme de la Rive-Sud.",
      ],
      en: [
        "Geneviève grew up on a dairy farm in Saint-Henri. She helps families leaving the city for more space and knows what a country property asks of its owner: a well water test, a compliant septic system, rights of way and agricultural zoning.",
        "Her sellers value her careful marketing, with aerial photos and a site plan, which draws buyers from Québec City as well as the South Shore.",
      ],
    },
    listingTypes: ["maison", "ferme", "terrain"],
    listingsTitle: { fr: "Maisons et terrains à vendre à Lévis", en: "Houses and land for sale in Lévis" },
    portrait: { hair: "long", hairColour: "#a0522d", skin: "#f4d0b5", shirt: "#4f7a28", background: "#eaf1e0" },
  },
  {
    slug: "patrick-cote",
    gender: "m",
    since: 2019,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Saint-Romuald", "Saint-Jean-Chrysostome", "Sainte-Hélène-de-Breakeyville"],
    specialities: {
      fr: ["Financement hypothécaire", "Jumelés et maisons en rangée"],
      en: ["Mortgage financing", "Semi-detached and row houses"],
    },
    summary: {
      fr: "Ancien conseiller hypothécaire, Patrick Côté est courtier depuis 2019 et aide les premiers acheteurs de Saint-Romuald et de Saint-Jean-Chrysostome à acheter selon leur budget.",
      en: "A former mortgage advisor, Patrick Côté has been a broker since 2019 and helps first-time buyers in Saint-Romuald and Saint-Jean-Chrysostome buy within their budget.",
    },
    bio: {
      fr: [
        "Patrick a passé huit ans comme conseiller hypothécaire dans une caisse de la Rive-Sud avant de devenir courtier immobilier. Il sait ce qu'un prêteur regarde dans un dossier et aide ses acheteurs à se présenter avec une préapprobation solide et un budget qui tient compte de tous les frais.",
        "Il connaît bien les jumelés et les maisons en rangée des nouveaux quartiers de Saint-Jean-Chrysostome, souvent la meilleure porte d'entrée pour une jeune famille.",
      ],
      en: [
        "Patrick spent eight years as a mortgage advisor at a South Shore credit union before becoming a real-estate broker. He knows what a lender looks for and helps his buyers come with a solid pre-approval and a budget that accounts for every cost.",
        "He knows the semi-detached and row houses of Saint-Jean-Chrysostome's new neighbourhoods well, often the best way in for a young family.",
      ],
    },
    listingTypes: ["maison", "condo"],
    listingsTitle: { fr: "Maisons et condos à vendre à Lévis", en: "Houses and condos for sale in Lévis" },
  },
  {
    slug: "isabelle-dion",
    gender: "f",
    since: 2012,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Desjardins", "Saint-Nicolas", "Vieux-Lévis"],
    specialities: {
      fr: ["Condos et copropriétés divises", "Documents de copropriété et fonds de prévoyance", "Condos neufs"],
      en: ["Condos and divided co-ownership", "Co-ownership documents and contingency funds", "New condos"],
    },
    summary: {
      fr: "Courtière depuis 2012, Isabelle Dion est la spécialiste des condos d'Immobilier Rive-Sud, de Desjardins au Vieux-Lévis.",
      en: "A broker since 2012, Isabelle Dion is Immobilier Rive-Sud's condo specialist, from Desjardins to Old Lévis.",
    },
    bio: {
      fr: [
        "Isabelle ne vend que des condos, et elle lit tout : déclaration de copropriété, procès-verbaux des assemblées, étude du fonds de prévoyance et carnet d'entretien. Ses acheteurs savent avant de signer si une cotisation spéciale se prépare.",
        "Elle conseille aussi les syndicats de copropriété et les vendeurs qui doivent réunir les documents exigés depuis la réforme de 2020. Elle habite elle-même un condo du secteur Desjardins, près du parcours des Anses.",
      ],
      en: [
        "Isabelle only sells condos, and she reads everything: the declaration of co-ownership, the minutes of the meetings, the contingency fund study and the maintenance log. Her buyers know before signing whether a special assessment is coming.",
        "She also advises co-ownership syndicates and sellers gathering the documents required since the 2020 reform. She lives in a condo in the Desjardins district herself, near the Parcours des Anses trail.",
      ],
    },
    listingTypes: ["condo"],
    listingsTitle: { fr: "Condos à vendre à Lévis", en: "Condos for sale in Lévis" },
    portrait: { hair: "bob", hairColour: "#3b2a20", skin: "#e8b894", shirt: "#b0413e", background: "#f6e5e2" },
  },
  {
    slug: "maxime-paquet",
    gender: "m",
    since: 2020,
    languages: { fr: "Français et anglais", en: "French and English" },
    areas: ["Saint-Romuald", "Charny", "Breakeyville"],
    specialities: {
      fr: ["Vente résidentielle", "Photos, vidéo et visites virtuelles", "Maisons à étages"],
      en: ["Residential sales", "Photos, video and virtual tours", "Two-storey homes"],
    },
    summary: {
      fr: "Courtier résidentiel depuis 2020, Maxime Paquet vend les maisons de Saint-Romuald, de Charny et de Breakeyville avec des mises en marché photo et vidéo soignées.",
      en: "A residential broker since 2020, Maxime Paquet sells homes in Saint-Romuald, Charny and Breakeyville with careful photo and video marketing.",
    },
    bio: {
      fr: [
        "Avant l'immobilier, Maxime était vidéaste. Chaque propriété qu'il inscrit a droit à des photos professionnelles, à une courte vidéo et à une visite virtuelle : les acheteurs arrivent à la première visite en sachant déjà que la maison leur plaît.",
        "Il conseille ses vendeurs sur les petits travaux qui rapportent avant la mise en vente et leur envoie chaque semaine les statistiques de leur annonce. Il joue au hockey le mardi soir à l'aréna de Saint-Romuald.",
      ],
      en: [
        "Before real estate, Maxime was a videographer. Every property he lists gets professional photos, a short video and a virtual tour: buyers come to the first showing already knowing they like the house.",
        "He advises his sellers on the small jobs that pay off before listing and sends them their listing's statistics every week. He plays hockey on Tuesday nights at the Saint-Romuald arena.",
      ],
    },
    listingTypes: ["maison"],
    listingsTitle: { fr: "Maisons à vendre à Lévis", en: "Houses for sale in Lévis" },
    portrait: { hair: "crew", hairColour: "#1f1712", skin: "#8d5a3b", shirt: "#24364a", background: "#e0e6ec" },
  },
];
