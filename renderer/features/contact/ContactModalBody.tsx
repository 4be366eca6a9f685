/**
 * Body of the contact modal, imported lazily by ui/shell/ContactModal: the contact
 * form. The opening link's action params may name the recipient
 * (`{ recipient_type, recipient_slug }`); anything else is ignored.
 */
import { useTranslation } from "react-i18next";
import * as z from "zod/mini";
import { RECIPIENT_TYPE_CODES } from "../../../schema/forms";
import { useSite } from "../../lib/site";
import { InternalLink, withVariant } from "../../ui/SmartLink";
import ContactForm from "./ContactForm";

export interface ContactModalBodyProps {
  /** The opening link's action params, if any (e.g. a broker to contact). */
  params?: unknown;
  onClose: () => void;
}

export const CONTACT_PATHS = { fr: "/fr/contact", en: "/en/contact" } as const;

const paramsSchema = z.object({
  recipient_type: z.optional(z.enum(RECIPIENT_TYPE_CODES)),
  recipient_slug: z.optional(z.string().check(z.regex(/^[a-z0-9-]+$/))),
});

export default function ContactModalBody({ params, onClose }: ContactModalBodyProps) {
  const { t } = useTranslation();
  const { locale, variantId } = useSite();
  const parsed = paramsSchema.safeParse(params ?? {});
  const recipient = parsed.success ? parsed.data : {};
  return (
    <div className="contact-modal__body">
      <ContactForm
        hideTitle
        headingLevel={3}
        recipientType={recipient.recipient_type}
        recipientSlug={recipient.recipient_slug}
      />
      <p className="contact-modal__more">
        <InternalLink to={withVariant(CONTACT_PATHS[locale], variantId)} onClick={onClose}>
          {t("shell.contact-modal.link")}
        </InternalLink>
      </p>
    </div>
  );
}
