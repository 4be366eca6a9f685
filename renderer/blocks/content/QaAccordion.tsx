/**
 * Q&A accordion (blocks.md §2): each question is a heading holding a disclosure
 * button (react-aria: Enter/Space toggle, aria-expanded, aria-controls); one answer
 * open at a time unless `allow_multiple`.
 */
import { useId } from "react";
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { qaAccordionBlock } from "../../../schema/blocks/content";
import { Icon } from "../../ui/Icon";
import { RichText } from "../../ui/RichText";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function QaAccordion({ fields, params }: BlockViewProps<typeof qaAccordionBlock>) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = (fields.qa_repeater ?? []).filter((item) => item.question?.trim());
  return (
    <section
      className="container section qa-accordion"
      aria-labelledby={fields.main_title ? headingId : undefined}
      aria-label={fields.main_title ? undefined : t("content.qa-label")}
    >
      {fields.super_title ? <Text value={fields.super_title} as="p" className="super-title" /> : null}
      {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
      <RichText html={fields.description} className="text-body qa-accordion__intro" />
      <DisclosureGroup className="qa-accordion__list" allowsMultipleExpanded={params.allow_multiple}>
        {items.map((item, i) => (
          <Disclosure key={i} id={String(i)} className="qa-accordion__item">
            <Heading level={3} className="qa-accordion__question">
              <Button slot="trigger" className="qa-accordion__trigger">
                <Text value={item.question} />
                <Icon name="chevron-down" size={20} className="qa-accordion__chevron" />
              </Button>
            </Heading>
            <DisclosurePanel className="qa-accordion__answer">
              <RichText html={item.answer} className="text-body" />
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
    </section>
  );
}
