/** One article in the archive, the featured posts and the grid: thumbnail, category, title, excerpt, author, date, read time. */
// Their messages load with them (renderer/messages).
import "../../messages/blog";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../schema/locales";
import type { BlogArticle } from "../../features/blog/api";
import { formatDate, postPath } from "../../features/blog/format";
import { useSite } from "../../lib/site";
import { Image } from "../../ui/Image";
import { InternalLink, withVariant } from "../../ui/SmartLink";

export function articleHref(article: BlogArticle, locale: Locale, variantId?: string): string | undefined {
  const slug = article.slug[locale];
  return slug ? withVariant(postPath(locale, slug, article.id), variantId) : undefined;
}

export function ArticleCard({
  article,
  large = false,
  headingLevel = 3,
}: {
  article: BlogArticle;
  large?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const { locale, variantId } = useSite();
  const href = articleHref(article, locale, variantId);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`blog-card${large ? " blog-card--large" : ""}`} data-article-id={article.id}>
      <div className="blog-card__media">
        <Image
          image={{
            url: large ? article.thumbnails.url_large : article.thumbnails.url_small,
            alt: "",
            width: 1200,
            height: 675,
          }}
        />
      </div>
      <div className="blog-card__body">
        <p className="blog-card__category">{article.category}</p>
        <Heading className="blog-card__title">
          {href ? (
            <InternalLink to={href} className="blog-card__link">
              {article.title}
            </InternalLink>
          ) : (
            article.title
          )}
        </Heading>
        <p className="blog-card__excerpt">{article.excerpt}</p>
        <div className="blog-card__meta">
          {article.author.thumbnail ? (
            <img
              className="blog-card__avatar"
              src={article.author.thumbnail}
              alt=""
              width={32}
              height={32}
              loading="lazy"
            />
          ) : null}
          <span className="blog-card__author">{t("blog.by", { name: article.author.name })}</span>
          <time dateTime={article.published_at}>{formatDate(locale, article.published_at)}</time>
          <span>{t("blog.read-time", { count: article.read_time })}</span>
        </div>
      </div>
    </article>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div className="blog-card blog-card--skeleton" aria-hidden="true" data-testid="blog-skeleton">
      <div className="blog-card__media" />
      <div className="blog-card__body">
        <span className="blog-skel blog-skel--short" />
        <span className="blog-skel" />
        <span className="blog-skel" />
        <span className="blog-skel blog-skel--short" />
      </div>
    </div>
  );
}
