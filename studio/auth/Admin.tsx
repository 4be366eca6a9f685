/** For admins on the account page: the editors (invite, role, sign out everywhere, new link, remove) and the audit trail. */
import "../../renderer/messages/auth";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Locale } from "../../schema/locales";
import {
  type AuditEntryView,
  AuthApiError,
  auditPageSchema,
  call,
  type Editor,
  type EditorRow,
  editorRowSchema,
  editorSchema,
  formatWhen,
  okSchema,
} from "./client";
import { Field, problemText, Status, wasNotConfirmed } from "./ui";

const linkAnswer = z.object({ link: z.string(), expires_at: z.string() });

export function Editors({ locale, me }: { locale: Locale; me: Editor }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<EditorRow[]>([]);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"editor" | "admin">("editor");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [link, setLink] = useState<{ text: string; url: string }>();
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string }>();
  const roleId = useId();
  const reload = useCallback(
    () => call("GET", "editors", z.object({ editors: z.array(editorRowSchema) })).then((r) => setRows(r.editors)),
    [],
  );
  useEffect(() => void reload().catch(() => setMessage({ kind: "error", text: t("auth.error") })), [reload, t]);

  const act = async (work: () => Promise<string | undefined>) => {
    setMessage(undefined);
    try {
      const text = await work();
      await reload();
      if (text) setMessage({ kind: "ok", text });
    } catch (caught) {
      const lastAdmin = caught instanceof AuthApiError && caught.status === 409;
      setMessage({
        kind: "error",
        text: lastAdmin
          ? t("auth.account.editors.last-admin")
          : wasNotConfirmed(caught)
            ? t("auth.reauth.needed")
            : t("auth.error"),
      });
    }
  };

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setLink(undefined);
    try {
      const result = await call("POST", "editors", linkAnswer.extend({ editor: editorSchema.passthrough() }), {
        name,
        email,
        role,
        locale,
      });
      setLink({ text: t("auth.account.editors.link", { name }), url: result.link });
      setName("");
      setEmail("");
      await reload();
    } catch (caught) {
      setErrors(
        caught instanceof AuthApiError && Object.keys(caught.errors).length
          ? caught.errors
          : { form: wasNotConfirmed(caught) ? "not-confirmed" : "error" },
      );
    }
  }

  return (
    <section aria-labelledby="editors">
      <h2 id="editors">{t("auth.account.editors.title")}</h2>
      <p>{t("auth.account.editors.intro")}</p>
      <ul className="auth-list">
        {rows.map((row) => {
          const self = row.id === me.id;
          return (
            <li key={row.id} data-editor={row.email}>
              <div>
                <strong>
                  {row.name}
                  {self ? ` (${t("auth.account.editors.you")})` : ""}
                </strong>
                <div className="auth-meta">
                  {row.email}
                  {" · "}
                  {t("auth.account.editors.summary", {
                    role: t(`auth.account.role-${row.role}`),
                    sessions: row.sessions,
                    passkeys: row.passkeys,
                  })}
                  {!row.has_password && row.passkeys === 0 ? ` · ${t("auth.account.editors.no-password")}` : ""}
                </div>
              </div>
              {self ? null : (
                <div className="auth-actions">
                  <button
                    type="button"
                    className="auth-button"
                    onClick={() =>
                      act(async () => {
                        await call("PATCH", `editors/${row.id}`, okSchema, {
                          role: row.role === "admin" ? "editor" : "admin",
                        });
                        return undefined;
                      })
                    }
                  >
                    {t(row.role === "admin" ? "auth.account.editors.make-editor" : "auth.account.editors.make-admin", {
                      name: row.name,
                    })}
                  </button>
                  <button
                    type="button"
                    className="auth-button"
                    onClick={() =>
                      act(async () => {
                        const r = await call(
                          "POST",
                          `editors/${row.id}/revoke`,
                          z.object({ sessions_ended: z.number() }),
                          { tokens: false },
                        );
                        return t("auth.account.editors.revoked", { name: row.name, count: r.sessions_ended });
                      })
                    }
                  >
                    {t("auth.account.editors.revoke", { name: row.name })}
                  </button>
                  <button
                    type="button"
                    className="auth-button"
                    onClick={() =>
                      act(async () => {
                        const r = await call("POST", `editors/${row.id}/reset`, linkAnswer, { locale });
                        setLink({ text: t("auth.account.editors.reset-link", { name: row.name }), url: r.link });
                        return undefined;
                      })
                    }
                  >
                    {t("auth.account.editors.reset", { name: row.name })}
                  </button>
                  <button
                    type="button"
                    className="auth-button auth-button-danger"
                    onClick={() => {
                      if (!window.confirm(t("auth.account.editors.remove-confirm", { name: row.name }))) return;
                      void act(async () => {
                        await call("DELETE", `editors/${row.id}`, okSchema);
                        return t("auth.account.editors.removed", { name: row.name });
                      });
                    }}
                  >
                    {t("auth.account.editors.remove", { name: row.name })}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {message ? <Status kind={message.kind}>{message.text}</Status> : null}
      {link ? (
        <div role="status">
          <p>{link.text}</p>
          <input
            className="auth-secret"
            readOnly
            aria-label={link.text}
            value={link.url}
            onFocus={(e) => e.target.select()}
          />
        </div>
      ) : null}
      <h3>{t("auth.account.editors.invite")}</h3>
      <form method="post" onSubmit={invite}>
        <div className="auth-inline-form">
          <Field
            label={t("auth.account.editors.name")}
            name="invite-name"
            required
            value={name}
            onChange={setName}
            error={problemText(t, "name", errors.name)}
            maxLength={120}
          />
          <Field
            label={t("auth.account.editors.email")}
            name="invite-email"
            type="email"
            required
            value={email}
            onChange={setEmail}
            error={problemText(t, "email", errors.email)}
            maxLength={320}
          />
          <div className="auth-field">
            <label htmlFor={roleId}>{t("auth.account.editors.role")}</label>
            <select
              id={roleId}
              className="auth-select"
              value={role}
              onChange={(e) => setRole(e.target.value === "admin" ? "admin" : "editor")}
            >
              <option value="editor">{t("auth.account.role-editor")}</option>
              <option value="admin">{t("auth.account.role-admin")}</option>
            </select>
          </div>
        </div>
        {errors.form ? (
          <Status kind="error">{t(errors.form === "not-confirmed" ? "auth.reauth.needed" : "auth.error")}</Status>
        ) : null}
        <button type="submit" className="auth-button auth-button-primary">
          {t("auth.account.editors.send")}
        </button>
      </form>
    </section>
  );
}

const ACTION_GROUPS = ["auth", "page", "draft", "preview", "account", "editor", "lead", "settings"] as const;

export function Audit({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntryView[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [action, setAction] = useState("");
  const [outcome, setOutcome] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState("");
  const ids = { action: useId(), outcome: useId(), from: useId(), to: useId() };

  const load = useCallback(
    async (before?: number) => {
      const query = new URLSearchParams();
      if (action) query.set("action", `${action}.`);
      if (outcome) query.set("outcome", outcome);
      if (from) query.set("from", from);
      if (to) query.set("to", to);
      if (before) query.set("before", String(before));
      try {
        const page = await call("GET", `audit?${query}`, auditPageSchema);
        setEntries((old) => (before ? [...old, ...page.entries] : page.entries));
        setNext(page.next);
        setError("");
      } catch {
        setError(t("auth.error"));
      }
    },
    [action, outcome, from, to, t],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once; filters apply on submit
  useEffect(() => void load(), []);

  return (
    <section aria-labelledby="audit">
      <h2 id="audit">{t("auth.account.audit.title")}</h2>
      <p>{t("auth.account.audit.intro")}</p>
      <form
        className="auth-inline-form"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <div className="auth-field">
          <label htmlFor={ids.action}>{t("auth.account.audit.filter-action")}</label>
          <select id={ids.action} className="auth-select" value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">{t("auth.account.audit.any")}</option>
            {ACTION_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`auth.account.audit.action-${group}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="auth-field">
          <label htmlFor={ids.outcome}>{t("auth.account.audit.filter-outcome")}</label>
          <select id={ids.outcome} className="auth-select" value={outcome} onChange={(e) => setOutcome(e.target.value)}>
            <option value="">{t("auth.account.audit.any")}</option>
            <option value="success">{t("auth.account.audit.success")}</option>
            <option value="failure">{t("auth.account.audit.failure")}</option>
          </select>
        </div>
        <div className="auth-field">
          <label htmlFor={ids.from}>{t("auth.account.audit.filter-from")}</label>
          <input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="auth-field">
          <label htmlFor={ids.to}>{t("auth.account.audit.filter-to")}</label>
          <input id={ids.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button type="submit" className="auth-button">
          {t("auth.account.audit.apply")}
        </button>
      </form>
      <Status kind="error">{error}</Status>
      {entries.length === 0 && !error ? <p>{t("auth.account.audit.none")}</p> : null}
      {entries.length ? (
        <div className="auth-table-wrap">
          <table className="auth-table">
            <caption className="auth-sr-only">{t("auth.account.audit.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("auth.account.audit.when")}</th>
                <th scope="col">{t("auth.account.audit.who")}</th>
                <th scope="col">{t("auth.account.audit.what")}</th>
                <th scope="col">{t("auth.account.audit.target")}</th>
                <th scope="col">{t("auth.account.audit.result")}</th>
                <th scope="col">{t("auth.account.audit.where")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.seq} data-action={e.action}>
                  <td data-label={t("auth.account.audit.when")}>{formatWhen(e.at, locale)}</td>
                  <td data-label={t("auth.account.audit.who")}>{e.actor.label}</td>
                  <td data-label={t("auth.account.audit.what")}>
                    <code>{e.action}</code>
                  </td>
                  <td data-label={t("auth.account.audit.target")}>{e.target ?? "—"}</td>
                  <td
                    data-label={t("auth.account.audit.result")}
                    className={e.outcome === "failure" ? "auth-failure" : undefined}
                  >
                    {t(`auth.account.audit.${e.outcome}`)}
                  </td>
                  <td data-label={t("auth.account.audit.where")}>
                    {e.ip ?? "—"} ({e.via})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next ? (
        <button type="button" className="auth-button" onClick={() => load(next)}>
          {t("auth.account.audit.more")}
        </button>
      ) : null}
    </section>
  );
}
