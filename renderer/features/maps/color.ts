/** Pure colour helpers for map markers (hover shade, blocks.md §4 Maps). */

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses #rgb or #rrggbb into [r, g, b], or undefined when it is not a hex colour. */
export function parseHex(color: string): [number, number, number] | undefined {
  const match = HEX.exec(color.trim());
  if (!match?.[1]) return undefined;
  let hex = match[1];
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  const value = Number.parseInt(hex, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(channel: number): string {
  return Math.round(Math.min(255, Math.max(0, channel)))
    .toString(16)
    .padStart(2, "0");
}

/**
 * Multiplies each channel by `factor` (0.8 darkens by 20 %, 1 keeps the colour).
 * Colours that are not hex come back unchanged.
 */
export function shadeColor(color: string, factor: number): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  return `#${rgb.map((c) => toHex(c * factor)).join("")}`;
}
