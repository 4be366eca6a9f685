/**
 * Rich text from the content service. It arrives sanitised: the page loader runs
 * every richtext field through DOMPurify on the server (lib/sanitize.server.ts).
 */
import type { ElementType } from "react";

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
  if (!html) return null;
  // Richtext containing an e-mail address gets word-breaking (blocks.md §5).
  const classes = [className, "richtext", containsEmail(html) ? "break-words" : ""].filter(Boolean).join(" ");
  return <Tag className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
