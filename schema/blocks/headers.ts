/**
 * Header blocks (blocks.md §2 Headers, §3 Header and Menus, §9 Layout): classic,
 * megamenu and out-of-norm. `logo_image_light` is the logo drawn on light schemes
 * (normal, normal-grey), `logo_image_dark` the one drawn on the dark scheme (inverted).
 */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";

/** A link of a submenu (rawSubMenuRepeater item). */
export const subMenuItemShape = {
  menu_link: f.link("menu_link"),
};

/** A mega group card: link, featured image, title and description. */
export const megaGroupItemShape = {
  menu_link: f.link("menu_link"),
  featured_image: f.image("featured_image").optional(),
  main_title: f.text("main_title").optional(),
  description: f.textarea("description").optional(),
};

/** A top-level navigation item (rawMenuLinkField): a link with an optional submenu. */
export const navItemShape = {
  menu_link: f.link("menu_link"),
  submenu: f.repeater("sub_menu_item", subMenuItemShape, "submenu").optional(),
};

export const megaNavItemShape = {
  ...navItemShape,
  group_menu_repeater: f.repeater("mega_group_item", megaGroupItemShape, "group_menu_repeater").optional(),
};

export const iconLinkItemShape = {
  icon: f.icon("icon"),
  link: f.link("link"),
};

export const iconListItemShape = {
  icon: f.icon("icon"),
  text: f.text("text"),
};

/** A super-header section (out-of-norm): its own colours, icon links and icon lists. */
export const supSectionShape = {
  bg_color_primary: f.colour("bg_color_primary").optional(),
  text_color: f.colour("text_color").optional(),
  icon_links_repeater: f.repeater("icon_link_item", iconLinkItemShape, "icon_links_repeater").optional(),
  icon_lists_repeater: f.repeater("icon_list_item", iconListItemShape, "icon_lists_repeater").optional(),
};

const HEADER_ORIENTATION_LABELS = {
  center: { fr: "Menu centré", en: "Centred menu" },
  left: { fr: "Menu à gauche", en: "Menu on the left" },
} as const;

const headerParams = {
  orientation_x: f.select(["center", "left"], "orientation_x", HEADER_ORIENTATION_LABELS).default("center"),
  logo_multiplier: f.number("logo_multiplier").default(1),
  show_remax_logo: f.boolean("show_remax_logo").default(true),
};

const commonFields = {
  logo_image_light: f.image("logo_image_light").optional(),
  logo_image_dark: f.image("logo_image_dark").optional(),
  cta_button: f.link("cta_button").optional(),
  cta_sms: f.link("cta_sms").optional(),
};

// ---- examples ---------------------------------------------------------------

const logos = {
  fr: {
    logo_image_light: {
      url: "/images/julie-tremblay-logo.svg",
      alt: "Julie Tremblay, courtière immobilière",
      width: 220,
      height: 48,
    },
    logo_image_dark: {
      url: "/images/julie-tremblay-logo-white.svg",
      alt: "Julie Tremblay, courtière immobilière",
      width: 220,
      height: 48,
    },
  },
  en: {
    logo_image_light: {
      url: "/images/julie-tremblay-logo.svg",
      alt: "Julie Tremblay, real-estate broker",
      width: 220,
      height: 48,
    },
    logo_image_dark: {
      url: "/images/julie-tremblay-logo-white.svg",
      alt: "Julie Tremblay, real-estate broker",
      width: 220,
      height: 48,
    },
  },
};

const ctas = {
  fr: {
    cta_button: { url: "/fr/contact", text: "Me joindre" },
    cta_sms: { url: "sms:+14185550142", text: "Texto" },
  },
  en: {
    cta_button: { url: "/en/contact", text: "Contact me" },
    cta_sms: { url: "sms:+14185550142", text: "Text me" },
  },
};

