/**
 * The blog archive's state (site.md §4 Blog archive): the first fetch loads the
 * categories with the articles and selects them all; changing categories or the sort
 * clears the posts and returns to page 1 after a 1 s delay; next pages append at once.
 */
import { useCallback, useEffect, useReducer } from "react";
import { withMinimumDisplay } from "../../lib/minimum-display";
import { useSite } from "../../lib/site";
import { type BlogArticle, type BlogCategory, fetchArticles } from "./api";
import { allSelected, selectAll, selectedIds, toggleCategory } from "./categories";
import { BLOG_PAGE_SIZE } from "./constants";
import { type ArticlesRequest, type FetchReason, fetchDelay, type SortOrder } from "./request";

export type ArchiveCategory = BlogCategory & { selected: boolean };

export interface ArchiveState {
  categories: ArchiveCategory[];
  articles: BlogArticle[];
  total: number;
  page: number;
  order: SortOrder;
  fetching: boolean;
  /** True once the first answer arrived. */
  loaded: boolean;
  /** Increments for every fetch to run; the effect runs the latest one. */
  seq: number;
  reason: FetchReason;
}

export type ArchiveAction =
  | { type: "toggle"; id: number }
  | { type: "reset" }
  | { type: "order"; order: SortOrder }
  | { type: "next-page" }
  | {
      type: "answer";
      seq: number;
      articles: BlogArticle[];
      total: number;
      categories?: BlogCategory[];
      initial?: number;
    }
  | { type: "failed"; seq: number };

export const initialArchiveState: ArchiveState = {
  categories: [],
  articles: [],
  total: 0,
  page: 1,
  order: "desc",
  fetching: true,
  loaded: false,
  seq: 0,
  reason: "first",
};

const restart = (state: ArchiveState, reason: FetchReason, patch: Partial<ArchiveState>): ArchiveState => ({
  ...state,
  ...patch,
  articles: [],
  page: 1,
  fetching: true,
  seq: state.seq + 1,
  reason,
});

export function archiveReducer(state: ArchiveState, action: ArchiveAction): ArchiveState {
  switch (action.type) {
    case "toggle":
      if (!state.loaded) return state;
      return restart(state, "filter", { categories: toggleCategory(state.categories, action.id) });
    case "reset":
      if (state.fetching || allSelected(state.categories)) return state;
      return restart(state, "reset", { categories: selectAll(state.categories) });
    case "order":
      if (action.order === state.order) return state;
      return restart(state, "sort", { order: action.order });
    case "next-page":
      if (state.fetching || !state.loaded || state.articles.length >= state.total) return state;
      return { ...state, page: state.page + 1, fetching: true, seq: state.seq + 1, reason: "next-page" };
    case "answer": {
      if (action.seq !== state.seq) return state;
      const categories = action.categories
        ? action.categories.map((c) => ({
            ...c,
            selected:
              action.initial === undefined ||
              !action.categories?.some((x) => x.id === action.initial) ||
              c.id === action.initial,
          }))
        : state.categories;
      return {
        ...state,
        categories,
        articles: state.page === 1 ? action.articles : [...state.articles, ...action.articles],
        total: action.total,
        fetching: false,
        loaded: true,
      };
    }
    case "failed":
      return action.seq === state.seq ? { ...state, fetching: false, loaded: true } : state;
  }
}

/** The request for the current state; `initialCategory` narrows the first call. */
export function requestFor(state: ArchiveState, language: "fr" | "en", initialCategory?: number): ArticlesRequest {
  const first = !state.loaded && state.seq === 0;
  return {
    language,
    page: state.page,
    limit: BLOG_PAGE_SIZE,
    order: state.order,
    categories: first ? (initialCategory !== undefined ? [initialCategory] : undefined) : selectedIds(state.categories),
    withCategories: first,
  };
}

export function useArchive(initialCategory?: number) {
  const site = useSite();
  const [state, dispatch] = useReducer(archiveReducer, initialArchiveState);
  const { seq, reason } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one fetch per seq; the request is read from that state.
  useEffect(() => {
    const controller = new AbortController();
    const request = requestFor(state, site.locale, initialCategory);
    const timer = setTimeout(() => {
      // The skeletons show while fetching: at least 200 ms, so a fast answer does not flash them.
      void withMinimumDisplay(fetchArticles(site, request, controller.signal)).then((answer) => {
        if (controller.signal.aborted) return;
        if (!answer) dispatch({ type: "failed", seq });
        else
          dispatch({
            type: "answer",
            seq,
            articles: answer.articles,
            total: answer.total,
            categories: answer.categories,
            initial: initialCategory,
          });
      });
    }, fetchDelay(reason));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [seq]);
  return {
    state,
    toggle: useCallback((id: number) => dispatch({ type: "toggle", id }), []),
    reset: useCallback(() => dispatch({ type: "reset" }), []),
    setOrder: useCallback((order: SortOrder) => dispatch({ type: "order", order }), []),
    nextPage: useCallback(() => dispatch({ type: "next-page" }), []),
  };
}
