/** Plain text fields (blocks.md §5): `<br>` tags become line breaks, shown with white-space: pre-line. */
import type { ElementType } from "react";
import { brToNewlines } from "../lib/text";

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
  if (!value) return null;
  return (
    <Tag id={id} className={["text-pre-line", className].filter(Boolean).join(" ")}>
      {brToNewlines(value)}
    </Tag>
  );
}
