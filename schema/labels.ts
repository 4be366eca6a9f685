/**
 * Human names the studio shows for what the schema holds: a French and an English label for
 * each block type (defineBlock's `label`) and for each value of each select (`f.select`'s third
 * argument). The schema is their single source; the studio never shows a block id or a raw enum
 * value (tests/studio-labels.test.ts walks the registry). Option sets used by several fields live
 * here. No dependency: the site may import the types without zod.
 */

export interface LabelText {
  fr: string;
  en: string;
}

/** An option's label, with a short description where the label alone is not enough. */
export interface OptionLabel extends LabelText {
  description?: LabelText;
}

export type OptionLabels<V extends string> = { readonly [K in V]: OptionLabel };

export const COLOR_SCHEME_LABELS = {
  normal: { fr: "Clair", en: "Light", description: { fr: "Fond blanc", en: "White background" } },
  "normal-grey": {
    fr: "Clair grisé",
    en: "Light grey",
    description: { fr: "Fond gris pâle", en: "Pale grey background" },
  },
  inverted: {
    fr: "Foncé",
    en: "Dark",
    description: { fr: "Fond foncé, texte clair", en: "Dark background, light text" },
  },
} as const satisfies OptionLabels<"normal" | "normal-grey" | "inverted">;

export const SIDE_LABELS = {
  left: { fr: "À gauche", en: "Left" },
  right: { fr: "À droite", en: "Right" },
} as const satisfies OptionLabels<"left" | "right">;

export const TEXT_ALIGN_LABELS = {
  left: { fr: "À gauche", en: "Left" },
  center: { fr: "Centré", en: "Centred" },
  right: { fr: "À droite", en: "Right" },
} as const satisfies OptionLabels<"left" | "center" | "right">;

export const POPUP_TRIGGER_LABELS = {
  click: { fr: "Au clic", en: "On click" },
  hover: { fr: "Au survol", en: "On hover" },
} as const satisfies OptionLabels<"click" | "hover">;

export const CONTEXT_TYPE_LABELS = {
  brokers: { fr: "Courtiers", en: "Brokers" },
  teams: { fr: "Équipes", en: "Teams" },
  admins: { fr: "Équipe administrative", en: "Administrative team" },
  directors: { fr: "Direction", en: "Management" },
} as const satisfies OptionLabels<"brokers" | "teams" | "admins" | "directors">;

export const LINK_TARGET_LABELS = {
  _self: { fr: "Dans le même onglet", en: "In the same tab" },
  _blank: { fr: "Dans un nouvel onglet", en: "In a new tab" },
} as const satisfies OptionLabels<"_self" | "_blank">;

export const LINK_FORMAT_LABELS = {
  primary: { fr: "Bouton principal", en: "Primary button" },
  secondary: { fr: "Bouton secondaire", en: "Secondary button" },
  outline: { fr: "Bouton contour", en: "Outline button" },
  text: { fr: "Lien texte", en: "Text link" },
  icon: { fr: "Icône seule", en: "Icon only" },
} as const satisfies OptionLabels<"primary" | "secondary" | "outline" | "text" | "icon">;

export const ICON_WEIGHT_LABELS = {
  light: { fr: "Fine", en: "Light" },
  regular: { fr: "Normale", en: "Regular" },
  solid: { fr: "Pleine", en: "Solid" },
} as const satisfies OptionLabels<"light" | "regular" | "solid">;

export const FETCH_PRIORITY_LABELS = {
  high: {
    fr: "Haute",
    en: "High",
    description: { fr: "Pour l'image principale en haut de page", en: "For the main image at the top of the page" },
  },
  low: { fr: "Basse", en: "Low" },
} as const satisfies OptionLabels<"high" | "low">;

/** The label of `value` in `labels`, or undefined when the schema gives none (a value from outside). */
export function optionLabel(
  labels: Readonly<Record<string, OptionLabel>> | undefined,
  value: string,
  locale: keyof LabelText,
): string | undefined {
  return labels && Object.hasOwn(labels, value) ? labels[value]?.[locale] : undefined;
}

/** Reward badges (blocks.md §3 Reward item), named as the site names them (locales reward-names). */
export const REWARD_LABELS = {
  "100-perct": { fr: "Club 100 %", en: "100% Club" },
  "100-perct-or": { fr: "Club 100 % Or", en: "100% Gold Club" },
  "cercle-legendes": { fr: "Cercle des légendes", en: "Circle of Legends" },
  chariman: { fr: "Club du Président", en: "Chairman's Club" },
  diamant: { fr: "Club Diamant", en: "Diamond Club" },
  "luminary-distinction": { fr: "Distinction Luminary", en: "Luminary Distinction" },
  "paramount-off-excellence": { fr: "Paramount d'excellence", en: "Paramount of Excellence" },
  pinacle: { fr: "Club Pinacle", en: "Pinnacle Club" },
  platine: { fr: "Club Platine", en: "Platinum Club" },
  pretige: { fr: "Club Prestige", en: "Prestige Club" },
  "reussite-carriere": { fr: "Réussite de carrière", en: "Career Achievement" },
  select: { fr: "Club Sélect", en: "Select Club" },
  "temple-renomee": { fr: "Temple de la renommée", en: "Hall of Fame" },
  titan: { fr: "Club Titan", en: "Titan Club" },
} as const satisfies OptionLabels<
  | "100-perct"
  | "100-perct-or"
  | "cercle-legendes"
  | "chariman"
  | "diamant"
  | "luminary-distinction"
  | "paramount-off-excellence"
  | "pinacle"
  | "platine"
  | "pretige"
  | "reussite-carriere"
  | "select"
  | "temple-renomee"
  | "titan"
>;
