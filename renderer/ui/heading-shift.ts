/**
 * Heading levels that follow the page's outline. A block writes its title as h2 and its
 * items as h3; the block that carries the page's title (BlockList's `pageTitle`) is
 * rendered inside a shift of one, so the same code gives h1 and h2 there. Every page then
 * has exactly one h1 and no skipped level, whatever block comes first. (Part of the app
 * chunk: Text and RichText read the shift; the `Heading` component lives in Heading.tsx.)
 */
import { createContext, useContext } from "react";

export const HeadingShiftContext = createContext(0);

export type HeadingTag = "h1" | "h2" | "h3" | "h4" | "h5" | "h6";

export function shiftHeading(tag: HeadingTag, shift: number): HeadingTag {
  if (!shift) return tag;
  return `h${Math.min(6, Math.max(1, Number(tag[1]) - shift))}` as HeadingTag;
}

export function isHeadingTag(value: unknown): value is HeadingTag {
  return typeof value === "string" && /^h[1-6]$/.test(value);
}

/** The tag for a heading written at `level` (2 = a block's title, 3 = its items). */
export function useHeadingTag(level: 2 | 3 | 4): HeadingTag {
  return shiftHeading(`h${level}`, useContext(HeadingShiftContext));
}
