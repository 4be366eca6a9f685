/**
 * Members carousel with thumbnails (blocks.md §2, §3 Members carousel item, §9: autoplay
 * 5000 ms, thumbnails 80 px wide, 24 px centre padding). The thumbnails are buttons that
 * go to their slide; the current one is marked with aria-current.
 */
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import type { membersCarouselBlock } from "../../../schema/blocks/members";
import { useAvatarFallback } from "../../lib/avatars";
import { Carousel } from "../../ui/carousel/Carousel";
import { Image } from "../../ui/Image";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { MEMBERS_CAROUSEL_AUTOPLAY_MS, MEMBERS_CENTRE_PADDING, MEMBERS_THUMBNAIL_WIDTH } from "./logic";
import "../../messages/people";

export default function MembersCarousel({ fields }: BlockViewProps<typeof membersCarouselBlock>) {
  const { t } = useTranslation();
  const members = (fields.members_repeater ?? []).filter((m) => m.person_name.trim());
  const fallback = useAvatarFallback("broker");
  const headingId = `${useId()}-members-carousel-title`;
  if (!members.length) return null;
  return (
    <section
      className="container section members-carousel"
      aria-labelledby={fields.main_title ? headingId : undefined}
      style={
        {
          "--thumb-width": `${MEMBERS_THUMBNAIL_WIDTH}px`,
          "--centre-padding": `${MEMBERS_CENTRE_PADDING}px`,
        } as CSSProperties
      }
    >
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <Carousel
        items={members}
        label={fields.main_title || t("members.carousel-label")}
        autoplayMs={MEMBERS_CAROUSEL_AUTOPLAY_MS}
        renderSlide={(member) => (
          <div className="members-carousel__slide">
            <Image image={member.person_avatar} fallback={fallback} className="members-carousel__avatar" />
            <div className="members-carousel__text">
              <Text value={member.person_name} as="h3" className="members-carousel__name" />
              <Text value={member.person_subtitle} as="p" className="members-carousel__subtitle" />
              {member.cta_repeater?.length ? (
                <div className="btn-row">
                  {member.cta_repeater
                    .filter((item) => item.cta.text || item.cta.on_click_action)
                    .map((item, i) => (
                      <SmartLink
                        key={i}
                        link={item.cta}
                        className={i === 0 ? "btn btn-primary" : "btn btn-secondary"}
                      />
                    ))}
                </div>
              ) : null}
            </div>
          </div>
        )}
        renderControls={(state) =>
          state.count > 1 ? (
            <ul className="members-carousel__thumbs" aria-label={t("members.thumbnails")}>
              {members.map((member, index) => (
                <li key={index}>
                  <button
                    type="button"
                    className="members-carousel__thumb"
                    aria-current={index === state.selected ? "true" : undefined}
                    aria-label={t("members.thumbnail", { name: member.person_name })}
                    onClick={() => state.scrollTo(index)}
                  >
                    <Image image={member.person_avatar} fallback={fallback} appear={false} />
                  </button>
                </li>
              ))}
            </ul>
          ) : null
        }
      />
    </section>
  );
}
