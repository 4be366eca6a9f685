/**
 * Multi-redirect, horizontal (blocks.md §2, §3 Heroes: multi-redirect item): cards
 * side by side with an icon, an image or a number (`item_style`). A numbered card's
 * title is its `link`; its number shows unless `show_number` is false. The grid
 * adapts when the count mod 3 is 1 or 2 (blocks.md §9 mosaic grids).
 */
import { useId } from "react";
import type { multiRedirectHorizontalBlock } from "../../../schema/blocks/text";
import { Heading } from "../../ui/Heading";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function MultiRedirectHorizontal({
  fields,
  params,
}: BlockViewProps<typeof multiRedirectHorizontalBlock>) {
  const items = fields.items ?? [];
  const style = params.item_style;
  const headingId = `${useId()}-title`;
  return (
    <section className="container section multi-redirect" aria-labelledby={fields.main_title ? headingId : undefined}>
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <ul className="mosaic multi-redirect__list" data-style={style} data-remainder={items.length % 3}>
        {items.map((item, i) => {
          const linked = style === "numbered" && item.link?.url?.trim();
          return (
            <li key={i} className="multi-redirect__item">
              {style === "icon" && item.icon?.type ? (
                <span className="multi-redirect__icon">
                  <Icon name={item.icon.type} weight={item.icon.font_weight} size={32} />
                </span>
              ) : null}
              {style === "image" ? <Image image={item.image} className="multi-redirect__img" /> : null}
              {style === "numbered" && item.show_number ? (
                <span className="multi-redirect__number" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </span>
              ) : null}
              {item.main_title ? (
                <Heading level={3} className="title-3">
                  {linked && item.link ? (
                    <SmartLink link={item.link}>
                      <Text value={item.main_title} />
                    </SmartLink>
                  ) : (
                    <Text value={item.main_title} />
                  )}
                </Heading>
              ) : null}
              <RichText html={item.description} className="multi-redirect__text" />
              {item.cta && (item.cta.text || item.cta.on_click_action) ? (
                <SmartLink link={item.cta} className="btn btn-secondary multi-redirect__cta" />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
