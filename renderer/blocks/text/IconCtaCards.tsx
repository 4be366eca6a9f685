/**
 * Icon CTA cards (blocks.md §3 Icon CTA card): each card is one link (its `cta`)
 * with an icon and a title; a card may set its own background and text colours.
 */
import { type CSSProperties, useId } from "react";
import type { iconCtaCardsBlock } from "../../../schema/blocks/text";
import { Icon } from "../../ui/Icon";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function IconCtaCards({ fields }: BlockViewProps<typeof iconCtaCardsBlock>) {
  const items = fields.items ?? [];
  const headingId = `${useId()}-title`;
  return (
    <section className="container section icon-cta-cards" aria-labelledby={fields.main_title ? headingId : undefined}>
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <ul className="mosaic icon-cta-cards__list" data-remainder={items.length % 3}>
        {items.map((item, i) => {
          const style = {
            ...(item.bg_color_primary ? { "--card-bg": item.bg_color_primary } : {}),
            ...(item.text_color ? { "--card-text": item.text_color } : {}),
          } as CSSProperties;
          const body = (
            <>
              {item.icon?.type ? (
                <Icon name={item.icon.type} weight={item.icon.font_weight} size={36} className="icon-cta-card__icon" />
              ) : null}
              {item.main_title ? <Text value={item.main_title} className="icon-cta-card__title" /> : null}
              {item.cta?.text ? (
                <span className="icon-cta-card__cta">
                  {item.cta.text}
                  <Icon name="arrow-right" size={18} />
                </span>
              ) : null}
            </>
          );
          return (
            <li
              key={i}
              className="icon-cta-card"
              style={style}
              data-custom-colors={item.bg_color_primary ? "" : undefined}
            >
              {item.cta && (item.cta.url?.trim() || item.cta.on_click_action) ? (
                <SmartLink link={{ ...item.cta, text: undefined }} className="icon-cta-card__link">
                  {body}
                </SmartLink>
              ) : (
                <div className="icon-cta-card__link">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
