/**
 * Hero blocks (blocks.md §2 Hero blocks and Members search hero, §3 Heroes and
 * Members, §4 Hero and Members, §9 Layout and Carousels). Per-locale content sits in
 * `fields`; layout and behaviour (sides, alignment, context type) in `block_params`.
 */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";
import { COLOR_SCHEME_LABELS, CONTEXT_TYPE_LABELS, SIDE_LABELS, TEXT_ALIGN_LABELS } from "../labels";
import { COLOR_SCHEMES } from "../theme";

export const CONTEXT_TYPES = ["brokers", "teams", "admins", "directors"] as const;
export type ContextType = (typeof CONTEXT_TYPES)[number];

// ---- shared shapes ------------------------------------------------------------

const ctaRepeater = () => f.repeater("cta_item", { cta: f.link("cta") }, "cta_repeater");

/** An info line with an optional icon (phone, e-mail, address…). */
export const heroListItemShape = {
  icon: f.icon("icon").optional(),
  text: f.text("text"),
};
const listItemsRepeater = () => f.repeater("icon_list_item", heroListItemShape, "list_items_repeater");

/** A social or contact icon link; the link text is its accessible name. */
export const heroIconLinkShape = {
  icon: f.icon("icon"),
  link: f.link("link"),
};
const iconLinksRepeater = (label = "icon_links_repeater") => f.repeater("icon_link_item", heroIconLinkShape, label);

const orientationX = () => f.select(["left", "right"], "orientation_x", SIDE_LABELS).default("left");

/** A member card of the members search hero (blocks.md §3 Members: member card (search)). */
export const memberCardShape = {
  person_name: f.text("person_name"),
  person_avatar: f.image("person_avatar").optional(),
  person_subtitle: f.text("person_subtitle").optional(),
  list_items_repeater: listItemsRepeater().optional(),
  social_items_repeater: iconLinksRepeater("social_items_repeater").optional(),
  cta_repeater: ctaRepeater().optional(),
  program_items_repeater: f
    .repeater("program_item", { description: f.text("description") }, "program_items_repeater")
    .optional(),
};

export const heroSlideShape = {
  bg_media: f.media("bg_media").optional(),
  main_title: f.text("main_title").optional(),
  description: f.richtext("description").optional(),
  cta_repeater: ctaRepeater().optional(),
};

export const highlightItemShape = {
  icon: f.icon("icon").optional(),
  /** A figure ("350+", "15 ans") shown large; the title is used when absent. */
  figure: f.text("figure").optional(),
  main_title: f.text("main_title").optional(),
  description: f.textarea("description").optional(),
};

// ---- example content ------------------------------------------------------------

