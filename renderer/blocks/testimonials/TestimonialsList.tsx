/**
 * Testimonials list (blocks.md §4, §9): 3 shown, then all after "show more"; each text
 * collapses when taller than 256 px at lg and up (else 128) with an expand/collapse toggle.
 */
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TestimonyItem, testimonialsListBlock } from "../../../schema/blocks/testimonials";
import { avatarFallback } from "../../lib/avatars";
import { useBreakpoints } from "../../lib/breakpoints";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { collapseHeight, shouldCollapse, TESTIMONIALS_INITIAL, visibleTestimonials } from "./logic";
import { Author } from "./shared";
import "../../messages/people";

function CollapsibleTestimony({ item, limit }: { item: TestimonyItem; limit: number }) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLQuoteElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setTall(shouldCollapse(el.scrollHeight, limit));
    // The observer's first report measures once laid out (see useOverflow).
    if (typeof ResizeObserver === "undefined") return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [limit]);
  const collapsed = tall && !expanded;
  return (
    <figure className="testimony testimony--list" data-testimony="" tabIndex={-1}>
      <blockquote
        id={id}
        ref={ref}
        className="testimony-list__text text-pre-line"
        data-collapsed={collapsed ? "" : undefined}
        style={collapsed ? ({ "--collapse-height": `${limit}px` } as CSSProperties) : undefined}
      >
        {item.description}
      </blockquote>
      {tall ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t("testimonials.show-less") : t("testimonials.show-more")}
        </button>
      ) : null}
      <figcaption>
        <Author
          avatar={item.author_avatar}
          fallback={avatarFallback("broker")}
          name={item.author_name}
          subtitle={item.author_subtitle}
        />
      </figcaption>
    </figure>
  );
}

export default function TestimonialsList({ fields }: BlockViewProps<typeof testimonialsListBlock>) {
  const { t } = useTranslation();
  const { width } = useBreakpoints();
  const [showAll, setShowAll] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const focusNext = useRef(false);
  const items = (fields.testimonials_repeater ?? []).filter((item) => item.description.trim());
  const shown = visibleTestimonials(items, showAll);
  const limit = collapseHeight(width);
  const headingId = `${useId()}-list-title`;
  useEffect(() => {
    if (!showAll || !focusNext.current) return;
    focusNext.current = false;
    listRef.current?.children[TESTIMONIALS_INITIAL]?.querySelector<HTMLElement>("[data-testimony]")?.focus();
  }, [showAll]);
  if (!items.length) return null;
  return (
    <section
      className="container section testimonials-list"
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <ul className="testimonials-list__items" ref={listRef}>
        {shown.map((item, i) => (
          <li key={i}>
            <CollapsibleTestimony item={item} limit={limit} />
          </li>
        ))}
      </ul>
      {!showAll && items.length > TESTIMONIALS_INITIAL ? (
        <div className="testimonials-list__more">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              focusNext.current = true;
              setShowAll(true);
            }}
          >
            {t("testimonials.show-all")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
