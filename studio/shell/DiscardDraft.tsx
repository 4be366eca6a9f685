/**
 * Discarding the open page's draft: explicit (a confirmation naming what goes: the draft, for
 * every device and editor) and undoable (the toast's Annuler brings it back with its history).
 */
import { useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useStudioStore } from "../store";
import { discardDraft, useDraftSync } from "./drafts";

export function DiscardDraftDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const title = useStudioStore((s) => s.doc?.title[i18n.language === "en" ? "en" : "fr"] ?? "");
  const author = useDraftSync((s) => s.author?.name);
  const [working, setWorking] = useState(false);
  return (
    <ModalOverlay className="studio-modal" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable>
      <Modal className="studio-modal-box">
        <Dialog className="studio-dialog" role="alertdialog">
          {({ close }) => (
            <>
              <Heading slot="title">{t("studio.drafts.discard-title")}</Heading>
              <p>
                {author
                  ? t("studio.drafts.discard-text-by", { name: author, title })
                  : t("studio.drafts.discard-text", { title })}
              </p>
              <div className="studio-dialog-actions">
                <Button className="studio-button" onPress={close} autoFocus>
                  {t("studio.drafts.discard-cancel")}
                </Button>
                <Button
                  className="studio-button studio-button-danger"
                  isDisabled={working}
                  onPress={async () => {
                    setWorking(true);
                    await discardDraft(t);
                    setWorking(false);
                    close();
                  }}
                >
                  {t("studio.drafts.discard-confirm")}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
