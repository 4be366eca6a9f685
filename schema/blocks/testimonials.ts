/**
 * Testimonials blocks (blocks.md §2, §3 Testimonials and Other content items, §4 Rewards,
 * testimonials, team, §9 Lists and paging, Text and measures). The three names the spec
 * spells out (`testimonials_brokers_block`, `testimonials_google_block`,
 * `testimonials_slider_block`) are kept exactly.
 */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";
import { SIDE_LABELS } from "../labels";

export const testimonyBrokerItemShape = {
  description: f.textarea("description"),
  broker_avatar: f.image("broker_avatar").optional(),
  broker_name: f.text("broker_name").optional(),
  broker_subtitle: f.text("broker_subtitle").optional(),
};

export const googleReviewItemShape = {
  author_avatar: f.image("author_avatar").optional(),
  author_name: f.text("author_name").optional(),
  /** Review text as Google gives it; shown as plain text (tags stripped). */
  description: f.textarea("description").optional(),
  /** ISO date (YYYY-MM-DD). */
  review_date: f.text("review_date").optional(),
  /** Stars out of 5. */
  review_score: f.number("review_score").optional(),
};

/** Testimonial item (blocks.md §3 Other content items). */
export const testimonyItemShape = {
  author_avatar: f.image("author_avatar").optional(),
  author_name: f.text("author_name").optional(),
  author_subtitle: f.text("author_subtitle").optional(),
  description: f.textarea("description"),
};

export const testimonyCardItemShape = {
  bg_color_primary: f.colour("bg_color_primary").optional(),
  text_color: f.colour("text_color").optional(),
  ...testimonyItemShape,
};

const avatar = { url: "/images/portrait-broker.svg", alt: "", width: 480, height: 600 };

const quotes = {
  fr: [
    {
      author_name: "Mélanie et Patrick Roy",
      author_subtitle: "Acheteurs à Lévis",
      description:
        "Julie a trouvé notre maison en trois semaines. Elle a pris le temps de nous expliquer chaque étape de l'offre d'achat et nous a recommandé un inspecteur exceptionnel.",
    },
    {
      author_name: "Gilles Fortin",
      author_subtitle: "Vendeur à Charny",
      description:
        "Maison vendue au prix demandé en dix jours. Les photos et la visite virtuelle ont fait toute la différence.",
    },
  ],
  en: [
    {
      author_name: "Mélanie and Patrick Roy",
      author_subtitle: "Buyers in Lévis",
      description:
        "Julie found our house in three weeks. She took the time to explain every step of the purchase offer and recommended an outstanding inspector.",
    },
    {
      author_name: "Gilles Fortin",
      author_subtitle: "Seller in Charny",
      description:
        "House sold at the asking price in ten days. The photos and the virtual tour made all the difference.",
    },
  ],
};

export const testimonialsBrokersBlock = defineBlock({
  type: "testimonials_brokers_block",
  family: "testimonials",
  label: { fr: "Témoignages avec image", en: "Testimonials with an image" },
  description: {
    fr: "Témoignages de clients à côté d'une image",
    en: "Client testimonials beside an image",
  },
  params: {
    /** Side of the image; the testimonials take the other side. */
    orientation_x: f.select(["left", "right"], "orientation_x", SIDE_LABELS).default("right"),
    /** Accent of the quote marks and the rule beside each testimonial. */
    highlight_color: f.colour("highlight_color").optional(),
  },
  fields: {
    main_title: f.text("main_title").optional(),
    image: f.image("image").optional(),
    testimonials_repeater: f
      .repeater("testimony_broker_item", testimonyBrokerItemShape, "testimonials_repeater")
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "right", highlight_color: "#0b4fa8" },
    fields: {
      fr: {
        main_title: "Ils m'ont fait confiance",
        image: { url: "/images/family.svg", alt: "Une famille devant sa nouvelle maison", width: 640, height: 480 },
        testimonials_repeater: quotes.fr.map((q) => ({
          description: q.description,
          broker_avatar: avatar,
          broker_name: q.author_name,
          broker_subtitle: q.author_subtitle,
        })),
      },
      en: {
        main_title: "They trusted me",
        image: { url: "/images/family.svg", alt: "A family in front of their new home", width: 640, height: 480 },
        testimonials_repeater: quotes.en.map((q) => ({
          description: q.description,
          broker_avatar: avatar,
          broker_name: q.author_name,
          broker_subtitle: q.author_subtitle,
        })),
      },
    },
  },
});

