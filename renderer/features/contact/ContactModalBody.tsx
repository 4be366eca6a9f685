/**
 * Body of the contact modal, imported lazily by ui/shell/ContactModal. For now it
 * points to the contact page; the contact form replaces it (same default export
 * and props).
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSite } from "../../lib/site";
import { withVariant } from "../../ui/SmartLink";

export interface ContactModalBodyProps {
  /** The opening link's action params, if any (e.g. a broker to contact). */
  params?: unknown;
  onClose: () => void;
}

export const CONTACT_PATHS = { fr: "/fr/contact", en: "/en/contact" } as const;

export default function ContactModalBody({ onClose }: ContactModalBodyProps) {
  const { t } = useTranslation();
  const { locale, variantId } = useSite();
  return (
    <div className="contact-modal__body">
      <p className="text-body">{t("shell.contact-modal.text")}</p>
      <p className="btn-row">
        <Link className="btn btn-primary" to={withVariant(CONTACT_PATHS[locale], variantId)} onClick={onClose}>
          {t("shell.contact-modal.link")}
        </Link>
      </p>
    </div>
  );
}
