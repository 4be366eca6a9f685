/**
 * The Pages screen (issue 29): every page of the site with its paths in both languages, its
 * status (published, hidden, or a new page not yet published, a server draft every editor sees;
 * its draft and its scheduled publish, issue 33), its last
 * publish and who made it; searched by title or path (accents folded) and sorted. From here: a
 * new page, a page opened in the editor or its settings, and (administrators) a page deleted,
 * saying what its addresses become.
 */
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay, Radio, RadioGroup } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { studioPath } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/locales";
import { type NewPageSummary, type PageSummary, type StudioApi, StudioApiError } from "../shell/api";
import { useDraftSync } from "../shell/drafts";
import { fold, formatDateTime, SelectField } from "../shell/form";
import { Icon } from "../shell/icons";
import { PageSelect } from "../shell/PageOptions";
import { useStudioRole } from "../shell/role";
import { scheduleText, zoneName } from "../shell/ScheduleFields";
import { showToast } from "../shell/toasts";
import { relativeTime } from "../shell/VersionsDialog";
import { NewPageDialog } from "./NewPage";

type Sort = "title" | "path" | "updated";

interface Row {
  page_id: string;
  title: { fr: string; en: string };
  paths: { fr: string; en: string };
  status: "published" | "hidden" | "new";
  updated_at?: string;
  editor?: string;
  /** Who has a draft of it, and since when. */
  draft?: { name: string; at: string };
  /** When it is scheduled to be published. */
  scheduled?: string;
}

const rowOf = (page: PageSummary): Row => ({
  page_id: page.page_id,
  title: page.title,
  paths: page.paths,
  status: page.hidden ? "hidden" : "published",
  updated_at: page.updated_at,
  editor: page.editor?.name,
  ...(page.draft ? { draft: { name: page.draft.editor.name, at: page.draft.updated_at } } : {}),
  ...(page.scheduled ? { scheduled: page.scheduled.run_at } : {}),
});

/** A page never published: its server draft, which any editor can open. */
const newRowOf = (page: NewPageSummary): Row => ({
  page_id: page.page_id,
  title: page.title,
  paths: page.paths,
  status: "new",
  draft: { name: page.draft.editor.name, at: page.draft.updated_at },
});

/** A new page's paths and id count as taken: a second new page may not take them. */
export const summaryOfNew = (page: NewPageSummary): PageSummary => ({
  page_id: page.page_id,
  title: page.title,
  paths: page.paths,
  hidden: false,
  version: 0,
});

