/** Theme → CSS custom properties on <html>: preset accents, overrides, radii and the ten greys. */
import type { Theme } from "../../schema/theme";
import { GREYS, PRESETS } from "../../schema/theme-values";

export function themeVariables(theme: Theme | undefined): Record<string, string> {
  const preset = PRESETS[theme?.preset ?? "blue"];
  const vars: Record<string, string> = {
    "--accent": theme?.colors?.accent ?? preset.accent,
    "--accent-dark": theme?.colors?.accent_dark ?? preset.accent_dark,
    "--accent-light": theme?.colors?.accent_light ?? preset.accent_light,
    "--text-base": theme?.colors?.text ?? preset.text,
    // A radius the theme sets wins; otherwise the preset's (blocks.md §3: 20, 40, 120 px).
    "--radius-1": theme?.radius?.["radius-1"] ?? preset.radius["radius-1"],
    "--radius-2": theme?.radius?.["radius-2"] ?? preset.radius["radius-2"],
    "--radius-3": theme?.radius?.["radius-3"] ?? preset.radius["radius-3"],
  };
  (theme?.greys ?? GREYS).forEach((grey, i) => {
    vars[`--grey-${(i + 1) * 100}`] = grey;
  });
  return vars;
}

/** The custom properties each scheme key sets (renderer/styles/global.css gives their defaults). */
const SCHEME_PROPERTIES = {
  background: ["--scheme-bg"],
  text: ["--scheme-text"],
  button: ["--btn-primary-bg", "--btn-secondary-border"],
  button_text: ["--btn-primary-text"],
  input: ["--input-bg"],
} as const;

/**
 * The theme's colour-scheme mapping as CSS rules under `scope` (`""` for the page,
 * `.studio-canvas ` in the studio); empty when the theme keeps every scheme's defaults.
 */
export function themeSchemeRules(theme: Theme | undefined, scope = ""): string {
  let out = "";
  for (const [scheme, colours] of Object.entries(theme?.schemes ?? {})) {
    if (!colours) continue;
    const declarations = Object.entries(colours).flatMap(([key, value]) =>
      SCHEME_PROPERTIES[key as keyof typeof SCHEME_PROPERTIES].map((property) => `${property}:${value}`),
    );
    if (declarations.length > 0) out += `${scope}[data-scheme="${scheme}"]{${declarations.join(";")}}`;
  }
  return out;
}

// By theme object: a page's data (and its theme) is kept per content version on the server.
const styleTexts = new WeakMap<Theme, string>();

export function themeStyleText(theme: Theme | undefined): string {
  const known = theme && styleTexts.get(theme);
  if (known) return known;
  const text = `:root{${Object.entries(themeVariables(theme))
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}${themeSchemeRules(theme)}`;
  if (theme) styleTexts.set(theme, text);
  return text;
}
