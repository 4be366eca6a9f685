import type { textBlock2 } from "../../../schema/blocks/text";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";

export default function TextBlock2({ fields, params }: BlockViewProps<typeof textBlock2>) {
  return (
    <section className="container section text-block-2" style={{ textAlign: params.text_align }}>
      {fields.main_title ? <h2 className="title-2">{fields.main_title}</h2> : null}
      <RichText html={fields.description} className="text-body" />
      {fields.cta_repeater?.length ? (
        <div
          className="btn-row"
          style={{
            justifyContent:
              params.text_align === "center" ? "center" : params.text_align === "right" ? "flex-end" : "flex-start",
          }}
        >
          {fields.cta_repeater.map((item, i) => (
            <SmartLink key={i} link={item.cta} className={i === 0 ? "btn btn-primary" : "btn btn-secondary"} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
