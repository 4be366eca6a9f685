import type { textBlock2 } from "../../../schema/blocks/text";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

const JUSTIFY = { left: "flex-start", center: "center", right: "flex-end" } as const;

export default function TextBlock2({ fields, params }: BlockViewProps<typeof textBlock2>) {
  const ctas = (fields.cta_repeater ?? []).filter((item) => item.cta.text || item.cta.on_click_action);
  return (
    <section
      className="container section text-block-2"
      data-align={params.text_align}
      style={{ textAlign: params.text_align }}
    >
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" /> : null}
      <RichText html={fields.description} className="text-body" />
      {ctas.length ? (
        <div className="btn-row" style={{ justifyContent: JUSTIFY[params.text_align] }}>
          {ctas.map((item, i) => (
            <SmartLink key={i} link={item.cta} className={i === 0 ? "btn btn-primary" : "btn btn-secondary"} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
