/**
 * Team members carousel (blocks.md §3 Team member, §4 Rewards, testimonials, team, §9 Text
 * and measures): each card clamps its description (7 lines at xxxl and up, else 5); a
 * "see more" button appears only when the text overflows the clamp and opens the member
 * in a modal, loaded on demand.
 */
import { type CSSProperties, lazy, Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamMemberItem, teamMembersCarouselBlock } from "../../../schema/blocks/members";
import type { Image as ImageValue } from "../../../schema/fields";
import { useAvatarFallback } from "../../lib/avatars";
import { useBreakpoints } from "../../lib/breakpoints";
import { useOverflow } from "../../lib/overflow";
import { Carousel } from "../../ui/carousel/Carousel";
import { Image } from "../../ui/Image";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { teamClampLines } from "./logic";
import "../../messages/people";

const TeamMemberModal = lazy(() => import("./TeamMemberModal"));

function TeamMemberCard({
  member,
  fallback,
  lines,
  onMore,
}: {
  member: TeamMemberItem;
  fallback: ImageValue;
  lines: number;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const overflowing = useOverflow(ref, [lines, member.description]);
  return (
    <article className="team-member">
      <Image image={member.person_avatar} fallback={fallback} className="team-member__avatar" />
      <Text value={member.person_name} as="h3" className="team-member__name" />
      <Text value={member.person_subtitle} as="p" className="team-member__subtitle" />
      {member.description ? (
        <p
          ref={ref}
          className="team-member__description text-pre-line"
          data-clamped={overflowing ? "" : undefined}
          style={{ "--clamp-lines": lines } as CSSProperties}
        >
          {member.description}
        </p>
      ) : null}
      {overflowing ? (
        <button
          type="button"
          className="link-button team-member__more"
          aria-haspopup="dialog"
          aria-label={t("members.see-more-about", { name: member.person_name })}
          onClick={onMore}
        >
          {t("members.see-more")}
        </button>
      ) : null}
    </article>
  );
}

export default function TeamMembersCarousel({ fields }: BlockViewProps<typeof teamMembersCarouselBlock>) {
  const { t } = useTranslation();
  const { width, mdUp, lgUp } = useBreakpoints();
  const [open, setOpen] = useState<number | null>(null);
  const members = (fields.team_members_repeater ?? []).filter((m) => m.person_name.trim());
  const fallback = useAvatarFallback("team");
  const lines = teamClampLines(width);
  const headingId = `${useId()}-team-title`;
  if (!members.length) return null;
  const openMember = open === null ? undefined : members[open];
  const slideSize = lgUp ? "calc(100% / 3)" : mdUp ? "50%" : "100%";
  return (
    <section className="container section team-members" aria-labelledby={fields.main_title ? headingId : undefined}>
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <Carousel
        items={members}
        label={fields.main_title || t("members.team-carousel-label")}
        slideSize={slideSize}
        renderSlide={(member, index) => (
          <TeamMemberCard member={member} fallback={fallback} lines={lines} onMore={() => setOpen(index)} />
        )}
      />
      {openMember ? (
        <Suspense fallback={null}>
          <TeamMemberModal member={openMember} fallback={fallback} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