export const exampleMenu = {
  fr: [
    { menu_link: { url: "/fr", text: "Accueil" } },
    {
      menu_link: { url: "/fr/a-propos", text: "À propos" },
      submenu: [
        { menu_link: { url: "/fr/termes-et-conditions", text: "Termes et conditions" } },
        { menu_link: { url: "/fr/politique-confidentialite", text: "Politique de confidentialité" } },
      ],
    },
    { menu_link: { url: "/fr/proprietes", text: "Propriétés" } },
    { menu_link: { url: "/fr/blogue", text: "Blogue" } },
    { menu_link: { url: "/fr/contact", text: "Contact" } },
  ],
  en: [
    { menu_link: { url: "/en", text: "Home" } },
    {
      menu_link: { url: "/en/about", text: "About" },
      submenu: [
        { menu_link: { url: "/en/terms-and-conditions", text: "Terms and conditions" } },
        { menu_link: { url: "/en/privacy-policy", text: "Privacy policy" } },
      ],
    },
    { menu_link: { url: "/en/properties", text: "Properties" } },
    { menu_link: { url: "/en/blog", text: "Blog" } },
    { menu_link: { url: "/en/contact", text: "Contact" } },
  ],
};

// ---- definitions ------------------------------------------------------------

export const headerClassicBlock = defineBlock({
  type: "header_classic_block",
  family: "headers",
  label: { fr: "En-tête classique", en: "Classic header" },
  description: {
    fr: "En-tête classique : logo, menu, bouton d'action",
    en: "Classic header: logo, menu, call to action",
  },
  overlap: 130,
  params: headerParams,
  fields: {
    ...commonFields,
    menu_repeater: f.repeater("menu_item", navItemShape, "menu_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "center", logo_multiplier: 1, show_remax_logo: true },
    fields: {
      fr: { ...logos.fr, ...ctas.fr, menu_repeater: exampleMenu.fr },
      en: { ...logos.en, ...ctas.en, menu_repeater: exampleMenu.en },
    },
  },
});

export const headerMegamenuBlock = defineBlock({
  type: "header_megamenu_block",
  family: "headers",
  label: { fr: "En-tête à méga-menu", en: "Megamenu header" },
  description: {
    fr: "En-tête à méga-menu : groupes illustrés",
    en: "Megamenu header: illustrated groups",
  },
  overlap: 197,
  params: headerParams,
  fields: {
    ...commonFields,
    menu_repeater: f.repeater("mega_menu_item", megaNavItemShape, "menu_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "center", logo_multiplier: 1, show_remax_logo: true },
    fields: {
      fr: {
        ...logos.fr,
        ...ctas.fr,
        menu_repeater: [
          exampleMenu.fr[0]!,
          {
            menu_link: { url: "/fr/proprietes", text: "Acheter" },
            group_menu_repeater: [
              {
                menu_link: { url: "/fr/proprietes", text: "Voir les propriétés" },
                featured_image: { url: "/images/menu-buy.svg", alt: "", width: 320, height: 180 },
                main_title: "Propriétés à vendre",
                description: "Maisons, condos et plex à Québec et sur la Rive-Sud.",
              },
              {
                menu_link: { url: "/fr/blogue", text: "Lire nos conseils" },
                featured_image: { url: "/images/menu-guide.svg", alt: "", width: 320, height: 180 },
                main_title: "Guide de l'acheteur",
                description: "Les étapes clés, de la préapprobation hypothécaire à la signature chez le notaire.",
              },
            ],
          },
          exampleMenu.fr[1]!,
          exampleMenu.fr[4]!,
        ],
      },
      en: {
        ...logos.en,
        ...ctas.en,
        menu_repeater: [
          exampleMenu.en[0]!,
          {
            menu_link: { url: "/en/properties", text: "Buy" },
            group_menu_repeater: [
              {
                menu_link: { url: "/en/properties", text: "See the listings" },
                featured_image: { url: "/images/menu-buy.svg", alt: "", width: 320, height: 180 },
                main_title: "Properties for sale",
                description: "Houses, condos and plexes in Québec City and on the South Shore.",
              },
              {
                menu_link: { url: "/en/blog", text: "Read our advice" },
                featured_image: { url: "/images/menu-guide.svg", alt: "", width: 320, height: 180 },
                main_title: "Buyer's guide",
                description: "The key steps, from mortgage pre-approval to signing at the notary's office.",
              },
            ],
          },
          exampleMenu.en[1]!,
          exampleMenu.en[4]!,
        ],
      },
    },
  },
});

export const headerOutOfNormBlock = defineBlock({
  type: "header_out_of_norm_block",
  family: "headers",
  label: { fr: "En-tête hors norme", en: "Out-of-norm header" },
  description: {
    fr: "En-tête hors norme : super-en-tête et second logo",
    en: "Out-of-norm header: super header and second logo",
  },
  overlap: 138,
  params: {
    ...headerParams,
    orientation_x: f.select(["center", "left"], "orientation_x", HEADER_ORIENTATION_LABELS).default("left"),
  },
  fields: {
    ...commonFields,
    /** Optional franchise second logo, next to the main logo. */
    franchise_logo_image: f.image("franchise_logo_image").optional(),
    menu_repeater: f.repeater("menu_item", navItemShape, "menu_repeater").optional(),
    sup_sections_repeater: f.repeater("sup_section_item", supSectionShape, "sup_sections_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "left", logo_multiplier: 1, show_remax_logo: false },
    fields: {
      fr: {
        ...logos.fr,
        ...ctas.fr,
        franchise_logo_image: { url: "/images/remax-logo.svg", alt: "RE/MAX", width: 120, height: 40 },
        menu_repeater: exampleMenu.fr,
        sup_sections_repeater: [
          {
            bg_color_primary: "#083a7a",
            text_color: "#ffffff",
            icon_lists_repeater: [
              { icon: { type: "phone" }, text: "418 555-0142" },
              { icon: { type: "map-pin" }, text: "1250, boulevard Guillaume-Couture, Lévis" },
            ],
            icon_links_repeater: [
              {
                icon: { type: "facebook" },
                link: { url: "https://www.facebook.com/julietremblaycourtiere", text: "Facebook", target: "_blank" },
              },
              {
                icon: { type: "instagram" },
                link: { url: "https://www.instagram.com/julietremblay.courtiere", text: "Instagram", target: "_blank" },
              },
            ],
          },
        ],
      },
      en: {
        ...logos.en,
        ...ctas.en,
        franchise_logo_image: { url: "/images/remax-logo.svg", alt: "RE/MAX", width: 120, height: 40 },
        menu_repeater: exampleMenu.en,
        sup_sections_repeater: [
          {
            bg_color_primary: "#083a7a",
            text_color: "#ffffff",
            icon_lists_repeater: [
              { icon: { type: "phone" }, text: "418-555-0142" },
              { icon: { type: "map-pin" }, text: "1250 Guillaume-Couture Blvd, Lévis" },
            ],
            icon_links_repeater: [
              {
                icon: { type: "facebook" },
                link: { url: "https://www.facebook.com/julietremblaycourtiere", text: "Facebook", target: "_blank" },
              },
              {
                icon: { type: "instagram" },
                link: { url: "https://www.instagram.com/julietremblay.courtiere", text: "Instagram", target: "_blank" },
              },
            ],
          },
        ],
      },
    },
  },
});

export const headerBlocks = [headerClassicBlock, headerMegamenuBlock, headerOutOfNormBlock] as const;
export type HeaderMegamenuFields = z.output<typeof headerMegamenuBlock.fields>;
export type HeaderOutOfNormFields = z.output<typeof headerOutOfNormBlock.fields>;
export type HeaderParams = z.output<typeof headerClassicBlock.params>;
export type NavItem = NonNullable<HeaderMegamenuFields["menu_repeater"]>[number];
export type SupSection = NonNullable<HeaderOutOfNormFields["sup_sections_repeater"]>[number];
