/**
 * The Redirects screen (issue 29): every redirect of the site (from, to, 301, 302 or 410, who
 * made it and when, and whether a rename or a deletion made it), searched; one added or changed
 * in a form that says next to the field what is wrong (a loop, a chain, a page's own address);
 * deleted after a confirmation; imported from a CSV file (all lines or none, each refusal by its
 * line) and exported to one.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../schema/locales";
import { redirectInputSchema } from "../../schema/site-admin";
import { type Redirect, type StudioApi, StudioApiError } from "../shell/api";
import { Field, fold, formatDateTime, issuesByPath, SelectField } from "../shell/form";
import { Icon } from "../shell/icons";
import { showToast } from "../shell/toasts";

interface FormValue {
  from: string;
  to: string;
  status: string;
}
const EMPTY: FormValue = { from: "", to: "", status: "301" };

/** The form's problems: the shared schema's, then the service's (a loop, a chain…) on the field it names. */
function formErrors(value: FormValue): Record<string, string> {
  const parsed = redirectInputSchema.safeParse({ ...value, status: Number(value.status) });
  return parsed.success ? {} : issuesByPath(parsed.error);
}

function RedirectForm(props: {
  api: StudioApi;
  initial: FormValue;
  replacing?: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit() {
    const found = formErrors(value);
    setErrors(found);
    setMessage("");
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setBusy(true);
    try {
      await props.api.saveRedirect(
        { from: value.from.trim(), to: value.status === "410" ? "" : value.to.trim(), status: Number(value.status) },
        props.replacing,
      );
      showToast({
        text: t(props.replacing ? "studio.redirects.updated" : "studio.redirects.added", { from: value.from }),
      });
      if (!props.replacing) setValue(EMPTY);
      props.onDone();
    } catch (caught) {
      if (caught instanceof StudioApiError && Object.keys(caught.errors).length > 0) {
        setErrors(caught.errors);
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      } else setMessage(t("studio.errors.failed", { message: (caught as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="studio-redirect-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        label={t("studio.redirects.from")}
        value={value.from}
        error={errors.from}
        hint={t("studio.redirects.from-hint")}
        onChange={(from) => setValue({ ...value, from })}
        name="from"
      />
      <Field
        label={t("studio.redirects.to")}
        value={value.status === "410" ? "" : value.to}
        disabled={value.status === "410"}
        error={errors.to}
        hint={t("studio.redirects.to-hint")}
        onChange={(to) => setValue({ ...value, to })}
        name="to"
      />
      <SelectField
        label={t("studio.redirects.status")}
        value={value.status}
        error={errors.status}
        onChange={(status) => setValue({ ...value, status })}
        options={["301", "302", "410"].map((code) => ({ value: code, label: t(`studio.redirects.status-${code}`) }))}
        name="status"
      />
      <div className="studio-form-actions">
        <Button type="submit" className="studio-button studio-button-primary" isDisabled={busy}>
          {props.replacing ? t("studio.redirects.save") : t("studio.redirects.add")}
        </Button>
        {props.onCancel ? (
          <Button className="studio-button" onPress={props.onCancel}>
            {t("studio.page-settings.cancel")}
          </Button>
        ) : null}
      </div>
      {message ? (
        <p role="alert" className="studio-field-error">
          {message}
        </p>
      ) : null}
    </form>
  );
}

export function RedirectsScreen({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const [redirects, setRedirects] = useState<Redirect[] | null>(null);
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Redirect | null>(null);
  const [importErrors, setImportErrors] = useState<Record<string, string> | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const searchId = useId();

  const load = useCallback(() => {
    api
      .redirects()
      .then(setRedirects)
      .catch(() => showToast({ text: t("studio.redirects.load-error"), tone: "error" }));
  }, [api, t]);
  useEffect(load, [load]);

  const importFile = async (file: File) => {
    setImportErrors(null);
    try {
      const count = await api.importRedirects(await file.text());
      showToast({ text: t("studio.redirects.imported", { count }) });
      load();
    } catch (caught) {
      if (caught instanceof StudioApiError && Object.keys(caught.errors).length > 0) setImportErrors(caught.errors);
      else showToast({ text: t("studio.errors.failed", { message: (caught as Error).message }), tone: "error" });
    }
  };

  const wanted = fold(query.trim());
  const shown = (redirects ?? []).filter((r) => !wanted || fold(`${r.from} ${r.to}`).includes(wanted));
  return (
    <div className="studio-screen-body">
      <div className="studio-screen-head">
        <h1>{t("studio.redirects.title")}</h1>
        <p>{t("studio.redirects.intro")}</p>
      </div>
      <section className="studio-card" aria-labelledby="redirect-new">
        <h2 id="redirect-new">{t("studio.redirects.new")}</h2>
        <RedirectForm api={api} initial={EMPTY} onDone={load} />
      </section>
      <div className="studio-screen-tools">
        <div className="studio-field studio-search">
          <label htmlFor={searchId}>{t("studio.redirects.search")}</label>
          <input
            id={searchId}
            type="search"
            className="studio-input"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="studio-toolbar-spacer" />
        <Button className="studio-button" onPress={() => fileRef.current?.click()}>
          {t("studio.redirects.import")}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label={t("studio.redirects.import")}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void importFile(file);
          }}
        />
        <a className="studio-button" href={api.redirectsCsvUrl} download>
          {t("studio.redirects.export")}
        </a>
      </div>
      {importErrors ? (
        <div role="alert" className="studio-card studio-import-errors">
          <p>{t("studio.redirects.import-refused")}</p>
          <ul>
            {Object.entries(importErrors).map(([line, reason]) => (
              <li key={line}>
                {line.replace(/^line/, t("studio.redirects.line"))} :{" "}
                {t(`studio.errors.${reason.split(": ").at(-1)}`, { defaultValue: reason })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {redirects === null ? (
        <p role="status">{t("studio.redirects.loading")}</p>
      ) : shown.length === 0 ? (
        <p className="studio-muted">{t("studio.redirects.none")}</p>
      ) : (
        <table className="studio-table">
          <caption className="studio-sr-only">{t("studio.redirects.caption", { count: shown.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.redirects.from")}</th>
              <th scope="col">{t("studio.redirects.to")}</th>
              <th scope="col">{t("studio.redirects.status")}</th>
              <th scope="col">{t("studio.redirects.made")}</th>
              <th scope="col">
                <span className="studio-sr-only">{t("studio.pages.col-actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) =>
              editing === r.from ? (
                <tr key={r.from}>
                  <td colSpan={5}>
                    <RedirectForm
                      api={api}
                      initial={{ from: r.from, to: r.to, status: String(r.status) }}
                      replacing={r.from}
                      onDone={() => {
                        setEditing(null);
                        load();
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={r.from}>
                  <th scope="row">
                    <span className="studio-path">{r.from}</span>
                  </th>
                  <td>
                    {r.status === 410 ? (
                      <span className="studio-muted">{t("studio.redirects.gone")}</span>
                    ) : (
                      <span className="studio-path">{r.to}</span>
                    )}
                  </td>
                  <td>{t(`studio.redirects.status-${r.status}`)}</td>
                  <td>
                    {t(`studio.redirects.origin-${r.origin ?? "manual"}`, { defaultValue: r.origin })}
                    {r.created_by ? <span className="studio-muted"> · {r.created_by.name}</span> : null}
                    {r.created_at ? (
                      <span className="studio-muted"> · {formatDateTime(r.created_at, locale)}</span>
                    ) : null}
                  </td>
                  <td>
                    <div className="studio-row-actions">
                      <Button className="studio-button studio-small-button" onPress={() => setEditing(r.from)}>
                        {t("studio.redirects.edit")}
                        <span className="studio-sr-only"> {r.from}</span>
                      </Button>
                      <Button className="studio-button studio-small-button" onPress={() => setDeleting(r)}>
                        <Icon name="delete" size={16} />
                        {t("studio.redirects.delete")}
                        <span className="studio-sr-only"> {r.from}</span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      <ModalOverlay
        className="studio-modal"
        isOpen={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        isDismissable
      >
        <Modal className="studio-modal-box">
          <Dialog className="studio-dialog" role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title">{t("studio.redirects.delete-title", { from: deleting?.from ?? "" })}</Heading>
                <p>{t("studio.redirects.delete-text")}</p>
                <div className="studio-dialog-actions">
                  <Button className="studio-button" onPress={close} autoFocus>
                    {t("studio.page-settings.cancel")}
                  </Button>
                  <Button
                    className="studio-button studio-button-danger"
                    onPress={async () => {
                      const target = deleting;
                      close();
                      if (!target) return;
                      try {
                        await api.deleteRedirect(target.from);
                        showToast({ text: t("studio.redirects.deleted", { from: target.from }) });
                        load();
                      } catch (caught) {
                        showToast({
                          text: t("studio.errors.failed", { message: (caught as Error).message }),
                          tone: "error",
                        });
                      }
                    }}
                  >
                    {t("studio.redirects.delete")}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
