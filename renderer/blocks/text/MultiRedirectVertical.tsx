/** Multi-redirect, vertical (blocks.md §2, §3): stacked rows, each image on its own background colour. */
import { type CSSProperties, useId } from "react";
import type { multiRedirectVerticalBlock } from "../../../schema/blocks/text";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function MultiRedirectVertical({ fields }: BlockViewProps<typeof multiRedirectVerticalBlock>) {
  const items = fields.items ?? [];
  const headingId = `${useId()}-title`;
  return (
    <section className="container section multi-redirect-v" aria-labelledby={fields.main_title ? headingId : undefined}>
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <ul className="multi-redirect-v__list">
        {items.map((item, i) => (
          <li key={i} className="multi-redirect-v__item">
            {item.image?.url ? (
              <div
                className="multi-redirect-v__media"
                style={item.image_bg_color ? ({ "--item-bg": item.image_bg_color } as CSSProperties) : undefined}
              >
                <Image image={item.image} className="multi-redirect-v__img" />
              </div>
            ) : null}
            <div className="multi-redirect-v__text">
              {item.main_title ? <Text value={item.main_title} as="h3" className="title-3" /> : null}
              <RichText html={item.description} className="text-body" />
              {item.cta && (item.cta.text || item.cta.on_click_action) ? (
                <div className="btn-row">
                  <SmartLink link={item.cta} className="btn btn-secondary" />
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
