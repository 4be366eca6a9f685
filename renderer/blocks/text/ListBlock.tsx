/** List (blocks.md §2 Other layout blocks): ordered or unordered, with a title. */
import { useId } from "react";
import type { listBlock } from "../../../schema/blocks/text";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function ListBlock({ fields, params }: BlockViewProps<typeof listBlock>) {
  const items = (fields.items ?? []).filter((item) => item.text.trim());
  const ListTag = params.list_type === "ordered" ? "ol" : "ul";
  const headingId = `${useId()}-title`;
  return (
    <section className="container section list-block" aria-labelledby={fields.main_title ? headingId : undefined}>
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <RichText html={fields.description} className="text-body" />
      {items.length ? (
        <ListTag className="list-block__list" data-list-type={params.list_type}>
          {items.map((item, i) => (
            <li key={i} className="list-block__item">
              <RichText html={item.text} as="span" />
            </li>
          ))}
        </ListTag>
      ) : null}
    </section>
  );
}
