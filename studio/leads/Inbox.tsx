/**
 * The broker's inbox (issue 16), a QA section of the studio: every lead the site's forms sent,
 * filters by form, status and dates, a search by name or e-mail, the full detail, mark handled,
 * retry a failed delivery, CSV export, delete one lead (Law 25). Signed-in editors and admins
 * only: the route sends anyone else to the sign-in page, and the server decides every call
 * (server/content/auth.ts `requireEditor`) from the HttpOnly session cookie. Nothing is asked
 * for or kept in the browser; a session that ends meanwhile gets a link to sign in again.
 *
 * Loaded only by renderer/routes/leads.tsx after hydration: no public page carries it.
 */
import "../../renderer/messages/alerts";
import "../../renderer/messages/leads";
import "./inbox.css";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import {
  Button,
  Checkbox,
  Dialog,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  Popover,
  SearchField,
  Select,
  SelectValue,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  Text,
  TextField,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { signInUrl } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/common";
import { mailtoHref } from "../../schema/forms";
import { FORM_TYPES, formatLeadDate, leadFields, leadName } from "../../schema/lead-fields";
import { StudioApiError, type StudioSiteRef } from "../shell/api";
import { AlertList } from "./Alerts";
import { createAlertsApi } from "./alerts-api";
import { createLeadsApi, type Delivery, type Lead, type LeadPage, type LeadQuery, type LeadsApi } from "./api";

const toasts = new ToastQueue<{ text: string }>({ maxVisibleToasts: 3 });
const notify = (text: string) => toasts.add({ text }, { timeout: 5000 });

export interface InboxProps {
  locale: Locale;
  site: Pick<StudioSiteRef, "site_id">;
  /** The studio's sections page and the inbox in the other language. */
  studioHref: string;
  otherHref: string;
}

export default function Inbox(props: InboxProps) {
  const { t } = useTranslation();
  const api = useMemo(() => createLeadsApi(props.site), [props.site]);
  const alertsApi = useMemo(() => createAlertsApi(props.site), [props.site]);
  const [signedOut, setSignedOut] = useState(false);
  const otherLocale = props.locale === "fr" ? "en" : "fr";

  return (
    <div className="leads-inbox" lang={props.locale}>
      <header className="leads-top">
        <nav aria-label={t("leads.inbox.nav")} className="leads-top__nav">
          <a href={props.studioHref}>{t("leads.inbox.back-to-studio")}</a>
          <a href={props.otherHref} hrefLang={otherLocale} lang={otherLocale}>
            {t("leads.inbox.other-locale")}
          </a>
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} className="leads-main">
        <h1 className="leads-title">{t("leads.inbox.title")}</h1>
        <p className="leads-intro">{t("leads.inbox.intro")}</p>
        {signedOut ? (
          <SessionEnded locale={props.locale} />
        ) : (
          // Leads, and the visitors' saved-search alerts (issue 32) with their consent proof.
          <Tabs defaultSelectedKey={readParam("tab") === "alerts" ? "alerts" : "leads"}>
            <TabList className="leads-tabs" aria-label={t("leads.inbox.title")}>
              <Tab id="leads" className="leads-tab">
                {t("leads.inbox.nav")}
              </Tab>
              <Tab id="alerts" className="leads-tab">
                {t("alerts.studio.title")}
              </Tab>
            </TabList>
            <TabPanel id="leads">
              <LeadList api={api} locale={props.locale} onUnauthorised={() => setSignedOut(true)} />
            </TabPanel>
            <TabPanel id="alerts">
              <AlertList
                api={alertsApi}
                locale={props.locale}
                onUnauthorised={() => setSignedOut(true)}
                notify={notify}
              />
            </TabPanel>
          </Tabs>
        )}
      </main>
      <ToastRegion queue={toasts} className="leads-toasts">
        {({ toast }) => (
          <Toast toast={toast} className="leads-toast">
            <ToastContent>
              <Text slot="title">{toast.content.text}</Text>
            </ToastContent>
            <Button slot="close" className="leads-toast__close" aria-label={t("leads.inbox.detail.close")}>
              ×
            </Button>
          </Toast>
        )}
      </ToastRegion>
    </div>
  );
}

/** The session ended while the inbox was open (signed out elsewhere, revoked, expired). */
function SessionEnded({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="leads-signin" aria-labelledby="leads-signin-title" role="alert">
      <h2 id="leads-signin-title">{t("leads.inbox.sign-in.title")}</h2>
      <p>{t("leads.inbox.sign-in.text")}</p>
      <a className="leads-button leads-button--primary" href={signInUrl(locale, window.location.pathname)}>
        {t("leads.inbox.sign-in.link")}
      </a>
    </section>
  );
}

