/**
 * Map blocks (blocks.md §2 Other layout blocks: fullwidth map, coordinates map;
 * §3 Map marker item; §4 Maps): markers with a popup and a directions link.
 */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";
import { POPUP_TRIGGER_LABELS } from "../labels";
import { coordsShape } from "./offices";

/** Map marker item: coords {lat, lng}, main_title, description, cta, markerColor. */
export const mapMarkerItemShape = {
  coords: f.object(coordsShape, "coords"),
  main_title: f.text("main_title"),
  description: f.textarea("description").optional(),
  cta: f.link("cta").optional(),
  markerColor: f.colour("markerColor").optional(),
};

const popupTrigger = f.select(["click", "hover"], "popup_trigger", POPUP_TRIGGER_LABELS).default("click");

const markers = {
  fr: [
    {
      coords: { lat: 46.8033, lng: -71.1779 },
      main_title: "Bureau de Julie Tremblay",
      description: "5700, boulevard Guillaume-Couture, Lévis (Québec) G6V 6N7",
      cta: { url: "/fr/contact", text: "Prendre rendez-vous" },
      markerColor: "#0b4fa8",
    },
    {
      coords: { lat: 46.8139, lng: -71.208 },
      main_title: "Point de rencontre au Vieux-Québec",
      description: "Sur rendez-vous seulement, près de la gare du Palais.",
      markerColor: "#c8102e",
    },
  ],
  en: [
    {
      coords: { lat: 46.8033, lng: -71.1779 },
      main_title: "Julie Tremblay's office",
      description: "5700 Guillaume-Couture Boulevard, Lévis, Québec G6V 6N7",
      cta: { url: "/en/contact", text: "Book a meeting" },
      markerColor: "#0b4fa8",
    },
    {
      coords: { lat: 46.8139, lng: -71.208 },
      main_title: "Meeting point in Old Québec",
      description: "By appointment only, near the Gare du Palais.",
      markerColor: "#c8102e",
    },
  ],
};

export const mapCoordinatesBlock = defineBlock({
  type: "map_coordinates_block",
  family: "media",
  label: { fr: "Carte des coordonnées", en: "Coordinates map" },
  description: {
    fr: "Carte des coordonnées : marqueurs, fenêtres d'information et itinéraires",
    en: "Coordinates map: markers, information popups and directions",
  },
  params: { popup_trigger: popupTrigger },
  fields: {
    super_title: f.text("super_title").optional(),
    main_title: f.text("main_title").optional(),
    description: f.richtext("description").optional(),
    markers_repeater: f.repeater("map_marker_item", mapMarkerItemShape, "markers_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", popup_trigger: "click" },
    fields: {
      fr: {
        super_title: "Me trouver",
        main_title: "Où nous rencontrer",
        description: "<p>Je vous reçois à mon bureau de Lévis ou à Québec, selon ce qui vous convient.</p>",
        markers_repeater: markers.fr,
      },
      en: {
        super_title: "Find me",
        main_title: "Where to meet",
        description: "<p>I welcome you at my Lévis office or in Québec City, whichever suits you.</p>",
        markers_repeater: markers.en,
      },
    },
  },
});

export const mapFullwidthBlock = defineBlock({
  type: "map_fullwidth_block",
  family: "media",
  label: { fr: "Carte pleine largeur", en: "Full-width map" },
  description: {
    fr: "Carte pleine largeur avec marqueurs, activée d'un clic",
    en: "Full-width map with markers, enabled with a click",
  },
  params: {
    popup_trigger: popupTrigger,
    /** Map height in px on phones and from the lg breakpoint. */
    height_mobile: f.number("height_mobile").default(360),
    height_desktop: f.number("height_desktop").default(520),
  },
  fields: {
    /** Accessible name of the map (not shown). */
    main_title: f.text("main_title").optional(),
    markers_repeater: f.repeater("map_marker_item", mapMarkerItemShape, "markers_repeater").optional(),
  },
  example: {
    block_params: { popup_trigger: "hover", height_mobile: 360, height_desktop: 520 },
    fields: {
      fr: { main_title: "Carte de nos points de service", markers_repeater: markers.fr },
      en: { main_title: "Map of our service points", markers_repeater: markers.en },
    },
  },
});

export const mapsBlocks = [mapCoordinatesBlock, mapFullwidthBlock] as const;
export type MapMarkerItem = NonNullable<z.output<typeof mapCoordinatesBlock.fields>["markers_repeater"]>[number];
