/** blog_grid_block (blocks.md §9): the latest posts; 1 at md-down, 3 at lg-down, all otherwise. */
// Their messages load with them (renderer/messages).
import "../../messages/blog";
import { useTranslation } from "react-i18next";
import type { blogGridBlock } from "../../../schema/blocks/blog";
import { useLatestArticles } from "../../features/blog/useLatest";
import { useBreakpoints } from "../../lib/breakpoints";
import { Heading } from "../../ui/Heading";
import { SmartLink } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";
import { ArticleCard, ArticleCardSkeleton } from "./ArticleCard";

export function gridCount(total: number, flags: { mdDown: boolean; lgDown: boolean }): number {
  if (flags.mdDown) return Math.min(1, total);
  if (flags.lgDown) return Math.min(3, total);
  return total;
}

export default function BlogGrid({ fields, params }: BlockViewProps<typeof blogGridBlock>) {
  const { t } = useTranslation();
  const answer = useLatestArticles(Math.min(Math.max(params.limit, 1), 12));
  const flags = useBreakpoints();
  const articles = answer?.articles ?? [];
  const shown = articles.slice(0, gridCount(articles.length, flags));
  return (
    <section className="container section blog-grid" aria-label={fields.main_title ? undefined : t("blog.latest")}>
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      <div className="blog-list">
        {answer
          ? shown.map((article) => <ArticleCard key={article.id} article={article} />)
          : [0].map((i) => <ArticleCardSkeleton key={i} />)}
      </div>
      {fields.cta?.text ? (
        <p className="blog-block__cta">
          <SmartLink link={fields.cta} className="btn btn-secondary" />
        </p>
      ) : null}
    </section>
  );
}
