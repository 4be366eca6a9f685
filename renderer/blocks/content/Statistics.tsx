/**
 * Statistics (blocks.md §2, §3 Statistic item): figures with a label and a line of
 * text. variant_1 shows cards; variant_2 a row with an image beside each figure.
 * An item's own colours (bg_color_primary, text_color) override the scheme.
 */
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import type { statisticsBlock } from "../../../schema/blocks/content";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function Statistics({ fields, params }: BlockViewProps<typeof statisticsBlock>) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = (fields.statistics_repeater ?? []).filter((item) => item.main_title?.trim());
  return (
    <section
      className="container section statistics"
      data-layout={params.layout_display}
      aria-labelledby={fields.main_title ? headingId : undefined}
      aria-label={fields.main_title ? undefined : t("content.statistics-label")}
    >
      {fields.super_title ? <Text value={fields.super_title} as="p" className="super-title" /> : null}
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <RichText html={fields.description} className="text-body statistics__intro" />
      <ul className="statistics__list" data-count={items.length}>
        {items.map((item, i) => {
          const style = {
            ...(item.bg_color_primary ? { "--stat-bg": item.bg_color_primary } : {}),
            ...(item.text_color ? { "--stat-text": item.text_color } : {}),
          } as CSSProperties;
          return (
            <li
              key={i}
              className="statistics__item"
              style={style}
              data-own-colors={item.bg_color_primary ? "" : undefined}
            >
              {item.image?.url ? <Image image={item.image} className="statistics__image" /> : null}
              <div className="statistics__text">
                {item.super_title ? <p className="statistics__label">{item.super_title}</p> : null}
                <p className="statistics__figure">{item.main_title}</p>
                {item.description ? <Text value={item.description} as="p" className="statistics__desc" /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
