import type { textBlock1 } from "../../../schema/blocks/text";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function TextBlock1({ fields }: BlockViewProps<typeof textBlock1>) {
  const cta = fields.cta;
  return (
    <section className="container section text-block-1">
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" /> : null}
      <RichText html={fields.description} className="text-body" />
      {cta && (cta.text || cta.on_click_action) ? (
        <div className="btn-row">
          <SmartLink link={cta} className="btn btn-primary" />
        </div>
      ) : null}
    </section>
  );
}