const EMPTY_QUERY: LeadQuery = { page: 1 };

function LeadList({ api, locale, onUnauthorised }: { api: LeadsApi; locale: Locale; onUnauthorised: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<LeadQuery>(() => initialQuery());
  const [search, setSearch] = useState(query.q ?? "");
  const [page, setPage] = useState<LeadPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(() => readParam("lead"));
  const [exporting, setExporting] = useState(false);

  const failed = useCallback(
    (e: unknown) => {
      if (e instanceof StudioApiError && e.status === 401) onUnauthorised();
      else setError((e as Error).message);
    },
    [onUnauthorised],
  );

  const load = useCallback(() => {
    api
      .list(query)
      .then((answer) => {
        setPage(answer);
        setError(null);
      })
      .catch(failed);
  }, [api, query, failed]);
  useEffect(load, [load]);

  // The search follows typing after a short pause.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => ((q.q ?? "") === search ? q : { ...q, q: search, page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const set = (change: Partial<LeadQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));
  const filtered = Boolean(query.type || query.status || query.from || query.to || query.q || query.problems);
  const pages = page ? Math.max(1, Math.ceil(page.total / page.limit)) : 1;

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, name } = await api.exportCsv(query, locale);
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify(t("leads.inbox.exported", { count: page?.total ?? 0 }));
    } catch (e) {
      failed(e);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <section className="leads-filters" aria-label={t("leads.inbox.filters.label")}>
        <SearchField value={search} onChange={setSearch} className="leads-field leads-field--search">
          <Label>{t("leads.inbox.filters.search")}</Label>
          <Input />
        </SearchField>
        <Choice
          label={t("leads.inbox.filters.type")}
          value={query.type ?? ""}
          onChange={(type) => set({ type })}
          options={[
            { id: "", label: t("leads.inbox.filters.any-type") },
            ...FORM_TYPES.map((type) => ({ id: type, label: t(`leads.types.${type}`) })),
          ]}
        />
        <Choice
          label={t("leads.inbox.filters.status")}
          value={query.status ?? ""}
          onChange={(status) => set({ status })}
          options={[
            { id: "", label: t("leads.inbox.filters.any-status") },
            { id: "new", label: t("leads.statuses.new") },
            { id: "handled", label: t("leads.statuses.handled") },
          ]}
        />
        <TextField value={query.from ?? ""} onChange={(from) => set({ from })} type="date" className="leads-field">
          <Label>{t("leads.inbox.filters.from")}</Label>
          <Input />
        </TextField>
        <TextField value={query.to ?? ""} onChange={(to) => set({ to })} type="date" className="leads-field">
          <Label>{t("leads.inbox.filters.to")}</Label>
          <Input />
        </TextField>
        <Checkbox
          isSelected={Boolean(query.problems)}
          onChange={(problems) => set({ problems })}
          className="leads-checkbox"
        >
          <span className="leads-checkbox__box" aria-hidden="true" />
          {t("leads.inbox.filters.problems")}
        </Checkbox>
        <div className="leads-filters__actions">
          {filtered ? (
            <Button
              className="leads-button"
              onPress={() => {
                setSearch("");
                setQuery(EMPTY_QUERY);
              }}
            >
              {t("leads.inbox.filters.clear")}
            </Button>
          ) : null}
          <Button
            className="leads-button leads-button--primary"
            onPress={exportCsv}
            isDisabled={exporting || !page?.total}
          >
            {exporting ? t("leads.inbox.exporting") : t("leads.inbox.export")}
          </Button>
        </div>
      </section>

      {error ? (
        <p role="alert" className="leads-error">
          {t("leads.inbox.error", { message: error })}
        </p>
      ) : null}
      {page && page.problems > 0 && !query.problems ? (
        <p className="leads-warning" role="status">
          {t("leads.inbox.problems", { count: page.problems })}{" "}
          <Button className="leads-link-button" onPress={() => set({ problems: true })}>
            {t("leads.inbox.show-problems")}
          </Button>
        </p>
      ) : null}

      {page === null && !error ? <p role="status">{t("leads.inbox.loading")}</p> : null}
      {page ? (
        <section aria-labelledby="leads-count">
          <h2 id="leads-count" className="leads-count">
            {t("leads.inbox.count", { count: page.total })}
          </h2>
          {page.leads.length === 0 ? (
            <p className="leads-empty">{filtered ? t("leads.inbox.empty") : t("leads.inbox.empty-all")}</p>
          ) : (
            <ul className="leads-list" aria-label={t("leads.inbox.table.label")}>
              {page.leads.map((lead) => (
                <LeadRow key={lead.id} lead={lead} locale={locale} onOpen={() => setOpen(lead.id)} />
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="leads-pager" aria-label={t("leads.inbox.page", { page: query.page, pages })}>
              <Button
                className="leads-button"
                isDisabled={query.page <= 1}
                onPress={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              >
                {t("leads.inbox.previous")}
              </Button>
              <span>{t("leads.inbox.page", { page: query.page, pages })}</span>
              <Button
                className="leads-button"
                isDisabled={query.page >= pages}
                onPress={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
              >
                {t("leads.inbox.next")}
              </Button>
            </nav>
          ) : null}
          <p className="leads-note">{t("leads.inbox.retention", { days: page.retention_days })}</p>
        </section>
      ) : null}

      {open ? (
        <LeadDetail
          api={api}
          id={open}
          locale={locale}
          channels={page?.channels ?? []}
          onClose={() => setOpen(null)}
          onChanged={load}
          onError={failed}
        />
      ) : null}
    </>
  );
}

function LeadRow({ lead, locale, onOpen }: { lead: Lead; locale: Locale; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = leadName(lead) || t("leads.values.empty");
  const phone = String(lead.payload.phone ?? "");
  return (
    <li className="leads-row" data-status={lead.status} data-delivery={lead.delivery}>
      <Button className="leads-row__open" onPress={onOpen} aria-label={t("leads.inbox.open", { name })}>
        <span className="leads-row__name">{name}</span>
        <span className="leads-row__type">{t(`leads.types.${lead.type}`, { defaultValue: lead.type })}</span>
        <span className="leads-row__contact">{[lead.email, phone].filter(Boolean).join(" · ")}</span>
        <span className="leads-row__date">{formatLeadDate(lead.created_at, locale)}</span>
        <span className="leads-row__badges">
          <span className={`leads-badge leads-badge--${lead.status}`}>{t(`leads.statuses.${lead.status}`)}</span>
          {lead.delivery === "failed" || lead.delivery === "failing" ? (
            <span className="leads-badge leads-badge--problem">{t(`leads.delivery.${lead.delivery}`)}</span>
          ) : null}
        </span>
      </Button>
    </li>
  );
}

function LeadDetail(props: {
  api: LeadsApi;
  id: string;
  locale: Locale;
  channels: readonly string[];
  onClose: () => void;
  onChanged: () => void;
  onError: (e: unknown) => void;
}) {
  const { api, id, locale, onClose, onChanged, onError } = props;
  const { t } = useTranslation();
  const [detail, setDetail] = useState<{ lead: Lead; deliveries: Delivery[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmId = useId();

  useEffect(() => {
    api
      .detail(id)
      .then(setDetail)
      .catch((e: unknown) => {
        onError(e);
        onClose();
      });
  }, [api, id, onError, onClose]);

  async function act(action: () => Promise<unknown>, message: string, close = false) {
    setBusy(true);
    try {
      await action();
      notify(message);
      onChanged();
      if (close) onClose();
      else setDetail(await api.detail(id));
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  }

  const lead = detail?.lead;
  const name = lead ? leadName(lead) || t("leads.values.empty") : "";
  const tr = (key: string, options?: Record<string, unknown>) => String(t(key, options ?? {}));
  const fields = lead ? leadFields(lead, locale, tr) : [];
  const phone = String(lead?.payload.phone ?? "");

  return (
    <Modal isOpen isDismissable onOpenChange={(isOpen) => !isOpen && onClose()} className="leads-modal">
      {/* Named by its own words: react-aria links a title slot only when the heading is there at
          the first render, and the lead arrives after the dialog opens. */}
      <Dialog
        className="leads-dialog"
        aria-label={lead ? t("leads.inbox.detail.title", { name }) : t("leads.inbox.loading")}
      >
        {lead ? (
          <>
            <div className="leads-dialog__head">
              <Heading slot="title" className="leads-dialog__title">
                {t("leads.inbox.detail.title", { name })}
              </Heading>
              <Button className="leads-button" onPress={onClose}>
                {t("leads.inbox.detail.close")}
              </Button>
            </div>
            <p className="leads-dialog__meta">
              {t(`leads.types.${lead.type}`, { defaultValue: lead.type })} · {formatLeadDate(lead.created_at, locale)}
            </p>
            <p className="leads-dialog__meta">
              {t("leads.fields.status")}{" "}
              <span className={`leads-badge leads-badge--${lead.status}`}>{t(`leads.statuses.${lead.status}`)}</span>
            </p>
            <div className="leads-dialog__contact">
              {lead.email ? (
                <a className="leads-button" href={mailtoHref(lead.email)}>
                  {t("leads.inbox.detail.reply")}
                </a>
              ) : null}
              {phone ? (
                <a className="leads-button" href={`tel:${phone.replace(/[^\d+]/g, "")}`}>
                  {t("leads.inbox.detail.call")}
                </a>
              ) : null}
            </div>
            <h3 className="leads-dialog__section">{t("leads.inbox.detail.fields")}</h3>
            <dl className="leads-fields">
              {fields.map((field) => (
                <div key={field.name} className="leads-fields__row">
                  <dt>{field.label}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
            </dl>
            <h3 className="leads-dialog__section">{t("leads.inbox.detail.deliveries")}</h3>
            {detail.deliveries.length === 0 ? (
              <p>{t("leads.inbox.detail.no-channel")}</p>
            ) : (
              <ul className="leads-deliveries">
                {detail.deliveries.map((d) => (
                  <li key={d.id}>
                    <strong>{t(`leads.channels.${d.channel}`, { defaultValue: d.channel })}</strong>
                    {" : "}
                    {d.state === "delivered" && d.delivered_at
                      ? t("leads.inbox.detail.delivered-at", { date: formatLeadDate(d.delivered_at, locale) })
                      : t(`leads.delivery.${d.state === "pending" && d.attempts >= 3 ? "failing" : d.state}`)}
                    {d.state !== "delivered" ? ` (${t("leads.inbox.detail.attempts", { count: d.attempts })})` : ""}
                    {d.last_error && d.state !== "delivered" ? (
                      <span className="leads-deliveries__error">
                        {t("leads.inbox.detail.last-error", { error: d.last_error })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            <div className="leads-dialog__actions">
              {lead.status === "new" ? (
                <Button
                  className="leads-button leads-button--primary"
                  isDisabled={busy}
                  onPress={() => act(() => api.setStatus(lead.id, "handled"), t("leads.inbox.marked-handled"))}
                >
                  {t("leads.inbox.mark-handled")}
                </Button>
              ) : (
                <Button
                  className="leads-button"
                  isDisabled={busy}
                  onPress={() => act(() => api.setStatus(lead.id, "new"), t("leads.inbox.marked-new"))}
                >
                  {t("leads.inbox.mark-new")}
                </Button>
              )}
              {detail.deliveries.some((d) => d.state === "failed" || (d.state === "pending" && d.attempts > 0)) ? (
                <Button
                  className="leads-button"
                  isDisabled={busy}
                  onPress={() => act(() => api.retry(lead.id), t("leads.inbox.retried"))}
                >
                  {t("leads.inbox.retry")}
                </Button>
              ) : null}
              <Button
                className="leads-button leads-button--danger"
                isDisabled={busy}
                onPress={() => setConfirming(true)}
              >
                {t("leads.inbox.delete")}
              </Button>
            </div>
            {confirming ? (
              <div className="leads-confirm" role="alertdialog" aria-labelledby={confirmId}>
                <p id={confirmId} className="leads-confirm__title">
                  {t("leads.inbox.delete-title")}
                </p>
                <p>{t("leads.inbox.delete-text", { name })}</p>
                <div className="leads-dialog__actions">
                  <Button className="leads-button" autoFocus onPress={() => setConfirming(false)}>
                    {t("leads.inbox.cancel")}
                  </Button>
                  <Button
                    className="leads-button leads-button--danger"
                    isDisabled={busy}
                    onPress={() => act(() => api.remove(lead.id), t("leads.inbox.deleted"), true)}
                  >
                    {t("leads.inbox.delete-confirm")}
                  </Button>
                </div>
              </div>
            ) : null}
          </>
        ) : (
          <p role="status">{t("leads.inbox.loading")}</p>
        )}
      </Dialog>
    </Modal>
  );
}

/** A react-aria Select over a few options; "" is the "any" choice. */
function Choice(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { id: string; label: string }[];
}) {
  return (
    <Select
      selectedKey={props.value || "any"}
      onSelectionChange={(key) => props.onChange(key === "any" ? "" : String(key))}
      className="leads-field leads-select"
    >
      <Label>{props.label}</Label>
      <Button className="leads-select__button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="leads-popover">
        <ListBox className="leads-listbox">
          {props.options.map((option) => (
            <ListBoxItem key={option.id || "any"} id={option.id || "any"} className="leads-option">
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

function readParam(name: string): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.search).get(name);
}

/** Filters from the address (the e-mail's link opens one lead; `?problems=1` the failed ones). */
function initialQuery(): LeadQuery {
  return { page: 1, ...(readParam("problems") === "1" ? { problems: true } : {}) };
}
