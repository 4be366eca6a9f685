/** Shared layout of hero infos and hero profile page: media beside titles, info list, social links and buttons. */
import type { ReactNode } from "react";
import type { Image as ImageValue, Link, Video as VideoValue } from "../../../schema/fields";
import { Text } from "../../ui/Text";
import type { BlockContext } from "../types";
import { CtaRow, HeroMedia, hasMedia, heroHeading, InfoList, SocialLinks, withLcpPriority } from "./parts";

export interface ProfileFields {
  media?: { image?: ImageValue; video?: VideoValue };
  main_title?: string;
  sub_title?: string;
  under_sub_title?: string;
  list_items_repeater?: { icon?: { type: string }; text: string }[];
  icon_links_repeater?: { icon: { type: string }; link: Link }[];
  cta_repeater?: { cta: Link }[];
}

export function ProfileLayout({
  id,
  fields,
  ctx,
  className,
  orientation,
  socialsLabel,
  fallbackMedia,
  children,
  attributes,
}: {
  id: string;
  fields: ProfileFields;
  ctx: BlockContext;
  className: string;
  orientation: "left" | "right";
  socialsLabel: string;
  fallbackMedia?: ImageValue;
  children?: ReactNode;
  attributes?: Record<string, string | undefined>;
}) {
  const own = withLcpPriority(fields.media, ctx);
  const media = hasMedia(own) ? own : fallbackMedia ? withLcpPriority({ image: fallbackMedia }, ctx) : undefined;
  const titleId = `${id}-title`;
  return (
    <section
      className={`container hero hero-profile ${className}`}
      data-orientation={orientation}
      data-has-media={hasMedia(media) ? "" : undefined}
      aria-labelledby={fields.main_title ? titleId : undefined}
      {...attributes}
    >
      {hasMedia(media) ? (
        <div className="hero-profile__media">
          <HeroMedia media={media} className="hero-profile__img" />
        </div>
      ) : null}
      <div className="hero-profile__text">
        <Text value={fields.main_title} as={heroHeading(ctx)} className="title-1" id={titleId} />
        <Text value={fields.sub_title} as="p" className="hero-profile__sub" />
        <Text value={fields.under_sub_title} as="p" className="hero-profile__under" />
        <InfoList items={fields.list_items_repeater} />
        <SocialLinks items={fields.icon_links_repeater} label={socialsLabel} />
        {children}
        <CtaRow items={fields.cta_repeater} />
      </div>
    </section>
  );
}
