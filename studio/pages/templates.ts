/**
 * Page templates (issue 29): a new page can start from one of these, a broker's usual pages in
 * both languages, written in the broker's own voice so that editing the words is all that is
 * left. Each block is its type's registry example (valid for its schema, with its pictures)
 * with the template's words over it, and a new id.
 */
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/locales";
import { blockFromExample } from "../store";

export const TEMPLATE_IDS = ["landing", "about", "selling", "neighbourhood"] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

type Words = Record<Locale, Record<string, unknown>>;
interface TemplateBlock {
  type: string;
  params?: Record<string, unknown>;
  fields: Words;
}

const p = (text: string) => `<p>${text}</p>`;
const cta = (fr: string, en: string, page: { fr: string; en: string } = { fr: "/fr/contact", en: "/en/contact" }) => ({
  fr: { url: page.fr, text: fr },
  en: { url: page.en, text: en },
});
const ctaRepeater = (link: ReturnType<typeof cta>) => ({
  fr: [{ cta: link.fr }],
  en: [{ cta: link.en }],
});
const items = (fr: string[], en: string[]) => ({
  fr: fr.map((text) => ({ text })),
  en: en.map((text) => ({ text })),
});

function hero(title: { fr: string; en: string }, text: { fr: string; en: string }, link: ReturnType<typeof cta>) {
  const ctas = ctaRepeater(link);
  return {
    type: "hero_content_1_block",
    fields: {
      fr: { main_title: title.fr, description: p(text.fr), cta_repeater: ctas.fr },
      en: { main_title: title.en, description: p(text.en), cta_repeater: ctas.en },
    },
  } satisfies TemplateBlock;
}

function list(title: { fr: string; en: string }, entries: ReturnType<typeof items>, ordered = false) {
  return {
    type: "list_block",
    params: { list_type: ordered ? "ordered" : "unordered" },
    fields: { fr: { main_title: title.fr, items: entries.fr }, en: { main_title: title.en, items: entries.en } },
  } satisfies TemplateBlock;
}

const closing = {
  type: "cta_single_block",
  fields: {
    fr: {
      main_title: "Parlons de votre projet",
      description: p("Un premier appel, sans engagement, pour faire le point sur vos besoins et vos délais."),
    },
    en: {
      main_title: "Let's talk about your project",
      description: p("A first call, with no commitment, to go over your needs and your timeline."),
    },
  },
} satisfies TemplateBlock;

const contactForm = {
  type: "contact_form_block",
  fields: {
    fr: { description: p("Écrivez-moi : je vous réponds personnellement dans un délai d'un jour ouvrable.") },
    en: { description: p("Write to me: I answer personally within one business day.") },
  },
} satisfies TemplateBlock;

export interface PageTemplate {
  id: TemplateId;
  title: Record<Locale, string>;
  /** What the page is for, in the new-page dialog. */
  description: Record<Locale, string>;
  seo: Record<Locale, { title: string; description: string }>;
  blocks: TemplateBlock[];
}

