/**
 * The icon set of the site: 24×24 outline glyphs (stroke = currentColor) and a few
 * filled brand marks. Pure data, so the studio's icon picker and tests can list them.
 */

export interface IconGlyph {
  /** SVG children markup-free description: each entry is one element. */
  paths: readonly string[];
  /** Brand marks are filled; everything else is stroked. */
  filled?: boolean;
  circles?: readonly (readonly [cx: number, cy: number, r: number])[];
}

export const ICONS = {
  phone: {
    paths: [
      "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z",
    ],
  },
  email: { paths: ["M3 5h18v14H3z", "m3 6 9 7 9-7"] },
  sms: {
    paths: ["M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z", "M8 10h.01", "M12 10h.01", "M16 10h.01"],
  },
  "map-pin": { paths: ["M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z"], circles: [[12, 10, 3]] },
  facebook: {
    filled: true,
    paths: [
      "M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.69.24 2.69.24v2.97h-1.51c-1.5 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z",
    ],
  },
  instagram: {
    paths: ["M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5z", "M17.5 6.5h.01"],
    circles: [[12, 12, 4]],
  },
  linkedin: {
    filled: true,
    paths: [
      "M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z",
    ],
  },
  youtube: {
    filled: true,
    paths: [
      "M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31.3 31.3 0 0 0 0 12a31.3 31.3 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31.3 31.3 0 0 0 24 12a31.3 31.3 0 0 0-.5-5.8zM9.6 15.6V8.4l6.3 3.6-6.3 3.6z",
    ],
  },
  x: {
    filled: true,
    paths: [
      "M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.65l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z",
    ],
  },
  tiktok: {
    filled: true,
    paths: [
      "M19.6 6.7a4.8 4.8 0 0 1-3.8-4.2V2h-3.4v13.7a2.9 2.9 0 0 1-5.2 1.7 2.9 2.9 0 0 1 3.2-4.5V9.4a6.3 6.3 0 0 0-5.4 10.7 6.3 6.3 0 0 0 10.8-4.4V8.7a8.2 8.2 0 0 0 4.8 1.5V6.8a4.8 4.8 0 0 1-1-.1z",
    ],
  },
  "chevron-down": { paths: ["m6 9 6 6 6-6"] },
  "chevron-right": { paths: ["m9 6 6 6-6 6"] },
  "chevron-left": { paths: ["m15 6-6 6 6 6"] },
  close: { paths: ["M18 6 6 18", "m6 6 12 12"] },
  menu: { paths: ["M4 6h16", "M4 12h16", "M4 18h16"] },
  search: { paths: ["m21 21-4.3-4.3"], circles: [[11, 11, 7]] },
  home: { paths: ["m3 10 9-7 9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z", "M9 22V12h6v10"] },
  bed: { paths: ["M2 4v16", "M2 8h18a2 2 0 0 1 2 2v10", "M2 17h20", "M6 8v9"] },
  bath: {
    paths: [
      "M9 6 6.5 3.5a1.5 1.5 0 0 0-2.1 0L3.5 4.4A1.5 1.5 0 0 0 3 5.5V17a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-5H3",
      "M7 19v2",
      "M17 19v2",
      "M10 5 8 7",
    ],
  },
  area: { paths: ["M3 3h18v18H3z", "M3 9h4", "M3 15h4", "M9 3v4", "M15 3v4", "m9 15 6-6", "M15 13V9h-4"] },
  check: { paths: ["M20 6 9 17l-5-5"] },
  star: { paths: ["m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2L5.8 21 7 14.2 2 9.3l6.9-1z"] },
  "arrow-right": { paths: ["M5 12h14", "m12 5 7 7-7 7"] },
  sun: {
    paths: [
      "M12 2v2",
      "M12 20v2",
      "m4.9 4.9 1.4 1.4",
      "m17.7 17.7 1.4 1.4",
      "M2 12h2",
      "M20 12h2",
      "m6.3 17.7-1.4 1.4",
      "m19.1 4.9-1.4 1.4",
    ],
    circles: [[12, 12, 4]],
  },
  "sun-cloud": {
    paths: [
      "M12 2v2",
      "m4.9 4.9 1.4 1.4",
      "M20 12h2",
      "m19.1 4.9-1.4 1.4",
      "M15.9 13.1A4 4 0 1 0 8.6 10",
      "M13 22H7a5 5 0 1 1 4.9-6H13a3 3 0 0 1 0 6z",
    ],
  },
  moon: { paths: ["M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z"] },
  external: { paths: ["M15 3h6v6", "M10 14 21 3", "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"] },
  play: { paths: ["m7 4 13 8-13 8z"] },
  pause: { paths: ["M7 4h3v16H7z", "M14 4h3v16h-3z"] },
  print: {
    paths: [
      "M6 9V2h12v7",
      "M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2",
      "M6 14h12v8H6z",
    ],
  },
  calendar: { paths: ["M3 5h18v16H3z", "M16 3v4", "M8 3v4", "M3 10h18"] },
  clock: { paths: ["M12 7v5l3 2"], circles: [[12, 12, 9]] },
  tag: { paths: ["M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z", "M7.5 7.5h.01"] },
} as const satisfies Record<string, IconGlyph>;

export type IconName = keyof typeof ICONS;

/** Other names editors and payloads use for the same glyph. */
export const ICON_ALIASES: Readonly<Record<string, IconName>> = {
  twitter: "x",
  "x-twitter": "x",
  mail: "email",
  envelope: "email",
  "phone-alt": "phone",
  location: "map-pin",
  "map-marker": "map-pin",
  marker: "map-pin",
  times: "close",
  xmark: "close",
  bars: "menu",
  hamburger: "menu",
  house: "home",
  bedroom: "bed",
  bathroom: "bath",
  "square-feet": "area",
  surface: "area",
  "external-link": "external",
  message: "sms",
  chat: "sms",
  printer: "print",
};

// Pure: only tests read it, and the public bundle must not keep the call.
export const ICON_NAMES = /* @__PURE__ */ Object.keys(ICONS) as IconName[];

/** The glyph name of an icon type (aliases and case folded), or undefined when unknown. */
export function resolveIconName(type: string | undefined | null): IconName | undefined {
  if (!type) return undefined;
  const key = type
    .trim()
    .toLowerCase()
    .replace(/^(fa-|icon-)/, "");
  if (key in ICONS) return key as IconName;
  return ICON_ALIASES[key];
}

/** Stroke width by font weight (links' icon.font_weight). */
export function strokeWidthFor(weight: "light" | "regular" | "solid" | undefined): number {
  return weight === "light" ? 1.5 : weight === "solid" ? 2.5 : 2;
}
