/**
 * Google reviews (blocks.md §3 Google block, §4, §9): the average score rounded to 2
 * decimals with its stars (out of 5) and the review count, then a carousel of reviews
 * whose current slide is tracked (onSelect) and highlighted. Review text is plain text:
 * tags are stripped.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { testimonialsGoogleBlock } from "../../../schema/blocks/testimonials";
import { avatarFallback } from "../../lib/avatars";
import { useBreakpoints } from "../../lib/breakpoints";
import { Carousel } from "../../ui/carousel/Carousel";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { formatAverage, formatCount, formatReviewDate, STAR_MAX, toPlainText } from "./logic";
import { Author, Stars, TruncatedText, useTestimonyModal } from "./shared";
import "../../messages/people";

const REVIEW_LINES = 6;

export default function TestimonialsGoogle({ fields, ctx }: BlockViewProps<typeof testimonialsGoogleBlock>) {
  const { t } = useTranslation();
  const { mdUp, lgUp } = useBreakpoints();
  const [current, setCurrent] = useState(0);
  const { open, modal } = useTestimonyModal();
  const reviews = (fields.testimonials_repeater ?? []).map((review) => ({
    ...review,
    text: toPlainText(review.description),
  }));
  const fallback = avatarFallback("broker");
  const headingId = `${useId()}-google-title`;
  const average = fields.average_score;
  const hasAverage = typeof average === "number" && Number.isFinite(average);
  if (!reviews.length && !hasAverage) return null;
  const slideSize = lgUp ? "calc(100% / 3)" : mdUp ? "50%" : "100%";
  return (
    <section
      className="container section testimonials-google"
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      <div className="testimonials-google__summary">
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
        {hasAverage ? (
          <p className="testimonials-google__average">
            <span className="testimonials-google__score" data-average="">
              {formatAverage(average, ctx.locale)}
            </span>
            <Stars
              score={average}
              label={t("testimonials.average", { score: formatAverage(average, ctx.locale), max: STAR_MAX })}
            />
            {typeof fields.total_reviews === "number" ? (
              <span className="testimonials-google__total">
                {t("testimonials.total-reviews", {
                  count: fields.total_reviews,
                  n: formatCount(fields.total_reviews, ctx.locale),
                })}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      {reviews.length ? (
        <Carousel
          items={reviews}
          label={fields.main_title || t("testimonials.google-carousel-label")}
          slideSize={slideSize}
          onSelect={setCurrent}
          renderSlide={(review, index) => (
            <figure className="google-review" data-current={index === current ? "" : undefined}>
              <figcaption className="google-review__head">
                <Author avatar={review.author_avatar} fallback={fallback} name={review.author_name} />
                {review.review_date ? (
                  <time dateTime={review.review_date} className="google-review__date">
                    {formatReviewDate(review.review_date, ctx.locale)}
                  </time>
                ) : null}
              </figcaption>
              {typeof review.review_score === "number" ? <Stars score={review.review_score} /> : null}
              {review.text ? (
                <blockquote>
                  <TruncatedText
                    text={review.text}
                    lines={REVIEW_LINES}
                    onMore={() =>
                      open({ text: review.text, name: review.author_name, avatar: review.author_avatar ?? fallback })
                    }
                  />
                </blockquote>
              ) : null}
            </figure>
          )}
        />
      ) : null}
      {modal}
    </section>
  );
}
