import { defineBlock } from "../block";
import { f } from "../fields";
import { iconLinkItemShape, navItemShape } from "./headers";

export const footerClassicBlock = defineBlock({
  type: "footer_classic_block",
  family: "footers",
  label: { fr: "Pied de page classique", en: "Classic footer" },
  description: {
    fr: "Pied de page classique : logo, colonnes de liens, réseaux sociaux",
    en: "Classic footer: logo, link columns, social links",
  },
  fields: {
    agency: f.text("agency").optional(),
    /**
     * The broker's or agency's identification that OACIQ requires in advertising: name and
     * licence title (`licence`), the agency she works for (`agency_name`), and how to reach
     * her (`address`, `phone`).
     */
    licence: f.text("licence").optional(),
    agency_name: f.text("agency_name").optional(),
    address: f.text("address").optional(),
    phone: f.link("phone").optional(),
    all_rights_reserved: f.text("all_rights_reserved").optional(),
    logo_image_light: f.image("logo_image_light").optional(),
    logo_image_dark: f.image("logo_image_dark").optional(),
    cta: f.link("cta").optional(),
    icon_links_repeater: f.repeater("icon_link_item", iconLinkItemShape, "icon_links_repeater").optional(),
    /** Menu columns: the item's link is the column title, its submenu the column's links. */
    menu_repeater: f.repeater("menu_item", navItemShape, "menu_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "inverted" },
    fields: {
      fr: {
        agency: "Julie Tremblay, courtière immobilière résidentielle",
        licence: "Julie Tremblay, courtière immobilière résidentielle, permis OACIQ J7421",
        agency_name:
          "Immobilier Rive-Sud inc., agence immobilière franchisée indépendante et autonome de RE/MAX Québec inc.",
        address: "1250, boulevard Guillaume-Couture, Lévis (Québec) G6W 0R5",
        phone: { url: "tel:+14185550142", text: "418 555-0142" },
        all_rights_reserved: "Tous droits réservés.",
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
        cta: { url: "/fr/contact", text: "Planifier une rencontre" },
        icon_links_repeater: [
          {
            icon: { type: "facebook" },
            link: { url: "https://www.facebook.com/julietremblaycourtiere", text: "Facebook", target: "_blank" },
          },
          {
            icon: { type: "instagram" },
            link: { url: "https://www.instagram.com/julietremblay.courtiere", text: "Instagram", target: "_blank" },
          },
          {
            icon: { type: "linkedin" },
            link: { url: "https://www.linkedin.com/in/julie-tremblay-courtiere", text: "LinkedIn", target: "_blank" },
          },
        ],
        menu_repeater: [
          {
            menu_link: { text: "Naviguer" },
            submenu: [
              { menu_link: { url: "/fr", text: "Accueil" } },
              { menu_link: { url: "/fr/a-propos", text: "À propos" } },
              { menu_link: { url: "/fr/proprietes", text: "Propriétés" } },
            ],
          },
          {
            menu_link: { text: "Ressources" },
            submenu: [
              { menu_link: { url: "/fr/blogue", text: "Blogue" } },
              { menu_link: { url: "/fr/contact", text: "Contact" } },
              { menu_link: { url: "/fr/termes-et-conditions", text: "Termes et conditions" } },
            ],
          },
        ],
      },
      en: {
        agency: "Julie Tremblay, residential real-estate broker",
        licence: "Julie Tremblay, residential real estate broker, OACIQ licence J7421",
        agency_name:
          "Immobilier Rive-Sud inc., real estate agency, an independent and autonomous franchisee of RE/MAX Québec inc.",
        address: "1250 Guillaume-Couture Boulevard, Lévis, Quebec G6W 0R5",
        phone: { url: "tel:+14185550142", text: "418 555-0142" },
        all_rights_reserved: "All rights reserved.",
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
        cta: { url: "/en/contact", text: "Book a meeting" },
        icon_links_repeater: [
          {
            icon: { type: "facebook" },
            link: { url: "https://www.facebook.com/julietremblaycourtiere", text: "Facebook", target: "_blank" },
          },
          {
            icon: { type: "instagram" },
            link: { url: "https://www.instagram.com/julietremblay.courtiere", text: "Instagram", target: "_blank" },
          },
          {
            icon: { type: "linkedin" },
            link: { url: "https://www.linkedin.com/in/julie-tremblay-courtiere", text: "LinkedIn", target: "_blank" },
          },
        ],
        menu_repeater: [
          {
            menu_link: { text: "Browse" },
            submenu: [
              { menu_link: { url: "/en", text: "Home" } },
              { menu_link: { url: "/en/about", text: "About" } },
              { menu_link: { url: "/en/properties", text: "Properties" } },
            ],
          },
          {
            menu_link: { text: "Resources" },
            submenu: [
              { menu_link: { url: "/en/blog", text: "Blog" } },
              { menu_link: { url: "/en/contact", text: "Contact" } },
              { menu_link: { url: "/en/terms-and-conditions", text: "Terms and conditions" } },
            ],
          },
        ],
      },
    },
  },
});

export const footerBlocks = [footerClassicBlock] as const;
