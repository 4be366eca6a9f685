/**
 * Call to action (blocks.md §2): title, text and one button over an optional
 * background image. The image sits under a scrim of the scheme's background, so
 * the text keeps its scheme contrast whatever the picture.
 */
import type { ctaSingleBlock } from "../../../schema/blocks/text";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function CtaSingle({ fields }: BlockViewProps<typeof ctaSingleBlock>) {
  const hasBg = Boolean(fields.bg_image?.url?.trim());
  return (
    <section className="cta-single" data-has-bg={hasBg ? "" : undefined}>
      {hasBg ? (
        <div className="cta-single__bg" aria-hidden="true">
          <Image image={{ ...fields.bg_image, alt: "" }} className="cta-single__img" appear={false} />
        </div>
      ) : null}
      <div className="container section cta-single__inner">
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" /> : null}
        <RichText html={fields.description} className="text-body cta-single__text" />
        {fields.cta && (fields.cta.text || fields.cta.on_click_action) ? (
          <div className="btn-row cta-single__buttons">
            <SmartLink link={fields.cta} className="btn btn-primary" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
