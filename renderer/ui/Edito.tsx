/**
 * Editorial body (blocks.md §3 Generic renderers: edito): sanitised rich text of
 * an article or a long content page, with reading typography (headings, lists,
 * quotes, figures, tables).
 */
import type { ElementType } from "react";
import { RichText } from "./RichText";

export function Edito({ html, as = "div", className }: { html?: string; as?: ElementType; className?: string }) {
  return <RichText html={html} as={as} className={["edito", className].filter(Boolean).join(" ")} />;
}
