/** Blog constants (site.md §9, blocks.md §9). */
export const BLOG_PAGE_SIZE = 6;
/** Delay before fetching after a filter or sort change; first load and next pages fetch at once. */
export const FILTER_FETCH_DELAY_MS = 1000;
/** Skeleton cards shown after the posts while fetching. */
export const SKELETON_CARDS = 2;
/** Loading more starts when the end of the list is within this margin of the viewport. */
export const LOAD_MORE_ROOT_MARGIN = "25%";
/** The observer re-arms this long after it fired. */
export const LOAD_MORE_REARM_MS = 1000;
/** Category card minimum heights, from the largest breakpoint down (blocks.md §9). */
export const CATEGORY_CARD_MIN_HEIGHTS = [530, 446, 360, 286, 362, 240, 346] as const;
export const ARCHIVE_PATHS = { fr: "/fr/blogue", en: "/en/blog" } as const;
