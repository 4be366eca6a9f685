/** Plain text fields (blocks.md §5): `<br>` tags become line breaks, shown with white-space: pre-line. */
import { type ElementType, useContext } from "react";
import { brToNewlines } from "../lib/text";
import { HeadingShiftContext, isHeadingTag, shiftHeading } from "./heading-shift";

export function Text({
  value,
  as: Tag = "span",
  className,
  id,
}: {
  value?: string;
  as?: ElementType;
  className?: string;
  id?: string;
}) {
  // Headings follow the page's outline (ui/heading-shift.ts).
  const shift = useContext(HeadingShiftContext);
  if (!value) return null;
  const Element = isHeadingTag(Tag) ? shiftHeading(Tag, shift) : Tag;
  return (
    <Element id={id} className={["text-pre-line", className].filter(Boolean).join(" ")}>
      {brToNewlines(value)}
    </Element>
  );
}
