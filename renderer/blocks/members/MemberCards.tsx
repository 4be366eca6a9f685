/**
 * Member cards directory (blocks.md §2 member cards, §3 Member card item, §4 Members,
 * §9 Lists and paging): an office filter (native select with a label), one page of cards
 * by breakpoint (16/12/8/6) and a "load more" button adding a page. Changing the office
 * goes back to page 1; after "load more", focus moves to the first new card.
 */
import { useEffect, useId, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { memberCardsBlock } from "../../../schema/blocks/members";
import { avatarFallback } from "../../lib/avatars";
import { useBreakpoints } from "../../lib/breakpoints";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { filterByOffice, hasMorePages, memberCardsPerPage, officePagingReducer, visiblePage } from "./logic";
import { MemberCard } from "./MemberCard";
import "../../messages/people";

export default function MemberCards({ fields, params }: BlockViewProps<typeof memberCardsBlock>) {
  const { t } = useTranslation();
  const { width } = useBreakpoints();
  const perPage = memberCardsPerPage(width);
  const [state, dispatch] = useReducer(officePagingReducer, { office: "", pages: 1 });
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const selectId = useId();
  const headingId = `${useId()}-members-title`;

  const members = fields.card_members_repeater ?? [];
  const offices = (fields.office_filter_repeater ?? []).filter((o) => o.id.trim() && o.label.trim());
  const filtered = filterByOffice(members, state.office);
  const shown = visiblePage(filtered, state.pages, perPage);
  const more = hasMorePages(filtered.length, state.pages, perPage);
  const fallback = avatarFallback(params.context_type === "teams" ? "team" : "broker");

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>("[data-member-card]")[from]?.focus();
  });

  if (!members.length) return null;
  return (
    <section
      className="container section member-cards"
      data-context={params.context_type}
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      {offices.length ? (
        <div className="member-cards__filter">
          <label htmlFor={selectId}>{t("members.office-label")}</label>
          <select
            id={selectId}
            value={state.office}
            onChange={(event) => dispatch({ type: "office", office: event.target.value })}
          >
            <option value="">{t("members.office-all")}</option>
            {offices.map((office) => (
              <option key={office.id} value={office.id}>
                {office.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="member-cards__status" aria-live="polite">
        {t("members.count", { shown: shown.length, total: filtered.length })}
      </p>
      {shown.length ? (
        <ul className="member-cards__grid" ref={listRef}>
          {shown.map((member, i) => (
            <li key={`${member.office_id ?? ""}-${member.main_title}-${i}`}>
              <MemberCard member={member} fallback={fallback} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="member-cards__empty">{t("members.empty")}</p>
      )}
      {more ? (
        <div className="member-cards__more">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              focusFrom.current = shown.length;
              dispatch({ type: "more" });
            }}
          >
            {t("members.load-more")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
