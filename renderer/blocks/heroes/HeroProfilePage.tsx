/**
 * Hero profile page (blocks.md §2, §3 Heroes): the header of a broker, team, admin or
 * director profile. A missing photo shows the site's avatar fallback, as the member cards
 * that link to the profile do (the franchise logo on an agency's site, renderer/lib/avatars.ts).
 */
// Their messages load with them (renderer/messages).
import "../../messages/heroes";
import { useTranslation } from "react-i18next";
import type { heroProfilePageBlock } from "../../../schema/blocks/heroes";
import { useAvatarFallback } from "../../lib/avatars";
import type { BlockViewProps } from "../types";
import { ProfileLayout } from "./ProfileLayout";

export default function HeroProfilePage({ block, fields, params, ctx }: BlockViewProps<typeof heroProfilePageBlock>) {
  const { t } = useTranslation();
  const fallback = useAvatarFallback(params.context_type === "teams" ? "team" : "broker");
  return (
    <ProfileLayout
      id={block.id}
      fields={fields}
      ctx={ctx}
      className="hero-profile-page"
      orientation="left"
      socialsLabel={t("heroes.socials", { name: fields.main_title ?? "" })}
      fallbackMedia={fallback}
      attributes={{ "data-context": params.context_type }}
    >
      {/* The role by context only when the editor gave none: the sub-title says it better
          ("Courtière immobilière commerciale"), and a generic label under it would repeat it. */}
      {fields.sub_title?.trim() ? null : (
        <p className="hero-profile__context">{t(`heroes.context.${params.context_type}`)}</p>
      )}
    </ProfileLayout>
  );
}
