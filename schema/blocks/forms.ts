import { defineBlock } from "../block";
import { f } from "../fields";
import { RECIPIENT_TYPE_CODES } from "../forms";

export const contactFormBlock = defineBlock({
  type: "contact_form_block",
  family: "forms",
  label: { fr: "Formulaire de contact", en: "Contact form" },
  description: {
    fr: "Formulaire de contact (prénom, nom, courriel, téléphone, message)",
    en: "Contact form (first name, last name, e-mail, phone, message)",
  },
  params: {
    orientation_x: f
      .select(["full", "center"], "orientation_x", {
        full: { fr: "Pleine largeur", en: "Full width" },
        center: { fr: "Centré", en: "Centred" },
      })
      .default("full"),
    /** Individual wording for broker, administrative_team, executive_team; plural for team, office, agency. */
    recipient_type: f
      .select(RECIPIENT_TYPE_CODES, "recipient_type", {
        broker: { fr: "Courtier", en: "Broker" },
        administrative_team: { fr: "Équipe administrative", en: "Administrative team" },
        executive_team: { fr: "Direction", en: "Management" },
        team: { fr: "Équipe", en: "Team" },
        office: { fr: "Bureau", en: "Office" },
        agency: { fr: "Agence", en: "Agency" },
      })
      .optional(),
    recipient_slug: f.text("recipient_slug").optional(),
    ask_preferred_communication: f.boolean("ask_preferred_communication").default(false),
  },
  fields: {
    /** Overrides "Écrivez-moi" / "Écrivez-nous". */
    main_title: f.text().optional(),
    description: f.richtext("intro").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", orientation_x: "full" },
    fields: {
      fr: { description: "<p>Je vous réponds personnellement en moins de 24 heures.</p>" },
      en: { description: "<p>I answer personally within 24 hours.</p>" },
    },
  },
});

const multiStepFields = {
  main_title: f.text().optional(),
  /** Replaces the default intro of step 0. */
  description: f.richtext("intro").optional(),
  start_label: f.text("start_label").optional(),
  success_message: f.textarea("success_message").optional(),
};

export const propertyAlertBlock = defineBlock({
  type: "property_alert_block",
  family: "forms",
  label: { fr: "Alerte propriétés", en: "Property alert" },
  description: {
    fr: "Alerte propriétés : formulaire en 6 étapes",
    en: "Property alert: 6-step form",
  },
  fields: multiStepFields,
  example: { block_params: { color_scheme: "normal" }, fields: { fr: {}, en: {} } },
});

export const propertyValuationBlock = defineBlock({
  type: "property_valuation_block",
  family: "forms",
  label: { fr: "Évaluation gratuite", en: "Free valuation" },
  description: {
    fr: "Évaluation gratuite : formulaire en 7 étapes",
    en: "Free valuation: 7-step form",
  },
  fields: multiStepFields,
  example: { block_params: { color_scheme: "normal" }, fields: { fr: {}, en: {} } },
});

export const mortgageCalculatorBlock = defineBlock({
  type: "mortgage_calculator_block",
  family: "forms",
  label: { fr: "Calculatrice hypothécaire", en: "Mortgage calculator" },
  description: { fr: "Calculatrice hypothécaire", en: "Mortgage calculator" },
  params: {
    /** Minimum down payment rules (spec README decision 1). */
    threshold_low: f.number("threshold_low").default(500_000),
    threshold_high: f.number("threshold_high").default(1_000_000),
    rate_low: f.number("rate_low").default(0.05),
    rate_mid: f.number("rate_mid").default(0.1),
    rate_high: f.number("rate_high").default(0.2),
    rate_commercial: f.number("rate_commercial").default(0.35),
    /** Defaults of the form. */
    default_price: f.number("default_price").optional(),
    default_down_payment: f.number("default_down_payment").optional(),
    default_interest_rate: f.number("default_interest_rate").default(5.5),
    default_amortization: f
      .select(["5", "10", "15", "20", "25"], "default_amortization", {
        "5": { fr: "5 ans", en: "5 years" },
        "10": { fr: "10 ans", en: "10 years" },
        "15": { fr: "15 ans", en: "15 years" },
        "20": { fr: "20 ans", en: "20 years" },
        "25": { fr: "25 ans", en: "25 years" },
      })
      .default("25"),
    default_frequency: f
      .select(["weekly", "bi-weekly", "monthly"], "default_frequency", {
        weekly: { fr: "Hebdomadaire", en: "Weekly" },
        "bi-weekly": { fr: "Aux deux semaines", en: "Bi-weekly" },
        monthly: { fr: "Mensuelle", en: "Monthly" },
      })
      .default("monthly"),
    default_property_type: f
      .select(["residential", "commercial"], "default_property_type", {
        residential: { fr: "Résidentielle", en: "Residential" },
        commercial: { fr: "Commerciale", en: "Commercial" },
      })
      .default("residential"),
  },
  fields: {
    main_title: f.text().optional(),
    description: f.richtext("intro").optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: { main_title: "Calculez vos paiements hypothécaires" },
      en: { main_title: "Estimate your mortgage payments" },
    },
  },
});

export const formBlocks = [
  contactFormBlock,
  propertyAlertBlock,
  propertyValuationBlock,
  mortgageCalculatorBlock,
] as const;
