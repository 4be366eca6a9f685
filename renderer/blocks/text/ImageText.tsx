/** Image plus text (blocks.md §2 Other layout blocks): `side` is the side of the image. */
import type { imageTextBlock } from "../../../schema/blocks/text";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function ImageText({ fields, params }: BlockViewProps<typeof imageTextBlock>) {
  const hasImage = Boolean(fields.image?.url?.trim());
  return (
    <section
      className="container section image-text"
      data-side={params.side}
      data-has-image={hasImage ? "" : undefined}
    >
      {hasImage ? (
        <div className="image-text__media">
          <Image image={fields.image} className="image-text__img" />
        </div>
      ) : null}
      <div className="image-text__text">
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" /> : null}
        <RichText html={fields.description} className="text-body" />
        {fields.cta && (fields.cta.text || fields.cta.on_click_action) ? (
          <div className="btn-row">
            <SmartLink link={fields.cta} className="btn btn-primary" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
