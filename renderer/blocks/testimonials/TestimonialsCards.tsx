/**
 * Testimonials as coloured cards (blocks.md §3 Card item, §4, §9: text truncated at 10
 * lines with a "read more" modal). A card with a background and no text colour gets white
 * or near-black text by the dark-colour rule.
 */
import { type CSSProperties, useId } from "react";
import type { testimonialsCardsBlock } from "../../../schema/blocks/testimonials";
import { isDarkColor } from "../../../schema/theme-values";
import { avatarFallback } from "../../lib/avatars";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { CARD_TRUNCATE_LINES } from "./logic";
import { Author, TruncatedText, useTestimonyModal } from "./shared";

function cardStyle(bg?: string, text?: string): CSSProperties | undefined {
  if (!bg && !text) return undefined;
  return {
    ...(bg ? { "--card-bg": bg } : {}),
    "--card-text": text ?? (bg && isDarkColor(bg) ? "#ffffff" : "#1a1a1a"),
  } as CSSProperties;
}

export default function TestimonialsCards({ fields }: BlockViewProps<typeof testimonialsCardsBlock>) {
  const { open, modal } = useTestimonyModal();
  const items = (fields.testimonials_repeater ?? []).filter((item) => item.description.trim());
  const fallback = avatarFallback("broker");
  const headingId = `${useId()}-cards-title`;
  if (!items.length) return null;
  return (
    <section
      className="container section testimonials-cards"
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <ul className="testimonials-cards__grid">
        {items.map((item, i) => (
          <li key={i}>
            <figure
              className="testimony testimony--card"
              data-colored={item.bg_color_primary || item.text_color ? "" : undefined}
              style={cardStyle(item.bg_color_primary, item.text_color)}
            >
              <blockquote>
                <TruncatedText
                  text={item.description}
                  lines={CARD_TRUNCATE_LINES}
                  onMore={() =>
                    open({
                      text: item.description,
                      name: item.author_name,
                      subtitle: item.author_subtitle,
                      avatar: item.author_avatar ?? fallback,
                    })
                  }
                />
              </blockquote>
              <figcaption>
                <Author
                  avatar={item.author_avatar}
                  fallback={fallback}
                  name={item.author_name}
                  subtitle={item.author_subtitle}
                />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {modal}
    </section>
  );
}
