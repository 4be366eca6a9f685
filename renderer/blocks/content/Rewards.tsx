/**
 * Rewards (blocks.md §2, §3 Reward item, §4, §9): a badge per reward (light or dark
 * by colour scheme), 3 at first, then all after "show more".
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { rewardsBlock } from "../../../schema/blocks/content";
import { rewardImagePath } from "../../../schema/rewards";
import { Heading } from "../../ui/Heading";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { REWARDS_INITIAL, useShowMore } from "./showMore";

export default function Rewards({ fields, params }: BlockViewProps<typeof rewardsBlock>) {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const rewards = fields.rewards_repeater ?? [];
  const scheme = typeof params.color_scheme === "string" ? params.color_scheme : undefined;
  const { visible, more, hidden, expand, firstNewIndex, firstNewRef } = useShowMore(rewards, REWARDS_INITIAL);
  return (
    <section
      className="container section rewards"
      aria-labelledby={fields.main_title ? headingId : undefined}
      aria-label={fields.main_title ? undefined : t("content.rewards-label")}
    >
      <div className="rewards__head">
        {fields.super_title ? <Text value={fields.super_title} as="p" className="super-title" /> : null}
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
        <RichText html={fields.description} className="text-body" />
      </div>
      <ul className="rewards__list" id={listId}>
        {visible.map((reward, i) => {
          const name = t(`content.reward-names.${reward.reward_ident}`);
          return (
            <li key={i} className="rewards__item">
              <img
                className="rewards__badge"
                src={rewardImagePath(reward.reward_ident, scheme)}
                alt={reward.main_title ? "" : name}
                width={120}
                height={120}
                loading="lazy"
                decoding="async"
              />
              <div className="rewards__text">
                {reward.super_title ? <p className="rewards__super">{reward.super_title}</p> : null}
                <Heading
                  level={3}
                  className="rewards__title"
                  ref={i === firstNewIndex ? (firstNewRef as never) : undefined}
                  tabIndex={i === firstNewIndex ? -1 : undefined}
                >
                  {reward.main_title || name}
                </Heading>
                {reward.description ? <Text value={reward.description} as="p" className="rewards__desc" /> : null}
              </div>
            </li>
          );
        })}
      </ul>
      {more ? (
        <div className="rewards__more">
          <button type="button" className="btn btn-secondary" aria-controls={listId} onClick={expand}>
            {t("content.rewards-show-more", { count: hidden })}
          </button>
        </div>
      ) : null}
    </section>
  );
}
