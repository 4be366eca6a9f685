/**
 * Text-image multiple (blocks.md §2 registered types, §3): text rows and media rows
 * paired by position, in a zig-zag — the media side alternates from `orientation_x`.
 * A row without its pair takes the full width.
 */
import { useId } from "react";
import type { textImgMultipleBlock1 } from "../../../schema/blocks/text";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import { hasMedia, MediaView } from "../media/MediaView";
import type { BlockViewProps } from "../types";

export default function TextImgMultiple({ fields, params }: BlockViewProps<typeof textImgMultipleBlock1>) {
  const texts = fields.text_rows ?? [];
  const medias = (fields.media_rows ?? []).filter((row) => hasMedia(row.media));
  const count = Math.max(texts.length, medias.length);
  const headingId = `${useId()}-title`;
  const first = params.orientation_x;
  return (
    <section
      className="container section text-img-multiple"
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <div className="text-img-multiple__rows">
        {Array.from({ length: count }, (_, i) => {
          const text = texts[i];
          const media = medias[i];
          const side = i % 2 === 0 ? first : first === "left" ? "right" : "left";
          return (
            <div
              key={i}
              className="text-img-multiple__row"
              data-media-side={side}
              data-single={!text || !media ? "" : undefined}
            >
              {media ? (
                <div className="text-img-multiple__media">
                  <MediaView media={media.media} title={text?.main_title} className="text-img-multiple__img" />
                </div>
              ) : null}
              {text ? (
                <div className="text-img-multiple__text">
                  {text.main_title ? <Text value={text.main_title} as="h3" className="title-3" /> : null}
                  <RichText html={text.description} className="text-body" />
                  {text.cta && (text.cta.text || text.cta.on_click_action) ? (
                    <div className="btn-row">
                      <SmartLink link={text.cta} className="btn btn-primary" />
                    </div>
                  ) : null}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
