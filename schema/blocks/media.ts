import { defineBlock } from "../block";
import { f } from "../fields";

export const mediasCarouselBlock = defineBlock({
  type: "medias_carousel_block",
  family: "media",
  label: { fr: "Carrousel de médias", en: "Media carousel" },
  description: {
    fr: "Carrousel de photos ou vidéos avec titre, texte et bouton",
    en: "Carousel of photos or videos with title, text and button",
  },
  fields: {
    items: f
      .repeater(
        "medias_carousel_item",
        {
          main_title: f.text().optional(),
          description: f.richtext().optional(),
          cta: f.link().optional(),
          media: f.media().optional(),
        },
        "items",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "inverted" },
    fields: {
      fr: {
        items: [
          {
            main_title: "Des photos qui font vendre",
            description: "<p>Chaque propriété est photographiée par un professionnel, de jour comme au crépuscule.</p>",
            media: {
              image: { url: "/images/house.svg", alt: "Maison photographiée au crépuscule", width: 1200, height: 675 },
            },
          },
          {
            main_title: "Des visites bien préparées",
            description: "<p>Je prépare chaque visite avec vous : mise en valeur, horaires et suivi des visiteurs.</p>",
            cta: { url: "/fr/vendre-sa-propriete", text: "Lire le guide du vendeur" },
            media: { image: { url: "/images/condo.svg", alt: "Salon lumineux d'un condo", width: 1200, height: 675 } },
          },
          {
            main_title: "Une signature sans surprise",
            description: "<p>De la promesse d'achat jusqu'au notaire, je m'occupe des délais et des conditions.</p>",
            media: { image: { url: "/images/keys.svg", alt: "Clés remises aux acheteurs", width: 1200, height: 675 } },
          },
        ],
      },
      en: {
        items: [
          {
            main_title: "Photos that sell",
            description: "<p>Every property is photographed by a professional, in daylight and at dusk.</p>",
            media: { image: { url: "/images/house.svg", alt: "House photographed at dusk", width: 1200, height: 675 } },
          },
          {
            main_title: "Well-prepared showings",
            description: "<p>I prepare each showing with you: staging, schedules and visitor follow-up.</p>",
            cta: { url: "/en/selling-your-property", text: "Read the seller's guide" },
            media: { image: { url: "/images/condo.svg", alt: "Bright condo living room", width: 1200, height: 675 } },
          },
          {
            main_title: "A signing with no surprises",
            description: "<p>From the promise to purchase to the notary, I handle the deadlines and conditions.</p>",
            media: { image: { url: "/images/keys.svg", alt: "Keys handed to the buyers", width: 1200, height: 675 } },
          },
        ],
      },
    },
  },
});

export const carouselCardsBlock = defineBlock({
  type: "carousel_cards_block",
  family: "media",
  label: { fr: "Carrousel de cartes", en: "Card carousel" },
  description: {
    fr: "Carrousel de cartes avec image, titre et bouton",
    en: "Carousel of cards with image, title and button",
  },
  fields: {
    main_title: f.text().optional(),
    items: f
      .repeater(
        "carousel_card_item",
        {
          image: f.image().optional(),
          main_title: f.text().optional(),
          description: f.richtext().optional(),
          cta: f.link().optional(),
        },
        "items",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "Les quartiers que je connais par cœur",
        items: [
          {
            image: { url: "/images/levis-river.svg", alt: "Le fleuve vu de Lévis", width: 640, height: 420 },
            main_title: "Lévis",
            description: "<p>La vue sur Québec, le traversier et des quartiers familiaux.</p>",
            cta: { url: "/fr/proprietes", text: "Voir les propriétés" },
          },
          {
            image: { url: "/images/skyline.svg", alt: "Silhouette du Vieux-Québec", width: 640, height: 420 },
            main_title: "Québec",
            description: "<p>Du Vieux-Québec à Sainte-Foy, condos et maisons de ville.</p>",
            cta: { url: "/fr/proprietes", text: "Voir les propriétés" },
          },
          {
            image: { url: "/images/house.svg", alt: "Maison unifamiliale à Saint-Nicolas", width: 640, height: 420 },
            main_title: "Saint-Nicolas",
            description: "<p>De grands terrains près des écoles et des pistes cyclables.</p>",
          },
          {
            image: { url: "/images/family.svg", alt: "Famille dans un parc de Beaumont", width: 640, height: 420 },
            main_title: "Beaumont",
            description: "<p>La campagne à quinze minutes des ponts.</p>",
          },
        ],
      },
      en: {
        main_title: "Neighbourhoods I know by heart",
        items: [
          {
            image: { url: "/images/levis-river.svg", alt: "The river seen from Lévis", width: 640, height: 420 },
            main_title: "Lévis",
            description: "<p>The view of Québec City, the ferry and family neighbourhoods.</p>",
            cta: { url: "/en/properties", text: "See the listings" },
          },
          {
            image: { url: "/images/skyline.svg", alt: "Old Québec skyline", width: 640, height: 420 },
            main_title: "Québec City",
            description: "<p>From Old Québec to Sainte-Foy, condos and townhouses.</p>",
            cta: { url: "/en/properties", text: "See the listings" },
          },
          {
            image: { url: "/images/house.svg", alt: "Single-family home in Saint-Nicolas", width: 640, height: 420 },
            main_title: "Saint-Nicolas",
            description: "<p>Large lots close to schools and bike paths.</p>",
          },
          {
            image: { url: "/images/family.svg", alt: "Family in a Beaumont park", width: 640, height: 420 },
            main_title: "Beaumont",
            description: "<p>The countryside fifteen minutes from the bridges.</p>",
          },
        ],
      },
    },
  },
});

export const mediaBlocks = [mediasCarouselBlock, carouselCardsBlock] as const;
