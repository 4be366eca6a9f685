/**
 * Rich text from the content service. It arrives sanitised: the page loader runs
 * every richtext field through DOMPurify on the server (lib/sanitize.server.ts).
 */
import { type ElementType, useContext } from "react";
import { HeadingShiftContext } from "./Heading";

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;

// Whether a text holds an e-mail address, remembered per text: pages render the same texts
// on every request, and the pattern scans the whole text when there is none.
const hasEmail = new Map<string, boolean>();

function containsEmail(html: string): boolean {
  let found = hasEmail.get(html);
  if (found === undefined) {
    found = EMAIL.test(html);
    if (hasEmail.size >= 2000) hasEmail.clear();
    hasEmail.set(html, found);
  }
  return found;
}

export function RichText({
  html,
  as: Tag = "div",
  className,
}: {
  html?: string;
  as?: ElementType;
  className?: string;
}) {
  // Headings inside the text follow the page's outline too (ui/Heading.tsx): in the block
  // carrying the page's h1, an h3 section heading becomes h2. The HTML is sanitised, so its tags are well formed.
  const shift = useContext(HeadingShiftContext);
  if (!html) return null;
  if (shift) html = shiftHtmlHeadings(html, shift);
  // Richtext containing an e-mail address gets word-breaking (blocks.md §5).
  const classes = [className, "richtext", containsEmail(html) ? "break-words" : ""].filter(Boolean).join(" ");
  return <Tag className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}

function shiftHtmlHeadings(html: string, shift: number): string {
  return html.replace(/<(\/?)h([2-6])(?=[\s>])/gi, (_, slash: string, level: string) => {
    return `<${slash}h${Math.max(2, Number(level) - shift)}`;
  });
}
