/** Property blocks (blocks.md §3 Property blocks, §4 Filter overlay and search; site.md §4 Property search). */
import { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";

/** Default filters of a search (site.md §3 search filter parameters). */
const filterParams = {
  forSaleForRent: f
    .select(["buy", "rent"], "forSaleForRent", {
      buy: { fr: "À vendre", en: "For sale" },
      rent: { fr: "À louer", en: "For rent" },
    })
    .optional(),
  mun: z.array(z.string().regex(/^[\w-]+$/)).optional(),
  type: z.array(z.string().regex(/^[\w-]+$/)).optional(),
  price_min: f.number("price_min").optional(),
  price_max: f.number("price_max").optional(),
  bedrooms: f.number("bedrooms").optional(),
  bathrooms: f.number("bathrooms").optional(),
  open_house: f.boolean("open_house").optional(),
};

export const searchPropertiesBlock = defineBlock({
  type: "search_properties_block",
  family: "properties",
  label: { fr: "Recherche de propriétés", en: "Property search" },
  description: {
    fr: "Recherche de propriétés : liste, carte et filtres",
    en: "Property search: list, map and filters",
  },
  params: { ...filterParams, show_map: f.boolean("show_map").default(true) },
  fields: { main_title: f.text().optional() },
  permissions: { delete: false },
  example: { block_params: { show_map: true }, fields: { fr: {}, en: {} } },
});

const listingItem = {
  hover_id: f.text().optional(),
  super_title: f.text().optional(),
  main_title: f.text().optional(),
  sub_title: f.text().optional(),
  secondary_title: f.text().optional(),
  link: f.link().optional(),
  tags_repeater: f.repeater("tag_item", { tag: f.text() }).optional(),
  list_items_repeater: f.repeater("list_item", { icon: f.icon().optional(), text: f.text() }).optional(),
  /** Only the first media is used. */
  medias_repeater: f.repeater("media_item", { media: f.media() }).optional(),
};
const mapItem = {
  coords: f.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  hover_id: f.text().optional(),
  tooltip: f.text().optional(),
  /** First item used. */
  popup_repeater: f
    .repeater("popup_item", {
      main_title: f.text().optional(),
      description: f.text().optional(),
      link: f.link().optional(),
    })
    .optional(),
};

const exampleListing = (locale: "fr" | "en", n: number) => ({
  hover_id: `p${n}`,
  super_title: locale === "fr" ? "À vendre" : "For sale",
  main_title: locale === "fr" ? `${n * 100 + 50} rue Saint-Jean` : `${n * 100 + 50} Saint-Jean Street`,
  sub_title: "Québec",
  secondary_title: locale === "fr" ? `${400 + n * 25} 000 $` : `$${400 + n * 25},000`,
  link: { url: locale === "fr" ? "/fr/proprietes" : "/en/properties" },
  tags_repeater: [{ tag: locale === "fr" ? "Maison" : "House" }],
  list_items_repeater: [{ text: locale === "fr" ? "3 chambres" : "3 bedrooms" }],
  medias_repeater: [{ media: { image: { url: `/images/listings/${n}.svg` } } }],
});

export const propertiesBlock = defineBlock({
  type: "properties_block",
  family: "properties",
  label: { fr: "Propriétés et carte", en: "Properties with a map" },
  description: { fr: "Liste de propriétés avec une carte", en: "Property list with a map" },
  fields: {
    main_title: f.text().optional(),
    property_listing_item: f.repeater("property_listing_item", listingItem).optional(),
    property_map_item: f.repeater("property_map_item", mapItem).optional(),
  },
  example: {
    block_params: {},
    fields: {
      fr: {
        main_title: "Mes propriétés",
        property_listing_item: [1, 2, 3].map((n) => exampleListing("fr", n)),
        property_map_item: [1, 2, 3].map((n) => ({
          coords: { lat: 46.81 + n / 100, lng: -71.21 },
          hover_id: `p${n}`,
          tooltip: `${n}`,
        })),
      },
      en: {
        main_title: "My listings",
        property_listing_item: [1, 2, 3].map((n) => exampleListing("en", n)),
        property_map_item: [1, 2, 3].map((n) => ({
          coords: { lat: 46.81 + n / 100, lng: -71.21 },
          hover_id: `p${n}`,
          tooltip: `${n}`,
        })),
      },
    },
  },
});

/** Listings chosen by filters (the content service answers them). */
const listingSourceParams = { ...filterParams, limit: f.number("limit").default(6) };

export const propertiesSliderBlock = defineBlock({
  type: "properties_slider_block",
  family: "properties",
  label: { fr: "Carrousel de propriétés", en: "Property carousel" },
  description: { fr: "Carrousel de fiches de propriétés", en: "Carousel of property cards" },
  params: listingSourceParams,
  fields: { main_title: f.text().optional(), cta: f.link().optional() },
  example: {
    block_params: { limit: 6 },
    fields: { fr: { main_title: "Nouveautés" }, en: { main_title: "New listings" } },
  },
});

export const featuredPropertiesCarouselBlock = defineBlock({
  type: "featured_properties_carousel_block",
  family: "properties",
  label: { fr: "Propriétés en vedette", en: "Featured properties" },
  description: { fr: "Propriétés en vedette (carrousel automatique)", en: "Featured properties (autoplay carousel)" },
  params: {
    ...listingSourceParams,
    limit: f.number("limit").default(3),
    properties_cta_enabled: f.boolean().optional(),
  },
  fields: {
    main_title: f.text().optional(),
    see_all: f.link().optional(),
    property_cta_item: f
      .object({
        centered_image: f.boolean().default(true),
        image: f.image().optional(),
        main_title: f.text().optional(),
        description: f.text().optional(),
        cta: f.link().optional(),
      })
      .optional(),
  },
  example: {
    block_params: { limit: 3 },
    fields: {
      fr: {
        main_title: "Propriétés en vedette",
        see_all: { url: "/fr/proprietes", text: "Voir toutes les propriétés" },
      },
      en: { main_title: "Featured properties", see_all: { url: "/en/properties", text: "See all properties" } },
    },
  },
});

export const soldPropertiesMapBlock = defineBlock({
  type: "sold_properties_map_block",
  family: "properties",
  label: { fr: "Carte des ventes", en: "Sold properties map" },
  description: { fr: "Carte des propriétés vendues", en: "Map of sold properties" },
  fields: { main_title: f.text().optional(), description: f.text().optional() },
  example: {
    block_params: {},
    fields: { fr: { main_title: "Propriétés vendues" }, en: { main_title: "Sold properties" } },
  },
});

export const heroSearchBarBlock = defineBlock({
  type: "hero_search_bar_block",
  family: "properties",
  label: { fr: "Barre de recherche de propriétés", en: "Property search bar" },
  description: { fr: "Barre de recherche de propriétés avec onglets", en: "Property search bar with tabs" },
  params: filterParams,
  fields: {
    main_title: f.text().optional(),
    find_tab_title: f.text().optional(),
    tab_items: f
      .repeater("tab_item", {
        tab_icon: f.icon().optional(),
        tab_title: f.text(),
        content_icon: f.icon().optional(),
        description: f.text().optional(),
        cta: f.link().optional(),
      })
      .optional(),
  },
  example: {
    block_params: {},
    fields: {
      fr: {
        main_title: "Trouvez votre prochaine propriété",
        tab_items: [
          {
            tab_title: "Évaluer ma propriété",
            description: "Obtenez une évaluation gratuite.",
            cta: { url: "/fr/contact", text: "Demander" },
          },
        ],
      },
      en: {
        main_title: "Find your next property",
        tab_items: [
          {
            tab_title: "Value my home",
            description: "Get a free valuation.",
            cta: { url: "/en/contact", text: "Ask" },
          },
        ],
      },
    },
  },
});

export const propertiesBlocks = [
  searchPropertiesBlock,
  propertiesBlock,
  propertiesSliderBlock,
  featuredPropertiesCarouselBlock,
  soldPropertiesMapBlock,
  heroSearchBarBlock,
] as const;