const skyline = {
  fr: { url: "/images/skyline.svg", alt: "Le Vieux-Québec et le fleuve Saint-Laurent", width: 1200, height: 600 },
  en: { url: "/images/skyline.svg", alt: "Old Québec and the St. Lawrence River", width: 1200, height: 600 },
};
const portrait = {
  fr: { url: "/images/portrait-broker.svg", alt: "Portrait de Julie Tremblay", width: 480, height: 600 },
  en: { url: "/images/portrait-broker.svg", alt: "Portrait of Julie Tremblay", width: 480, height: 600 },
};
const contactLines = {
  fr: [
    { icon: { type: "phone" }, text: "418 555-0142" },
    { icon: { type: "email" }, text: "julie@julietremblay.ca" },
    { icon: { type: "map-pin" }, text: "1250, boulevard Guillaume-Couture, Lévis" },
  ],
  en: [
    { icon: { type: "phone" }, text: "418-555-0142" },
    { icon: { type: "email" }, text: "julie@julietremblay.ca" },
    { icon: { type: "map-pin" }, text: "1250 Guillaume-Couture Blvd, Lévis" },
  ],
};
const socials = {
  fr: [
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
  en: [
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
} as const;

// ---- definitions ------------------------------------------------------------------

export const heroContent1Block = defineBlock({
  type: "hero_content_1_block",
  family: "heroes",
  label: { fr: "Bannière image et texte", en: "Image and text hero" },
  description: {
    fr: "Image à côté d'un titre, d'un texte et de boutons",
    en: "Image beside a title, text and buttons",
  },
  params: { orientation_x: orientationX() },
  fields: {
    main_title: f.text("main_title").optional(),
    description: f.richtext("description").optional(),
    media: f.media("media").optional(),
    cta_repeater: ctaRepeater().optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey", orientation_x: "right" },
    fields: {
      fr: {
        main_title: "Vendre ou acheter à Québec et Lévis, en toute confiance",
        description:
          "<p>Julie Tremblay accompagne les familles de la Capitale-Nationale et de la Rive-Sud depuis 2009, de l'évaluation jusqu'à la signature chez le notaire.</p>",
        media: { image: { ...skyline.fr, fetchPriority: "high" } },
        cta_repeater: [
          { cta: { url: "/fr/contact", text: "Prendre rendez-vous" } },
          { cta: { url: "/fr/proprietes", text: "Voir les propriétés" } },
        ],
      },
      en: {
        main_title: "Sell or buy in Québec City and Lévis with confidence",
        description:
          "<p>Julie Tremblay has guided families in the Capitale-Nationale and South Shore regions since 2009, from valuation to the notary's signature.</p>",
        media: { image: { ...skyline.en, fetchPriority: "high" } },
        cta_repeater: [
          { cta: { url: "/en/contact", text: "Book a meeting" } },
          { cta: { url: "/en/properties", text: "See the listings" } },
        ],
      },
    },
  },
});

export const heroContent2Block = defineBlock({
  type: "hero_content_2_block",
  family: "heroes",
  label: { fr: "Bannière sur fond", en: "Hero over a background" },
  description: {
    fr: "Titre, texte et boutons sur une image ou une vidéo de fond",
    en: "Title, text and buttons over a background image or video",
  },
  params: { text_align: f.select(["left", "center", "right"], "text_align", TEXT_ALIGN_LABELS).default("center") },
  fields: {
    main_title: f.text("main_title").optional(),
    description: f.richtext("description").optional(),
    bg_media: f.media("bg_media").optional(),
    cta_repeater: ctaRepeater().optional(),
  },
  example: {
    block_params: { color_scheme: "inverted", text_align: "left" },
    fields: {
      fr: {
        main_title: "La Rive-Sud, un quartier à la fois",
        description: "<p>Lévis, Saint-Romuald, Saint-Nicolas : trouvez le secteur qui vous ressemble.</p>",
        bg_media: { image: skyline.fr },
        cta_repeater: [{ cta: { url: "/fr/proprietes", text: "Explorer les propriétés" } }],
      },
      en: {
        main_title: "The South Shore, one neighbourhood at a time",
        description: "<p>Lévis, Saint-Romuald, Saint-Nicolas: find the area that suits you.</p>",
        bg_media: { image: skyline.en },
        cta_repeater: [{ cta: { url: "/en/properties", text: "Explore the listings" } }],
      },
    },
  },
});

export const heroCtaBlock = defineBlock({
  type: "hero_cta_block",
  family: "heroes",
  label: { fr: "Grand bandeau d'appel", en: "Full-screen call-to-action banner" },
  description: {
    fr: "Grand bandeau plein écran : logo, titres et boutons sur un fond",
    en: "Full-screen banner: logo, titles and buttons over a background",
  },
  params: {
    align_y: f
      .select(["center", "bottom"], "align_y", {
        center: { fr: "Au centre", en: "Centre" },
        bottom: { fr: "En bas", en: "Bottom" },
      })
      .default("center"),
    /** Scheme of the text panel over the media; the block's own scheme when absent. */
    inner_color_scheme: f.select(COLOR_SCHEMES, "inner_color_scheme", COLOR_SCHEME_LABELS).optional(),
  },
  fields: {
    logo: f.image("logo").optional(),
    main_title: f.text("main_title").optional(),
    sub_title: f.text("sub_title").optional(),
    under_sub_title: f.text("under_sub_title").optional(),
    cta_repeater: ctaRepeater().optional(),
    bg_media: f.media("bg_media").optional(),
  },
  example: {
    block_params: { color_scheme: "inverted", align_y: "center" },
    fields: {
      fr: {
        logo: {
          url: "/images/julie-tremblay-logo-white.svg",
          alt: "Julie Tremblay, courtière immobilière",
          width: 220,
          height: 48,
        },
        main_title: "Votre prochaine adresse commence ici",
        sub_title: "Courtière immobilière résidentielle à Québec et Lévis",
        under_sub_title: "Plus de 300 familles accompagnées depuis 2009",
        cta_repeater: [
          { cta: { url: "/fr/proprietes", text: "Voir les propriétés" } },
          { cta: { text: "Me joindre", on_click_action: { action_type: "open_contact_modal" } } },
        ],
        bg_media: { image: { ...skyline.fr, fetchPriority: "high" } },
      },
      en: {
        logo: {
          url: "/images/julie-tremblay-logo-white.svg",
          alt: "Julie Tremblay, real-estate broker",
          width: 220,
          height: 48,
        },
        main_title: "Your next address starts here",
        sub_title: "Residential real-estate broker in Québec City and Lévis",
        under_sub_title: "More than 300 families guided since 2009",
        cta_repeater: [
          { cta: { url: "/en/properties", text: "See the listings" } },
          { cta: { text: "Contact me", on_click_action: { action_type: "open_contact_modal" } } },
        ],
        bg_media: { image: { ...skyline.en, fetchPriority: "high" } },
      },
    },
  },
});

export const heroInfosBlock = defineBlock({
  type: "hero_infos_block",
  family: "heroes",
  label: { fr: "Bannière avec coordonnées", en: "Hero with contact details" },
  description: {
    fr: "Photo, titres, coordonnées, réseaux sociaux et boutons",
    en: "Photo, titles, contact details, social links and buttons",
  },
  params: { orientation_x: orientationX() },
  fields: {
    media: f.media("media").optional(),
    main_title: f.text("main_title").optional(),
    sub_title: f.text("sub_title").optional(),
    under_sub_title: f.text("under_sub_title").optional(),
    list_items_repeater: listItemsRepeater().optional(),
    icon_links_repeater: iconLinksRepeater().optional(),
    cta_repeater: ctaRepeater().optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "left" },
    fields: {
      fr: {
        media: { image: portrait.fr },
        main_title: "Julie Tremblay",
        sub_title: "Courtière immobilière résidentielle",
        under_sub_title: "Immobilier Rive-Sud",
        list_items_repeater: contactLines.fr,
        icon_links_repeater: [...socials.fr],
        cta_repeater: [{ cta: { url: "/fr/contact", text: "Me joindre" } }],
      },
      en: {
        media: { image: portrait.en },
        main_title: "Julie Tremblay",
        sub_title: "Residential real-estate broker",
        under_sub_title: "Immobilier Rive-Sud",
        list_items_repeater: contactLines.en,
        icon_links_repeater: [...socials.en],
        cta_repeater: [{ cta: { url: "/en/contact", text: "Contact me" } }],
      },
    },
  },
});

export const heroLandingPage1Block = defineBlock({
  type: "hero_landing_page_1_block",
  family: "heroes",
  label: { fr: "Page d'atterrissage avec formulaire", en: "Landing page with form" },
  description: {
    fr: "Page d'atterrissage : titre, texte et avatar à côté du formulaire de contact",
    en: "Landing page: title, text and avatar beside the contact form",
  },
  params: {
    /** Side of the title and text; the contact form takes the other side. */
    orientation_x: orientationX(),
  },
  fields: {
    main_title: f.text("main_title").optional(),
    description: f.richtext("description").optional(),
    media: f.media("media").optional(),
    avatar: f.image("avatar").optional(),
    cta_repeater: ctaRepeater().optional(),
  },
  example: {
    block_params: { color_scheme: "inverted", orientation_x: "left" },
    fields: {
      fr: {
        main_title: "Obtenez l'évaluation gratuite de votre propriété",
        description:
          "<p>Recevez en 48 heures une analyse comparative du marché de votre secteur, préparée par Julie Tremblay.</p>",
        media: { image: { url: "/images/levis-river.svg", alt: "", width: 1200, height: 600 } },
        avatar: portrait.fr,
        cta_repeater: [{ cta: { url: "/fr/proprietes", text: "Voir les propriétés vendues" } }],
      },
      en: {
        main_title: "Get a free valuation of your property",
        description:
          "<p>Within 48 hours, receive a comparative market analysis of your area, prepared by Julie Tremblay.</p>",
        media: { image: { url: "/images/levis-river.svg", alt: "", width: 1200, height: 600 } },
        avatar: portrait.en,
        cta_repeater: [{ cta: { url: "/en/properties", text: "See sold properties" } }],
      },
    },
  },
});

export const heroProfilePageBlock = defineBlock({
  type: "hero_profile_page_block",
  family: "heroes",
  label: { fr: "En-tête de profil", en: "Profile header" },
  description: {
    fr: "En-tête de profil d'un courtier, d'une équipe ou d'un membre de la direction",
    en: "Profile header of a broker, team or management member",
  },
  params: { context_type: f.select(CONTEXT_TYPES, "context_type", CONTEXT_TYPE_LABELS).default("brokers") },
  fields: {
    media: f.media("media").optional(),
    main_title: f.text("main_title").optional(),
    sub_title: f.text("sub_title").optional(),
    under_sub_title: f.text("under_sub_title").optional(),
    list_items_repeater: listItemsRepeater().optional(),
    icon_links_repeater: iconLinksRepeater().optional(),
    cta_repeater: ctaRepeater().optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey", context_type: "brokers" },
    fields: {
      fr: {
        media: { image: portrait.fr },
        main_title: "Julie Tremblay",
        sub_title: "Courtière immobilière résidentielle",
        under_sub_title: "Membre de l'équipe Immobilier Rive-Sud depuis 2009",
        list_items_repeater: contactLines.fr,
        icon_links_repeater: [...socials.fr],
        cta_repeater: [
          { cta: { text: "Écrire à Julie", on_click_action: { action_type: "open_contact_modal" } } },
          { cta: { url: "/fr/proprietes", text: "Ses propriétés" } },
        ],
      },
      en: {
        media: { image: portrait.en },
        main_title: "Julie Tremblay",
        sub_title: "Residential real-estate broker",
        under_sub_title: "Part of the Immobilier Rive-Sud team since 2009",
        list_items_repeater: contactLines.en,
        icon_links_repeater: [...socials.en],
        cta_repeater: [
          { cta: { text: "Write to Julie", on_click_action: { action_type: "open_contact_modal" } } },
          { cta: { url: "/en/properties", text: "Her listings" } },
        ],
      },
    },
  },
});

const exampleMembers = {
  fr: [
    {
      person_name: "Julie Tremblay",
      person_avatar: portrait.fr,
      person_subtitle: "Courtière immobilière résidentielle",
      list_items_repeater: [
        { icon: { type: "phone" }, text: "418 555-0142" },
        { icon: { type: "email" }, text: "julie@julietremblay.ca" },
      ],
      social_items_repeater: [...socials.fr],
      cta_repeater: [{ cta: { text: "Écrire à Julie", on_click_action: { action_type: "open_contact_modal" } } }],
      program_items_repeater: [
        { description: "Garantie de vente RE/MAX" },
        { description: "Programme Premier acheteur" },
      ],
    },
    {
      person_name: "Marc-André Gagnon",
      person_subtitle: "Courtier immobilier résidentiel et commercial",
      list_items_repeater: [{ icon: { type: "phone" }, text: "418 555-0187" }],
      cta_repeater: [{ cta: { url: "/fr/contact", text: "Prendre rendez-vous" } }],
    },
  ],
  en: [
    {
      person_name: "Julie Tremblay",
      person_avatar: portrait.en,
      person_subtitle: "Residential real-estate broker",
      list_items_repeater: [
        { icon: { type: "phone" }, text: "418-555-0142" },
        { icon: { type: "email" }, text: "julie@julietremblay.ca" },
      ],
      social_items_repeater: [...socials.en],
      cta_repeater: [{ cta: { text: "Write to Julie", on_click_action: { action_type: "open_contact_modal" } } }],
      program_items_repeater: [{ description: "RE/MAX sale guarantee" }, { description: "First-time buyer program" }],
    },
    {
      person_name: "Marc-André Gagnon",
      person_subtitle: "Residential and commercial real-estate broker",
      list_items_repeater: [{ icon: { type: "phone" }, text: "418-555-0187" }],
      cta_repeater: [{ cta: { url: "/en/contact", text: "Book a meeting" } }],
    },
  ],
};

export const heroMembersSearchBlock = defineBlock({
  type: "hero_members_search_block",
  family: "heroes",
  label: { fr: "Recherche de membres", en: "Member search" },
  description: {
    fr: "Recherche d'un membre par son nom, avec un carrousel de fiches",
    en: "Find a member by name, with a carousel of cards",
  },
  params: {
    show_carousel: f.boolean("show_carousel").default(true),
    context_type: f.select(CONTEXT_TYPES, "context_type", CONTEXT_TYPE_LABELS).default("brokers"),
  },
  fields: {
    main_title: f.text("main_title").optional(),
    card_members_repeater: f.repeater("member_card_item", memberCardShape, "card_members_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey", show_carousel: true, context_type: "brokers" },
    fields: {
      fr: { main_title: "Trouver un courtier", card_members_repeater: exampleMembers.fr },
      en: { main_title: "Find a broker", card_members_repeater: exampleMembers.en },
    },
  },
});

export const heroSliderBlock = defineBlock({
  type: "hero_slider_block",
  family: "heroes",
  label: { fr: "Diaporama plein écran", en: "Full-width slideshow" },
  description: {
    fr: "Diaporama plein écran avec barres de progression et aperçu de la diapositive suivante",
    en: "Full-width slideshow with progress bars and a next-slide preview",
  },
  fields: {
    slides_repeater: f.repeater("hero_slider_item", heroSlideShape, "slides_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "inverted" },
    fields: {
      fr: {
        slides_repeater: [
          {
            bg_media: { image: { ...skyline.fr, fetchPriority: "high" } },
            main_title: "Vivre à Québec",
            description: "<p>Du Vieux-Québec à Sainte-Foy, des propriétés pour chaque étape de vie.</p>",
            cta_repeater: [{ cta: { url: "/fr/proprietes", text: "Voir les propriétés" } }],
          },
          {
            bg_media: {
              image: { url: "/images/levis-river.svg", alt: "Le fleuve vu de Lévis", width: 1200, height: 600 },
            },
            main_title: "Vivre sur la Rive-Sud",
            description: "<p>Lévis et ses environs : l'espace, le fleuve et la ville à dix minutes.</p>",
            cta_repeater: [{ cta: { url: "/fr/contact", text: "Parler à Julie" } }],
          },
        ],
      },
      en: {
        slides_repeater: [
          {
            bg_media: { image: { ...skyline.en, fetchPriority: "high" } },
            main_title: "Living in Québec City",
            description: "<p>From Old Québec to Sainte-Foy, homes for every stage of life.</p>",
            cta_repeater: [{ cta: { url: "/en/properties", text: "See the listings" } }],
          },
          {
            bg_media: {
              image: { url: "/images/levis-river.svg", alt: "The river seen from Lévis", width: 1200, height: 600 },
            },
            main_title: "Living on the South Shore",
            description: "<p>Lévis and its surroundings: space, the river, and the city ten minutes away.</p>",
            cta_repeater: [{ cta: { url: "/en/contact", text: "Talk to Julie" } }],
          },
        ],
      },
    },
  },
});

export const heroHighlightsBlock = defineBlock({
  type: "hero_highlights_block",
  family: "heroes",
  label: { fr: "Faits saillants", en: "Highlights" },
  description: {
    fr: "Titre et trois ou quatre faits saillants (icône ou chiffre, texte)",
    en: "Title and three or four highlights (icon or figure, text)",
  },
  fields: {
    super_title: f.text("super_title").optional(),
    main_title: f.text("main_title").optional(),
    description: f.richtext("description").optional(),
    bg_media: f.media("bg_media").optional(),
    highlights_repeater: f.repeater("highlight_item", highlightItemShape, "highlights_repeater").optional(),
    cta_repeater: ctaRepeater().optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        super_title: "Immobilier Rive-Sud",
        main_title: "Une équipe qui connaît chaque rue de la Rive-Sud",
        highlights_repeater: [
          { figure: "350+", main_title: "propriétés vendues", description: "depuis 2009 à Québec et Lévis" },
          { figure: "28 jours", main_title: "délai moyen de vente", description: "contre 52 jours dans la région" },
          { icon: { type: "star" }, main_title: "4,9 sur 5", description: "selon 120 avis de clients" },
          { icon: { type: "home" }, main_title: "Évaluation gratuite", description: "en 48 heures, sans engagement" },
        ],
        cta_repeater: [{ cta: { url: "/fr/contact", text: "Nous joindre" } }],
      },
      en: {
        super_title: "Immobilier Rive-Sud",
        main_title: "A team that knows every street of the South Shore",
        highlights_repeater: [
          { figure: "350+", main_title: "properties sold", description: "since 2009 in Québec City and Lévis" },
          { figure: "28 days", main_title: "average time to sell", description: "against 52 days in the region" },
          { icon: { type: "star" }, main_title: "4.9 out of 5", description: "from 120 client reviews" },
          { icon: { type: "home" }, main_title: "Free valuation", description: "within 48 hours, no commitment" },
        ],
        cta_repeater: [{ cta: { url: "/en/contact", text: "Contact us" } }],
      },
    },
  },
});

export const heroBlocks = [
  heroContent1Block,
  heroContent2Block,
  heroCtaBlock,
  heroInfosBlock,
  heroLandingPage1Block,
  heroProfilePageBlock,
  heroMembersSearchBlock,
  heroSliderBlock,
  heroHighlightsBlock,
] as const;

export type MemberCard = z.output<typeof heroMembersSearchBlock.fields>["card_members_repeater"] extends
  | (infer T)[]
  | undefined
  ? T
  : never;