export const TEMPLATES: Record<TemplateId, PageTemplate> = {
  landing: {
    id: "landing",
    title: { fr: "Page d'atterrissage", en: "Landing page" },
    description: {
      fr: "Une offre, ses avantages et un formulaire : pour une campagne ou une publicité.",
      en: "One offer, its benefits and a form: for a campaign or an advertisement.",
    },
    seo: {
      fr: {
        title: "Votre projet immobilier, accompagné du début à la fin",
        description:
          "Acheter ou vendre avec une courtière qui connaît votre secteur : évaluation, conseils et suivi personnel.",
      },
      en: {
        title: "Your real estate project, guided from start to finish",
        description: "Buy or sell with a broker who knows your area: valuation, advice and personal follow-up.",
      },
    },
    blocks: [
      hero(
        { fr: "Votre projet immobilier commence ici", en: "Your real estate project starts here" },
        {
          fr: "Que vous achetiez ou vendiez, je vous accompagne à chaque étape, avec des conseils clairs et un suivi personnel.",
          en: "Whether you are buying or selling, I guide you through every step, with clear advice and personal follow-up.",
        },
        cta("Prendre rendez-vous", "Book a meeting"),
      ),
      list(
        { fr: "Ce que je vous offre", en: "What I offer you" },
        items(
          [
            "Une évaluation gratuite et sans engagement",
            "Un plan de mise en marché adapté à votre propriété",
            "Un suivi régulier, de la première visite à la signature",
          ],
          [
            "A free valuation, with no commitment",
            "A marketing plan made for your property",
            "Regular follow-up, from the first visit to the signing",
          ],
        ),
      ),
      contactForm,
    ],
  },
  about: {
    id: "about",
    title: { fr: "À propos de moi", en: "About me" },
    description: {
      fr: "Qui vous êtes, votre approche et votre secteur, avec une invitation à vous joindre.",
      en: "Who you are, your approach and your area, with an invitation to reach you.",
    },
    seo: {
      fr: {
        title: "À propos de votre courtière immobilière",
        description: "Mon parcours, ma façon de travailler et les secteurs que je connais le mieux.",
      },
      en: {
        title: "About your real estate broker",
        description: "My background, the way I work and the areas I know best.",
      },
    },
    blocks: [
      {
        type: "txt_img_double_block_1",
        fields: {
          fr: {
            super_title: "À propos",
            main_title: "Une courtière à votre écoute",
            description: p(
              "J'accompagne les familles de ma région dans leurs projets d'achat et de vente. Mon rôle : vous donner l'information juste pour décider en confiance.",
            ),
            cta_repeater: ctaRepeater(cta("Me joindre", "Contact me")).fr,
          },
          en: {
            super_title: "About",
            main_title: "A broker who listens",
            description: p(
              "I help families in my area buy and sell their homes. My role: give you the right information to decide with confidence.",
            ),
            cta_repeater: ctaRepeater(cta("Me joindre", "Contact me")).en,
          },
        },
      },
      {
        type: "text_block_1",
        fields: {
          fr: {
            main_title: "Mon approche",
            description: p(
              "Chaque projet est différent. Je prends le temps de comprendre vos besoins, puis je vous propose un plan clair, étape par étape.",
            ),
            cta: cta("Voir les propriétés", "See the properties", { fr: "/fr/proprietes", en: "/en/properties" }).fr,
          },
          en: {
            main_title: "My approach",
            description: p(
              "Every project is different. I take the time to understand your needs, then propose a clear plan, step by step.",
            ),
            cta: cta("Voir les propriétés", "See the properties", { fr: "/fr/proprietes", en: "/en/properties" }).en,
          },
        },
      },
      closing,
    ],
  },
  selling: {
    id: "selling",
    title: { fr: "Vendre avec moi", en: "Sell with me" },
    description: {
      fr: "Les étapes d'une vente avec vous, les questions fréquentes et une demande d'évaluation.",
      en: "The steps of a sale with you, common questions and a valuation request.",
    },
    seo: {
      fr: {
        title: "Vendre votre propriété avec une courtière",
        description:
          "Évaluation, préparation, mise en marché, visites et offres : comment je vends votre propriété, étape par étape.",
      },
      en: {
        title: "Sell your property with a broker",
        description: "Valuation, staging, marketing, visits and offers: how I sell your property, step by step.",
      },
    },
    blocks: [
      hero(
        { fr: "Vendre avec moi", en: "Sell with me" },
        {
          fr: "Un prix juste, une mise en marché soignée et une négociation menée pour vous : voici comment je vends votre propriété.",
          en: "A fair price, careful marketing and a negotiation led for you: here is how I sell your property.",
        },
        cta("Demander une évaluation", "Ask for a valuation"),
      ),
      list(
        { fr: "Les étapes de la vente", en: "The steps of the sale" },
        items(
          [
            "Évaluation comparative du marché",
            "Préparation de la propriété et photos professionnelles",
            "Mise en marché et visites",
            "Réception et négociation des offres",
            "Conditions, puis signature chez le notaire",
          ],
          [
            "Comparative market analysis",
            "Preparing the property and professional photos",
            "Marketing and visits",
            "Receiving and negotiating offers",
            "Conditions, then signing at the notary",
          ],
        ),
        true,
      ),
      {
        type: "qa_accordion_block",
        fields: {
          fr: {
            main_title: "Questions fréquentes",
            qa_repeater: [
              {
                question: "Combien vaut ma propriété ?",
                answer: p(
                  "Je prépare une analyse comparative des ventes récentes de votre secteur, gratuitement et sans engagement.",
                ),
              },
              {
                question: "Quand mettre ma propriété en vente ?",
                answer: p(
                  "Nous choisissons ensemble le moment, selon le marché de votre secteur et vos propres délais.",
                ),
              },
            ],
          },
          en: {
            main_title: "Common questions",
            qa_repeater: [
              {
                question: "What is my property worth?",
                answer: p("I prepare a comparison of recent sales in your area, free and with no commitment."),
              },
              {
                question: "When should I list my property?",
                answer: p("We choose the moment together, based on your area's market and your own timeline."),
              },
            ],
          },
        },
      },
      { type: "property_valuation_block", fields: { fr: {}, en: {} } },
    ],
  },
  neighbourhood: {
    id: "neighbourhood",
    title: { fr: "Guide de quartier", en: "Neighbourhood guide" },
    description: {
      fr: "Vivre dans un secteur : ses attraits, ses services et les propriétés à vendre.",
      en: "Living in an area: what it offers, its services and the properties for sale.",
    },
    seo: {
      fr: {
        title: "Guide de quartier : vivre dans le secteur",
        description:
          "Écoles, parcs, services et propriétés à vendre : ce qu'il faut savoir avant d'acheter dans le quartier.",
      },
      en: {
        title: "Neighbourhood guide: living in the area",
        description:
          "Schools, parks, services and properties for sale: what to know before buying in the neighbourhood.",
      },
    },
    blocks: [
      {
        type: "text_block_1",
        fields: {
          fr: {
            main_title: "Vivre dans le quartier",
            description: p(
              "Ce qui fait le charme du secteur, pour qui il est fait, et ce qu'il faut savoir avant d'y acheter.",
            ),
            cta: cta("Poser une question", "Ask a question").fr,
          },
          en: {
            main_title: "Living in the neighbourhood",
            description: p("What makes the area special, who it suits, and what to know before buying there."),
            cta: cta("Poser une question", "Ask a question").en,
          },
        },
      },
      list(
        { fr: "À proximité", en: "Nearby" },
        items(
          [
            "Écoles primaires et secondaires",
            "Parcs et pistes cyclables",
            "Commerces et services",
            "Transport en commun",
          ],
          ["Primary and secondary schools", "Parks and bike paths", "Shops and services", "Public transit"],
        ),
      ),
      {
        type: "properties_slider_block",
        fields: { fr: { main_title: "Propriétés à vendre" }, en: { main_title: "Properties for sale" } },
      },
      contactForm,
    ],
  },
};

/** The template's blocks, each from its registry example with the template's words and a new id. */
export function templateBlocks(id: TemplateId): Block[] {
  return TEMPLATES[id].blocks.flatMap((spec) => {
    const block = blockFromExample(spec.type);
    if (!block) return [];
    return [
      {
        ...block,
        block_params: { ...block.block_params, ...spec.params },
        fields: {
          fr: { ...block.fields.fr, ...spec.fields.fr },
          en: { ...block.fields.en, ...spec.fields.en },
        },
      } as Block,
    ];
  });
}
