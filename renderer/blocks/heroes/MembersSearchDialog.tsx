/**
 * The interactive part of the members search hero, loaded on first interaction so
 * react-aria stays out of the page's initial JavaScript: the searchable member list
 * (ComboBox) and the member modal (normal colour scheme, focus trapped and restored).
 */
// Their messages load with them (renderer/messages).
import "../../messages/heroes";
import {
  Button,
  ComboBox,
  Dialog,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Tooltip,
  TooltipTrigger,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Image } from "../../ui/Image";
import { Text } from "../../ui/Text";
import { DEFAULT_MEMBER_AVATAR, type MemberOption, matchesMemberQuery, memberPrograms } from "./logic";
import { CtaRow, InfoList, SocialLinks } from "./parts";

export function MemberComboBox({
  inputId,
  label,
  placeholder,
  options,
  query,
  onQueryChange,
  selectedId,
  onSelect,
  autoFocus,
}: {
  inputId: string;
  label: string;
  placeholder: string;
  options: readonly MemberOption[];
  query: string;
  onQueryChange: (value: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  autoFocus: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ComboBox
      className="hero-members__combobox"
      defaultItems={options}
      defaultFilter={matchesMemberQuery}
      inputValue={query}
      onInputChange={onQueryChange}
      selectedKey={selectedId}
      onSelectionChange={(key) => {
        if (key !== null) onSelect(String(key));
      }}
      menuTrigger="focus"
    >
      <Label className="hero-members__label">{label}</Label>
      <div className="hero-members__field">
        <Input id={inputId} className="hero-members__input" placeholder={placeholder} autoFocus={autoFocus} />
        <Button className="hero-members__toggle" aria-label={t("heroes.members.show-all")}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
      </div>
      <Popover className="hero-members__popover" data-scheme="normal" offset={4}>
        <ListBox<MemberOption>
          className="hero-members__listbox"
          renderEmptyState={() => <p className="hero-members__empty">{t("heroes.members.no-results")}</p>}
        >
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="hero-members__option">
              <span className="hero-members__option-name">{option.label}</span>
              {option.member.person_subtitle ? (
                <span className="hero-members__option-sub">{option.member.person_subtitle}</span>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

export function MemberModal({ option, onClose }: { option: MemberOption | null; onClose: () => void }) {
  const { t } = useTranslation();
  const member = option?.member;
  const programs = memberPrograms(member);
  return (
    <ModalOverlay
      isOpen={Boolean(option)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="site-modal-overlay"
    >
      <Modal className="site-modal hero-member-modal" data-scheme="normal">
        <Dialog className="site-modal__dialog hero-member-modal__dialog">
          {member ? (
            <>
              <div className="site-modal__header">
                <div className="hero-member-modal__identity">
                  <Image
                    image={member.person_avatar}
                    fallback={{ ...DEFAULT_MEMBER_AVATAR, alt: "" }}
                    className="hero-member-modal__avatar"
                    appear={false}
                  />
                  <div>
                    <Heading slot="title" className="site-modal__title">
                      {member.person_name}
                    </Heading>
                    <Text value={member.person_subtitle} as="p" className="hero-member-modal__sub" />
                  </div>
                </div>
                <Button slot="close" className="site-modal__close" aria-label={t("shell.modal.close")}>
                  <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
                    <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </Button>
              </div>
              <InfoList items={member.list_items_repeater} />
              <SocialLinks
                items={member.social_items_repeater}
                label={t("heroes.socials", { name: member.person_name })}
              />
              {programs.length ? (
                <TooltipTrigger delay={50} closeDelay={50}>
                  <Button className="hero-member-modal__programs">
                    {t("heroes.members.programs", { count: programs.length })}
                  </Button>
                  <Tooltip className="hero-member-modal__tooltip" placement="bottom" offset={6}>
                    <ul>
                      {programs.map((description, i) => (
                        <li key={i}>{description}</li>
                      ))}
                    </ul>
                  </Tooltip>
                </TooltipTrigger>
              ) : null}
              <CtaRow items={member.cta_repeater} />
            </>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
