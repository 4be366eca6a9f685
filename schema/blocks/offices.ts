/**
 * Offices blocks (blocks.md §2 Other layout blocks: offices grid, offices list with
 * map; §3 Offices, partners, banks; Office map item; §4 Offices map rules).
 */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";
import { POPUP_TRIGGER_LABELS } from "../labels";

/** An icon and a line of text (address, phone, e-mail…). */
export const officeListItemShape = {
  icon: f.icon("icon"),
  text: f.text("text"),
};

/** Office item: a default image is used when `image` is missing. */
export const officeItemShape = {
  main_title: f.text("main_title"),
  cta: f.link("cta").optional(),
  image: f.image("image").optional(),
  list_items_repeater: f.repeater("icon_list_item", officeListItemShape, "list_items_repeater").optional(),
};

/** Offices list item: an office item with the id that pairs it with its map marker. */
export const officesListItemShape = {
  hover_id: f.text("hover_id"),
  ...officeItemShape,
};

export const coordsShape = {
  lat: f.number("lat"),
  lng: f.number("lng"),
};

/** Office map item: coordinates, the paired office and its popup (only the first popup item is used). */
export const officeMapItemShape = {
  hover_id: f.text("hover_id"),
  coords: f.object(coordsShape, "coords"),
  popup_repeater: f
    .repeater(
      "office_popup_item",
      {
        main_title: f.text("main_title").optional(),
        description: f.textarea("description").optional(),
        cta: f.link("cta").optional(),
      },
      "popup_repeater",
    )
    .optional(),
};

const headingFields = {
  super_title: f.text("super_title").optional(),
  main_title: f.text("main_title").optional(),
  description: f.richtext("description").optional(),
};

// ---- examples ---------------------------------------------------------------

type Lang = "fr" | "en";
const officeData = [
  {
    id: "levis",
    name: { fr: "Bureau de Lévis", en: "Lévis office" },
    address: "5700, boulevard Guillaume-Couture, Lévis (Québec) G6V 6N7",
    phone: "418 555-0190",
    email: "levis@immobilierrivesud.ca",
    lat: 46.8033,
    lng: -71.1779,
    image: { url: "/images/levis-river.svg", width: 640, height: 400 },
    alt: { fr: "Le fleuve vu de Lévis", en: "The river seen from Lévis" },
  },
  {
    id: "saint-romuald",
    name: { fr: "Bureau de Saint-Romuald", en: "Saint-Romuald office" },
    address: "2155, chemin du Fleuve, Lévis (Québec) G6W 1Y5",
    phone: "418 555-0191",
    email: "st-romuald@immobilierrivesud.ca",
    lat: 46.7563,
    lng: -71.2382,
    image: undefined,
    alt: { fr: "", en: "" },
  },
  {
    id: "quebec",
    name: { fr: "Bureau de Québec", en: "Québec City office" },
    address: "1020, route de l'Église, Québec (Québec) G1V 3V9",
    phone: "418 555-0192",
    email: "quebec@immobilierrivesud.ca",
    lat: 46.7705,
    lng: -71.2947,
    image: { url: "/images/skyline.svg", width: 640, height: 400 },
    alt: { fr: "Silhouette de la ville de Québec", en: "Québec City skyline" },
  },
] as const;

const ctaText = { fr: "Voir le bureau", en: "See the office" };
const officePath = { fr: "/fr/nos-bureaux", en: "/en/our-offices" };

function exampleOffice(o: (typeof officeData)[number], lang: Lang) {
  return {
    hover_id: o.id,
    main_title: o.name[lang],
    cta: { url: `${officePath[lang]}#${o.id}`, text: ctaText[lang] },
    ...(o.image ? { image: { ...o.image, alt: o.alt[lang] } } : {}),
    list_items_repeater: [
      { icon: { type: "map-pin" }, text: o.address },
      { icon: { type: "phone" }, text: o.phone },
      { icon: { type: "email" }, text: o.email },
    ],
  };
}

function exampleGridOffice(o: (typeof officeData)[number], lang: Lang) {
  const { hover_id: _id, ...office } = exampleOffice(o, lang);
  return office;
}

function exampleMarker(o: (typeof officeData)[number], lang: Lang) {
  return {
    hover_id: o.id,
    coords: { lat: o.lat, lng: o.lng },
    popup_repeater: [
      {
        main_title: o.name[lang],
        description: o.address,
        cta: { url: `tel:+1${o.phone.replace(/\D/g, "")}`, text: o.phone },
      },
    ],
  };
}

export const officesGridBlock = defineBlock({
  type: "offices_grid_block",
  family: "offices",
  label: { fr: "Grille des bureaux", en: "Office grid" },
  description: {
    fr: "Grille des bureaux : image, coordonnées et bouton, 9 puis « voir plus »",
    en: "Grid of offices: image, contact details and button, 9 then “show more”",
  },
  fields: {
    ...headingFields,
    offices_repeater: f.repeater("office_item", officeItemShape, "offices_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey" },
    fields: {
      fr: {
        main_title: "Nos bureaux sur la Rive-Sud et à Québec",
        description: "<p>Passez nous voir : nos courtiers vous accueillent du lundi au samedi.</p>",
        offices_repeater: officeData.map((o) => exampleGridOffice(o, "fr")),
      },
      en: {
        main_title: "Our offices on the South Shore and in Québec City",
        description: "<p>Drop by: our brokers welcome you Monday to Saturday.</p>",
        offices_repeater: officeData.map((o) => exampleGridOffice(o, "en")),
      },
    },
  },
});

export const officesMapBlock = defineBlock({
  type: "offices_map_block",
  family: "offices",
  label: { fr: "Bureaux et carte", en: "Offices with a map" },
  description: {
    fr: "Liste des bureaux avec une carte : le bureau choisi est mis en évidence",
    en: "List of offices with a map: the chosen office is highlighted",
  },
  params: {
    popup_trigger: f.select(["click", "hover"], "popup_trigger", POPUP_TRIGGER_LABELS).default("click"),
  },
  fields: {
    ...headingFields,
    offices_repeater: f.repeater("offices_list_item", officesListItemShape, "offices_repeater").optional(),
    map_markers_repeater: f.repeater("office_map_item", officeMapItemShape, "map_markers_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", popup_trigger: "click" },
    fields: {
      fr: {
        super_title: "Nos bureaux",
        main_title: "Trois adresses pour vous servir",
        offices_repeater: officeData.map((o) => exampleOffice(o, "fr")),
        map_markers_repeater: officeData.map((o) => exampleMarker(o, "fr")),
      },
      en: {
        super_title: "Our offices",
        main_title: "Three addresses to serve you",
        offices_repeater: officeData.map((o) => exampleOffice(o, "en")),
        map_markers_repeater: officeData.map((o) => exampleMarker(o, "en")),
      },
    },
  },
});

export const officesBlocks = [officesGridBlock, officesMapBlock] as const;
export type OfficeItem = NonNullable<z.output<typeof officesGridBlock.fields>["offices_repeater"]>[number];
export type OfficesListItem = NonNullable<z.output<typeof officesMapBlock.fields>["offices_repeater"]>[number];
export type OfficeMapItem = NonNullable<z.output<typeof officesMapBlock.fields>["map_markers_repeater"]>[number];
