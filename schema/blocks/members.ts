/**
 * Members blocks (blocks.md §2 Other layout blocks, §3 Members and Other content items,
 * §4 Members, §9 Members carousel and Lists and paging): the member cards directory with
 * an office filter, the members carousel with thumbnails, and the team members carousel.
 */
import type { z } from "zod";
import { defineBlock } from "../block";
import { f } from "../fields";
import { CONTEXT_TYPE_LABELS } from "../labels";
import { iconLinkItemShape, iconListItemShape } from "./headers";

export const MEMBER_CONTEXT_TYPES = ["brokers", "teams", "admins", "directors"] as const;

/** A line of a card: an icon and a short text (phone, e-mail, languages…). */
export const listItemsRepeater = () => f.repeater("icon_list_item", iconListItemShape, "list_items_repeater");

/** A designation or programme of a member; its description shows in a tooltip. */
export const programItemShape = {
  description: f.text("description"),
};

/** Member card item of the directory (blocks.md §3 Members). */
export const memberCardItemShape = {
  /** Matches the `id` of an office filter option. */
  office_id: f.text("office_id").optional(),
  main_title: f.text("main_title"),
  description: f.textarea("description").optional(),
  cta: f.link("cta").optional(),
  image: f.image("image").optional(),
  list_items_repeater: listItemsRepeater().optional(),
  icon_links_repeater: f.repeater("icon_link_item", iconLinkItemShape, "icon_links_repeater").optional(),
  program_items_repeater: f.repeater("program_item", programItemShape, "program_items_repeater").optional(),
};

export const officeFilterOptionShape = {
  id: f.text("id"),
  label: f.text("label"),
};

export const membersCarouselItemShape = {
  person_avatar: f.image("person_avatar").optional(),
  person_name: f.text("person_name"),
  person_subtitle: f.text("person_subtitle").optional(),
  cta_repeater: f.repeater("cta_item", { cta: f.link("cta") }, "cta_repeater").optional(),
};

export const teamMemberItemShape = {
  person_avatar: f.image("person_avatar").optional(),
  person_name: f.text("person_name"),
  person_subtitle: f.text("person_subtitle").optional(),
  description: f.textarea("description").optional(),
  list_items_repeater: listItemsRepeater().optional(),
};

// ---- examples ---------------------------------------------------------------

const portrait = (alt: string) => ({ url: "/images/portrait-broker.svg", alt, width: 480, height: 600 });

export const memberCardsBlock = defineBlock({
  type: "member_cards_block",
  family: "members",
  label: { fr: "Fiches des membres", en: "Member cards" },
  description: {
    fr: "Fiches des membres avec filtre par bureau et chargement progressif",
    en: "Member cards with an office filter and load more",
  },
  params: {
    context_type: f.select(MEMBER_CONTEXT_TYPES, "context_type", CONTEXT_TYPE_LABELS).default("brokers"),
  },
  fields: {
    main_title: f.text("main_title").optional(),
    card_members_repeater: f.repeater("member_card_item", memberCardItemShape, "card_members_repeater").optional(),
    office_filter_repeater: f
      .repeater("office_filter_option", officeFilterOptionShape, "office_filter_repeater")
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal", context_type: "brokers" },
    fields: {
      fr: {
        main_title: "Nos courtiers",
        office_filter_repeater: [
          { id: "levis", label: "Bureau de Lévis" },
          { id: "saint-romuald", label: "Bureau de Saint-Romuald" },
        ],
        card_members_repeater: [
          {
            office_id: "levis",
            main_title: "Julie Tremblay",
            description: "Courtière immobilière résidentielle",
            image: portrait("Portrait de Julie Tremblay"),
            cta: { url: "/fr/courtiers/julie-tremblay", text: "Voir le profil" },
            list_items_repeater: [
              { icon: { type: "phone" }, text: "418 555-0142" },
              { icon: { type: "email" }, text: "julie@immobilierrivesud.ca" },
            ],
            icon_links_repeater: [
              {
                icon: { type: "facebook" },
                link: {
                  url: "https://www.facebook.com/julietremblaycourtiere",
                  text: "Facebook de Julie Tremblay",
                  target: "_blank",
                },
              },
            ],
            program_items_repeater: [
              { description: "Spécialiste en premier achat" },
              { description: "Certifiée en évaluation comparative" },
            ],
          },
          {
            office_id: "saint-romuald",
            main_title: "Marc-André Bégin",
            description: "Courtier immobilier agréé DA",
            image: portrait("Portrait de Marc-André Bégin"),
            cta: { url: "/fr/courtiers/marc-andre-begin", text: "Voir le profil" },
            list_items_repeater: [{ icon: { type: "phone" }, text: "418 555-0178" }],
          },
        ],
      },
      en: {
        main_title: "Our brokers",
        office_filter_repeater: [
          { id: "levis", label: "Lévis office" },
          { id: "saint-romuald", label: "Saint-Romuald office" },
        ],
        card_members_repeater: [
          {
            office_id: "levis",
            main_title: "Julie Tremblay",
            description: "Residential real-estate broker",
            image: portrait("Portrait of Julie Tremblay"),
            cta: { url: "/en/brokers/julie-tremblay", text: "View profile" },
            list_items_repeater: [
              { icon: { type: "phone" }, text: "418 555-0142" },
              { icon: { type: "email" }, text: "julie@immobilierrivesud.ca" },
            ],
            icon_links_repeater: [
              {
                icon: { type: "facebook" },
                link: {
                  url: "https://www.facebook.com/julietremblaycourtiere",
                  text: "Julie Tremblay on Facebook",
                  target: "_blank",
                },
              },
            ],
            program_items_repeater: [
              { description: "First-time buyer specialist" },
              { description: "Certified in comparative market analysis" },
            ],
          },
          {
            office_id: "saint-romuald",
            main_title: "Marc-André Bégin",
            description: "Chartered real-estate broker (AEO)",
            image: portrait("Portrait of Marc-André Bégin"),
            cta: { url: "/en/brokers/marc-andre-begin", text: "View profile" },
            list_items_repeater: [{ icon: { type: "phone" }, text: "418 555-0178" }],
          },
        ],
      },
    },
  },
});

