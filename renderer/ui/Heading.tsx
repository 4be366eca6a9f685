/** A heading written at its level in a block, shifted with the page's outline (ui/heading-shift.ts). */
import type { HTMLAttributes, Ref } from "react";
import { useHeadingTag } from "./heading-shift";

export function Heading({
  level,
  ref,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { level: 2 | 3 | 4; ref?: Ref<HTMLHeadingElement> }) {
  const Tag = useHeadingTag(level);
  return <Tag ref={ref} {...props} />;
}
