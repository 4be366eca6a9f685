import { defineBlock } from "../block";
import { f } from "../fields";
import { SIDE_LABELS, TEXT_ALIGN_LABELS } from "../labels";

export const textBlock1 = defineBlock({
  type: "text_block_1",
  family: "text",
  label: { fr: "Texte avec bouton", en: "Text with a button" },
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
  label: { fr: "Texte et boutons alignés", en: "Aligned text and buttons" },
  description: { fr: "Titre, texte et boutons alignés", en: "Aligned title, text and buttons" },
  params: { text_align: f.select(["left", "center", "right"], "text_align", TEXT_ALIGN_LABELS).default("center") },
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
  label: { fr: "Texte et deux médias", en: "Text and two media" },
  description: {
    fr: "Surtitre, titre, texte et boutons à côté de deux images ou vidéos",
    en: "Eyebrow, title, text and buttons beside two images or videos",
  },
  params: {
    /** Side of the media; the text takes the other side. */
    orientation_x: f.select(["left", "right"], "orientation_x", SIDE_LABELS).default("left"),
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

// ---- rest of the text and layout catalogue (blocks.md §2 Other layout blocks, §3) ----

const ctaField = () => f.link().optional();

export const textImgMultipleBlock1 = defineBlock({
  type: "text_img_multiple_block_1",
  family: "text",
  label: { fr: "Texte et médias en zigzag", en: "Zig-zag text and media" },
  description: {
    fr: "Rangées de texte et de médias en zigzag",
    en: "Rows of text and media in a zig-zag",
  },
  params: {
    /** Side of the first media row; the next rows alternate. */
    orientation_x: f.select(["left", "right"], "orientation_x", SIDE_LABELS).default("right"),
  },
  fields: {
    main_title: f.text().optional(),
    text_rows: f
      .repeater(
        "text_multiple_row",
        { main_title: f.text().optional(), description: f.richtext().optional(), cta: ctaField() },
        "text_rows",
      )
      .optional(),
    media_rows: f.repeater("media_multiple_row", { media: f.media().optional() }, "media_rows").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "right" },
    fields: {
      fr: {
        main_title: "Mon accompagnement, étape par étape",
        text_rows: [
          {
            main_title: "Préparer la vente",
            description:
              "<p>Nous visitons votre propriété ensemble, je vous remets une analyse comparative du marché et une liste de petits travaux qui font la différence.</p>",
            cta: { url: "/fr/vendre-sa-propriete", text: "Lire le guide du vendeur" },
          },
          {
            main_title: "Trouver la bonne maison",
            description:
              "<p>Je cible les propriétés qui répondent vraiment à vos critères, y compris celles qui ne sont pas encore affichées, et je vous accompagne à chaque visite.</p>",
            cta: { url: "/fr/proprietes", text: "Voir les propriétés" },
          },
        ],
        media_rows: [
          {
            media: {
              image: { url: "/images/house.svg", alt: "Façade d'une maison à vendre", width: 640, height: 480 },
            },
          },
          {
            media: {
              image: { url: "/images/family.svg", alt: "Famille devant sa nouvelle maison", width: 640, height: 480 },
            },
          },
        ],
      },
      en: {
        main_title: "My support, step by step",
        text_rows: [
          {
            main_title: "Getting ready to sell",
            description:
              "<p>We walk through your property together, I give you a comparative market analysis and a list of small fixes that make a difference.</p>",
            cta: { url: "/en/selling-your-property", text: "Read the seller's guide" },
          },
          {
            main_title: "Finding the right home",
            description:
              "<p>I target the properties that truly match your criteria, including those not listed yet, and I come with you to every showing.</p>",
            cta: { url: "/en/properties", text: "See the listings" },
          },
        ],
        media_rows: [
          { media: { image: { url: "/images/house.svg", alt: "Front of a house for sale", width: 640, height: 480 } } },
          {
            media: {
              image: { url: "/images/family.svg", alt: "Family in front of their new home", width: 640, height: 480 },
            },
          },
        ],
      },
    },
  },
});

export const imageTextBlock = defineBlock({
  type: "image_text_block",
  family: "text",
  label: { fr: "Image et texte", en: "Image and text" },
  description: {
    fr: "Une image à côté d'un titre, d'un texte et d'un bouton",
    en: "An image beside a title, text and a button",
  },
  params: {
    /** Side of the image; the text takes the other side. */
    side: f.select(["left", "right"], "side", SIDE_LABELS).default("left"),
  },
  fields: {
    image: f.image().optional(),
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    cta: ctaField(),
  },
  example: {
    block_params: { color_scheme: "normal-grey", side: "left" },
    fields: {
      fr: {
        image: { url: "/images/keys.svg", alt: "Remise des clés chez le notaire", width: 640, height: 480 },
        main_title: "Une évaluation gratuite, sans engagement",
        description:
          "<p>Combien vaut votre propriété aujourd'hui? Je prépare une analyse basée sur les ventes récentes de votre secteur, sur la Rive-Sud comme à Québec.</p>",
        cta: { url: "/fr/contact", text: "Demander mon évaluation" },
      },
      en: {
        image: {
          url: "/images/keys.svg",
          alt: "Handing over the keys at the notary's office",
          width: 640,
          height: 480,
        },
        main_title: "A free valuation, with no commitment",
        description:
          "<p>What is your property worth today? I prepare an analysis based on recent sales in your area, on the South Shore and in Québec City.</p>",
        cta: { url: "/en/contact", text: "Request my valuation" },
      },
    },
  },
});

export const listBlock = defineBlock({
  type: "list_block",
  family: "text",
  label: { fr: "Liste", en: "List" },
  description: { fr: "Liste numérotée ou à puces avec un titre", en: "Numbered or bulleted list with a title" },
  params: {
    list_type: f
      .select(["ordered", "unordered"], "list_type", {
        ordered: { fr: "Numérotée", en: "Numbered" },
        unordered: { fr: "À puces", en: "Bulleted" },
      })
      .default("unordered"),
  },
  fields: {
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    items: f.repeater("list_item", { text: f.richtext() }, "items").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", list_type: "ordered" },
    fields: {
      fr: {
        main_title: "Les étapes d'un premier achat",
        items: [
          { text: "Obtenir une préapprobation hypothécaire" },
          { text: "Définir vos critères et votre secteur" },
          { text: "Visiter et déposer une <strong>promesse d'achat</strong>" },
          { text: "Inspection, financement et signature chez le notaire" },
        ],
      },
      en: {
        main_title: "The steps of a first purchase",
        items: [
          { text: "Get a mortgage pre-approval" },
          { text: "Define your criteria and your area" },
          { text: "Visit and make a <strong>promise to purchase</strong>" },
          { text: "Inspection, financing and signing at the notary's office" },
        ],
      },
    },
  },
});

const redirectItemShape = {
  main_title: f.text().optional(),
  description: f.richtext().optional(),
  cta: ctaField(),
};

export const multiRedirectHorizontalBlock = defineBlock({
  type: "multi_redirect_horizontal_block",
  family: "text",
  label: { fr: "Cartes de redirection", en: "Redirect cards" },
  description: {
    fr: "Cartes de redirection côte à côte, avec icône, image ou numéro",
    en: "Side-by-side redirect cards with an icon, an image or a number",
  },
  params: {
    item_style: f
      .select(["icon", "image", "numbered"], "item_style", {
        icon: { fr: "Icône", en: "Icon" },
        image: { fr: "Image", en: "Image" },
        numbered: { fr: "Numéro", en: "Number" },
      })
      .default("icon"),
  },
  fields: {
    main_title: f.text().optional(),
    items: f
      .repeater(
        "multi_redirect_item",
        {
          ...redirectItemShape,
          icon: f.icon().optional(),
          image: f.image().optional(),
          /** Numbered items: the link of the whole card and whether its number shows. */
          link: f.link().optional(),
          show_number: f.boolean().default(true),
        },
        "items",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal", item_style: "icon" },
    fields: {
      fr: {
        main_title: "Comment puis-je vous aider?",
        items: [
          {
            icon: { type: "home" },
            main_title: "Acheter",
            description: "<p>Trouvez la propriété qui vous ressemble, au juste prix.</p>",
            cta: { url: "/fr/proprietes", text: "Voir les propriétés" },
            show_number: true,
          },
          {
            icon: { type: "star" },
            main_title: "Vendre",
            description: "<p>Une mise en marché complète pour vendre au meilleur prix.</p>",
            cta: { url: "/fr/vendre-sa-propriete", text: "Le guide du vendeur" },
            show_number: true,
          },
          {
            icon: { type: "check" },
            main_title: "Faire évaluer",
            description: "<p>Une évaluation gratuite basée sur les ventes de votre quartier.</p>",
            cta: { url: "/fr/contact", text: "Demander une évaluation" },
            show_number: true,
          },
        ],
      },
      en: {
        main_title: "How can I help you?",
        items: [
          {
            icon: { type: "home" },
            main_title: "Buy",
            description: "<p>Find the property that suits you, at the right price.</p>",
            cta: { url: "/en/properties", text: "See the listings" },
            show_number: true,
          },
          {
            icon: { type: "star" },
            main_title: "Sell",
            description: "<p>Complete marketing to sell at the best price.</p>",
            cta: { url: "/en/selling-your-property", text: "The seller's guide" },
            show_number: true,
          },
          {
            icon: { type: "check" },
            main_title: "Get a valuation",
            description: "<p>A free valuation based on the sales in your neighbourhood.</p>",
            cta: { url: "/en/contact", text: "Request a valuation" },
            show_number: true,
          },
        ],
      },
    },
  },
});

export const multiRedirectVerticalBlock = defineBlock({
  type: "multi_redirect_vertical_block",
  family: "text",
  label: { fr: "Redirections empilées", en: "Stacked redirects" },
  description: { fr: "Redirections empilées, chacune avec son image", en: "Stacked redirects, each with its image" },
  fields: {
    main_title: f.text().optional(),
    items: f
      .repeater(
        "multi_redirect_vertical_item",
        { ...redirectItemShape, image: f.image().optional(), image_bg_color: f.colour("image_bg_color").optional() },
        "items",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "Mes partenaires de financement",
        items: [
          {
            image: { url: "/images/levis-river.svg", alt: "", width: 320, height: 240 },
            image_bg_color: "#e8f0fb",
            main_title: "Courtier hypothécaire",
            description:
              "<p>Marc Gagnon compare les offres de plus de 20 prêteurs et vous obtient une préapprobation en 48 heures.</p>",
            cta: { url: "/fr/contact", text: "Être mis en contact" },
          },
          {
            image: { url: "/images/skyline.svg", alt: "", width: 320, height: 240 },
            image_bg_color: "#fdf1e3",
            main_title: "Notaire",
            description:
              "<p>Me Sophie Bélanger accompagne mes clients de la promesse d'achat jusqu'à l'acte de vente.</p>",
            cta: { url: "/fr/contact", text: "Être mis en contact" },
          },
        ],
      },
      en: {
        main_title: "My financing partners",
        items: [
          {
            image: { url: "/images/levis-river.svg", alt: "", width: 320, height: 240 },
            image_bg_color: "#e8f0fb",
            main_title: "Mortgage broker",
            description:
              "<p>Marc Gagnon compares offers from more than 20 lenders and gets you pre-approved within 48 hours.</p>",
            cta: { url: "/en/contact", text: "Get introduced" },
          },
          {
            image: { url: "/images/skyline.svg", alt: "", width: 320, height: 240 },
            image_bg_color: "#fdf1e3",
            main_title: "Notary",
            description:
              "<p>Sophie Bélanger, notary, guides my clients from the promise to purchase to the deed of sale.</p>",
            cta: { url: "/en/contact", text: "Get introduced" },
          },
        ],
      },
    },
  },
});

export const ctaSingleBlock = defineBlock({
  type: "cta_single_block",
  family: "text",
  label: { fr: "Appel à l'action", en: "Call to action" },
  description: {
    fr: "Appel à l'action avec image de fond facultative",
    en: "Call to action with an optional background image",
  },
  fields: {
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    cta: ctaField(),
    bg_image: f.image("bg_image").optional(),
  },
  example: {
    block_params: { color_scheme: "inverted" },
    fields: {
      fr: {
        main_title: "Prêt à passer à l'action?",
        description: "<p>Un appel de 15 minutes suffit pour faire le point sur votre projet.</p>",
        cta: { text: "Me joindre", on_click_action: { action_type: "open_contact_modal" } },
        bg_image: { url: "/images/skyline.svg", alt: "" },
      },
      en: {
        main_title: "Ready to take action?",
        description: "<p>A 15-minute call is all it takes to review your project.</p>",
        cta: { text: "Contact me", on_click_action: { action_type: "open_contact_modal" } },
        bg_image: { url: "/images/skyline.svg", alt: "" },
      },
    },
  },
});

export const ctaDoubleBlock = defineBlock({
  type: "cta_double_block",
  family: "text",
  label: { fr: "Double appel à l'action", en: "Double call to action" },
  description: {
    fr: "Deux appels à l'action côte à côte (acheter / vendre)",
    en: "Two side-by-side calls to action (buy / sell)",
  },
  fields: {
    items: f
      .repeater(
        "cta_double_item",
        {
          main_title: f.text().optional(),
          description: f.richtext().optional(),
          cta: ctaField(),
          image: f.image().optional(),
        },
        "items",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey" },
    fields: {
      fr: {
        items: [
          {
            main_title: "Vous achetez?",
            description: "<p>Recevez les nouvelles inscriptions de votre secteur avant tout le monde.</p>",
            cta: { url: "/fr/proprietes", text: "Chercher une propriété" },
            image: { url: "/images/condo.svg", alt: "", width: 320, height: 240 },
          },
          {
            main_title: "Vous vendez?",
            description: "<p>Découvrez la valeur marchande de votre propriété en 48 heures.</p>",
            cta: { url: "/fr/contact", text: "Faire évaluer ma propriété" },
            image: { url: "/images/house.svg", alt: "", width: 320, height: 240 },
          },
        ],
      },
      en: {
        items: [
          {
            main_title: "Buying?",
            description: "<p>Get the new listings in your area before anyone else.</p>",
            cta: { url: "/en/properties", text: "Search for a property" },
            image: { url: "/images/condo.svg", alt: "", width: 320, height: 240 },
          },
          {
            main_title: "Selling?",
            description: "<p>Find out the market value of your property within 48 hours.</p>",
            cta: { url: "/en/contact", text: "Get my property valued" },
            image: { url: "/images/house.svg", alt: "", width: 320, height: 240 },
          },
        ],
      },
    },
  },
});

export const contactInfosBlock = defineBlock({
  type: "contact_infos_block",
  family: "text",
  label: { fr: "Coordonnées", en: "Contact details" },
  description: {
    fr: "Coordonnées et blocs d'information de contact",
    en: "Contact details and contact information items",
  },
  params: {
    /** Side of the contact details; the items take the other side. */
    orientation_x: f.select(["left", "right"], "orientation_x", SIDE_LABELS).default("left"),
    /** Which contact details show, in order, comma-separated among phone, email, address, sms. */
    contact_keys: f.text("contact_keys").default("phone,email,address"),
  },
  fields: {
    main_title: f.text().optional(),
    /** The contact details the keys pick from (the site configuration carries none yet). */
    contact_details: f
      .object({
        phone: f.text("phone").optional(),
        email: f.text("email").optional(),
        address: f.textarea("address").optional(),
        sms: f.text("sms").optional(),
      })
      .optional(),
    items: f
      .repeater(
        "contact_info_item",
        {
          main_title: f.text().optional(),
          description: f.richtext().optional(),
          icon_links_repeater: f.repeater("icon_link_item", { link: f.link() }, "icon_links_repeater").optional(),
        },
        "items",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey", orientation_x: "left", contact_keys: "phone,sms,email,address" },
    fields: {
      fr: {
        main_title: "Mes coordonnées",
        contact_details: {
          phone: "418 555-0142",
          sms: "418 555-0142",
          email: "julie@julietremblay.ca",
          address: "Immobilier Rive-Sud\n1250, boulevard Guillaume-Couture\nLévis (Québec) G6W 0R5",
        },
        items: [
          {
            main_title: "Heures de disponibilité",
            description: "<p>Du lundi au vendredi, de 8 h à 20 h<br>Samedi et dimanche, de 10 h à 17 h</p>",
          },
          {
            main_title: "Suivez-moi",
            description: "<p>Nouvelles inscriptions, visites libres et conseils chaque semaine.</p>",
            icon_links_repeater: [
              {
                link: {
                  url: "https://www.facebook.com/julietremblaycourtiere",
                  text: "Facebook",
                  target: "_blank",
                  icon: { type: "facebook" },
                },
              },
              {
                link: {
                  url: "https://www.instagram.com/julietremblay.courtiere",
                  text: "Instagram",
                  target: "_blank",
                  icon: { type: "instagram" },
                },
              },
            ],
          },
        ],
      },
      en: {
        main_title: "My contact details",
        contact_details: {
          phone: "418 555-0142",
          sms: "418 555-0142",
          email: "julie@julietremblay.ca",
          address: "Immobilier Rive-Sud\n1250 Guillaume-Couture Boulevard\nLévis, Quebec G6W 0R5",
        },
        items: [
          {
            main_title: "Availability",
            description: "<p>Monday to Friday, 8 a.m. to 8 p.m.<br>Saturday and Sunday, 10 a.m. to 5 p.m.</p>",
          },
          {
            main_title: "Follow me",
            description: "<p>New listings, open houses and tips every week.</p>",
            icon_links_repeater: [
              {
                link: {
                  url: "https://www.facebook.com/julietremblaycourtiere",
                  text: "Facebook",
                  target: "_blank",
                  icon: { type: "facebook" },
                },
              },
              {
                link: {
                  url: "https://www.instagram.com/julietremblay.courtiere",
                  text: "Instagram",
                  target: "_blank",
                  icon: { type: "instagram" },
                },
              },
            ],
          },
        ],
      },
    },
  },
});

export const iconCtaCardsBlock = defineBlock({
  type: "icon_cta_cards_block",
  family: "text",
  label: { fr: "Cartes à icône", en: "Icon cards" },
  description: { fr: "Cartes cliquables avec une icône et un titre", en: "Clickable cards with an icon and a title" },
  fields: {
    main_title: f.text().optional(),
    items: f
      .repeater(
        "icon_cta_card_item",
        {
          bg_color_primary: f.colour("bg_color_primary").optional(),
          text_color: f.colour("text_color").optional(),
          cta: ctaField(),
          icon: f.icon().optional(),
          main_title: f.text().optional(),
        },
        "items",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "Outils pratiques",
        items: [
          {
            icon: { type: "search" },
            main_title: "Chercher une propriété",
            cta: { url: "/fr/proprietes", text: "Chercher" },
          },
          {
            icon: { type: "home" },
            main_title: "Guide du vendeur",
            cta: { url: "/fr/vendre-sa-propriete", text: "Lire le guide" },
          },
          {
            icon: { type: "email" },
            main_title: "Poser une question",
            cta: { url: "/fr/contact", text: "Écrire" },
            bg_color_primary: "#0b3a75",
            text_color: "#ffffff",
          },
        ],
      },
      en: {
        main_title: "Handy tools",
        items: [
          {
            icon: { type: "search" },
            main_title: "Search for a property",
            cta: { url: "/en/properties", text: "Search" },
          },
          {
            icon: { type: "home" },
            main_title: "Seller's guide",
            cta: { url: "/en/selling-your-property", text: "Read the guide" },
          },
          {
            icon: { type: "email" },
            main_title: "Ask a question",
            cta: { url: "/en/contact", text: "Write" },
            bg_color_primary: "#0b3a75",
            text_color: "#ffffff",
          },
        ],
      },
    },
  },
});

/**
 * A highlighted box in the flow of a page: a tip, a fact to know, a warning (the welcome tax,
 * an inspection deadline). The tone picks the icon and the accent; the words are the editor's.
 */
export const calloutBlock = defineBlock({
  type: "callout_block",
  family: "text",
  label: { fr: "Encadré", en: "Callout" },
  description: {
    fr: "Un encadré qui fait ressortir un conseil, une information ou une mise en garde",
    en: "A highlighted box for a tip, a fact to know or a warning",
  },
  params: {
    tone: f
      .select(["info", "tip", "warning"], "tone", {
        info: { fr: "Information", en: "Information" },
        tip: { fr: "Conseil", en: "Tip" },
        warning: { fr: "Mise en garde", en: "Warning" },
      })
      .default("info"),
  },
  fields: {
    /** The box's label above its title ("Bon à savoir"): it says what kind of note this is. */
    super_title: f.text().optional(),
    main_title: f.text().optional(),
    description: f.richtext().optional(),
    cta: f.link().optional(),
  },
  example: {
    block_params: { color_scheme: "normal", tone: "tip" },
    fields: {
      fr: {
        super_title: "Bon à savoir",
        main_title: "Prévoyez la taxe de bienvenue dans votre budget",
        description:
          "<p>Quelques semaines après l'achat, la municipalité vous envoie le compte des droits de mutation. Pour une maison de 450\u00a0000\u00a0$ à Québec, comptez environ 5\u00a0000\u00a0$, payables en un seul versement.</p>",
        cta: { url: "/fr/contact", text: "Calculer mes frais avec moi" },
      },
      en: {
        super_title: "Good to know",
        main_title: "Plan for the welcome tax in your budget",
        description:
          "<p>A few weeks after you buy, the municipality sends you the property transfer duties bill. For a $450,000 house in Québec City, count on about $5,000, payable in one instalment.</p>",
        cta: { url: "/en/contact", text: "Work out my costs with me" },
      },
    },
  },
});

export const textBlocks = [
  textBlock1,
  textBlock2,
  txtImgDoubleBlock1,
  textImgMultipleBlock1,
  imageTextBlock,
  listBlock,
  multiRedirectHorizontalBlock,
  multiRedirectVerticalBlock,
  ctaSingleBlock,
  ctaDoubleBlock,
  contactInfosBlock,
  iconCtaCardsBlock,
  calloutBlock,
] as const;