export const membersCarouselBlock = defineBlock({
  type: "members_carousel_block",
  family: "members",
  label: { fr: "Carrousel de membres", en: "Members carousel" },
  description: {
    fr: "Carrousel de membres avec vignettes",
    en: "Members carousel with thumbnails",
  },
  fields: {
    main_title: f.text("main_title").optional(),
    members_repeater: f.repeater("members_carousel_item", membersCarouselItemShape, "members_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey" },
    fields: {
      fr: {
        main_title: "L'équipe de direction",
        members_repeater: [
          {
            person_avatar: portrait("Portrait de Louise Gagnon"),
            person_name: "Louise Gagnon",
            person_subtitle: "Cofondatrice et directrice générale",
            cta_repeater: [{ cta: { url: "/fr/contact", text: "Écrire à Louise" } }],
          },
          {
            person_avatar: portrait("Portrait de Marc-André Bégin"),
            person_name: "Marc-André Bégin",
            person_subtitle: "Cofondateur et directeur des ventes",
            cta_repeater: [{ cta: { url: "/fr/contact", text: "Écrire à Marc-André" } }],
          },
        ],
      },
      en: {
        main_title: "Our leadership team",
        members_repeater: [
          {
            person_avatar: portrait("Portrait of Louise Gagnon"),
            person_name: "Louise Gagnon",
            person_subtitle: "Co-founder and general manager",
            cta_repeater: [{ cta: { url: "/en/contact", text: "Write to Louise" } }],
          },
          {
            person_avatar: portrait("Portrait of Marc-André Bégin"),
            person_name: "Marc-André Bégin",
            person_subtitle: "Co-founder and sales director",
            cta_repeater: [{ cta: { url: "/en/contact", text: "Write to Marc-André" } }],
          },
        ],
      },
    },
  },
});

export const teamMembersCarouselBlock = defineBlock({
  type: "team_members_carousel_block",
  family: "members",
  label: { fr: "Carrousel d'équipe", en: "Team carousel" },
  description: {
    fr: "Carrousel des membres d'une équipe avec fiche détaillée",
    en: "Team members carousel with a detail view",
  },
  fields: {
    main_title: f.text("main_title").optional(),
    team_members_repeater: f.repeater("team_member_item", teamMemberItemShape, "team_members_repeater").optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "L'équipe Tremblay",
        team_members_repeater: [
          {
            person_avatar: portrait("Portrait de Julie Tremblay"),
            person_name: "Julie Tremblay",
            person_subtitle: "Courtière immobilière résidentielle",
            description:
              "Courtière depuis 2009, Julie a accompagné plus de 300 familles de Québec et de Lévis.\nElle connaît chaque quartier de la Rive-Sud, des écoles aux pistes cyclables, et prépare chaque vente avec une évaluation comparative détaillée.\nEn dehors du bureau, elle s'implique auprès de la Maison de la famille de Lévis.",
            list_items_repeater: [
              { icon: { type: "phone" }, text: "418 555-0142" },
              { icon: { type: "email" }, text: "julie@immobilierrivesud.ca" },
            ],
          },
          {
            person_avatar: portrait("Portrait de Sophie Lavoie"),
            person_name: "Sophie Lavoie",
            person_subtitle: "Adjointe administrative",
            description: "Sophie coordonne les visites et les signatures chez le notaire.",
            list_items_repeater: [{ icon: { type: "phone" }, text: "418 555-0150" }],
          },
        ],
      },
      en: {
        main_title: "The Tremblay team",
        team_members_repeater: [
          {
            person_avatar: portrait("Portrait of Julie Tremblay"),
            person_name: "Julie Tremblay",
            person_subtitle: "Residential real-estate broker",
            description:
              "A broker since 2009, Julie has guided more than 300 families in Québec City and Lévis.\nShe knows every South Shore neighbourhood, from schools to bike paths, and prepares every sale with a detailed comparative market analysis.\nOutside the office, she volunteers with the Maison de la famille de Lévis.",
            list_items_repeater: [
              { icon: { type: "phone" }, text: "418 555-0142" },
              { icon: { type: "email" }, text: "julie@immobilierrivesud.ca" },
            ],
          },
          {
            person_avatar: portrait("Portrait of Sophie Lavoie"),
            person_name: "Sophie Lavoie",
            person_subtitle: "Administrative assistant",
            description: "Sophie schedules showings and signings at the notary's office.",
            list_items_repeater: [{ icon: { type: "phone" }, text: "418 555-0150" }],
          },
        ],
      },
    },
  },
});

export const membersBlocks = [memberCardsBlock, membersCarouselBlock, teamMembersCarouselBlock] as const;
export type MemberCardItem = NonNullable<z.output<typeof memberCardsBlock.fields>["card_members_repeater"]>[number];
export type TeamMemberItem = NonNullable<
  z.output<typeof teamMembersCarouselBlock.fields>["team_members_repeater"]
>[number];
