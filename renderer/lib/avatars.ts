/**
 * Site-level avatar fallbacks (blocks.md §9 Media: "two site-level media fallbacks exist
 * for broker and team avatars"). Decorative: the person's name is always printed next to it.
 */
import type { Image } from "../../schema/fields";

export type AvatarKind = "broker" | "team";

const AVATARS: Record<AvatarKind, Image> = {
  broker: { url: "/images/avatar-broker.svg", alt: "", width: 240, height: 240 },
  team: { url: "/images/avatar-team.svg", alt: "", width: 240, height: 240 },
};

export function avatarFallback(kind: AvatarKind): Image {
  return { ...AVATARS[kind] };
}
