/**
 * The right-side mobile panel (blocks.md §2 Headers): accordion submenus, locale
 * switcher, close button and the call to action in its footer. It closes on the close
 * button, Escape, an outside click or any link click. Loaded on first open only.
 */
import type { RefObject } from "react";
import { Button, Dialog, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Link } from "../../../schema/fields";
import { SmartLink } from "../../ui/SmartLink";
import { LocaleSwitcher, MobileAccordion } from "./Header";
import { Icon } from "./icons";
import type { MenuEntry } from "./menu";

export default function MobilePanel({
  entries,
  scheme,
  cta,
  onClose,
  returnFocusTo,
}: {
  entries: MenuEntry[];
  scheme: string;
  cta?: Link;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const close = () => {
    onClose();
    // The burger mounted before this panel, so restore focus to it explicitly.
    requestAnimationFrame(() => returnFocusTo.current?.focus());
  };
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => (open ? undefined : close())}
      className="hdr-panel-overlay"
    >
      <Modal className="hdr-panel">
        <Dialog className="hdr-panel__dialog" aria-label={t("header.menu")}>
          <div className="hdr-panel__inner" data-scheme={scheme}>
            <div className="hdr-panel__head">
              <span className="hdr-panel__title">{t("header.menu")}</span>
              <Button className="hdr-panel__close" aria-label={t("header.close-menu")} onPress={close}>
                <Icon name="close" size={24} />
              </Button>
            </div>
            <nav className="hdr-panel__nav" aria-label={t("header.mobile-navigation")}>
              <MobileAccordion entries={entries} onNavigate={onClose} />
            </nav>
            <LocaleSwitcher className="hdr-locales--panel" onNavigate={onClose} />
            {cta?.text ? (
              <div className="hdr-panel__footer">
                <SmartLink link={cta} className="btn btn-primary" onClick={onClose} />
              </div>
            ) : null}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
