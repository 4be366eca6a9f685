/**
 * Contact infos (blocks.md §2, §3 Contact info item, §8): the contact details picked
 * by `contact_keys` on one side (`orientation_x`), the contact info items on the other.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { contactInfosBlock } from "../../../schema/blocks/text";
import { Icon } from "../../ui/Icon";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";
import { type ContactKey, resolveContactKeys } from "./contact-keys";

const ICON: Record<ContactKey, string> = { phone: "phone", email: "email", address: "map-pin", sms: "sms" };

export default function ContactInfos({ fields, params }: BlockViewProps<typeof contactInfosBlock>) {
  const { t } = useTranslation();
  const entries = resolveContactKeys(params.contact_keys, fields.contact_details);
  const items = fields.items ?? [];
  const headingId = `${useId()}-title`;
  return (
    <section
      className="container section contact-infos"
      data-orientation={params.orientation_x}
      aria-labelledby={fields.main_title ? headingId : undefined}
    >
      <div className="contact-infos__details">
        {fields.main_title ? <Text value={fields.main_title} as="h2" className="title-2" id={headingId} /> : null}
        {entries.length ? (
          <dl className="contact-infos__list">
            {entries.map((entry) => (
              <div key={entry.key} className="contact-infos__entry" data-key={entry.key}>
                <dt>
                  <Icon name={ICON[entry.key]} size={20} />
                  <span>{t(`text.contact.${entry.key}`)}</span>
                </dt>
                <dd>
                  {entry.href ? (
                    <a href={entry.href} className="break-words">
                      {entry.value}
                    </a>
                  ) : (
                    <Text value={entry.value} as="span" />
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      {items.length ? (
        <div className="contact-infos__items">
          {items.map((item, i) => {
            const links = (item.icon_links_repeater ?? []).filter((l) => l.link.url?.trim() || l.link.on_click_action);
            return (
              <div key={i} className="contact-infos__item">
                {item.main_title ? <Text value={item.main_title} as="h3" className="title-3" /> : null}
                <RichText html={item.description} className="text-body" />
                {links.length ? (
                  <ul className="contact-infos__links">
                    {links.map((l, j) => (
                      <li key={j}>
                        <SmartLink
                          link={l.link}
                          className="contact-infos__link"
                          aria-label={l.link.icon?.type && !l.link.text ? l.link.icon.type : undefined}
                        >
                          {l.link.icon?.type ? <Icon name={l.link.icon.type} size={20} /> : null}
                          {l.link.text ? <span>{l.link.text}</span> : null}
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
