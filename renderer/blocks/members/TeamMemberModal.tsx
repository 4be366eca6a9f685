/** Detail of a team member in a modal (loaded on demand by TeamMembersCarousel). */
import type { TeamMemberItem } from "../../../schema/blocks/members";
import type { Image as ImageValue } from "../../../schema/fields";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { SiteModal } from "../../ui/shell/SiteModal";
import { Text } from "../../ui/Text";

export default function TeamMemberModal({
  member,
  fallback,
  onClose,
}: {
  member: TeamMemberItem;
  fallback: ImageValue;
  onClose: () => void;
}) {
  const lines = (member.list_items_repeater ?? []).filter((item) => item.text.trim());
  return (
    <SiteModal
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={member.person_name}
      className="team-member-modal"
    >
      <div className="team-member-modal__body" data-scheme="normal">
        <Image image={member.person_avatar} fallback={fallback} className="team-member-modal__avatar" appear={false} />
        <Text value={member.person_subtitle} as="p" className="team-member-modal__subtitle" />
        <Text value={member.description} as="p" />
        {lines.length ? (
          <ul className="team-member-modal__lines">
            {lines.map((item, i) => (
              <li key={i}>
                <Icon name={item.icon.type} size={18} />
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </SiteModal>
  );
}
