/** Hero infos (blocks.md §2, §3 Heroes): media, titles, info list, social icons and buttons; media left or right. */
// Their messages load with them (renderer/messages).
import "../../messages/heroes";
import { useTranslation } from "react-i18next";
import type { heroInfosBlock } from "../../../schema/blocks/heroes";
import type { BlockViewProps } from "../types";
import { ProfileLayout } from "./ProfileLayout";

export default function HeroInfos({ block, fields, params, ctx }: BlockViewProps<typeof heroInfosBlock>) {
  const { t } = useTranslation();
  return (
    <ProfileLayout
      id={block.id}
      fields={fields}
      ctx={ctx}
      className="hero-infos"
      orientation={params.orientation_x}
      socialsLabel={t("heroes.socials", { name: fields.main_title ?? "" })}
    />
  );
}
