/** Pure helpers of the members blocks (blocks.md §4 Members, §9 Lists and paging, Text and measures). */
import { BREAKPOINTS } from "../../lib/breakpoints";

/** Member cards per page: 16 at xxl and up, 12 at lg, 8 at md, 6 below. */
export function memberCardsPerPage(width: number): number {
  if (width >= BREAKPOINTS.xxl) return 16;
  if (width >= BREAKPOINTS.lg) return 12;
  if (width >= BREAKPOINTS.md) return 8;
  return 6;
}

/** Page sizes of member cards, from the narrowest breakpoint up (memberCardsPerPage). */
export const MEMBER_PAGE_SIZES = [6, 8, 12, 16] as const;
export type MemberPageSize = (typeof MEMBER_PAGE_SIZES)[number];

/**
 * The smallest page size at which the card at `index` shows after `pages` pages: the server
 * renders the widest page and CSS hides the rest by breakpoint (members.css), so the first
 * paint is right at every width, before and after hydration.
 */
export function memberCardTier(index: number, pages: number): MemberPageSize {
  return MEMBER_PAGE_SIZES.find((size) => index < Math.max(1, pages) * size) ?? 16;
}

/** The largest page size at which "load more" still has cards to add, or undefined if none. */
export function memberMoreTier(total: number, pages: number): MemberPageSize | undefined {
  return [...MEMBER_PAGE_SIZES].reverse().find((size) => hasMorePages(total, pages, size));
}

/** The first `pages` pages of `items`, `perPage` each. */
export function visiblePage<T>(items: readonly T[], pages: number, perPage: number): T[] {
  return items.slice(0, Math.max(1, pages) * perPage);
}

export function hasMorePages(total: number, pages: number, perPage: number): boolean {
  return total > Math.max(1, pages) * perPage;
}

/** Cards of one office; an empty office id means every office. */
export function filterByOffice<T extends { office_id?: string }>(items: readonly T[], officeId: string): T[] {
  if (!officeId) return [...items];
  return items.filter((item) => item.office_id === officeId);
}

/** Office filter state: choosing an office always goes back to page 1. */
export interface OfficePaging {
  office: string;
  pages: number;
}
export type OfficePagingAction = { type: "office"; office: string } | { type: "more" };

export function officePagingReducer(state: OfficePaging, action: OfficePagingAction): OfficePaging {
  if (action.type === "office") return { office: action.office, pages: 1 };
  return { ...state, pages: state.pages + 1 };
}

/** Team description clamp: 7 lines at xxxl and up, else 5. */
export function teamClampLines(width: number): number {
  return width >= BREAKPOINTS.xxxl ? 7 : 5;
}

/** Members carousel autoplay (blocks.md §9). */
export const MEMBERS_CAROUSEL_AUTOPLAY_MS = 5000;
export const MEMBERS_THUMBNAIL_WIDTH = 80;
export const MEMBERS_CENTRE_PADDING = 24;
