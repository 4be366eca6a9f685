/**
 * The contact modal (site.md §2), opened by the `open-contact-modal` event. Its
 * body loads on first open so the contact form's code never weighs on page load.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { contactWording, isRecipientType } from "../../../schema/forms";
import { onSiteEvent } from "../../lib/events";
import { useSite } from "../../lib/site";
import { SiteModal } from "./SiteModal";

const ContactModalBody = lazy(() => import("../../features/contact/ContactModalBody"));

export function ContactModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [params, setParams] = useState<unknown>(undefined);
  const { siteType } = useSite();
  // The title speaks as the site does (site.md §1): "Écrivez-moi" on a broker's site,
  // "Écrivez-nous" on an agency's, unless the link names who is written to.
  const recipient =
    params && typeof params === "object" ? (params as { recipient_type?: unknown }).recipient_type : undefined;
  const wording = contactWording(isRecipientType(recipient) ? recipient : undefined, siteType);
  useEffect(
    () =>
      onSiteEvent("open-contact-modal", (detail) => {
        setParams(detail);
        setOpen(true);
      }),
    [],
  );
  return (
    <SiteModal
      isOpen={open}
      onOpenChange={setOpen}
      title={t(`shell.contact-modal.title-${wording}`)}
      className="contact-modal"
    >
      <Suspense fallback={<p className="site-modal__loading">{t("site.loading")}</p>}>
        <ContactModalBody params={params} onClose={() => setOpen(false)} />
      </Suspense>
    </SiteModal>
  );
}
