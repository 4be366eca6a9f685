/** One card of the member directory (blocks.md §3 Member card item). */
import type { MemberCardItem } from "../../../schema/blocks/members";
import type { Image as ImageValue } from "../../../schema/fields";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import { ProgramsTooltip } from "./ProgramsTooltip";

export function MemberCard({ member, fallback }: { member: MemberCardItem; fallback: ImageValue }) {
  const lines = (member.list_items_repeater ?? []).filter((item) => item.text.trim());
  const links = (member.icon_links_repeater ?? []).filter((item) => item.link.url?.trim());
  const programs = (member.program_items_repeater ?? []).map((p) => p.description.trim()).filter(Boolean);
  return (
    <article className="member-card" data-member-card="" tabIndex={-1}>
      <Image image={member.image} fallback={fallback} className="member-card__image" />
      <div className="member-card__body">
        <Text value={member.main_title} as="h3" className="member-card__name" />
        <Text value={member.description} as="p" className="member-card__subtitle" />
        {programs.length ? <ProgramsTooltip programs={programs} /> : null}
        {lines.length ? (
          <ul className="member-card__lines">
            {lines.map((item, i) => (
              <li key={i}>
                <Icon name={item.icon.type} size={18} weight={item.icon.font_weight} />
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {links.length ? (
          <ul className="member-card__links">
            {links.map((item, i) => (
              <li key={i}>
                <SmartLink
                  link={item.link}
                  className="member-card__icon-link"
                  aria-label={item.link.text || item.icon.type}
                >
                  <Icon name={item.icon.type} size={20} />
                </SmartLink>
              </li>
            ))}
          </ul>
        ) : null}
        {member.cta && (member.cta.text || member.cta.on_click_action) ? (
          <SmartLink link={member.cta} className="btn btn-primary member-card__cta" />
        ) : null}
      </div>
    </article>
  );
}
