/**
 * Text-image double (blocks.md §3 Text and layout blocks): eyebrow, title, rich
 * text and buttons on one side, the first two media of `media_repeater` on the
 * other (`orientation_x` = side of the media, default left). Two media sit side by
 * side, staggered, on wide screens and stack on phones.
 */
import { useId } from "react";
import type { txtImgDoubleBlock1 } from "../../../schema/blocks/text";
import { hasVideoSource } from "../../lib/media";
import { Image } from "../../ui/Image";
import { LazyVideo } from "../../ui/LazyVideo";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function TxtImgDoubleBlock1({ fields, params }: BlockViewProps<typeof txtImgDoubleBlock1>) {
  const media = (fields.media_repeater ?? [])
    .filter((item) => hasVideoSource(item.video) || item.image?.url?.trim())
    .slice(0, 2);
  const ctas = (fields.cta_repeater ?? []).filter((item) => item.cta.text || item.cta.on_click_action);
  const headingId = `${useId()}-title`;
  return (
    <section
      className="container section txt-img-double"
      data-orientation={params.orientation_x}
      data-media-count={media.length}
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      {media.length ? (
        <div className="txt-img-double__media">
          {media.map((item, i) => (
            <div key={i} className="txt-img-double__item">
              {hasVideoSource(item.video) ? (
                <LazyVideo video={item.video} title={item.image?.alt || fields.main_title} />
              ) : (
                <Image image={item.image} className="txt-img-double__img" />
              )}
            </div>
          ))}
        </div>
      ) : null}
      <div className="txt-img-double__text">
        {fields.super_title ? <Text value={fields.super_title} as="p" className="super-title" /> : null}
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
        <RichText html={fields.description} className="text-body" />
        {ctas.length ? (
          <div className="btn-row">
            {ctas.map((item, i) => (
              <SmartLink key={i} link={item.cta} className={i === 0 ? "btn btn-primary" : "btn btn-secondary"} />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
