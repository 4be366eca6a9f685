/**
 * Rich text from the content service. It arrives sanitised: the page loader runs
 * every richtext field through DOMPurify on the server (lib/sanitize.server.ts).
 */
import type { ElementType } from "react";

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;

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
  const classes = [className, "richtext", EMAIL.test(html) ? "break-words" : ""].filter(Boolean).join(" ");
  return <Tag className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
