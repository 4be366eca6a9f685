/**
 * The listing page's own glyphs (favourite, share, link, full screen), drawn like the site's
 * icon set (24×24, stroked with currentColor). Kept here rather than in renderer/ui/icons.ts,
 * whose table ships with every page.
 */
const GLYPHS = {
  heart: [
    "M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z",
  ],
  share: [
    "m8.6 13.5 6.8 4",
    "m15.4 6.5-6.8 4",
    "M21 5a3 3 0 1 1-6 0 3 3 0 0 1 6 0",
    "M9 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0",
    "M21 19a3 3 0 1 1-6 0 3 3 0 0 1 6 0",
  ],
  link: ["M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7", "M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"],
  expand: ["M15 3h6v6", "M9 21H3v-6", "M21 3l-7 7", "M3 21l7-7"],
} as const;

export function ListingIcon({ name, size = 20 }: { name: keyof typeof GLYPHS; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={`icon icon-${name}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {GLYPHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
