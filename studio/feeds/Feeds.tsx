/**
 * The listing feed's screen (issue 31), a QA section of the studio for administrators
 * (/fr/qa/flux, /en/qa/feed): the last sync (started, ended, added, changed, removed, skipped
 * with their reasons), the next one, errors in plain words, "sync now"; the previous syncs; and
 * the feed's settings (provider, addresses, client id and secret, the broker's own offices and
 * agents, how often, photos), saved after a recent proof of identity (sudo mode's dialog). The
 * secret is written, never read back: the server says whether one is saved.
 *
 * Loaded only by renderer/routes/feeds.tsx after hydration: no public page carries it.
 */
import "../../renderer/messages/feeds";
import "./feeds.css";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { signInUrl } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/common";
import { type AccountView, AuthApiError, accountSchema, call, formatWhen } from "../auth/client";
import { ReauthDialog } from "../auth/Reauth";
import { wasNotConfirmed } from "../auth/ui";
import {
  createFeedsApi,
  type FeedRunView,
  type FeedSettings,
  type FeedSettingsInput,
  type FeedStatus,
  type FeedsApi,
} from "./api";

export interface FeedsProps {
  locale: Locale;
  site: { site_id: string };
  role: "admin" | "editor";
  /** The studio's sections page, and this screen in the other language. */
  studioHref: string;
  otherHref: string;
  /** This screen's own path (the sign-in page comes back to it). */
  selfHref: string;
}

/** While a sync runs (or was just asked for), the screen asks again this often. */
const POLL_MS = 2500;

export default function Feeds(props: FeedsProps) {
  const { t } = useTranslation();
  const api = useMemo(() => createFeedsApi(props.site.site_id), [props.site.site_id]);
  const otherLocale = props.locale === "fr" ? "en" : "fr";
  return (
    <div className="feeds-screen" lang={props.locale}>
      <header className="feeds-top">
        <nav aria-label={t("feeds.nav")} className="feeds-top__nav">
          <a href={props.studioHref}>{t("feeds.back-to-studio")}</a>
          <a href={props.otherHref} hrefLang={otherLocale} lang={otherLocale}>
            {t("feeds.other-locale")}
          </a>
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} className="feeds-main">
        <h1 className="feeds-title">{t("feeds.title")}</h1>
        <p className="feeds-intro">{t("feeds.intro")}</p>
        {props.role === "admin" ? (
          <FeedScreen api={api} locale={props.locale} selfHref={props.selfHref} />
        ) : (
          <p className="feeds-panel">{t("feeds.admins-only")}</p>
        )}
      </main>
    </div>
  );
}

