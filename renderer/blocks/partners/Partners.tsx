/**
 * Partners with a tag filter (blocks.md §2, §3 Partner item, §4 Offices, partners, §9: 6
 * shown, then all after "show more"). Tags are toggle buttons (aria-pressed); a partner
 * shows when it has any selected tag. After "show more", focus moves to the first new card.
 */
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PartnerItem, partnersBlock } from "../../../schema/blocks/partners";
import { isDarkColor } from "../../../schema/theme-values";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { collectTags, filterByTags, PARTNERS_INITIAL, toggleTag, visiblePartners } from "./logic";
import "../../messages/people";

function tagStyle(tag: { bg_color_primary?: string; text_color?: string }): CSSProperties | undefined {
  if (!tag.bg_color_primary) return undefined;
  return {
    background: tag.bg_color_primary,
    color: tag.text_color ?? (isDarkColor(tag.bg_color_primary) ? "#ffffff" : "#1a1a1a"),
  };
}

function PartnerCard({ partner }: { partner: PartnerItem }) {
  const lines = (partner.list_items_repeater ?? []).filter((item) => item.text.trim());
  return (
    <article className="partner-card" data-partner-card="" tabIndex={-1}>
      {partner.image?.url ? (
        <div className="partner-card__logo">
          <Image image={partner.image} />
        </div>
      ) : null}
      <div className="partner-card__body">
        <Text value={partner.main_title} as="h3" className="partner-card__title" />
        <Text value={partner.sub_title} as="p" className="partner-card__subtitle" />
        {partner.tags_repeater?.length ? (
          <ul className="partner-card__tags">
            {partner.tags_repeater.map((tag, i) => (
              <li key={i} className="partner-tag" style={tagStyle(tag)}>
                {tag.name}
              </li>
            ))}
          </ul>
        ) : null}
        <Text value={partner.description} as="p" className="partner-card__description" />
        {lines.length ? (
          <ul className="partner-card__lines">
            {lines.map((item, i) => (
              <li key={i}>
                <Icon name={item.icon.type} size={18} />
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {partner.cta && (partner.cta.text || partner.cta.on_click_action) ? (
          <SmartLink link={partner.cta} className="btn btn-secondary partner-card__cta" />
        ) : null}
      </div>
    </article>
  );
}

export default function Partners({ fields }: BlockViewProps<typeof partnersBlock>) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const headingId = `${useId()}-partners-title`;

  const partners = (fields.partners_repeater ?? []).filter((p) => p.main_title.trim());
  const tags = collectTags(partners);
  const filtered = filterByTags(partners, selected);
  const shown = visiblePartners(filtered, showAll);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>("[data-partner-card]")[from]?.focus();
  });

  if (!partners.length) return null;
  return (
    <section className="container section partners" aria-labelledby={fields.main_title ? headingId : undefined}>
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <Text value={fields.description} as="p" className="text-body" />
      {tags.length > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, named as a group; a fieldset would add a form legend.
        <div className="partners__filters" role="group" aria-label={t("partners.filter-label")}>
          <button
            type="button"
            className="filter-chip"
            aria-pressed={selected.size === 0}
            onClick={() => setSelected(new Set())}
          >
            {t("partners.all")}
          </button>
          {tags.map((tag) => (
            <button
              key={tag.key}
              type="button"
              className="filter-chip"
              aria-pressed={selected.has(tag.key)}
              onClick={() => setSelected((current) => toggleTag(current, tag.key))}
            >
              {tag.name}
            </button>
          ))}
        </div>
      ) : null}
      <p className="partners__status" aria-live="polite">
        {t("partners.count", { count: filtered.length })}
      </p>
      <ul className="partners__grid" ref={listRef}>
        {shown.map((partner, i) => (
          <li key={`${partner.main_title}-${i}`}>
            <PartnerCard partner={partner} />
          </li>
        ))}
      </ul>
      {!showAll && filtered.length > PARTNERS_INITIAL ? (
        <div className="partners__more">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              focusFrom.current = shown.length;
              setShowAll(true);
            }}
          >
            {t("partners.show-more")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
