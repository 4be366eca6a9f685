/** Text blocks (blocks.md §3 Text and layout blocks). */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";

export const textBlock1 = defineBlock({
  type: "text_block_1",
  family: "text",
  description: { fr: "Titre, texte riche et un bouton", en: "Title, rich text and one button" },
  fields: {
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    cta: f.link().optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "Votre courtière à Québec depuis 2009",
        description:
          "<p>Acheter ou vendre une propriété est une décision importante. Je vous accompagne à chaque étape, de l'évaluation de votre maison jusqu'à la signature chez le notaire.</p>",
        cta: { url: "/fr/contact", text: "Prendre rendez-vous" },
      },
      en: {
        main_title: "Your Québec City broker since 2009",
        description:
          "<p>Buying or selling a property is a major decision. I guide you through every step, from valuing your home to signing at the notary's office.</p>",
        cta: { url: "/en/contact", text: "Book a meeting" },
      },
    },
  },
});

export const textBlock2 = defineBlock({
  type: "text_block_2",
  family: "text",
  description: { fr: "Titre, texte et boutons alignés", en: "Aligned title, text and buttons" },
  params: { text_align: f.select(["left", "center", "right"]).default("center") },
  fields: {
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    cta_repeater: f.repeater("cta_item", { cta: f.link() }).optional(),
  },
  example: {
    block_params: { text_align: "center" },
    fields: {
      fr: {
        main_title: "Une approche humaine, des résultats concrets",
        description:
          "<p>Plus de 300 familles m'ont confié leur projet immobilier dans la région de la Capitale-Nationale.</p>",
        cta_repeater: [{ cta: { url: "/fr/proprietes", text: "Voir mes propriétés" } }],
      },
      en: {
        main_title: "A human approach, concrete results",
        description:
          "<p>More than 300 families have trusted me with their real-estate project in the Capitale-Nationale region.</p>",
        cta_repeater: [{ cta: { url: "/en/properties", text: "See my listings" } }],
      },
    },
  },
});

export const textBlocks = [textBlock1, textBlock2] as const;
export type TextBlock1 = z.output<typeof textBlock1.fields>;
