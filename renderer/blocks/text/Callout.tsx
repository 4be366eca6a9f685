/**
 * Callout: a highlighted box (a tip, a fact to know, a warning) in the flow of a page. A note
 * for assistive technology (role="note"); the tone's icon is decoration, the label above the
 * title says in words what kind of note it is.
 */
import type { calloutBlock } from "../../../schema/blocks/text";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

type Tone = "info" | "tip" | "warning";

/** One path per tone, drawn with the text's stroke (24 × 24). */
const TONE_PATHS: Record<Tone, string> = {
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v6m0-9.5v.5",
  tip: "M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3Z",
  warning: "M12 4 2.5 20h19L12 4Zm0 6v4.5m0 2.5v.5",
};

export default function Callout({ fields, params }: BlockViewProps<typeof calloutBlock>) {
  const tone = params.tone;
  const cta = fields.cta && (fields.cta.text || fields.cta.on_click_action) ? fields.cta : undefined;
  return (
    <div className="container section callout">
      <div className="callout__box" data-tone={tone} role="note">
        <svg
          className="callout__icon"
          viewBox="0 0 24 24"
          width="28"
          height="28"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d={TONE_PATHS[tone]} />
        </svg>
        {fields.super_title ? <Text value={fields.super_title} as="p" className="callout__label" /> : null}
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="callout__title" /> : null}
        <RichText html={fields.description} className="text-body callout__text" />
        {cta ? <SmartLink link={cta} className="btn btn-secondary callout__cta" /> : null}
      </div>
    </div>
  );
}
