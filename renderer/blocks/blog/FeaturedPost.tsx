/**
 * featured_post_block (blocks.md §9): the latest posts; with fewer than 3 all are large,
 * otherwise only the first. At large-down, 2 regular posts show beside the first.
 */
// Their messages load with them (renderer/messages).
import "../../messages/blog";
import { useTranslation } from "react-i18next";
import type { featuredPostBlock } from "../../../schema/blocks/blog";
import { useLatestArticles } from "../../features/blog/useLatest";
import { useBreakpoints } from "../../lib/breakpoints";
import { Heading } from "../../ui/Heading";
import { SmartLink } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";
import { ArticleCard, ArticleCardSkeleton } from "./ArticleCard";

/** Which posts are large, and how many regular ones show (pure, for tests). */
export function featuredLayout(
  count: number,
  largeDown: boolean,
): { large: (index: number) => boolean; regular: number } {
  const allLarge = count < 3;
  const regular = allLarge ? 0 : largeDown ? Math.min(2, count - 1) : count - 1;
  return { large: (index) => allLarge || index === 0, regular };
}

export default function FeaturedPost({ fields, params }: BlockViewProps<typeof featuredPostBlock>) {
  const { t } = useTranslation();
  const answer = useLatestArticles(Math.min(Math.max(params.limit, 1), 6));
  const { lgDown } = useBreakpoints();
  const articles = answer?.articles ?? [];
  const layout = featuredLayout(articles.length, lgDown);
  const shown = articles.filter((_, i) => layout.large(i) || i <= layout.regular);
  return (
    <section
      className="container section blog-featured"
      aria-label={fields.main_title ? undefined : t("blog.featured")}
    >
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      <div className={`blog-featured__grid${articles.length < 3 ? " blog-featured__grid--all-large" : ""}`}>
        {answer
          ? shown.map((article, i) => <ArticleCard key={article.id} article={article} large={layout.large(i)} />)
          : [0, 1, 2].map((i) => <ArticleCardSkeleton key={i} />)}
      </div>
      {fields.cta?.text ? (
        <p className="blog-block__cta">
          <SmartLink link={fields.cta} className="btn btn-secondary" />
        </p>
      ) : null}
    </section>
  );
}
