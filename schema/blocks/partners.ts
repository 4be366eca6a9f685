/**
 * Partners blocks (blocks.md §2 Other layout blocks, §3 Offices, partners, banks, §4 Offices,
 * partners, §9 Lists and paging): partners with a tag filter and a show-more button, and
 * bank partners with a name filter.
 */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";
import { listItemsRepeater } from "./members";

export const partnerTagShape = {
  name: f.text("name"),
  bg_color_primary: f.colour("bg_color_primary").optional(),
  text_color: f.colour("text_color").optional(),
};

export const partnerItemShape = {
  image: f.image("image").optional(),
  main_title: f.text("main_title"),
  sub_title: f.text("sub_title").optional(),
  description: f.textarea("description").optional(),
  list_items_repeater: listItemsRepeater().optional(),
  tags_repeater: f.repeater("partner_tag_item", partnerTagShape, "tags_repeater").optional(),
  cta: f.link("cta").optional(),
};

export const bankEmployeeShape = {
  person_avatar: f.image("person_avatar").optional(),
  person_name: f.text("person_name"),
  person_subtitle: f.text("person_subtitle").optional(),
  list_items_repeater: listItemsRepeater().optional(),
};

export const bankPartnerShape = {
  logo: f.image("logo").optional(),
  name: f.text("name"),
  employees_repeater: f.repeater("bank_employee_item", bankEmployeeShape, "employees_repeater").optional(),
};

const logo = (file: string, alt: string) => ({ url: `/images/partners/${file}.svg`, alt, width: 320, height: 160 });

export const partnersBlock = defineBlock({
  type: "partners_block",
  family: "partners",
  label: { fr: "Partenaires", en: "Partners" },
  description: {
    fr: "Partenaires filtrables par étiquette",
    en: "Partners with a tag filter",
  },
  fields: {
    main_title: f.text("main_title").optional(),
    description: f.textarea("description").optional(),
    partners_repeater: f.repeater("partner_item", partnerItemShape, "partners_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "Nos partenaires de confiance",
        description: "Des professionnels de la Rive-Sud avec qui nous travaillons depuis des années.",
        partners_repeater: [
          {
            image: logo("notaires", "Logo de Côté Morin notaires"),
            main_title: "Côté Morin notaires",
            sub_title: "Notaires à Lévis",
            description: "Actes de vente, hypothèques et testaments, avec rendez-vous le soir.",
            list_items_repeater: [{ icon: { type: "phone" }, text: "418 555-0311" }],
            tags_repeater: [{ name: "Notaires", bg_color_primary: "#0b4fa8", text_color: "#ffffff" }],
            cta: { url: "https://www.cotemorinnotaires.ca", text: "Visiter le site", target: "_blank" },
          },
          {
            image: logo("inspection", "Logo d'Inspection Chaudière"),
            main_title: "Inspection Chaudière",
            sub_title: "Inspecteurs en bâtiment",
            description: "Inspections préachat avec rapport photo remis en 48 heures.",
            tags_repeater: [{ name: "Inspection" }],
          },
        ],
      },
      en: {
        main_title: "Our trusted partners",
        description: "South Shore professionals we have worked with for years.",
        partners_repeater: [
          {
            image: logo("notaires", "Côté Morin notaries logo"),
            main_title: "Côté Morin notaires",
            sub_title: "Notaries in Lévis",
            description: "Deeds of sale, mortgages and wills, with evening appointments.",
            list_items_repeater: [{ icon: { type: "phone" }, text: "418 555-0311" }],
            tags_repeater: [{ name: "Notaries", bg_color_primary: "#0b4fa8", text_color: "#ffffff" }],
            cta: { url: "https://www.cotemorinnotaires.ca", text: "Visit the website", target: "_blank" },
          },
          {
            image: logo("inspection", "Inspection Chaudière logo"),
            main_title: "Inspection Chaudière",
            sub_title: "Building inspectors",
            description: "Pre-purchase inspections with a photo report delivered within 48 hours.",
            tags_repeater: [{ name: "Inspection" }],
          },
        ],
      },
    },
  },
});

const employee = (name: string, subtitle: string, phone: string) => ({
  person_avatar: { url: "/images/portrait-broker.svg", alt: "", width: 480, height: 600 },
  person_name: name,
  person_subtitle: subtitle,
  list_items_repeater: [{ icon: { type: "phone" }, text: phone }],
});

export const bankPartnersBlock = defineBlock({
  type: "bank_partners_block",
  family: "partners",
  label: { fr: "Partenaires financiers", en: "Partner banks" },
  description: {
    fr: "Institutions financières partenaires avec filtre par nom",
    en: "Partner banks with a name filter",
  },
  fields: {
    main_title: f.text("main_title").optional(),
    banks_repeater: f.repeater("bank_partner_item", bankPartnerShape, "banks_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey" },
    fields: {
      fr: {
        main_title: "Nos partenaires financiers",
        banks_repeater: [
          {
            logo: logo("caisse", "Logo de la Caisse Desjardins de Lévis"),
            name: "Caisse Desjardins de Lévis",
            employees_repeater: [employee("Nathalie Côté", "Conseillère hypothécaire", "418 555-0420")],
          },
          {
            logo: logo("banque", "Logo de la Banque Laurentienne"),
            name: "Banque Laurentienne",
            employees_repeater: [employee("Éric Bouchard", "Directeur de comptes", "418 555-0433")],
          },
        ],
      },
      en: {
        main_title: "Our financial partners",
        banks_repeater: [
          {
            logo: logo("caisse", "Caisse Desjardins de Lévis logo"),
            name: "Caisse Desjardins de Lévis",
            employees_repeater: [employee("Nathalie Côté", "Mortgage advisor", "418 555-0420")],
          },
          {
            logo: logo("banque", "Laurentian Bank logo"),
            name: "Laurentian Bank",
            employees_repeater: [employee("Éric Bouchard", "Account manager", "418 555-0433")],
          },
        ],
      },
    },
  },
});

export const partnersBlocks = [partnersBlock, bankPartnersBlock] as const;
export type PartnerItem = NonNullable<z.output<typeof partnersBlock.fields>["partners_repeater"]>[number];
