/** Pure helpers of the hero blocks (blocks.md §2 Members search hero, §9 Layout and Carousels). */
// No message keys here: the call-to-action hero uses only the layout helpers and loads no
// "heroes" messages (the home page's JS budget).
import type { MemberCard } from "../../../schema/blocks/heroes";

/** blocks.md §9 Carousels: hero slider and members search hero timings and limits. */
export const HERO_SLIDER_AUTOPLAY_MS = 8000;
export const HERO_SLIDER_TRANSITION_MS = 500;
export const MEMBERS_SEARCH_AUTOPLAY_MS = 6000;
export const MEMBERS_SEARCH_MAX_CARDS = 10;
export const MEMBERS_THUMBNAIL_PX = 80;
/** Default avatar of a member without one (a site-level fallback may replace it). */
export const DEFAULT_MEMBER_AVATAR = { url: "/images/avatar-broker.svg", width: 160, height: 160 } as const;

/** blocks.md §9 Layout: landing page 1 overlap. */
export const LANDING_OVERLAP_SMALL = 64;
export const LANDING_OVERLAP_MAX = 128;
export const LANDING_OVERLAP_MIN_USEFUL = 40;

/**
 * How far the contact form of the landing page hero reaches into the next block:
 * 64 on small screens; on large screens the form height minus the info height,
 * clamped to 0–128, and 0 when that is 40 or less.
 */
export function landingOverlap(input: { large: boolean; formHeight: number; infoHeight: number }): number {
  if (!input.large) return LANDING_OVERLAP_SMALL;
  const raw = input.formHeight - input.infoHeight;
  if (!Number.isFinite(raw)) return 0;
  const clamped = Math.min(LANDING_OVERLAP_MAX, Math.max(0, raw));
  return clamped <= LANDING_OVERLAP_MIN_USEFUL ? 0 : Math.round(clamped);
}

export interface MemberOption {
  /** Stable key: the member's position in the repeater. */
  id: string;
  label: string;
  member: MemberCard;
}

/** Members with a name, as options sorted by label in the visitor's locale (accents and case ignored). */
export function memberOptions(members: readonly MemberCard[] | undefined, locale: string): MemberOption[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  return (members ?? [])
    .map((member, index) => ({ id: `member-${index}`, label: member.person_name?.trim() ?? "", member }))
    .filter((option) => option.label.length > 0)
    .sort((a, b) => collator.compare(a.label, b.label) || a.id.localeCompare(b.id));
}

/** Lower case without accents, for matching typed text against names. */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** Whether a member name matches what was typed: every typed word is found in the name, accents ignored. */
export function matchesMemberQuery(label: string, query: string): boolean {
  const words = foldText(query)
    .split(/[\s-]+/)
    .filter(Boolean);
  if (!words.length) return true;
  const name = foldText(label);
  return words.every((word) => name.includes(word));
}

export function filterMemberOptions(options: readonly MemberOption[], query: string): MemberOption[] {
  return options.filter((option) => matchesMemberQuery(option.label, query));
}

/** Program descriptions of a member that have text; their count is what the modal shows. */
export function memberPrograms(member: MemberCard | undefined): string[] {
  return (member?.program_items_repeater ?? []).map((p) => p.description?.trim() ?? "").filter(Boolean);
}

/** The cards shown in the members search carousel: at most 10, in the editor's order. */
export function carouselMembers(members: readonly MemberCard[] | undefined): { index: number; member: MemberCard }[] {
  return (members ?? [])
    .map((member, index) => ({ index, member }))
    .filter(({ member }) => member.person_name?.trim())
    .slice(0, MEMBERS_SEARCH_MAX_CARDS);
}

/** "contained" mode of the hero CTA: a header block comes right before it (blocks.md §4 Hero). */
export function isContained(previousType: string | undefined): boolean {
  return Boolean(previousType?.startsWith("header_"));
}