const googleReviews = (locale: "fr" | "en") => [
  {
    author_name: "Isabelle Gagné",
    review_date: "2025-03-14",
    review_score: 5,
    description:
      locale === "fr"
        ? "Service impeccable du début à la fin. Julie est disponible, honnête et connaît le marché de Lévis par cœur."
        : "Flawless service from start to finish. Julie is available, honest and knows the Lévis market inside out.",
  },
  {
    author_name: "Kevin Nguyen",
    review_date: "2025-01-28",
    review_score: 4,
    description:
      locale === "fr"
        ? "Très bonne expérience pour notre premier achat, avec de bons conseils sur le financement."
        : "A very good experience for our first purchase, with sound advice on financing.",
  },
];

export const testimonialsGoogleBlock = defineBlock({
  type: "testimonials_google_block",
  family: "testimonials",
  label: { fr: "Avis Google", en: "Google reviews" },
  description: {
    fr: "Avis Google avec la note moyenne",
    en: "Google reviews with the average score",
  },
  fields: {
    main_title: f.text("main_title").optional(),
    total_reviews: f.number("total_reviews").optional(),
    average_score: f.number("average_score").optional(),
    testimonials_repeater: f.repeater("google_review_item", googleReviewItemShape, "testimonials_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey" },
    fields: {
      fr: {
        main_title: "Avis Google",
        total_reviews: 87,
        average_score: 4.8736,
        testimonials_repeater: googleReviews("fr"),
      },
      en: {
        main_title: "Google reviews",
        total_reviews: 87,
        average_score: 4.8736,
        testimonials_repeater: googleReviews("en"),
      },
    },
  },
});

const items = (locale: "fr" | "en") => quotes[locale].map((q) => ({ ...q, author_avatar: avatar }));

export const testimonialsSliderBlock = defineBlock({
  type: "testimonials_slider_block",
  family: "testimonials",
  label: { fr: "Carrousel de témoignages", en: "Testimonials carousel" },
  description: { fr: "Carrousel de témoignages", en: "Testimonials carousel" },
  fields: {
    main_title: f.text("main_title").optional(),
    testimonials_repeater: f
      .repeater("testimony_carousel_item", testimonyItemShape, "testimonials_repeater")
      .optional(),
  },
  example: {
    block_params: { color_scheme: "inverted" },
    fields: {
      fr: { main_title: "Ce que disent mes clients", testimonials_repeater: items("fr") },
      en: { main_title: "What my clients say", testimonials_repeater: items("en") },
    },
  },
});

export const testimonialsListBlock = defineBlock({
  type: "testimonials_list_block",
  family: "testimonials",
  label: { fr: "Liste de témoignages", en: "Testimonials list" },
  description: {
    fr: "Liste de témoignages, trois d'abord puis tous",
    en: "Testimonials list, three first then all",
  },
  fields: {
    main_title: f.text("main_title").optional(),
    testimonials_repeater: f.repeater("testimony_item", testimonyItemShape, "testimonials_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: { main_title: "Témoignages", testimonials_repeater: items("fr") },
      en: { main_title: "Testimonials", testimonials_repeater: items("en") },
    },
  },
});

export const testimonialsCardsBlock = defineBlock({
  type: "testimonials_cards_block",
  family: "testimonials",
  label: { fr: "Cartes de témoignages", en: "Testimonial cards" },
  description: { fr: "Témoignages en cartes colorées", en: "Testimonials as coloured cards" },
  fields: {
    main_title: f.text("main_title").optional(),
    testimonials_repeater: f
      .repeater("testimony_card_item", testimonyCardItemShape, "testimonials_repeater")
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "Des clients satisfaits",
        testimonials_repeater: items("fr").map((item, i) => ({
          ...item,
          bg_color_primary: i % 2 ? "#0b4fa8" : "#f1f5fb",
          text_color: i % 2 ? "#ffffff" : "#1a1a1a",
        })),
      },
      en: {
        main_title: "Happy clients",
        testimonials_repeater: items("en").map((item, i) => ({
          ...item,
          bg_color_primary: i % 2 ? "#0b4fa8" : "#f1f5fb",
          text_color: i % 2 ? "#ffffff" : "#1a1a1a",
        })),
      },
    },
  },
});

export const testimonialsBlocks = [
  testimonialsBrokersBlock,
  testimonialsGoogleBlock,
  testimonialsSliderBlock,
  testimonialsListBlock,
  testimonialsCardsBlock,
] as const;
export type TestimonyItem = z.output<z.ZodObject<typeof testimonyItemShape>>;
