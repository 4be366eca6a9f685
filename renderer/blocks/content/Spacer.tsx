/** Spacer (blocks.md §2): empty vertical space, one height on phones, one from md up. */
import type { CSSProperties } from "react";
import type { spacerBlock } from "../../../schema/blocks/content";
import type { BlockViewProps } from "../types";

/** A usable height in px: finite, not negative, at most 400. */
export function spacerHeight(value: number | undefined, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(400, Math.max(0, Math.round(value)));
}

export default function Spacer({ params }: BlockViewProps<typeof spacerBlock>) {
  const style = {
    "--spacer-mobile": `${spacerHeight(params.height_mobile, 32)}px`,
    "--spacer-desktop": `${spacerHeight(params.height_desktop, 64)}px`,
  } as CSSProperties;
  return <div className="spacer" aria-hidden="true" style={style} />;
}