function FeedScreen({ api, locale, selfHref }: { api: FeedsApi; locale: Locale; selfHref: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedStatus>();
  const [problem, setProblem] = useState<"load" | "signed-out" | null>(null);
  const [account, setAccount] = useState<AccountView>();
  // After "sync now": poll until a run newer than this one has ended.
  const [waitingAfter, setWaitingAfter] = useState<string | null | undefined>(undefined);

  const load = useCallback(
    () =>
      api.status().then(
        (next) => {
          setStatus(next);
          setProblem(null);
        },
        (caught) => setProblem(caught instanceof AuthApiError && caught.status === 401 ? "signed-out" : "load"),
      ),
    [api],
  );
  useEffect(() => {
    void load();
    // The confirm-access dialog needs to know how the editor can confirm (password, passkeys).
    call("GET", "account", accountSchema).then(setAccount, () => {});
  }, [load]);

  const running = Boolean(status?.state?.running);
  const lastRunId = status?.runs[0]?.id ?? null;
  const waiting = waitingAfter !== undefined && (lastRunId === waitingAfter || running);
  // Each answer while a sync runs (or was just asked for) schedules the next question: the
  // effect follows the answer itself, not only whether it says "running".
  useEffect(() => {
    if (!status) return;
    if (!running && !waiting) {
      if (waitingAfter !== undefined && lastRunId !== waitingAfter) setWaitingAfter(undefined);
      return;
    }
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [status, running, waiting, waitingAfter, lastRunId, load]);

  if (problem === "signed-out") {
    return (
      <p className="feeds-panel" role="alert">
        {t("feeds.session-ended")} <a href={signInUrl(locale, selfHref)}>{t("feeds.sign-in-again")}</a>
      </p>
    );
  }
  if (problem === "load") {
    return (
      <p className="feeds-panel" role="alert">
        {t("feeds.load-error")}
      </p>
    );
  }
  if (!status) return <p role="status">{t("feeds.loading")}</p>;
  return (
    <>
      <SyncPanel
        api={api}
        status={status}
        locale={locale}
        busy={running || waiting}
        onSyncAsked={() => {
          setWaitingAfter(lastRunId);
          void load();
        }}
      />
      {status.runs.length > 1 ? <History runs={status.runs.slice(1)} locale={locale} /> : null}
      <SettingsForm api={api} status={status} onSaved={() => void load()} />
      {account ? <ReauthDialog hasPassword={account.has_password} hasPasskeys={account.passkeys.length > 0} /> : null}
    </>
  );
}

function SyncPanel(props: {
  api: FeedsApi;
  status: FeedStatus;
  locale: Locale;
  busy: boolean;
  onSyncAsked: () => void;
}) {
  const { t } = useTranslation();
  const { status, locale, busy } = props;
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const run = status.runs[0];
  const canSync = status.settings !== null && status.problem === null;
  const syncNow = () => {
    setMessage(null);
    props.api.syncNow().then(
      () => {
        setMessage({ kind: "ok", text: t("feeds.status.sync-started") });
        props.onSyncAsked();
      },
      () => setMessage({ kind: "error", text: t("feeds.status.sync-error") }),
    );
  };
  return (
    <section className="feeds-panel" aria-labelledby="feeds-status-title">
      <div className="feeds-panel__head">
        <h2 id="feeds-status-title">{t("feeds.status.title")}</h2>
        {status.settings ? (
          <button
            type="button"
            className="feeds-button feeds-button--primary"
            onClick={syncNow}
            disabled={busy || !canSync}
          >
            {t("feeds.status.sync-now")}
          </button>
        ) : null}
      </div>
      {!status.settings ? <p>{t("feeds.status.none")}</p> : null}
      {status.problem ? (
        <p className="feeds-alert" role="alert">
          {t(`feeds.problems.${status.problem}`)}
        </p>
      ) : null}
      {status.state?.hidden ? (
        <p className="feeds-alert" role="alert">
          {t("feeds.status.hidden", { hours: status.stale_after_hours ?? 24 })}
        </p>
      ) : null}
      <p role="status" className="feeds-live">
        {busy ? t("feeds.status.running") : message?.kind === "ok" ? message.text : ""}
      </p>
      {message?.kind === "error" ? (
        <p className="feeds-alert" role="alert">
          {message.text}
        </p>
      ) : null}
      {status.state ? (
        <ul className="feeds-facts">
          {status.state.next_run_at && status.settings ? (
            <li>{t("feeds.status.next", { when: formatWhen(status.state.next_run_at, locale) })}</li>
          ) : null}
          {status.state.current_at ? (
            <li>{t("feeds.status.current", { when: formatWhen(status.state.current_at, locale) })}</li>
          ) : null}
          <li>{t("feeds.status.counts", status.counts)}</li>
        </ul>
      ) : null}
      <h3>{t("feeds.status.last-run")}</h3>
      {run ? <RunReport run={run} locale={locale} /> : <p>{t("feeds.status.never")}</p>}
    </section>
  );
}

function RunReport({ run, locale }: { run: FeedRunView; locale: Locale }) {
  const { t } = useTranslation();
  const r = run.report;
  return (
    <div className="feeds-run" data-status={run.status}>
      <p className="feeds-run__title">
        <span className="feeds-badge" data-status={run.status}>
          {t(`feeds.status.result.${run.status}`)}
        </span>{" "}
        {t(`feeds.status.kind.${run.kind}`)} ({t(`feeds.status.trigger.${run.trigger}`)})
      </p>
      <p className="feeds-run__times">
        {t("feeds.status.started", { when: formatWhen(run.started_at, locale) })}
        {run.ended_at ? <> · {t("feeds.status.ended", { when: formatWhen(run.ended_at, locale) })}</> : null}
      </p>
      <dl className="feeds-counts">
        {(["created", "updated", "removed", "skipped"] as const).map((key) => (
          <div key={key}>
            <dt>{t(`feeds.status.${key}`)}</dt>
            <dd>{new Intl.NumberFormat(`${locale}-CA`).format(run[key])}</dd>
          </div>
        ))}
      </dl>
      {run.error_code ? (
        <div className="feeds-alert" role="alert">
          <p>{t("feeds.status.error", { words: t(`feeds.errors.${run.error_code}`) })}</p>
          {run.error_message ? (
            <p className="feeds-muted">{t("feeds.status.details", { message: run.error_message })}</p>
          ) : null}
        </div>
      ) : null}
      <ul className="feeds-notes">
        <li>{t("feeds.status.requests", { count: run.requests })}</li>
        {r.waited_s ? <li>{t("feeds.status.waited", { seconds: r.waited_s })}</li> : null}
        {r.demo_removed ? <li>{t("feeds.status.demo-removed", { count: r.demo_removed })}</li> : null}
        {r.notes.map((note) => (
          <li key={note}>{t(`feeds.notes.${note}`, { defaultValue: note })}</li>
        ))}
      </ul>
      {r.skips.length ? (
        <details className="feeds-skips">
          <summary>{t("feeds.status.skips-title", { count: run.skipped })}</summary>
          <ul>
            {r.skips.map((skip) => (
              <li key={skip.key}>
                <code>{skip.key}</code> {skip.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function History({ runs, locale }: { runs: FeedRunView[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="feeds-panel" aria-labelledby="feeds-history-title">
      <h2 id="feeds-history-title">{t("feeds.status.history")}</h2>
      <div className="feeds-table-wrap">
        <table className="feeds-table">
          <thead>
            <tr>
              <th scope="col">{t("feeds.status.th-started")}</th>
              <th scope="col">{t("feeds.status.th-kind")}</th>
              <th scope="col">{t("feeds.status.th-result")}</th>
              <th scope="col">{t("feeds.status.th-changes")}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <td>{formatWhen(run.started_at, locale)}</td>
                <td>{t(`feeds.status.kind.${run.kind}`)}</td>
                <td>
                  {t(`feeds.status.result.${run.status}`)}
                  {run.error_code ? ` — ${t(`feeds.errors.${run.error_code}`)}` : ""}
                </td>
                <td>{[run.created, run.updated, run.removed, run.skipped].join(" / ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const EMPTY: FeedSettings = {
  kind: "ddf",
  base_url: "",
  token_url: "",
  client_id: "",
  has_secret: false,
  scope: "",
  mine: { offices: [], agents: [] },
  interval_minutes: 15,
  photos: "hotlink",
  remarks_language: "fr",
  enabled: true,
};

const list = (text: string) =>
  text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

function SettingsForm({ api, status, onSaved }: { api: FeedsApi; status: FeedStatus; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const fromEnv = status.origin === "environment";
  const saved = status.settings ?? EMPTY;
  const [form, setForm] = useState({
    kind: saved.kind,
    base_url: saved.base_url,
    token_url: saved.token_url,
    client_id: saved.client_id,
    client_secret: "",
    scope: saved.scope,
    offices: saved.mine.offices.join(", "),
    agents: saved.mine.agents.join(", "),
    interval_minutes: String(saved.interval_minutes),
    photos: saved.photos,
    remarks_language: saved.remarks_language,
    enabled: saved.enabled,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const input = (): FeedSettingsInput => ({
    kind: form.kind,
    base_url: form.base_url.trim(),
    token_url: form.token_url.trim(),
    client_id: form.client_id.trim(),
    ...(form.client_secret ? { client_secret: form.client_secret } : {}),
    ...(form.scope.trim() ? { scope: form.scope.trim() } : {}),
    mine: { offices: list(form.offices), agents: list(form.agents) },
    interval_minutes: Number(form.interval_minutes),
    photos: form.photos,
    remarks_language: form.remarks_language,
    enabled: form.enabled,
  });
  const fail = (caught: unknown, fallback: string) => {
    if (wasNotConfirmed(caught)) setResult({ kind: "error", text: t("feeds.settings.not-confirmed") });
    else {
      if (caught instanceof AuthApiError) setErrors(caught.errors);
      setResult({ kind: "error", text: fallback });
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setResult(null);
    try {
      await api.save(input());
      setResult({ kind: "ok", text: t("feeds.settings.saved") });
      set("client_secret", "");
      onSaved();
    } catch (caught) {
      fail(caught, t("feeds.settings.save-error"));
    } finally {
      setBusy(false);
    }
  };
  const test = async () => {
    setBusy(true);
    setErrors({});
    setResult({ kind: "ok", text: t("feeds.settings.testing") });
    try {
      const answer = await api.test(input());
      setResult(
        answer.ok
          ? { kind: "ok", text: t("feeds.settings.test-ok") }
          : {
              kind: "error",
              text: t("feeds.settings.test-failed", { words: t(`feeds.errors.${answer.code ?? "internal"}`) }),
            },
      );
    } catch (caught) {
      fail(caught, t("feeds.settings.test-failed", { words: t("feeds.errors.internal") }));
    } finally {
      setBusy(false);
    }
  };
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="feeds-field-error">
        {errors[field] === "required" ? t("feeds.settings.field-required") : t("feeds.settings.field-invalid")}
      </p>
    ) : null;
  const text = (
    field: "base_url" | "token_url" | "client_id" | "scope",
    label: string,
    hint?: string,
    type = "text",
  ) => (
    <div className="feeds-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      {hint ? (
        <p id={`${id}-${field}-hint`} className="feeds-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={`${id}-${field}`}
        type={type}
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
        required={field !== "scope"}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={
          [hint ? `${id}-${field}-hint` : "", errors[field] ? `${id}-${field}-error` : ""].filter(Boolean).join(" ") ||
          undefined
        }
      />
      {error(field)}
    </div>
  );

  return (
    <section className="feeds-panel" aria-labelledby="feeds-settings-title">
      <h2 id="feeds-settings-title">{t("feeds.settings.title")}</h2>
      {fromEnv ? <p className="feeds-note">{t("feeds.settings.from-environment")}</p> : null}
      <form onSubmit={save} method="post">
        <fieldset disabled={fromEnv || busy} className="feeds-form">
          <div className="feeds-field">
            <label htmlFor={`${id}-kind`}>{t("feeds.settings.kind")}</label>
            <select
              id={`${id}-kind`}
              value={form.kind}
              onChange={(e) => set("kind", e.target.value as FeedSettings["kind"])}
            >
              {(["ddf", "centris", "reso"] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`feeds.settings.kind-${k}`)}
                </option>
              ))}
            </select>
          </div>
          {text("base_url", t("feeds.settings.base-url"), t("feeds.settings.base-url-hint"), "url")}
          {text("token_url", t("feeds.settings.token-url"), undefined, "url")}
          {text("client_id", t("feeds.settings.client-id"))}
          <div className="feeds-field">
            <label htmlFor={`${id}-secret`}>{t("feeds.settings.client-secret")}</label>
            {saved.has_secret ? (
              <p id={`${id}-secret-hint`} className="feeds-hint">
                {t("feeds.settings.client-secret-saved")}
              </p>
            ) : null}
            <input
              id={`${id}-secret`}
              type="password"
              autoComplete="new-password"
              value={form.client_secret}
              onChange={(e) => set("client_secret", e.target.value)}
              required={!saved.has_secret}
              aria-invalid={errors.client_secret ? true : undefined}
              aria-describedby={
                [saved.has_secret ? `${id}-secret-hint` : "", errors.client_secret ? `${id}-client_secret-error` : ""]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            />
            {error("client_secret")}
          </div>
          {text("scope", t("feeds.settings.scope"), t("feeds.settings.scope-hint"))}
          <div className="feeds-field">
            <label htmlFor={`${id}-offices`}>{t("feeds.settings.offices")}</label>
            <p id={`${id}-mine-hint`} className="feeds-hint">
              {t("feeds.settings.mine-hint")}
            </p>
            <input
              id={`${id}-offices`}
              value={form.offices}
              onChange={(e) => set("offices", e.target.value)}
              aria-describedby={`${id}-mine-hint`}
              aria-invalid={errors["mine.offices"] ? true : undefined}
            />
            {error("mine.offices")}
          </div>
          <div className="feeds-field">
            <label htmlFor={`${id}-agents`}>{t("feeds.settings.agents")}</label>
            <input
              id={`${id}-agents`}
              value={form.agents}
              onChange={(e) => set("agents", e.target.value)}
              aria-describedby={`${id}-mine-hint`}
              aria-invalid={errors["mine.agents"] ? true : undefined}
            />
            {error("mine.agents")}
          </div>
          <div className="feeds-field">
            <label htmlFor={`${id}-interval`}>{t("feeds.settings.interval")}</label>
            <input
              id={`${id}-interval`}
              type="number"
              inputMode="numeric"
              min={5}
              max={1440}
              value={form.interval_minutes}
              onChange={(e) => set("interval_minutes", e.target.value)}
              aria-invalid={errors.interval_minutes ? true : undefined}
            />
            {error("interval_minutes")}
          </div>
          <fieldset className="feeds-choice">
            <legend>{t("feeds.settings.remarks-language")}</legend>
            {(["fr", "en"] as const).map((language) => (
              <label key={language}>
                <input
                  type="radio"
                  name={`${id}-remarks`}
                  checked={form.remarks_language === language}
                  onChange={() => set("remarks_language", language)}
                />{" "}
                {t(`feeds.settings.remarks-${language}`)}
              </label>
            ))}
          </fieldset>
          <fieldset
            className="feeds-choice"
            aria-describedby={status.mirror_available ? undefined : `${id}-mirror-hint`}
          >
            <legend>{t("feeds.settings.photos")}</legend>
            <label>
              <input
                type="radio"
                name={`${id}-photos`}
                checked={form.photos === "hotlink"}
                onChange={() => set("photos", "hotlink")}
              />{" "}
              {t("feeds.settings.photos-hotlink")}
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-photos`}
                checked={form.photos === "mirror"}
                disabled={!status.mirror_available && form.photos !== "mirror"}
                onChange={() => set("photos", "mirror")}
              />{" "}
              {t("feeds.settings.photos-mirror")}
            </label>
            {status.mirror_available ? null : (
              <p id={`${id}-mirror-hint`} className="feeds-hint">
                {t("feeds.settings.photos-mirror-unavailable")}
              </p>
            )}
          </fieldset>
          <label className="feeds-check">
            <input type="checkbox" checked={form.enabled} onChange={(e) => set("enabled", e.target.checked)} />{" "}
            {t("feeds.settings.enabled")}
          </label>
          <div className="feeds-actions">
            <button type="submit" className="feeds-button feeds-button--primary">
              {t("feeds.settings.save")}
            </button>
            <button type="button" className="feeds-button" onClick={() => void test()}>
              {t("feeds.settings.test")}
            </button>
          </div>
        </fieldset>
        <p
          role={result?.kind === "error" ? "alert" : "status"}
          className={result?.kind === "error" ? "feeds-alert" : "feeds-live"}
        >
          {result?.text ?? ""}
        </p>
      </form>
    </section>
  );
}
