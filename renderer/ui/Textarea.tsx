/** Textarea fields (blocks.md §5): each newline becomes a <br/>; the text itself is never parsed as HTML. */
import { type ElementType, Fragment } from "react";
import { textareaLines } from "../lib/text";

export function Textarea({
  value,
  as: Tag = "p",
  className,
}: {
  value?: string;
  as?: ElementType;
  className?: string;
}) {
  const lines = textareaLines(value);
  if (!lines.length) return null;
  return (
    <Tag className={className}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Tag>
  );
}
