/**
 * Members search hero (blocks.md §2 Members search hero, §3 Members, §4 Members, §9
 * Carousels): a title, a searchable list of member names sorted by label with a
 * placeholder per context type, and an optional carousel of at most 10 member cards
 * (autoplay 6000 ms). Choosing a member opens a modal; closing it clears the choice.
 *
 * The server renders a plain labelled text field; react-aria's ComboBox and the modal
 * load on the first interaction (focus, pointer, touch) and take over the same field,
 * keeping what was typed and the focus.
 */
// Their messages load with them (renderer/messages).
import "../../messages/heroes";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContextType, heroMembersSearchBlock } from "../../../schema/blocks/heroes";
import { Carousel } from "../../ui/carousel/Carousel";
import { Image } from "../../ui/Image";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import {
  carouselMembers,
  DEFAULT_MEMBER_AVATAR,
  MEMBERS_SEARCH_AUTOPLAY_MS,
  MEMBERS_THUMBNAIL_PX,
  memberOptions,
} from "./logic";
import { heroHeading } from "./parts";

/** Locale key of the search placeholder per context type. */
const placeholderKey = (context: ContextType) => `heroes.members.placeholder-${context}` as const;

type DialogModule = typeof import("./MembersSearchDialog");
let loading: Promise<DialogModule> | undefined;
const loadDialog = () => {
  loading ??= import("./MembersSearchDialog");
  return loading;
};

export default function HeroMembersSearch({
  block,
  fields,
  params,
  ctx,
}: BlockViewProps<typeof heroMembersSearchBlock>) {
  const { t } = useTranslation();
  const inputId = useId();
  const plainRef = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<DialogModule | null>(null);
  const [handOffFocus, setHandOffFocus] = useState(false);
  const [query, setQuery] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const options = useMemo(() => memberOptions(fields.card_members_repeater, ctx.locale), [fields, ctx.locale]);
  const cards = useMemo(() => carouselMembers(fields.card_members_repeater), [fields]);
  const selected = options.find((option) => option.id === selectedId) ?? null;
  const placeholder = t(placeholderKey(params.context_type));
  const label = t(`heroes.members.search-label-${params.context_type}`);
  const titleId = `${block.id}-title`;

  const arm = useCallback(() => {
    if (dialog) return;
    loadDialog().then(
      (module) => {
        setHandOffFocus(document.activeElement === plainRef.current);
        setDialog(module);
      },
      (error: unknown) => console.warn("Members search could not load:", error),
    );
  }, [dialog]);

  // A visitor who focused the field before hydration gets the interactive list at once.
  useEffect(() => {
    if (document.activeElement === plainRef.current) arm();
  }, [arm]);

  const choose = useCallback(
    (id: string) => {
      setSelectedId(id);
      arm();
    },
    [arm],
  );
  const close = useCallback(() => {
    setSelectedId(null);
    setQuery("");
  }, []);

  const Heading = heroHeading(ctx);
  const MemberHeading = Heading === "h1" ? "h2" : "h3";
  return (
    <section className="hero hero-members" aria-labelledby={fields.main_title ? titleId : undefined}>
      <div className="container hero-members__head">
        <Text value={fields.main_title} as={Heading} className="title-1" id={titleId} />
        <search className="hero-members__search" data-ready={dialog ? "" : undefined}>
          {dialog ? (
            <dialog.MemberComboBox
              inputId={inputId}
              label={label}
              placeholder={placeholder}
              options={options}
              query={query}
              onQueryChange={setQuery}
              selectedId={selectedId}
              onSelect={choose}
              autoFocus={handOffFocus}
            />
          ) : (
            <div className="hero-members__combobox">
              <label className="hero-members__label" htmlFor={inputId}>
                {label}
              </label>
              <div className="hero-members__field">
                <input
                  ref={plainRef}
                  id={inputId}
                  className="hero-members__input"
                  type="text"
                  autoComplete="off"
                  placeholder={placeholder}
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  onFocus={arm}
                  onPointerEnter={arm}
                  onTouchStart={arm}
                />
                <span className="hero-members__toggle">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </span>
              </div>
            </div>
          )}
        </search>
      </div>
      {params.show_carousel && cards.length ? (
        <div className="container hero-members__carousel">
          <Carousel
            items={cards}
            label={t("heroes.members.carousel-label")}
            autoplayMs={MEMBERS_SEARCH_AUTOPLAY_MS}
            slideSize="min(284px, 78%)"
            gap={24}
            className="hero-members__cards"
            renderSlide={({ index, member }) => (
              <article className="hero-member-card" aria-labelledby={`${block.id}-member-${index}`}>
                <Image
                  image={member.person_avatar}
                  fallback={{ ...DEFAULT_MEMBER_AVATAR, alt: "" }}
                  className="hero-member-card__avatar"
                  style={{ width: MEMBERS_THUMBNAIL_PX, height: MEMBERS_THUMBNAIL_PX }}
                />
                <MemberHeading className="hero-member-card__name" id={`${block.id}-member-${index}`}>
                  {member.person_name}
                </MemberHeading>
                <Text value={member.person_subtitle} as="p" className="hero-member-card__sub" />
                <button
                  type="button"
                  className="btn btn-secondary hero-member-card__open"
                  onClick={() => choose(`member-${index}`)}
                  onPointerEnter={arm}
                  aria-label={t("heroes.members.open-profile-named", { name: member.person_name })}
                >
                  {t("heroes.members.open-profile")}
                </button>
              </article>
            )}
          />
        </div>
      ) : null}
      {dialog ? <dialog.MemberModal option={selected} onClose={close} /> : null}
    </section>
  );
}
