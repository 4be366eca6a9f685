/** Double call to action (blocks.md §2): the first two items side by side from md, stacked below. */
import type { ctaDoubleBlock } from "../../../schema/blocks/text";
import { Image } from "../../ui/Image";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function CtaDouble({ fields }: BlockViewProps<typeof ctaDoubleBlock>) {
  const items = (fields.items ?? []).slice(0, 2);
  return (
    <section className="container section cta-double" data-count={items.length}>
      {items.map((item, i) => (
        <article key={i} className="cta-double__item">
          <Image image={item.image} className="cta-double__img" />
          <div className="cta-double__text">
            {item.main_title ? <Text value={item.main_title} as="h2" className="title-3" /> : null}
            <RichText html={item.description} className="text-body" />
            {item.cta && (item.cta.text || item.cta.on_click_action) ? (
              <div className="btn-row">
                <SmartLink link={item.cta} className={i === 0 ? "btn btn-primary" : "btn btn-secondary"} />
              </div>
            ) : null}
          </div>
        </article>
      ))}
    </section>
  );
}
