/** Theme settings (blocks.md §3 Theme): colour schemes, presets, radii, accent palette and greys. */
import { z } from "zod";
import { THEME_PRESETS } from "./theme-values";

export * from "./theme-values";

export const themePresetSchema = z.enum(THEME_PRESETS);

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Expected a colour like #1a2b3c");
const cssPx = z.string().regex(/^\d+(\.\d+)?px$/, "Expected a size in px, like 20px");

/** A scheme's colours: its background, text, primary button and field background. */
const schemeColorsSchema = z
  .object({ background: hex, text: hex, button: hex, button_text: hex, input: hex })
  .partial()
  .strict();

export const themeSchema = z.object({
  preset: themePresetSchema.default("blue"),
  /** Overrides of the preset's radii, key by key (a key left out keeps the preset's; "0px" squares). */
  radius: z
    .object({ "radius-1": cssPx.optional(), "radius-2": cssPx.optional(), "radius-3": cssPx.optional() })
    .default({}),
  /** Overrides of the preset's accent palette. */
  colors: z
    .object({
      accent: hex.optional(),
      accent_dark: hex.optional(),
      accent_light: hex.optional(),
      text: hex.optional(),
    })
    .partial()
    .default({}),
  /** The ten greys, lightest first, replacing the default scale (backgrounds, borders, muted text). */
  greys: z.array(hex).length(10).optional(),
  /**
   * Each colour scheme's own colours (blocks.md §3: a mapping of button, input and background
   * colours per scheme), key by key over the scheme's defaults.
   */
  schemes: z
    .object({
      normal: schemeColorsSchema.optional(),
      "normal-grey": schemeColorsSchema.optional(),
      inverted: schemeColorsSchema.optional(),
    })
    .optional(),
});

export type Theme = z.infer<typeof themeSchema>;
