/**
 * blog_archive_block (blocks.md §4 Blog archive): category toggles, a reset button, the
 * sort, the posts (6 a page) with two skeleton cards while fetching, and loading more
 * when the end of the list nears the viewport (a button where that cannot be observed).
 */
// Their messages load with them (renderer/messages).
import "../../messages/blog";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { blogArchiveBlock } from "../../../schema/blocks/blog";
import { allSelected } from "../../features/blog/categories";
import { LOAD_MORE_REARM_MS, LOAD_MORE_ROOT_MARGIN, SKELETON_CARDS } from "../../features/blog/constants";
import { archivePath } from "../../features/blog/format";
import type { SortOrder } from "../../features/blog/request";
import { useArchive } from "../../features/blog/useArchive";
import { useSite } from "../../lib/site";
import { Heading } from "../../ui/Heading";
import { RichText } from "../../ui/RichText";
import type { BlockViewProps } from "../types";
import { ArticleCard, ArticleCardSkeleton } from "./ArticleCard";

function useInitialCategory(): number | undefined {
  const { search } = useLocation();
  const value = new URLSearchParams(search).get("category");
  return value && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

export default function BlogArchive({ fields }: BlockViewProps<typeof blogArchiveBlock>) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const initialCategory = useInitialCategory();
  const { state, toggle, reset, setOrder, nextPage } = useArchive(initialCategory);
  const sentinel = useRef<HTMLDivElement>(null);
  const [observable, setObservable] = useState(true);
  const hasMore = state.loaded && state.articles.length < state.total;

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") {
      setObservable(false);
      return;
    }
    const target = sentinel.current;
    if (!target || !hasMore || state.fetching) return;
    let rearm: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        nextPage();
        rearm = setTimeout(() => observer.observe(target), LOAD_MORE_REARM_MS);
      },
      { rootMargin: LOAD_MORE_ROOT_MARGIN },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      if (rearm) clearTimeout(rearm);
    };
  }, [hasMore, state.fetching, nextPage]);

  const headingId = `${useId()}-title`;
  return (
    <section className="container section blog-archive" aria-labelledby={fields.main_title ? headingId : undefined}>
      <link rel="alternate" type="application/rss+xml" title={t("blog.rss")} href={`${archivePath(locale)}/rss.xml`} />
      {fields.main_title ? (
        <Heading level={2} id={headingId} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      {fields.description ? <RichText html={fields.description} className="text-body" /> : null}
      <div className="blog-archive__toolbar">
        <fieldset className="blog-archive__categories">
          <legend>{t("blog.categories-label")}</legend>
          <ul>
            {state.categories.map((category) => (
              <li key={category.id}>
                <button
                  type="button"
                  className="blog-chip"
                  aria-pressed={category.selected}
                  data-category-id={category.id}
                  onClick={() => toggle(category.id)}
                  aria-label={t("blog.category-count", {
                    label: category.label[locale],
                    count: category.articles_count,
                  })}
                >
                  {category.label[locale]}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-secondary blog-archive__reset"
            onClick={reset}
            disabled={state.fetching || allSelected(state.categories)}
          >
            {t("blog.reset")}
          </button>
        </fieldset>
        <label className="blog-archive__sort">
          <span>{t("blog.sort-label")}</span>
          <select value={state.order} onChange={(e) => setOrder(e.target.value as SortOrder)}>
            <option value="desc">{t("blog.sort-desc")}</option>
            <option value="asc">{t("blog.sort-asc")}</option>
          </select>
        </label>
      </div>
      <p className="blog-archive__status" role="status" aria-live="polite">
        {state.fetching ? t("blog.loading") : state.loaded ? t("blog.results", { count: state.total }) : ""}
      </p>
      <section className="blog-list" aria-busy={state.fetching} aria-label={t("blog.archive-label")}>
        {state.articles.map((article) => (
          <ArticleCard key={article.id} article={article} />
        ))}
        {state.fetching
          ? Array.from({ length: SKELETON_CARDS }, (_, i) => <ArticleCardSkeleton key={`skeleton-${i}`} />)
          : null}
      </section>
      {state.loaded && !state.fetching && state.total === 0 ? <p>{t("blog.empty")}</p> : null}
      <div ref={sentinel} className="blog-archive__sentinel" />
      {!observable && hasMore ? (
        <p className="blog-archive__more">
          <button type="button" className="btn btn-primary" onClick={nextPage} disabled={state.fetching}>
            {t("blog.load-more")}
          </button>
        </p>
      ) : null}
    </section>
  );
}
