/**
 * Member cards directory (blocks.md §2 member cards, §3 Member card item, §4 Members,
 * §9 Lists and paging): an office filter (native select with a label), one page of cards
 * by breakpoint (16/12/8/6) and a "load more" button adding a page. Changing the office
 * goes back to page 1; after "load more", focus moves to the first new card. The widest
 * page is rendered and CSS hides what a narrower one does not show (data-tier), so the
 * server's HTML is right at every width and nothing jumps at hydration.
 */
import { useEffect, useId, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { memberCardsBlock } from "../../../schema/blocks/members";
import { useAvatarFallback } from "../../lib/avatars";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import {
  filterByOffice,
  MEMBER_PAGE_SIZES,
  memberCardsPerPage,
  memberCardTier,
  memberMoreTier,
  officePagingReducer,
  visiblePage,
} from "./logic";
import { MemberCard } from "./MemberCard";
import "../../messages/people";

export default function MemberCards({ fields, params }: BlockViewProps<typeof memberCardsBlock>) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(officePagingReducer, { office: "", pages: 1 });
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const selectId = useId();
  const headingId = `${useId()}-members-title`;

  const members = fields.card_members_repeater ?? [];
  const offices = (fields.office_filter_repeater ?? []).filter((o) => o.id.trim() && o.label.trim());
  const filtered = filterByOffice(members, state.office);
  const shown = visiblePage(filtered, state.pages, 16);
  const moreTier = memberMoreTier(filtered.length, state.pages);
  const fallback = useAvatarFallback(params.context_type === "teams" ? "team" : "broker");

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
        {MEMBER_PAGE_SIZES.map((size) => (
          <span key={size} data-only={size}>
            {t("members.count", { shown: visiblePage(filtered, state.pages, size).length, total: filtered.length })}
          </span>
        ))}
      </p>
      {shown.length ? (
        <ul className="member-cards__grid" ref={listRef}>
          {shown.map((member, i) => (
            <li key={`${member.office_id ?? ""}-${member.main_title}-${i}`} data-tier={memberCardTier(i, state.pages)}>
              <MemberCard member={member} fallback={fallback} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="member-cards__empty">{t("members.empty")}</p>
      )}
      {moreTier ? (
        <div className="member-cards__more" data-upto={moreTier}>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              focusFrom.current = Math.max(1, state.pages) * memberCardsPerPage(window.innerWidth);
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
