/** An office: image (the default one when missing), title, contact lines and button. */
import type { ReactNode, Ref } from "react";
import type { OfficeItem } from "../../../schema/blocks/offices";
import { Heading } from "../../ui/Heading";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { SmartLink } from "../../ui/SmartLink";

/** The image of an office without one. Kept here, not with the block schemas: importing it from there put classic zod and every block schema (27 KB gzipped) on pages with offices. */
const OFFICE_DEFAULT_IMAGE = { url: "/images/office-default.svg", alt: "", width: 640, height: 400 } as const;

/** A phone or e-mail line becomes a tel:/mailto: link. */
export function contactHref(icon: string, text: string): string | undefined {
  const value = text.trim();
  if (icon === "email" || /^[\w.+-]+@[\w-]+\.[\w.-]+$/.test(value)) return `mailto:${value}`;
  if (icon === "phone") {
    const digits = value.replace(/\D/g, "");
    if (digits.length === 10) return `tel:+1${digits}`;
    if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  }
  return undefined;
}

export function OfficeCard({
  office,
  title,
  titleRef,
}: {
  office: OfficeItem;
  /** Replaces the plain title (the offices map puts a select button there). */
  title?: ReactNode;
  /** Receives focus after "show more". */
  titleRef?: Ref<HTMLAnchorElement & HTMLHeadingElement>;
}) {
  const lines = (office.list_items_repeater ?? []).filter((line) => line.text?.trim());
  const cta = office.cta?.text || office.cta?.on_click_action ? office.cta : undefined;
  return (
    <article className="office-card">
      <Image
        image={office.image?.url ? office.image : undefined}
        fallback={OFFICE_DEFAULT_IMAGE}
        className="office-card__image"
      />
      <div className="office-card__body">
        <Heading level={3} className="office-card__title" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title ?? office.main_title}
        </Heading>
        {lines.length ? (
          <ul className="office-card__lines">
            {lines.map((line, i) => {
              const href = contactHref(line.icon.type, line.text);
              return (
                <li key={i}>
                  <Icon name={line.icon.type} size={18} weight={line.icon.font_weight} className="office-card__icon" />
                  {href ? <a href={href}>{line.text}</a> : <span>{line.text}</span>}
                </li>
              );
            })}
          </ul>
        ) : null}
        {cta ? <SmartLink link={cta} className="btn btn-secondary office-card__cta" /> : null}
      </div>
    </article>
  );
}
