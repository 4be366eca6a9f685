/** Theme values with no dependency (blocks.md §3 Theme): safe for browser code; zod schemas live in theme.ts. */

export const COLOR_SCHEMES = ["normal", "normal-grey", "inverted"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === "string" && (COLOR_SCHEMES as readonly string[]).includes(value);
}

/** Each scheme's icon, whether it is dark, its opposite and soft-opposite scheme. */
export const SCHEME_INFO: Record<
  ColorScheme,
  { dark: boolean; icon: "sun" | "sun-cloud" | "moon"; opposite: ColorScheme; softOpposite: ColorScheme }
> = {
  normal: { dark: false, icon: "sun", opposite: "inverted", softOpposite: "normal-grey" },
  "normal-grey": { dark: false, icon: "sun-cloud", opposite: "inverted", softOpposite: "normal" },
  inverted: { dark: true, icon: "moon", opposite: "normal", softOpposite: "normal-grey" },
};

/** The next scheme in the cycle, wrapping to the first (studio colour-scheme button). */
export function nextColorScheme(current: ColorScheme | undefined): ColorScheme {
  const index = current ? COLOR_SCHEMES.indexOf(current) : 0;
  return COLOR_SCHEMES[(index + 1) % COLOR_SCHEMES.length] as ColorScheme;
}

export const THEME_PRESETS = ["blue", "red"] as const;
export type ThemePreset = (typeof THEME_PRESETS)[number];

export interface PresetValues {
  accent: string;
  accent_dark: string;
  accent_light: string;
  text: string;
  radius: { "radius-1": string; "radius-2": string; "radius-3": string };
}

export const PRESETS: Record<ThemePreset, PresetValues> = {
  blue: {
    accent: "#0b4fa8",
    accent_dark: "#083a7a",
    accent_light: "#dce9fb",
    text: "#13233a",
    radius: { "radius-1": "20px", "radius-2": "40px", "radius-3": "120px" },
  },
  red: {
    accent: "#c8102e",
    accent_dark: "#8f0b21",
    accent_light: "#fbe3e7",
    text: "#2a1216",
    radius: { "radius-1": "20px", "radius-2": "40px", "radius-3": "120px" },
  },
};

/** Ten grey steps, lightest first. */
export const GREYS = [
  "#f8f9fa",
  "#eef0f3",
  "#dfe3e8",
  "#c4cbd4",
  "#9aa4b1",
  "#6b7683",
  "#4f5965",
  "#39414b",
  "#242a31",
  "#14181d",
] as const;

/** Dark-colour rule (site.md §9): R+G+B at most 382.5. Accepts #rgb or #rrggbb. */
export function isDarkColor(color: string): boolean {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})/i.exec(color.trim());
  if (!m?.[1]) return false;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const r = Number.parseInt(h.slice(0, 2), 16);
  const g = Number.parseInt(h.slice(2, 4), 16);
  const b = Number.parseInt(h.slice(4, 6), 16);
  return r + g + b <= 382.5;
}
