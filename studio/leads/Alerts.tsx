/**
 * The broker's saved-search alerts (issue 32), beside the leads in the inbox: who asked to hear
 * about new listings, for which search, how often, where it stands, and the proof of their
 * consent (the words they read and their version, the language, the page, when it was given,
 * confirmed and withdrawn, the address as a keyed hash), exportable as CSV; an alert deleted on
 * its owner's request (Law 25). Every call is an editor's (the server checks and audits it).
 */
import "../../renderer/messages/alerts";
import "../../renderer/messages/leads";
import { useCallback, useEffect, useState } from "react";
import { Button, Input, Label, SearchField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { ALERT_STATES, type AlertRecord, type AlertState, summarizeSearch } from "../../schema/alerts";
import type { Locale } from "../../schema/common";
import { formatLeadDate } from "../../schema/lead-fields";
import { PROPERTY_TYPE_LABELS } from "../../schema/search";
import { StudioApiError } from "../shell/api";
import type { AlertPage, AlertQuery, AlertsApi } from "./alerts-api";

export function AlertList(props: {
  api: AlertsApi;
  locale: Locale;
  onUnauthorised: () => void;
  notify: (text: string) => void;
}) {
  const { api, locale, onUnauthorised, notify } = props;
  const { t } = useTranslation();
  const [query, setQuery] = useState<AlertQuery>({ page: 1 });
  const [search, setSearch] = useState("");
  const [page, setPage] = useState<AlertPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const failed = useCallback(
    (e: unknown) => {
      if (e instanceof StudioApiError && e.status === 401) onUnauthorised();
      else setError(t("alerts.studio.error"));
    },
    [onUnauthorised, t],
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
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => ((q.q ?? "") === search ? q : { ...q, q: search, page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [search]);

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
    } catch (e) {
      failed(e);
    } finally {
      setExporting(false);
    }
  }

  async function remove(alert: AlertRecord) {
    if (!window.confirm(t("alerts.studio.delete-confirm", { email: alert.email }))) return;
    try {
      await api.remove(alert.id);
      notify(t("alerts.studio.deleted"));
      load();
    } catch (e) {
      failed(e);
    }
  }

  const pages = page ? Math.max(1, Math.ceil(page.total / page.limit)) : 1;
  return (
    <>
      <p className="leads-intro">{t("alerts.studio.intro")}</p>
      <section className="leads-filters" aria-label={t("alerts.studio.title")}>
        <SearchField value={search} onChange={setSearch} className="leads-field leads-field--search">
          <Label>{t("alerts.studio.search")}</Label>
          <Input />
        </SearchField>
        <div className="leads-field">
          <label htmlFor="alerts-state">{t("alerts.studio.state")}</label>
          <select
            id="alerts-state"
            className="leads-native-select"
            value={query.state ?? ""}
            onChange={(e) => setQuery((q) => ({ ...q, state: e.target.value as AlertState | "", page: 1 }))}
          >
            <option value="">{t("alerts.studio.all-states")}</option>
            {ALERT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`alerts.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="leads-filters__actions">
          <Button
            className="leads-button leads-button--primary"
            onPress={exportCsv}
            isDisabled={exporting || !page?.total}
          >
            {t("alerts.studio.export")}
          </Button>
        </div>
      </section>
      {error ? (
        <p role="alert" className="leads-error">
          {error}
        </p>
      ) : null}
      {page ? (
        <section aria-labelledby="alerts-count">
          <h2 id="alerts-count" className="leads-count">
            {t("alerts.studio.count", { count: page.total })}
          </h2>
          {page.alerts.length === 0 ? (
            <p className="leads-empty">{t("alerts.studio.empty")}</p>
          ) : (
            <ul className="leads-list alerts-list">
              {page.alerts.map((alert) => (
                <AlertRow key={alert.id} alert={alert} locale={locale} onDelete={() => void remove(alert)} />
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
        </section>
      ) : error ? null : (
        <p role="status">{t("leads.inbox.loading")}</p>
      )}
    </>
  );
}

function AlertRow({ alert, locale, onDelete }: { alert: AlertRecord; locale: Locale; onDelete: () => void }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`alerts.studio.fields.${key}`);
  const summary = summarizeSearch(
    alert.search,
    locale,
    (k, o) => t(k, o),
    (code) => PROPERTY_TYPE_LABELS[code][locale],
  );
  const date = (iso: string | null) => (iso ? formatLeadDate(iso, locale) : "—");
  return (
    <li className="leads-row alerts-row" data-state={alert.state}>
      <div className="alerts-row__head">
        <span className="leads-row__name">{alert.email}</span>
        <span className={`leads-badge alerts-badge alerts-badge--${alert.state}`}>
          {t(`alerts.states.${alert.state}`)}
          {alert.state === "paused" && alert.paused_reason
            ? ` (${t(`alerts.paused-reasons.${alert.paused_reason}`, { defaultValue: alert.paused_reason })})`
            : ""}
        </span>
      </div>
      <p className="alerts-row__search">
        {summary.join(" · ")} · {t(`alerts.frequency-short.${alert.frequency}`)}
      </p>
      <details className="alerts-row__proof">
        <summary>{t("alerts.studio.fields.consent_text")}</summary>
        <dl>
          <dt>{f("consent_text")}</dt>
          <dd lang={alert.consent.locale}>{alert.consent.text}</dd>
          <dt>{f("consent_version")}</dt>
          <dd>{alert.consent.version}</dd>
          <dt>{f("source")}</dt>
          <dd>
            {t(`alerts.studio.sources.${alert.consent.source}`)} ({alert.consent.page})
          </dd>
          <dt>{f("given_at")}</dt>
          <dd>{date(alert.consent.given_at)}</dd>
          <dt>{f("confirmed_at")}</dt>
          <dd>{date(alert.consent.confirmed_at)}</dd>
          <dt>{f("withdrawn_at")}</dt>
          <dd>{date(alert.consent.withdrawn_at)}</dd>
          <dt>{f("sent")}</dt>
          <dd>
            {alert.sent}
            {alert.last_sent_at ? ` (${date(alert.last_sent_at)})` : ""}
          </dd>
        </dl>
      </details>
      <div className="alerts-row__actions">
        <Button className="leads-button" onPress={onDelete}>
          {t("alerts.studio.delete")}
        </Button>
      </div>
    </li>
  );
}
