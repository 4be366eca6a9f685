/**
 * Publish: the toolbar's primary action. Its button shows how many errors the page has; the
 * dialog lists them by block and field name (each selects its block and field) and refuses to
 * publish while any exists. Otherwise it says what the publish changes, what is not translated
 * (each field a link; publishing anyway leaves the spec's fallback to the visitor's page) and the
 * embedded markup the public page will drop, takes an optional note for the history, and
 * publishes now or at a chosen time of the site's time zone ("Publier plus tard", issue 33), as
 * the signed-in editor (the session cookie) from the version it was edited from (If-Match). It
 * says so when the session ended (a link to sign in again in a new tab, the draft kept), when
 * another editor holds the page's lock, or when the page changed meanwhile.
 *
 * Speed: only the open dialog follows the document (`PublishIssues`); the button reads a count
 * that `countIssues` takes from the per-block validation cache (no schema runs at a keystroke
 * but the edited block's), so a keystroke re-renders it only when the count changes.
 */
import { now, type ZonedDateTime } from "@internationalized/date";
import { type ReactNode, useMemo, useState } from "react";
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  TextArea,
  TextField,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { signInUrl } from "../../renderer/lib/studio-paths";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/common";
import { pageTranslations } from "../../schema/translations";
import { blockLabel, describePath } from "../labels";
import { countIssues, type StudioDoc, useStudioStore, validateDoc } from "../store";
import { type PageSummary, type ScheduleStatus, type StudioApi, StudioApiError } from "./api";
import { draftRevision, flushPending, openServerPage, publishedDraft, useDraftSync } from "./drafts";
import { Icon } from "./icons";
import { PageSelect } from "./PageOptions";
import { defaultWhen, ScheduleFields, scheduleText, zoneName } from "./ScheduleFields";
import { showVersions } from "./VersionsDialog";
import { useViewStore } from "./view";

/** The longest note (the service's limit too). */
export const NOTE_MAX = 500;

type Status = {
  kind: "idle" | "working" | "error" | "success";
  text?: string;
  href?: string;
  link?: string;
  /** A conflict's other version, which "Compare" opens in the versions dialog. */
  compare?: number;
};

