/**
 * A modal dialog of the shell (site.md §2): react-aria traps and restores focus,
 * closes on Escape and outside clicks, and blocks page scroll while open.
 */
import type { ReactNode } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../schema/locales";
import { tIn } from "../../lib/i18n";

export function SiteModal({
  isOpen,
  onOpenChange,
  title,
  className,
  locale,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  className?: string;
  /** The dialog's language when it differs from the page's (its messages must be loaded). */
  locale?: Locale;
  children: ReactNode;
}) {
  const t = tIn(locale, useTranslation().t);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="site-modal-overlay">
      <Modal className={`site-modal${className ? ` ${className}` : ""}`}>
        <Dialog className="site-modal__dialog" lang={locale ? `${locale}-CA` : undefined}>
          <div className="site-modal__header">
            <Heading slot="title" className="site-modal__title">
              {title}
            </Heading>
            <Button slot="close" className="site-modal__close" aria-label={t("shell.modal.close")}>
              <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
