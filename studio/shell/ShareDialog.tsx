/**
 * "Partager un aperçu" (issue 33): a link that shows the open page's draft (as it is when the link
 * is opened) or one of its published versions to someone without an account, read only, for 1, 7
 * or 30 days. The link is shown once, when made (the server keeps only its hash); the page's live
 * links are listed with who made them and until when, each revocable.
 */
import { useState } from "react";
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Select,
  SelectValue,
  TextField,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../schema/common";
import { previewPath } from "../../schema/preview";
import { useStudioStore } from "../store";
import type { PreviewLink, StudioApi, VersionSummary } from "./api";
import { flushPending } from "./drafts";
import { Icon } from "./icons";
import { absoluteTime } from "./VersionsDialog";

const DURATIONS = [1, 7, 30] as const;

type Made = { url: string; link: PreviewLink };

export function ShareButton({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  // A link shows the page's draft: a variant's content of it is previewed with the site's `?variant=` once published.
  const pageId = useStudioStore((s) =>
    s.doc && (s.doc.origin ?? "server") === "server" && !s.doc.variant ? s.doc.page_id : null,
  );
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [versions, setVersions] = useState<VersionSummary[]>([]);
  const [what, setWhat] = useState("draft");
  const [days, setDays] = useState<number>(7);
  const [made, setMade] = useState<Made | null>(null);
  const [status, setStatus] = useState("");
  const [copied, setCopied] = useState(false);

  const load = (id: string) => {
    setLinks(null);
    api
      .previews(id)
      .then(setLinks)
      .catch(() => setLinks([]));
    api
      .versions(id)
      .then((answer) => setVersions(answer.versions))
      .catch(() => setVersions([]));
  };

  async function create() {
    if (!pageId) return;
    setStatus(t("studio.share.working"));
    setCopied(false);
    // The link shows the server's draft: this device's last changes reach it first.
    await flushPending();
    try {
      const version = what === "draft" ? undefined : Number(what);
      const { link, token } = await api.createPreview(pageId, { days, ...(version ? { version } : {}) });
      setMade({ url: new URL(previewPath(locale, token), window.location.origin).href, link });
      setLinks((current) => [link, ...(current ?? [])]);
      setStatus(t("studio.share.made"));
    } catch {
      setStatus(t("studio.share.failed"));
    }
  }

  async function revoke(link: PreviewLink) {
    if (!pageId) return;
    try {
      await api.revokePreview(pageId, link.id);
      setLinks((current) => (current ?? []).filter((l) => l.id !== link.id));
      if (made?.link.id === link.id) setMade(null);
      setStatus(t("studio.share.revoked"));
    } catch {
      setStatus(t("studio.share.failed"));
    }
  }

  return (
    <DialogTrigger
      onOpenChange={(open) => {
        if (!open || !pageId) return;
        setMade(null);
        setStatus("");
        setWhat("draft");
        load(pageId);
      }}
    >
      <Button className="studio-button studio-versions-button" isDisabled={pageId === null} aria-haspopup="dialog">
        <Icon name="share" size={18} />
        <span className="studio-versions-label">{t("studio.share.open")}</span>
        <span className="studio-tooltip" aria-hidden="true">
          {t("studio.share.open")}
        </span>
      </Button>
      <ModalOverlay className="studio-modal" isDismissable>
        <Modal className="studio-modal-box">
          <Dialog className="studio-dialog studio-share-dialog">
            {({ close }) => (
              <>
                <Heading slot="title">{t("studio.share.title")}</Heading>
                <p>{t("studio.share.intro")}</p>
                <form
                  className="studio-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void create();
                  }}
                >
                  <div className="studio-share-options">
                    <Select
                      className="studio-select"
                      selectedKey={what}
                      onSelectionChange={(key) => setWhat(String(key))}
                    >
                      <Label>{t("studio.share.what")}</Label>
                      <Button className="studio-select-button">
                        <SelectValue />
                        <Icon name="chevron-down" size={16} />
                      </Button>
                      <Popover className="studio-popover">
                        <ListBox className="studio-listbox">
                          <ListBoxItem id="draft" className="studio-option" textValue={t("studio.share.draft")}>
                            {t("studio.share.draft")}
                          </ListBoxItem>
                          {versions.map((v) => (
                            <ListBoxItem
                              key={v.version}
                              id={String(v.version)}
                              className="studio-option"
                              textValue={t("studio.versions.version", { version: v.version })}
                            >
                              {t("studio.share.version", {
                                version: v.version,
                                when: absoluteTime(v.created_at, locale),
                              })}
                            </ListBoxItem>
                          ))}
                        </ListBox>
                      </Popover>
                    </Select>
                    <Select
                      className="studio-select"
                      selectedKey={String(days)}
                      onSelectionChange={(key) => setDays(Number(key))}
                    >
                      <Label>{t("studio.share.days-label")}</Label>
                      <Button className="studio-select-button">
                        <SelectValue />
                        <Icon name="chevron-down" size={16} />
                      </Button>
                      <Popover className="studio-popover">
                        <ListBox className="studio-listbox">
                          {DURATIONS.map((d) => (
                            <ListBoxItem key={d} id={String(d)} className="studio-option">
                              {t("studio.share.days", { count: d })}
                            </ListBoxItem>
                          ))}
                        </ListBox>
                      </Popover>
                    </Select>
                  </div>
                  <Button type="submit" className="studio-button studio-button-primary">
                    {t("studio.share.create")}
                  </Button>
                </form>
                {made ? (
                  <div className="studio-share-made">
                    <TextField className="studio-text-field" value={made.url} isReadOnly>
                      <Label>{t("studio.share.link")}</Label>
                      <Input className="studio-input" onFocus={(event) => event.currentTarget.select()} />
                    </TextField>
                    <Button
                      className="studio-button"
                      onPress={() => {
                        void navigator.clipboard
                          ?.writeText(made.url)
                          .then(() => setCopied(true))
                          .catch(() => setCopied(false));
                      }}
                    >
                      {copied ? t("studio.share.copied") : t("studio.share.copy")}
                    </Button>
                    <p className="studio-field-hint">{t("studio.share.once")}</p>
                  </div>
                ) : null}
                <p role="status" className="studio-publish-status">
                  {status}
                </p>
                <section aria-labelledby="studio-share-links">
                  <h3 id="studio-share-links" className="studio-share-links-title">
                    {t("studio.share.links")}
                  </h3>
                  {links === null ? <p>{t("studio.share.loading")}</p> : null}
                  {links?.length === 0 ? <p>{t("studio.share.none")}</p> : null}
                  {links?.length ? (
                    <ul className="studio-share-list">
                      {links.map((link) => (
                        <li key={link.id}>
                          <span>
                            {link.version === null
                              ? t("studio.share.draft-short")
                              : t("studio.versions.version", { version: link.version })}
                            {" · "}
                            {t("studio.share.by", {
                              name: link.editor.name,
                              until: absoluteTime(link.expires_at, locale),
                            })}
                          </span>
                          <Button
                            className="studio-button"
                            aria-label={t("studio.share.revoke-named", {
                              until: absoluteTime(link.expires_at, locale),
                            })}
                            onPress={() => void revoke(link)}
                          >
                            {t("studio.share.revoke")}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </section>
                <Button className="studio-button" onPress={close}>
                  {t("studio.publish.close")}
                </Button>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