export function PublishDialog({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const hasDoc = useStudioStore((s) => s.doc !== null);
  const origin = useStudioStore((s) => s.doc?.origin);
  const pageId = useStudioStore((s) => s.doc?.page_id);
  const errors = useStudioStore((s) => countIssues(s.doc));
  const scheduled = useDraftSync((s) => s.scheduled);
  // Counted while the dialog is open only (the per-block counts are cached by block object).
  const [open, setOpen] = useState(false);
  const untranslated = useStudioStore((s) => (open && s.doc ? pageTranslations(shownOf(s.doc)).count : 0));
  const siteZone = useDraftSync((s) => s.timeZone);
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [target, setTarget] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [note, setNote] = useState("");
  const [when, setWhen] = useState<"now" | "later">("now");
  const [at, setAt] = useState<ZonedDateTime | null>(null);
  const [schedule, setSchedule] = useState<ScheduleStatus | null>(null);
  const needsTarget = origin !== undefined && origin !== "server";
  // A variant's content is published at once (its versions are the variant's, not the page's).
  const inVariant = useStudioStore((s) => s.doc?.variant !== undefined);
  const canSchedule = !needsTarget && !inVariant;
  const pending = schedule?.schedule ?? null;
  const timeZone = schedule?.time_zone ?? siteZone;

  const errorStatus = (error: unknown, doc: { origin?: string }, chosen?: PageSummary): Status => {
    if (error instanceof StudioApiError && error.status === 409) {
      const version = (error.body as { version?: unknown } | undefined)?.version;
      // A page of the site that another editor published meanwhile: offer to compare with theirs.
      if (typeof version === "number" && (doc.origin ?? "server") === "server" && !chosen)
        return { kind: "error", text: t("studio.publish.conflict-compare", { version }), compare: version };
      return { kind: "error", text: t("studio.publish.conflict", { version: version ?? "?" }) };
    }
    if (error instanceof StudioApiError && error.status === 401)
      // The session ended (signed out elsewhere, revoked, expired): the draft stays in this tab.
      return {
        kind: "error",
        text: t("studio.publish.unauthorized"),
        href: signInUrl(locale, window.location.pathname),
        link: t("studio.publish.sign-in"),
      };
    if (
      error instanceof StudioApiError &&
      error.status === 403 &&
      (error.body as { code?: unknown } | undefined)?.code === "embed_admin_only"
    )
      return { kind: "error", text: t("studio.publish.embed-admin-only") };
    if (error instanceof StudioApiError && error.status === 423) {
      const holder = (error.body as { lock?: { editor?: { name?: string } } } | undefined)?.lock?.editor?.name ?? "?";
      return { kind: "error", text: t("studio.publish.locked", { name: holder }) };
    }
    if (error instanceof StudioApiError && error.status === 503)
      // The store took nothing (its disk full, or unreachable): nothing lost, the draft stays here.
      return { kind: "error", text: t("studio.publish.unavailable") };
    if (error instanceof StudioApiError && error.status === 400 && when === "later")
      return { kind: "error", text: t("studio.schedule.refused") };
    return { kind: "error", text: t("studio.publish.failed", { message: String((error as Error).message) }) };
  };

  async function publish() {
    if (!useStudioStore.getState().doc || validateDoc(useStudioStore.getState().doc).length > 0) return;
    const chosen = needsTarget ? pages.find((p) => p.page_id === target) : undefined;
    if (needsTarget && !chosen) return;
    // Another editor holds the page: refused here as the service would, even when nothing of the
    // page itself changed (a publish then writes nothing the service could refuse).
    const { lock, holder } = useDraftSync.getState();
    if (!needsTarget && (lock === "held" || lock === "lost")) {
      setStatus({ kind: "error", text: t("studio.publish.locked", { name: holder ?? "?" }) });
      return;
    }
    if (when === "later" && canSchedule) return scheduleLater();
    setStatus({ kind: "working", text: t("studio.publish.working") });
    // The draft's last changes reach the server first: the publish then names its revision.
    await flushPending();
    const doc = useStudioStore.getState().doc;
    if (!doc) return;
    try {
      // The site's header and footer (issue 29) are published with the page when they changed.
      const result = await api.publish(doc, chosen, {
        base: useStudioStore.getState().base,
        draftRevision: draftRevision(),
        note: note.trim(),
      });
      const { version } = result;
      useStudioStore.getState().markPublished(version, chosen, {
        chrome: result.chrome ?? (doc.variant ? result.variant : undefined),
        variant: result.variant,
      });
      // The demo page or a file published over a page of the site: that page is open now, with its server draft if it has one.
      if (chosen) void openServerPage(chosen.page_id, t, true);
      else publishedDraft();
      setNote("");
      const path = (chosen?.paths ?? doc.paths)[locale];
      // A publish now makes a pending scheduled one of the same page stale (it would only fail): it goes.
      let cancelled = false;
      if (!chosen && pending) {
        cancelled = await api
          .unschedule(doc.page_id)
          .then(() => true)
          .catch(() => false);
        if (cancelled) {
          useDraftSync.setState({ scheduled: null });
          setSchedule((current) => (current ? { ...current, schedule: null } : current));
        }
      }
      setStatus({
        kind: "success",
        text: `${t("studio.publish.success", { version })}${cancelled ? ` ${t("studio.schedule.cancelled-by-publish")}` : ""}`,
        href: path,
      });
    } catch (error) {
      setStatus(errorStatus(error, doc, chosen));
    }
  }

  async function scheduleLater() {
    if (!at || at.compare(now(timeZone)) <= 0) {
      setStatus({ kind: "error", text: t("studio.schedule.past") });
      return;
    }
    setStatus({ kind: "working", text: t("studio.schedule.working") });
    await flushPending();
    const doc = useStudioStore.getState().doc;
    if (!doc) return;
    try {
      const job = await api.scheduleAt(doc, at.toDate().toISOString(), {
        base: useStudioStore.getState().base,
        draftRevision: draftRevision(),
        note: note.trim(),
      });
      useDraftSync.setState({ scheduled: { run_at: job.run_at, editor: job.editor.name } });
      setSchedule((current) => (current ? { ...current, schedule: job } : current));
      setStatus({
        kind: "success",
        text: t("studio.schedule.done", {
          when: scheduleText(job.run_at, timeZone, locale),
          zone: zoneName(job.run_at, timeZone, locale),
        }),
      });
    } catch (error) {
      setStatus(errorStatus(error, doc));
    }
  }

  async function unschedule() {
    if (!pageId) return;
    setStatus({ kind: "working", text: t("studio.schedule.working") });
    try {
      await api.unschedule(pageId);
      useDraftSync.setState({ scheduled: null });
      setSchedule((current) => (current ? { ...current, schedule: null } : current));
      setStatus({ kind: "idle", text: t("studio.schedule.cancelled") });
    } catch (error) {
      const doc = useStudioStore.getState().doc ?? {};
      setStatus(errorStatus(error, doc));
    }
  }

  const lastFailed = schedule?.last?.state === "failed" && !pending ? schedule.last : null;

  return (
    <DialogTrigger
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (!isOpen) return;
        setStatus({ kind: "idle" });
        setWhen("now");
        if (needsTarget)
          api
            .listPages()
            .then(setPages)
            .catch(() => setPages([]));
        else if (pageId) {
          setSchedule(null);
          api
            .schedule(pageId)
            .then((answer) => {
              setSchedule(answer);
              useDraftSync.setState({
                timeZone: answer.time_zone,
                scheduled: answer.schedule
                  ? { run_at: answer.schedule.run_at, editor: answer.schedule.editor.name }
                  : null,
              });
              setAt(answer.schedule ? null : defaultWhen(answer.time_zone));
            })
            .catch(() => setAt(defaultWhen(siteZone)));
        }
      }}
    >
      <Button className="studio-button studio-button-primary studio-publish" isDisabled={!hasDoc}>
        {scheduled ? <Icon name="clock" size={16} /> : null}
        {t("studio.toolbar.publish")}
        {scheduled ? (
          <span className="studio-sr-only">
            {t("studio.schedule.button", {
              when: scheduleText(scheduled.run_at, timeZone, locale),
            })}
          </span>
        ) : null}
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
          <Dialog className="studio-dialog studio-publish-dialog">
            {({ close }) => (
              <>
                <Heading slot="title">{t("studio.publish.title")}</Heading>
                {pending ? (
                  <div className="studio-notice" data-tone="info">
                    <Icon name="clock" size={18} />
                    <p>
                      {t("studio.schedule.pending", {
                        when: scheduleText(pending.run_at, timeZone, locale),
                        zone: zoneName(pending.run_at, timeZone, locale),
                        name: pending.editor.name,
                      })}
                    </p>
                    <Button
                      className="studio-button"
                      isDisabled={status.kind === "working"}
                      onPress={() => void unschedule()}
                    >
                      {t("studio.schedule.unschedule")}
                    </Button>
                  </div>
                ) : null}
                {lastFailed ? (
                  <div className="studio-notice" data-tone="error">
                    <Icon name="warning" size={18} />
                    <p>
                      {t("studio.schedule.failed", {
                        when: scheduleText(lastFailed.run_at, timeZone, locale),
                        reason: t(`studio.schedule.reasons.${scheduleReason(lastFailed.error)}`),
                      })}
                    </p>
                  </div>
                ) : null}
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
                      <TextField className="studio-text-field" value={note} onChange={setNote} maxLength={NOTE_MAX}>
                        <Label>{t("studio.publish.note")}</Label>
                        <TextArea className="studio-textarea" rows={2} />
                      </TextField>
                      <PublishTranslations close={close} locale={locale} />
                      {inVariant ? <p className="studio-field-hint">{t("studio.schedule.variant-now")}</p> : null}
                      {!canSchedule ? null : (
                        <RadioGroup
                          className="studio-radio-group"
                          value={when}
                          onChange={(value) => setWhen(value === "later" ? "later" : "now")}
                          orientation="horizontal"
                        >
                          <Label>{t("studio.schedule.choice")}</Label>
                          <div className="studio-radios">
                            <Radio value="now" className="studio-radio">
                              {t("studio.schedule.now")}
                            </Radio>
                            <Radio value="later" className="studio-radio">
                              {pending ? t("studio.schedule.move") : t("studio.schedule.later")}
                            </Radio>
                          </div>
                        </RadioGroup>
                      )}
                      {when === "later" && canSchedule ? (
                        <ScheduleFields locale={locale} timeZone={timeZone} value={at} onChange={setAt} />
                      ) : null}
                      <Button
                        type="submit"
                        className="studio-button studio-button-primary"
                        isDisabled={status.kind === "working" || (needsTarget && !target)}
                      >
                        {when === "later" && canSchedule
                          ? t("studio.schedule.submit")
                          : untranslated > 0
                            ? t("studio.publish.submit-anyway")
                            : t("studio.publish.submit")}
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

/** Why a scheduled publish was not made, as a key of `studio.schedule.reasons`. */
export function scheduleReason(error: string | null): string {
  return ["conflict", "path-taken", "account-removed", "embed-admin-only"].includes(error ?? "")
    ? String(error)
    : "other";
}

/**
 * What a visitor reads on the page: its title, the site's header (issue 29), its blocks and the
 * footer shown (its own, else the site's): the translations check covers them all.
 */
function shownOf(doc: StudioDoc): { title: StudioDoc["title"]; blocks: Block[] } {
  return {
    title: doc.title,
    blocks: [...(doc.chrome?.header ?? []), ...doc.blocks, ...(doc.page_footer ?? doc.chrome?.footer ?? [])],
  };
}

/**
 * What is not translated (issue 33): the page's title and each block's fields that one language
 * has and the other lacks, each a link to its field. Publishing anyway is allowed: the visitor's
 * page shows the other language's text there (the spec's fallback, field by field).
 */
function PublishTranslations({ close, locale }: { close: () => void; locale: Locale }) {
  const { t } = useTranslation();
  const doc = useStudioStore((s) => s.doc);
  const result = useMemo(() => (doc ? pageTranslations(shownOf(doc)) : null), [doc]);
  if (!result || result.count === 0) return null;
  const language = (l: "fr" | "en") => t(`studio.fields.localesInText.${l}`);
  return (
    <section
      className="studio-notice studio-translations"
      data-tone="warning"
      aria-labelledby="studio-translations-title"
    >
      <Icon name="warning" size={18} />
      <div>
        <h3 id="studio-translations-title">{t("studio.publish.untranslated", { count: result.count })}</h3>
        <ul>
          {result.title.map((l) => (
            <li key={`title-${l}`}>{t("studio.publish.untranslated-title", { locale: language(l) })}</li>
          ))}
          {result.blocks.flatMap(({ block, missing }) =>
            missing.map((m) => (
              <li key={`${block.id}:${m.path}`}>
                <Button
                  className="studio-link-button"
                  onPress={() => {
                    useStudioStore.getState().select(block.id, m.path);
                    useViewStore.getState().requestPanel();
                    close();
                  }}
                >
                  {t("studio.publish.untranslated-item", {
                    type: blockLabel(block.block_type, locale),
                    path: describePath(t, block.block_type, m.path) || t("studio.canvas.whole-block"),
                    locale: language(m.locale),
                  })}
                </Button>
              </li>
            )),
          )}
        </ul>
        <p>{t("studio.publish.untranslated-fallback")}</p>
      </div>
    </section>
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
