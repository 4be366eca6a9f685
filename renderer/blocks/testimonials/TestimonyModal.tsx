/**
 * A whole testimony in a modal (blocks.md §4: closes by its close button, Escape or an
 * outside click, and blocks page scrolling while open). Loaded on demand.
 */
import { useTranslation } from "react-i18next";
import { SiteModal } from "../../ui/shell/SiteModal";
import { Author, type Testimony } from "./shared";
import "../../messages/people";

export default function TestimonyModal({ testimony, onClose }: { testimony: Testimony; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SiteModal
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={
        testimony.name
          ? t("testimonials.modal-title", { name: testimony.name })
          : t("testimonials.modal-title-anonymous")
      }
      className="testimony-modal"
    >
      <blockquote className="testimony-modal__quote text-pre-line">{testimony.text}</blockquote>
      <Author avatar={testimony.avatar} name={testimony.name} subtitle={testimony.subtitle} />
    </SiteModal>
  );
}
