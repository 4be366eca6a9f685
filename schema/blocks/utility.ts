/** Utility blocks (blocks.md §2: error block, test/demo block; §8 Error block). */
import { defineBlock } from "../block";
import { f } from "../fields";

export const ERROR_BLOCK_STATUSES = ["403", "404", "500", "503"] as const;

export const errorBlock = defineBlock({
  type: "error_block",
  family: "utility",
  label: { fr: "Message d'erreur", en: "Error message" },
  description: { fr: "Message d'erreur avec actions de secours", en: "Error message with ways out" },
  params: {
    status_code: f
      .select(ERROR_BLOCK_STATUSES, "status_code", {
        "403": { fr: "403 : accès refusé", en: "403: permission denied" },
        "404": { fr: "404 : page introuvable", en: "404: page not found" },
        "500": { fr: "500 : erreur du serveur", en: "500: server error" },
        "503": { fr: "503 : site en maintenance", en: "503: site under maintenance" },
      })
      .default("404"),
    /** Shows `debug_info` in a collapsible panel. */
    show_debug: f.boolean("show_debug").default(false),
  },
  fields: {
    /** Overrides the default "{statusCode} error" title. */
    main_title: f.text().optional(),
    /** Overrides the message of the status code. */
    description: f.richtext().optional(),
    debug_info: f.textarea("debug_info").optional(),
  },
  example: {
    block_params: { color_scheme: "normal", status_code: "404", show_debug: false },
    fields: { fr: {}, en: {} },
  },
});

export const demoBlock = defineBlock({
  type: "demo_block",
  family: "utility",
  label: { fr: "Bloc de démonstration", en: "Demo block" },
  description: {
    fr: "Bloc de démonstration : type, identifiant, palette et points de rupture",
    en: "Demo block: type, id, colour scheme and breakpoints",
  },
  fields: {
    main_title: f.text().optional(),
    description: f.textarea().optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey" },
    fields: {
      fr: {
        main_title: "Bloc de démonstration",
        description: "Sert à vérifier les palettes de couleurs et les points de rupture.",
      },
      en: { main_title: "Demo block", description: "Used to check colour schemes and breakpoints." },
    },
  },
});

export const utilityBlocks = [errorBlock, demoBlock] as const;
