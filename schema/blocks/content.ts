/**
 * Small content blocks (blocks.md §2 Property blocks: Q&A accordion, rewards,
 * spacer, statistics; §3 Reward item, Statistic item; §4 Rewards; §9).
 */
import { defineBlock } from "../block";
import { f } from "../fields";
import { REWARD_LABELS } from "../labels";

import { REWARD_IDENTS } from "../rewards";

export { REWARD_IDENTS, rewardImagePath } from "../rewards";

const headingFields = {
  super_title: f.text("super_title").optional(),
  main_title: f.text("main_title").optional(),
  description: f.richtext("description").optional(),
};

export const rewardsBlock = defineBlock({
  type: "rewards_block",
  family: "text",
  label: { fr: "Distinctions", en: "Awards" },
  description: {
    fr: "Distinctions : un badge par prix, 3 puis « voir plus »",
    en: "Awards: one badge per award, 3 then “show more”",
  },
  fields: {
    ...headingFields,
    rewards_repeater: f
      .repeater(
        "reward_item",
        {
          reward_ident: f.select(REWARD_IDENTS, "reward_ident", REWARD_LABELS),
          super_title: f.text("super_title").optional(),
          main_title: f.text("main_title").optional(),
          description: f.textarea("description").optional(),
        },
        "rewards_repeater",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        super_title: "Reconnaissance",
        main_title: "Des distinctions qui témoignent de mon engagement",
        rewards_repeater: [
          {
            reward_ident: "diamant",
            super_title: "2024",
            main_title: "Club Diamant",
            description: "Parmi les courtiers les plus performants du réseau au Québec.",
          },
          {
            reward_ident: "platine",
            super_title: "2022",
            main_title: "Club Platine",
            description: "Pour un volume de transactions remarquable sur la Rive-Sud.",
          },
          {
            reward_ident: "100-perct",
            super_title: "2019",
            main_title: "Club 100 %",
            description: "Décerné pour l'excellence du service à la clientèle.",
          },
          {
            reward_ident: "reussite-carriere",
            super_title: "2023",
            main_title: "Prix Réussite de carrière",
            description: "Quinze années de service auprès des familles de la région.",
          },
        ],
      },
      en: {
        super_title: "Recognition",
        main_title: "Awards that reflect my commitment",
        rewards_repeater: [
          {
            reward_ident: "diamant",
            super_title: "2024",
            main_title: "Diamond Club",
            description: "Among the network's top-performing brokers in Québec.",
          },
          {
            reward_ident: "platine",
            super_title: "2022",
            main_title: "Platinum Club",
            description: "For an outstanding volume of transactions on the South Shore.",
          },
          {
            reward_ident: "100-perct",
            super_title: "2019",
            main_title: "100% Club",
            description: "Awarded for excellence in customer service.",
          },
          {
            reward_ident: "reussite-carriere",
            super_title: "2023",
            main_title: "Career Achievement Award",
            description: "Fifteen years of service to families in the region.",
          },
        ],
      },
    },
  },
});

export const statisticsBlock = defineBlock({
  type: "statistics_block",
  family: "text",
  label: { fr: "Chiffres clés", en: "Key figures" },
  description: { fr: "Chiffres clés avec libellés", en: "Key figures with labels" },
  params: {
    layout_display: f
      .select(["variant_1", "variant_2"], "layout_display", {
        variant_1: { fr: "Cartes", en: "Cards" },
        variant_2: { fr: "Rangée avec images", en: "Row with images" },
      })
      .default("variant_1"),
  },
  fields: {
    ...headingFields,
    statistics_repeater: f
      .repeater(
        "statistic_item",
        {
          /** The figure, e.g. "300+". */
          main_title: f.text("main_title"),
          super_title: f.text("super_title").optional(),
          description: f.textarea("description").optional(),
          image: f.image("image").optional(),
          bg_color_primary: f.colour("bg_color_primary").optional(),
          text_color: f.colour("text_color").optional(),
        },
        "statistics_repeater",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "inverted", layout_display: "variant_1" },
    fields: {
      fr: {
        main_title: "Julie Tremblay en chiffres",
        statistics_repeater: [
          { main_title: "300+", super_title: "Familles", description: "accompagnées depuis 2009" },
          { main_title: "98 %", super_title: "Satisfaction", description: "de clients qui me recommandent" },
          { main_title: "24 jours", super_title: "Délai moyen", description: "pour vendre une propriété en 2024" },
        ],
      },
      en: {
        main_title: "Julie Tremblay by the numbers",
        statistics_repeater: [
          { main_title: "300+", super_title: "Families", description: "helped since 2009" },
          { main_title: "98%", super_title: "Satisfaction", description: "of clients recommend me" },
          { main_title: "24 days", super_title: "Average time", description: "to sell a property in 2024" },
        ],
      },
    },
  },
});

export const qaAccordionBlock = defineBlock({
  type: "qa_accordion_block",
  family: "text",
  label: { fr: "Questions et réponses", en: "Questions and answers" },
  description: { fr: "Questions et réponses en accordéon", en: "Questions and answers as an accordion" },
  params: {
    /** Several answers may stay open at once. */
    allow_multiple: f.boolean("allow_multiple").default(false),
  },
  fields: {
    ...headingFields,
    qa_repeater: f
      .repeater("qa_item", { question: f.text("question"), answer: f.richtext("answer") }, "qa_repeater")
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey", allow_multiple: false },
    fields: {
      fr: {
        main_title: "Questions fréquentes",
        qa_repeater: [
          {
            question: "Combien coûte l'évaluation de ma propriété ?",
            answer: "<p>L'analyse comparative de marché est gratuite et sans engagement.</p>",
          },
          {
            question: "Combien de temps faut-il pour vendre ?",
            answer: "<p>En 2024, mes propriétés se sont vendues en 24 jours en moyenne dans la région de Québec.</p>",
          },
        ],
      },
      en: {
        main_title: "Frequently asked questions",
        qa_repeater: [
          {
            question: "How much does a valuation of my property cost?",
            answer: "<p>The comparative market analysis is free, with no obligation.</p>",
          },
          {
            question: "How long does it take to sell?",
            answer: "<p>In 2024 my listings sold in 24 days on average in the Québec City area.</p>",
          },
        ],
      },
    },
  },
});

export const spacerBlock = defineBlock({
  type: "spacer_block",
  family: "utility",
  label: { fr: "Espacement", en: "Spacer" },
  description: { fr: "Espace vertical entre deux blocs", en: "Vertical space between two blocks" },
  params: {
    /** Height in px below the md breakpoint, then from md up. */
    height_mobile: f.number("height_mobile").default(32),
    height_desktop: f.number("height_desktop").default(64),
  },
  fields: {},
  example: {
    block_params: { color_scheme: "normal", height_mobile: 32, height_desktop: 64 },
    fields: { fr: {}, en: {} },
  },
});

export const contentBlocks = [rewardsBlock, statisticsBlock, qaAccordionBlock, spacerBlock] as const;
