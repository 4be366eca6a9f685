/**
 * Inline SVG icons (blocks.md §3 Generic renderers: icon). Decorative by default
 * (aria-hidden); with `title` the icon is an image with that accessible name.
 * An unknown name logs a warning and renders nothing.
 */
import type { CSSProperties } from "react";
import { ICONS, type IconGlyph, resolveIconName, strokeWidthFor } from "./icons";

export function Icon({
  name,
  size = 24,
  title,
  weight,
  className,
  style,
}: {
  name: string;
  size?: number | string;
  /** Accessible name; leave empty for decorative icons next to text. */
  title?: string;
  weight?: "light" | "regular" | "solid";
  className?: string;
  style?: CSSProperties;
}) {
  const resolved = resolveIconName(name);
  if (!resolved) {
    console.warn(`Unknown icon "${name}".`);
    return null;
  }
  const glyph: IconGlyph = ICONS[resolved];
  const filled = Boolean(glyph.filled);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={["icon", `icon-${resolved}`, className].filter(Boolean).join(" ")}
      style={style}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={filled ? undefined : strokeWidthFor(weight)}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title || undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {glyph.paths.map((d) => (
        <path key={d} d={d} />
      ))}
      {glyph.circles?.map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}-${r}`} cx={cx} cy={cy} r={r} />
      ))}
    </svg>
  );
}