export function PagesScreen({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const role = useStudioRole();
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [newPages, setNewPages] = useState<NewPageSummary[]>([]);
  const timeZone = useDraftSync((s) => s.timeZone);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<Sort>("title");
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const searchId = useId();

  const load = useCallback(() => {
    api
      .pageList()
      .then((list) => {
        setPages(list.pages);
        setNewPages(list.new_pages);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [api]);
  useEffect(load, [load]);

  const rows = useMemo(() => {
    const all = [...newPages.map(newRowOf), ...(pages ?? []).map(rowOf)];
    const wanted = fold(query.trim());
    const found = wanted
      ? all.filter((r) => [r.title.fr, r.title.en, r.paths.fr, r.paths.en].some((text) => fold(text).includes(wanted)))
      : all;
    const collator = new Intl.Collator(`${locale}-CA`);
    return found.sort((a, b) =>
      sort === "updated"
        ? (b.updated_at ?? "9").localeCompare(a.updated_at ?? "9")
        : sort === "path"
          ? collator.compare(a.paths[locale], b.paths[locale])
          : collator.compare(a.title[locale], b.title[locale]),
    );
  }, [pages, newPages, query, sort, locale]);

  // The editor's address names the page (shell/url.ts); `&settings` opens its settings once it is open.
  const editUrl = (row: Row, settings = false) =>
    `${studioPath(locale, "sections")}${row.status === "new" ? `?draft=${encodeURIComponent(row.page_id)}` : `?page=${row.paths[locale]}`}${settings ? "&settings" : ""}`;

  return (
    <div className="studio-screen-body">
      <div className="studio-screen-head">
        <h1>{t("studio.pages.title")}</h1>
        <p>{t("studio.pages.intro")}</p>
      </div>
      <div className="studio-screen-tools">
        <div className="studio-field studio-search">
          <label htmlFor={searchId}>{t("studio.pages.search")}</label>
          <input
            id={searchId}
            type="search"
            className="studio-input"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <SelectField
          label={t("studio.pages.sort")}
          value={sort}
          onChange={(v) => setSort(v as Sort)}
          options={(["title", "path", "updated"] as const).map((value) => ({
            value,
            label: t(`studio.pages.sort-${value}`),
          }))}
        />
        <div className="studio-toolbar-spacer" />
        <a className="studio-button" href={`${studioPath(locale, "sections")}?demo`}>
          {t("studio.pages.demo")}
        </a>
        <Button
          className="studio-button studio-button-primary"
          onPress={() => setCreating(true)}
          isDisabled={pages === null}
        >
          <Icon name="plus" size={16} />
          {t("studio.pages.new")}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="studio-error-text">
          {t("studio.toolbar.pages-error")}
        </p>
      ) : pages === null ? (
        <p role="status">{t("studio.toolbar.pages-loading")}</p>
      ) : (
        <table className="studio-table">
          <caption className="studio-sr-only">{t("studio.pages.caption", { count: rows.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.pages.col-title")}</th>
              <th scope="col">{t("studio.pages.col-paths")}</th>
              <th scope="col">{t("studio.pages.col-status")}</th>
              <th scope="col">{t("studio.pages.col-updated")}</th>
              <th scope="col">
                <span className="studio-sr-only">{t("studio.pages.col-actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.page_id} data-page-id={row.page_id}>
                <th scope="row">
                  <a href={editUrl(row)}>{row.title[locale] || row.title.fr}</a>
                </th>
                <td>
                  <span className="studio-path" lang="fr">
                    {row.paths.fr}
                  </span>
                  <span className="studio-path" lang="en">
                    {row.paths.en}
                  </span>
                </td>
                <td>
                  <span className="studio-badge" data-status={row.status}>
                    {t(`studio.pages.status-${row.status}`)}
                  </span>
                  {row.scheduled ? (
                    <span className="studio-page-state studio-page-scheduled">
                      {t("studio.schedule.list", {
                        when: scheduleText(row.scheduled, timeZone, locale),
                        zone: zoneName(row.scheduled, timeZone, locale),
                      })}
                    </span>
                  ) : null}
                  {row.draft ? (
                    <span className="studio-page-state studio-page-draft">
                      {t("studio.drafts.list-draft", {
                        name: row.draft.name,
                        ago: relativeTime(row.draft.at, Date.now(), locale),
                      })}
                    </span>
                  ) : null}
                </td>
                <td>
                  {row.updated_at ? formatDateTime(row.updated_at, locale) : "—"}
                  {row.editor ? <span className="studio-muted"> · {row.editor}</span> : null}
                </td>
                <td>
                  <div className="studio-row-actions">
                    <a className="studio-button studio-small-button" href={editUrl(row)}>
                      {t("studio.pages.edit")}
                      <span className="studio-sr-only"> {row.title[locale]}</span>
                    </a>
                    {row.status !== "new" ? (
                      <a className="studio-button studio-small-button" href={editUrl(row, true)}>
                        {t("studio.pages.settings")}
                        <span className="studio-sr-only"> {row.title[locale]}</span>
                      </a>
                    ) : null}
                    {row.status !== "new" ? (
                      <a
                        className="studio-button studio-small-button"
                        href={row.paths[locale]}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {t("studio.pages.view")}
                        <span className="studio-sr-only"> {row.title[locale]}</span>
                      </a>
                    ) : null}
                    {role === "admin" && row.status !== "new" ? (
                      <Button
                        className="studio-button studio-small-button"
                        onPress={() => setDeleting(pages.find((p) => p.page_id === row.page_id) ?? null)}
                      >
                        {t("studio.pages.delete")}
                        <span className="studio-sr-only"> {row.title[locale]}</span>
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length === 0 && pages !== null ? <p className="studio-muted">{t("studio.pages.none")}</p> : null}
      <NewPageDialog
        api={api}
        locale={locale}
        pages={pages ?? []}
        newPages={newPages.map(summaryOfNew)}
        isOpen={creating}
        onClose={() => setCreating(false)}
      />
      <DeletePageDialog
        api={api}
        locale={locale}
        page={deleting}
        pages={pages ?? []}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          load();
        }}
      />
    </div>
  );
}

/** Deleting a page asks what its addresses should do: redirect to a page picked here (301), or answer 410. */
function DeletePageDialog(props: {
  api: StudioApi;
  locale: Locale;
  page: PageSummary | null;
  pages: readonly PageSummary[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { page, locale } = props;
  const [fate, setFate] = useState<"redirect" | "gone">("redirect");
  const [target, setTarget] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const legend = useId();
  const others = props.pages.filter((p) => p.page_id !== page?.page_id);
  useEffect(() => {
    if (!page) return;
    setFate("redirect");
    setError("");
    setTarget(others.find((p) => p.paths.fr === "/fr")?.page_id ?? others[0]?.page_id ?? "");
  }, [page, others]);
  if (!page) return null;

  async function remove() {
    if (!page) return;
    if (fate === "redirect" && !target) {
      setError(t("studio.errors.required"));
      return;
    }
    setBusy(true);
    setError("");
    try {
      await props.api.deletePage(page.page_id, fate === "redirect" ? { redirect_to: target } : { gone: true });
      showToast({ text: t("studio.delete-page.done", { title: page.title[locale] }) });
      props.onDeleted();
    } catch (caught) {
      setError(
        caught instanceof StudioApiError && caught.code === "reauth_required"
          ? t("studio.errors.reauth")
          : caught instanceof StudioApiError && caught.status === 403
            ? t("studio.errors.admin-only")
            : t("studio.errors.failed", { message: (caught as Error).message }),
      );
    } finally {
      setBusy(false);
    }
  }

  const targetPage = others.find((p) => p.page_id === target);
  return (
    <ModalOverlay className="studio-modal" isOpen onOpenChange={(o) => !o && props.onClose()} isDismissable>
      <Modal className="studio-modal-box">
        <Dialog className="studio-dialog" role="alertdialog">
          <Heading slot="title">{t("studio.delete-page.title", { title: page.title[locale] })}</Heading>
          <p>{t("studio.delete-page.intro", { fr: page.paths.fr, en: page.paths.en })}</p>
          <form
            className="studio-form"
            onSubmit={(event) => {
              event.preventDefault();
              void remove();
            }}
          >
            <RadioGroup
              value={fate}
              onChange={(v) => setFate(v as "redirect" | "gone")}
              aria-labelledby={legend}
              className="studio-radios"
            >
              <p id={legend} className="studio-label">
                {t("studio.delete-page.question")}
              </p>
              <Radio value="redirect" className="studio-radio">
                {t("studio.delete-page.redirect")}
              </Radio>
              <Radio value="gone" className="studio-radio">
                {t("studio.delete-page.gone")}
              </Radio>
            </RadioGroup>
            {fate === "redirect" ? (
              <>
                <PageSelect
                  label={t("studio.delete-page.target")}
                  pages={others}
                  locale={locale}
                  value={target}
                  onChange={setTarget}
                  isRequired
                />
                {targetPage ? (
                  <p className="studio-note">
                    {t("studio.delete-page.redirect-note", {
                      from: page.paths[locale],
                      to: targetPage.paths[locale],
                    })}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="studio-note">{t("studio.delete-page.gone-note")}</p>
            )}
            {error ? (
              <p role="alert" className="studio-field-error">
                {error}
              </p>
            ) : null}
            <div className="studio-dialog-actions">
              <Button className="studio-button" onPress={props.onClose} autoFocus>
                {t("studio.page-settings.cancel")}
              </Button>
              <Button type="submit" className="studio-button studio-button-danger" isDisabled={busy}>
                {t("studio.delete-page.confirm")}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
