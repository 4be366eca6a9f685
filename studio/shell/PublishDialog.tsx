/**
 * Publish: lists validation errors (each selects its block and field) and refuses to publish
 * while any exists; otherwise PUTs the page as the signed-in editor (the session cookie: no key
 * is asked for or stored).
 *
 * Speed: only the open dialog follows the document (`PublishIssues`); the toolbar button reads
 * whether a document is open and where it came from, so a keystroke never re-renders it, and the
 * document is validated block by block from the per-block cache of `validateDoc`.
 */
import { type ReactNode, useId, useMemo, useState } from "react";
import { Button, Dialog, DialogTrigger, Heading, Modal } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../schema/common";
import { signInUrl } from "../auth/paths";
import { useStudioStore, validateDoc } from "../store";
import { type PageSummary, type StudioApi, StudioApiError } from "./api";
import { PageOptions } from "./PageOptions";

export function PublishDialog({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const hasDoc = useStudioStore((s) => s.doc !== null);
  const origin = useStudioStore((s) => s.doc?.origin);
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [target, setTarget] = useState("");
  const [status, setStatus] = useState<{
    kind: "idle" | "working" | "error" | "success";
    text?: string;
    href?: string;
    link?: string;
  }>({
    kind: "idle",
  });
  const targetId = useId();
  const needsTarget = origin !== undefined && origin !== "server";

  async function publish(close: () => void) {
    const doc = useStudioStore.getState().doc;
    if (!doc || validateDoc(doc).length > 0) return;
    const chosen = needsTarget ? pages.find((p) => p.page_id === target) : undefined;
    if (needsTarget && !chosen) return;
    setStatus({ kind: "working", text: t("studio.publish.working") });
    try {
      const { version } = await api.publish(doc, chosen);
      useStudioStore.getState().markPublished(version, chosen);
      const path = (chosen?.paths ?? doc.paths)[locale];
      setStatus({ kind: "success", text: t("studio.publish.success", { version }), href: path });
    } catch (error) {
      if (error instanceof StudioApiError && error.status === 409) {
        const version = (error.body as { version?: number } | undefined)?.version ?? "?";
        setStatus({ kind: "error", text: t("studio.publish.conflict", { version }) });
      } else if (error instanceof StudioApiError && error.status === 401) {
        // The session ended (signed out elsewhere, revoked, expired): the draft stays in this tab.
        setStatus({
          kind: "error",
          text: t("studio.publish.unauthorized"),
          href: signInUrl(locale, window.location.pathname),
          link: t("studio.publish.sign-in"),
        });
      } else if (error instanceof StudioApiError && error.status === 423) {
        const holder = (error.body as { lock?: { editor?: { name?: string } } } | undefined)?.lock?.editor?.name ?? "?";
        setStatus({ kind: "error", text: t("studio.publish.locked", { name: holder }) });
      } else {
        setStatus({ kind: "error", text: t("studio.publish.failed", { message: String((error as Error).message) }) });
      }
    }
    void close;
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
      <Button className="studio-button studio-button-primary" isDisabled={!hasDoc}>
        {t("studio.toolbar.publish")}
      </Button>
      <Modal className="studio-modal" isDismissable>
        <Dialog className="studio-dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{t("studio.publish.title")}</Heading>
              <PublishIssues close={close}>
                {status.kind === "success" ? null : (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault();
                      void publish(close);
                    }}
                  >
                    {needsTarget ? (
                      <>
                        <p>{t("studio.publish.target-needed")}</p>
                        <label htmlFor={targetId}>{t("studio.publish.target")}</label>
                        <select id={targetId} value={target} required onChange={(e) => setTarget(e.target.value)}>
                          <PageOptions pages={pages} locale={locale} />
                        </select>
                      </>
                    ) : null}
                    <button
                      type="submit"
                      className="studio-button studio-button-primary"
                      disabled={status.kind === "working"}
                    >
                      {t("studio.publish.submit")}
                    </button>
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
              <Button className="studio-button" onPress={close}>
                {t("studio.publish.close")}
              </Button>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

/** The document's validation errors while the dialog is open; `children` (the form) when there are none. */
function PublishIssues({ close, children }: { close: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const doc = useStudioStore((s) => s.doc);
  const issues = useMemo(() => validateDoc(doc), [doc]);
  if (issues.length === 0) return children;
  return (
    <div className="studio-publish-errors">
      <p>{t("studio.publish.errors")}</p>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.blockId}:${issue.path}`}>
            <button
              type="button"
              className="studio-link-button"
              onClick={() => {
                useStudioStore.getState().select(issue.blockId, issue.path);
                close();
              }}
            >
              {t("studio.publish.error-item", {
                type: issue.block_type,
                locale: issue.locale ?? t("studio.publish.no-locale"),
                path: issue.path,
                message: issue.message,
              })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
