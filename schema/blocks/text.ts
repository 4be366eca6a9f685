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

export const txtImgDoubleBlock1 = defineBlock({
  type: "txt_img_double_block_1",
  family: "text",
  description: {
    fr: "Surtitre, titre, texte et boutons à côté de deux images ou vidéos",
    en: "Eyebrow, title, text and buttons beside two images or videos",
  },
  params: {
    /** Side of the media; the text takes the other side. */
    orientation_x: f.select(["left", "right"], "orientation_x").default("left"),
  },
  fields: {
    super_title: f.text().optional(),
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    cta_repeater: f.repeater("cta_item", { cta: f.link() }).optional(),
    /** Images or videos; the first two are shown (a video wins when it has a source). */
    media_repeater: f
      .repeater("media_item", { image: f.image().optional(), video: f.video().optional() }, "media_repeater")
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "left" },
    fields: {
      fr: {
        super_title: "Vendre avec moi",
        main_title: "Une mise en marché pensée pour votre propriété",
        description:
          "<p>Photos professionnelles, visite virtuelle, fiche descriptive soignée et diffusion sur Centris : chaque propriété reçoit un plan de mise en marché sur mesure.</p><ul><li>Évaluation comparative gratuite</li><li>Conseils de préparation avant les visites</li><li>Suivi hebdomadaire des résultats</li></ul>",
        cta_repeater: [
          { cta: { url: "/fr/vendre-sa-propriete", text: "Lire le guide du vendeur" } },
          { cta: { url: "/fr/contact", text: "Me joindre" } },
        ],
        media_repeater: [
          {
            image: {
              url: "/images/house.svg",
              alt: "Maison unifamiliale avec un grand terrain",
              width: 640,
              height: 480,
            },
          },
          {
            image: {
              url: "/images/keys.svg",
              alt: "Remise des clés aux nouveaux propriétaires",
              width: 640,
              height: 480,
            },
          },
        ],
      },
      en: {
        super_title: "Selling with me",
        main_title: "Marketing designed for your property",
        description:
          "<p>Professional photos, a virtual tour, a carefully written listing and Centris exposure: every property gets a tailored marketing plan.</p><ul><li>Free comparative market analysis</li><li>Staging advice before showings</li><li>Weekly progress reports</li></ul>",
        cta_repeater: [
          { cta: { url: "/en/selling-your-property", text: "Read the seller's guide" } },
          { cta: { url: "/en/contact", text: "Get in touch" } },
        ],
        media_repeater: [
          { image: { url: "/images/house.svg", alt: "Single-family home with a large yard", width: 640, height: 480 } },
          { image: { url: "/images/keys.svg", alt: "Handing the keys to the new owners", width: 640, height: 480 } },
        ],
      },
    },
  },
});

export const textBlocks = [textBlock1, textBlock2, txtImgDoubleBlock1] as const;
export type TextBlock1 = z.output<typeof textBlock1.fields>;
export type TxtImgDoubleBlock1 = z.output<typeof txtImgDoubleBlock1.fields>;
