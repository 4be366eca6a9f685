/**
 * categories_slider_block: the blog's categories as cards in the site's carousel, each
 * linking to the archive filtered on it; card minimum heights by breakpoint (blocks.md §9).
 */
// Their messages load with them (renderer/messages).
import "../../messages/blog";
import { useTranslation } from "react-i18next";
import type { categoriesSliderBlock } from "../../../schema/blocks/blog";
import type { BlogCategory } from "../../features/blog/api";
import { CATEGORY_CARD_MIN_HEIGHTS } from "../../features/blog/constants";
import { archivePath } from "../../features/blog/format";
import { useLatestArticles } from "../../features/blog/useLatest";
import { type Breakpoints, useBreakpoints } from "../../lib/breakpoints";
import { useSite } from "../../lib/site";
import { Carousel } from "../../ui/carousel/Carousel";
import { Heading } from "../../ui/Heading";
import { RichText } from "../../ui/RichText";
import { InternalLink, withVariant } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";

/** 530 at xxxl-up, 446 at xxl, 360 at xl, 286 at lg, 362 at md, 240 at sm, 346 below. */
export function categoryCardMinHeight(
  b: Pick<Breakpoints, "xxxlUp" | "xxlUp" | "xlUp" | "lgUp" | "mdUp" | "smUp">,
): number {
  const [xxxl, xxl, xl, lg, md, sm, xs] = CATEGORY_CARD_MIN_HEIGHTS;
  if (b.xxxlUp) return xxxl;
  if (b.xxlUp) return xxl;
  if (b.xlUp) return xl;
  if (b.lgUp) return lg;
  if (b.mdUp) return md;
  if (b.smUp) return sm;
  return xs;
}

const THUMBS: Record<number, string> = {
  1: "/images/articles/buying.svg",
  2: "/images/articles/selling.svg",
  3: "/images/articles/renting.svg",
  4: "/images/articles/financing.svg",
  5: "/images/articles/neighbourhoods.svg",
  6: "/images/articles/renovation.svg",
};

export default function CategoriesSlider({ fields }: BlockViewProps<typeof categoriesSliderBlock>) {
  const { t } = useTranslation();
  const { locale, variantId } = useSite();
  const answer = useLatestArticles(1, true);
  const breakpoints = useBreakpoints();
  const minHeight = categoryCardMinHeight(breakpoints);
  const categories = answer?.categories ?? [];
  const slideSize = breakpoints.xlUp ? "25%" : breakpoints.mdUp ? "40%" : "85%";
  return (
    <section
      className="container section blog-categories"
      aria-label={fields.main_title ? undefined : t("blog.categories-slider")}
    >
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      {fields.description ? <RichText html={fields.description} className="text-body" /> : null}
      {categories.length ? (
        <Carousel<BlogCategory>
          items={categories}
          label={t("blog.categories-slider")}
          slideSize={slideSize}
          renderSlide={(category) => (
            <InternalLink
              className="blog-category-card"
              style={{ minHeight, backgroundImage: THUMBS[category.id] ? `url(${THUMBS[category.id]})` : undefined }}
              to={withVariant(`${archivePath(locale)}?category=${category.id}`, variantId)}
              aria-label={t("blog.see-category", { label: category.label[locale] })}
            >
              <span className="blog-category-card__label">{category.label[locale]}</span>
              <span className="blog-category-card__count">
                {t("blog.category-articles", { count: category.articles_count })}
              </span>
            </InternalLink>
          )}
        />
      ) : (
        <div className="blog-category-card blog-card--skeleton" style={{ minHeight }} aria-hidden="true" />
      )}
    </section>
  );
}
