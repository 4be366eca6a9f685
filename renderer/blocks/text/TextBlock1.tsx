import type { textBlock1 } from "../../../schema/blocks/text";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";

export default function TextBlock1({ fields }: BlockViewProps<typeof textBlock1>) {
  return (
    <section className="container section text-block-1">
      {fields.main_title ? <h2 className="title-2">{fields.main_title}</h2> : null}
      <RichText html={fields.description} className="text-body" />
      {fields.cta?.text ? (
        <p>
          <SmartLink link={fields.cta} className="btn btn-primary" />
        </p>
      ) : null}
    </section>
  );
}
