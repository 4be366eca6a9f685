/**
 * Publish: the toolbar's primary action. Its button shows how many errors the page has; the
 * dialog lists them by block and field name (each selects its block and field) and refuses to
 * publish while any exists; otherwise it PUTs the page as the signed-in editor (the session
 * cookie: no key is asked for or stored) from the version it was edited from (If-Match), and
 * says so when the session ended (a link to sign in again in a new tab, the draft kept), when
 * another editor holds the page's lock, or when the page changed meanwhile.
 *
 * Speed: only the open dialog follows the document (`PublishIssues`); the button reads a count
 * that `countIssues` takes from the per-block validation cache (no schema runs at a keystroke
 * but the edited block's), so a keystroke re-renders it only when the count changes.
 */
import { type ReactNode, useMemo, useState } from "react";
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { signInUrl } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/common";
import { blockLabel, describePath } from "../labels";
import { countIssues, useStudioStore, validateDoc } from "../store";
import { type PageSummary, type StudioApi, StudioApiError } from "./api";
import { PageSelect } from "./PageOptions";
import { showVersions } from "./VersionsDialog";
import { useViewStore } from "./view";

export function PublishDialog({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const hasDoc = useStudioStore((s) => s.doc !== null);
  const origin = useStudioStore((s) => s.doc?.origin);
  const errors = useStudioStore((s) => countIssues(s.doc));
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [target, setTarget] = useState("");
  const [status, setStatus] = useState<{
    kind: "idle" | "working" | "error" | "success";
    text?: string;
    href?: string;
    link?: string;
    /** A conflict's other version, which "Compare" opens in the versions dialog. */
    compare?: number;
  }>({ kind: "idle" });
  const needsTarget = origin !== undefined && origin !== "server";

  async function publish() {
    const doc = useStudioStore.getState().doc;
    if (!doc || validateDoc(doc).length > 0) return;
    const chosen = needsTarget ? pages.find((p) => p.page_id === target) : undefined;
    if (needsTarget && !chosen) return;
    setStatus({ kind: "working", text: t("studio.publish.working") });
    try {
      // The site's header and footer (issue 29) are published with the page when they changed.
      const result = await api.publish(doc, chosen, useStudioStore.getState().base);
      const { version } = result;
      useStudioStore.getState().markPublished(version, chosen, {
        chrome: result.chrome ?? (doc.variant ? result.variant : undefined),
        variant: result.variant,
      });
      const path = (chosen?.paths ?? doc.paths)[locale];
      setStatus({ kind: "success", text: t("studio.publish.success", { version }), href: path });
    } catch (error) {
      if (error instanceof StudioApiError && error.status === 409) {
        const version = (error.body as { version?: unknown } | undefined)?.version;
        // A page of the site that another editor published meanwhile: offer to compare with theirs.
        if (typeof version === "number" && (doc.origin ?? "server") === "server" && !chosen)
          setStatus({ kind: "error", text: t("studio.publish.conflict-compare", { version }), compare: version });
        else setStatus({ kind: "error", text: t("studio.publish.conflict", { version: version ?? "?" }) });
      } else if (error instanceof StudioApiError && error.status === 401) {
        // The session ended (signed out elsewhere, revoked, expired): the draft stays in this tab.
        setStatus({
          kind: "error",
          text: t("studio.publish.unauthorized"),
          href: signInUrl(locale, window.location.pathname),
          link: t("studio.publish.sign-in"),
        });
      } else if (
        error instanceof StudioApiError &&
        error.status === 403 &&
        (error.body as { code?: unknown } | undefined)?.code === "embed_admin_only"
      ) {
        setStatus({ kind: "error", text: t("studio.publish.embed-admin-only") });
      } else if (error instanceof StudioApiError && error.status === 423) {
        const holder = (error.body as { lock?: { editor?: { name?: string } } } | undefined)?.lock?.editor?.name ?? "?";
        setStatus({ kind: "error", text: t("studio.publish.locked", { name: holder }) });
      } else if (error instanceof StudioApiError && error.status === 503) {
        // The store took nothing (its disk full, or unreachable): nothing lost, the draft stays here.
        setStatus({ kind: "error", text: t("studio.publish.unavailable") });
      } else {
        setStatus({ kind: "error", text: t("studio.publish.failed", { message: String((error as Error).message) }) });
      }
    }
  }

  return (
    <DialogTrigger
      onOpenChange={(open) => {
        if (!open) return;
        setStatus({ kind: "idle" });
        if (needsTarget)
          api
            .listPages()
            .then(setPages)
            .catch(() => setPages([]));
      }}
    >
      <Button className="studio-button studio-button-primary studio-publish" isDisabled={!hasDoc}>
        {t("studio.toolbar.publish")}
        {errors > 0 ? (
          <>
            <span className="studio-count" aria-hidden="true">
              {errors}
            </span>
            <span className="studio-sr-only">{t("studio.toolbar.publish-errors", { count: errors })}</span>
          </>
        ) : null}
      </Button>
      <ModalOverlay className="studio-modal" isDismissable>
        <Modal className="studio-modal-box">
          <Dialog className="studio-dialog">
            {({ close }) => (
              <>
                <Heading slot="title">{t("studio.publish.title")}</Heading>
                <PublishIssues close={close} locale={locale}>
                  {status.kind === "success" ? null : (
                    <form
                      className="studio-form"
                      onSubmit={(event) => {
                        event.preventDefault();
                        void publish();
                      }}
                    >
                      {needsTarget ? (
                        <>
                          <p>{t("studio.publish.target-needed")}</p>
                          <PageSelect
                            label={t("studio.publish.target")}
                            pages={pages}
                            locale={locale}
                            value={target}
                            onChange={setTarget}
                            isRequired
                          />
                        </>
                      ) : null}
                      <Button
                        type="submit"
                        className="studio-button studio-button-primary"
                        isDisabled={status.kind === "working" || (needsTarget && !target)}
                      >
                        {t("studio.publish.submit")}
                      </Button>
                    </form>
                  )}
                </PublishIssues>
                <div role="status" aria-live="polite" className={`studio-publish-status studio-${status.kind}`}>
                  {status.text}
                  {status.href ? (
                    <>
                      {" "}
                      <a href={status.href} target={status.link ? "_blank" : undefined}>
                        {status.link ?? t("studio.publish.view")}
                      </a>
                    </>
                  ) : null}
                </div>
                {status.compare !== undefined ? (
                  <Button
                    className="studio-button studio-button-primary"
                    onPress={() => {
                      const version = status.compare;
                      close();
                      showVersions(version);
                    }}
                  >
                    {t("studio.publish.compare", { version: status.compare })}
                  </Button>
                ) : null}
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

/** The document's validation errors while the dialog is open; `children` (the form) when there are none. */
function PublishIssues({ close, locale, children }: { close: () => void; locale: Locale; children: ReactNode }) {
  const { t } = useTranslation();
  const doc = useStudioStore((s) => s.doc);
  const issues = useMemo(() => validateDoc(doc), [doc]);
  if (issues.length === 0) return children;
  return (
    <div className="studio-publish-errors">
      <p>{t("studio.publish.errors", { count: issues.length })}</p>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.blockId}:${issue.path}`}>
            <Button
              className="studio-link-button"
              onPress={() => {
                useStudioStore.getState().select(issue.blockId, issue.path);
                useViewStore.getState().requestPanel();
                close();
              }}
            >
              {t("studio.publish.error-item", {
                type: blockLabel(issue.block_type, locale),
                locale: issue.locale ? t(`studio.fields.locales.${issue.locale}`) : t("studio.publish.no-locale"),
                path: describePath(t, issue.block_type, issue.path) || t("studio.canvas.whole-block"),
                message: issue.message,
              })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
