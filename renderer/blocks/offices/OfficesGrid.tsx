/** Offices grid (blocks.md §2, §4, §9): 9 offices, then all after "show more". */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { officesGridBlock } from "../../../schema/blocks/offices";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import { OFFICES_GRID_INITIAL, useShowMore } from "../content/showMore";
import type { BlockViewProps } from "../types";
import { OfficeCard } from "./OfficeCard";
import "../../messages/people";

export default function OfficesGrid({ fields }: BlockViewProps<typeof officesGridBlock>) {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const offices = (fields.offices_repeater ?? []).filter((o) => o.main_title?.trim());
  const { visible, more, hidden, expand, firstNewIndex, firstNewRef } = useShowMore(offices, OFFICES_GRID_INITIAL);
  return (
    <section
      className="container section offices-grid"
      aria-labelledby={fields.main_title ? headingId : undefined}
      aria-label={fields.main_title ? undefined : t("offices.grid-label")}
    >
      {fields.super_title ? <Text value={fields.super_title} as="p" className="super-title" /> : null}
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <RichText html={fields.description} className="text-body offices-grid__intro" />
      <ul className="offices-grid__list" id={listId}>
        {visible.map((office, i) => (
          <li key={i} className="offices-grid__item">
            <OfficeCard office={office} titleRef={i === firstNewIndex ? (firstNewRef as never) : undefined} />
          </li>
        ))}
      </ul>
      {more ? (
        <div className="offices-grid__more">
          <button type="button" className="btn btn-primary" aria-controls={listId} onClick={expand}>
            {t("offices.show-more", { count: hidden })}
          </button>
        </div>
      ) : null}
    </section>
  );
}
