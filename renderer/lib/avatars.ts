/**
 * Site-level avatar fallbacks (blocks.md §9 Media: "two site-level media fallbacks exist
 * for broker and team avatars"). Decorative: the person's name is always printed next to it.
 * An agency's site forces the franchise logo where a broker's avatar would fall back
 * (site.md §1; `useAvatarFallback`): members, the members carousel, brokers' testimonials.
 * Clients and bank advisers keep the person silhouette (`avatarFallback("broker")`).
 */
import type { Image } from "../../schema/fields";
import { useSite } from "./site";

export type AvatarKind = "broker" | "team";

const AVATARS: Record<AvatarKind, Image> = {
  broker: { url: "/images/avatar-broker.svg", alt: "", width: 240, height: 240 },
  team: { url: "/images/avatar-team.svg", alt: "", width: 240, height: 240 },
};

const FRANCHISE: Image = { url: "/images/avatar-franchise.svg", alt: "", width: 240, height: 240 };

export function avatarFallback(kind: AvatarKind, siteType: "broker" | "agency" = "broker"): Image {
  return { ...(kind === "broker" && siteType === "agency" ? FRANCHISE : AVATARS[kind]) };
}

/** The fallback for the site being shown. */
export function useAvatarFallback(kind: AvatarKind): Image {
  return avatarFallback(kind, useSite().siteType);
}
