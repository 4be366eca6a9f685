/**
 * The signed-in editor's account page: password, passkeys, sessions (sign out everywhere),
 * API tokens; for admins also the editors and the audit trail (Admin.tsx).
 */
import "../../renderer/messages/auth";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { authPath, signInUrl, studioPath } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/locales";
import { Audit, Editors } from "./Admin";
import {
  type AccountView,
  AuthApiError,
  accountSchema,
  call,
  type Editor,
  formatWhen,
  okSchema,
  tokenSchema,
} from "./client";
import { passkeysSupported, registerPasskey, wasCancelled } from "./passkeys";
import { ReauthDialog } from "./Reauth";
import { AuthFrame, Field, problemText, Status, wasNotConfirmed } from "./ui";

export function Account({ locale, editor }: { locale: Locale; editor: Editor }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState<AccountView>();
  const [error, setError] = useState("");
  const reload = useCallback(
    () =>
      call("GET", "account", accountSchema).then(setAccount, (caught) => {
        if (caught instanceof AuthApiError && caught.status === 401)
          window.location.assign(signInUrl(locale, authPath("account", locale)));
        else setError(t("auth.error"));
      }),
    [locale, t],
  );
  useEffect(() => void reload(), [reload]);
  const admin = editor.role === "admin";
  return (
    <AuthFrame title={t("auth.account.title")} wide>
      <p>
        {t("auth.account.signed-in-as", {
          name: editor.name,
          email: editor.email,
          role: t(`auth.account.role-${editor.role}`),
        })}
      </p>
      <nav aria-label={t("auth.account.nav")}>
        <ul className="auth-nav">
          <li>
            <a href={studioPath(locale)}>{t("auth.to-studio")}</a>
          </li>
          <li>
            <a href="#passkeys">{t("auth.account.passkeys.title")}</a>
          </li>
          <li>
            <a href="#sessions">{t("auth.account.sessions.title")}</a>
          </li>
          <li>
            <a href="#tokens">{t("auth.account.tokens.title")}</a>
          </li>
          {admin ? (
            <>
              <li>
                <a href="#editors">{t("auth.account.editors.title")}</a>
              </li>
              <li>
                <a href="#audit">{t("auth.account.audit.title")}</a>
              </li>
            </>
          ) : null}
          <li>
            <a href={authPath("sign-out", locale)}>{t("auth.sign-out.title")}</a>
          </li>
        </ul>
      </nav>
      <Status kind="error">{error}</Status>
      {account ? (
        <>
          <Passkeys account={account} locale={locale} reload={reload} />
          <Password account={account} />
          <Sessions account={account} locale={locale} reload={reload} />
          <Tokens account={account} locale={locale} reload={reload} />
          <ReauthDialog hasPassword={account.has_password} hasPasskeys={account.passkeys.length > 0} />
        </>
      ) : (
        <p role="status">{t("auth.busy")}</p>
      )}
      {admin ? (
        <>
          <Editors locale={locale} me={editor} />
          <Audit locale={locale} />
        </>
      ) : null}
    </AuthFrame>
  );
}

type SectionProps = { account: AccountView; locale: Locale; reload: () => Promise<unknown> };

function Passkeys({ account, locale, reload }: SectionProps) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string }>();
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(passkeysSupported()), []);
  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      await registerPasskey(name.trim() || t("auth.account.passkeys.name-default"));
      setName("");
      await reload();
      setMessage({ kind: "ok", text: t("auth.account.passkeys.added") });
    } catch (caught) {
      setMessage({
        kind: "error",
        text: wasCancelled(caught)
          ? t("auth.sign-in.passkey-cancelled")
          : wasNotConfirmed(caught)
            ? t("auth.reauth.needed")
            : t("auth.account.passkeys.failed"),
      });
    } finally {
      setBusy(false);
    }
  }
  async function remove(id: string) {
    try {
      await call("DELETE", `account/passkeys/${encodeURIComponent(id)}`, okSchema);
      await reload();
      setMessage({ kind: "ok", text: t("auth.account.passkeys.removed") });
    } catch (caught) {
      setMessage({
        kind: "error",
        text: wasNotConfirmed(caught)
          ? t("auth.reauth.needed")
          : caught instanceof AuthApiError
            ? caught.message
            : t("auth.error"),
      });
    }
  }
  return (
    <section aria-labelledby="passkeys">
      <h2 id="passkeys">{t("auth.account.passkeys.title")}</h2>
      <p>{t("auth.account.passkeys.intro")}</p>
      {account.passkeys.length === 0 ? <p className="auth-meta">{t("auth.account.passkeys.none")}</p> : null}
      <ul className="auth-list">
        {account.passkeys.map((p) => (
          <li key={p.id}>
            <div>
              <strong>{p.name}</strong>
              <div className="auth-meta">
                {t("auth.account.passkeys.created", { date: formatWhen(p.created_at, locale) })}
                {p.last_used_at
                  ? ` · ${t("auth.account.passkeys.last-used", { date: formatWhen(p.last_used_at, locale) })}`
                  : ""}
              </div>
            </div>
            <button type="button" className="auth-button auth-button-danger" onClick={() => remove(p.id)}>
              {t("auth.account.passkeys.remove", { name: p.name })}
            </button>
          </li>
        ))}
      </ul>
      {message ? <Status kind={message.kind}>{message.text}</Status> : null}
      {supported ? (
        <form className="auth-inline-form" method="post" onSubmit={add}>
          <Field
            label={t("auth.account.passkeys.name")}
            name="passkey-name"
            value={name}
            onChange={setName}
            maxLength={80}
          />
          <button type="submit" className="auth-button auth-button-primary" disabled={busy}>
            {t("auth.account.passkeys.add")}
          </button>
        </form>
      ) : (
        <p className="auth-meta">{t("auth.sign-in.passkey-unsupported")}</p>
      )}
    </section>
  );
}

function Password({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setSaved(false);
    try {
      await call("POST", "account/password", okSchema, {
        ...(account.has_password ? { current_password: current } : {}),
        new_password: next,
      });
      setCurrent("");
      setNext("");
      setSaved(true);
    } catch (caught) {
      setErrors(
        caught instanceof AuthApiError && Object.keys(caught.errors).length
          ? caught.errors
          : { form: wasNotConfirmed(caught) ? "not-confirmed" : "error" },
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="password">
      <h2 id="password">{t("auth.account.password.title")}</h2>
      <form method="post" onSubmit={submit}>
        <input type="hidden" name="username" autoComplete="username" value={account.editor.email} />
        {account.has_password ? (
          <Field
            label={t("auth.account.password.current")}
            name="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={setCurrent}
            error={problemText(t, "password", errors.current_password)}
          />
        ) : null}
        <Field
          label={t("auth.account.password.new")}
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={next}
          onChange={setNext}
          hint={t("auth.activation.password-hint")}
          error={problemText(t, "password", errors.password)}
        />
        {errors.form ? (
          <Status kind="error">{t(errors.form === "not-confirmed" ? "auth.reauth.needed" : "auth.error")}</Status>
        ) : null}
        {saved ? <Status kind="ok">{t("auth.account.password.saved")}</Status> : null}
        <button type="submit" className="auth-button" disabled={busy}>
          {t("auth.account.password.submit")}
        </button>
      </form>
    </section>
  );
}

function Sessions({ account, locale, reload }: SectionProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");
  async function revoke(id: string, current: boolean) {
    await call("DELETE", `account/sessions/${encodeURIComponent(id)}`, okSchema).catch(() => undefined);
    if (current) return window.location.assign(signInUrl(locale));
    await reload();
    setMessage(t("auth.account.sessions.revoked"));
  }
  async function revokeAll(everywhere: boolean) {
    const result = await call("POST", "account/sessions/revoke", z.object({ sessions_ended: z.number() }), {
      everywhere,
    });
    if (everywhere) return window.location.assign(signInUrl(locale));
    await reload();
    setMessage(t("auth.account.sessions.others-done", { count: result.sessions_ended }));
  }
  return (
    <section aria-labelledby="sessions">
      <h2 id="sessions">{t("auth.account.sessions.title")}</h2>
      <p>{t("auth.account.sessions.intro")}</p>
      <ul className="auth-list">
        {account.sessions.map((s) => (
          <li key={s.id}>
            <div>
              <strong>{s.current ? t("auth.account.sessions.current") : (s.user_agent ?? "—").slice(0, 80)}</strong>
              <div className="auth-meta">
                {t("auth.account.sessions.since", {
                  date: formatWhen(s.created_at, locale),
                  method: t(`auth.account.sessions.method-${s.method}`, { defaultValue: s.method }),
                })}
                {" · "}
                {t("auth.account.sessions.seen", { date: formatWhen(s.last_seen_at, locale) })}
                {s.ip ? ` · ${t("auth.account.sessions.from", { ip: s.ip })}` : ""}
              </div>
            </div>
            <button type="button" className="auth-button auth-button-danger" onClick={() => revoke(s.id, s.current)}>
              {t("auth.account.sessions.revoke")}
            </button>
          </li>
        ))}
      </ul>
      <Status kind="ok">{message}</Status>
      <div className="auth-actions">
        <button type="button" className="auth-button" onClick={() => revokeAll(false)}>
          {t("auth.account.sessions.others")}
        </button>
        <button type="button" className="auth-button auth-button-danger" onClick={() => revokeAll(true)}>
          {t("auth.account.sessions.everywhere")}
        </button>
      </div>
    </section>
  );
}

function Tokens({ account, locale, reload }: SectionProps) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [read, setRead] = useState(true);
  const [write, setWrite] = useState(false);
  const [days, setDays] = useState("90");
  const [created, setCreated] = useState("");
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string }>();
  async function create(event: React.FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    try {
      const result = await call("POST", "account/tokens", z.object({ token: z.string(), record: tokenSchema }), {
        name: name.trim(),
        scopes: [...(read ? ["read"] : []), ...(write ? ["write"] : [])],
        expires_in_days: Number(days) || 90,
      });
      setCreated(result.token);
      setName("");
      await reload();
    } catch (caught) {
      setMessage({
        kind: "error",
        text: wasNotConfirmed(caught) ? t("auth.reauth.needed") : t("auth.field-problem.invalid"),
      });
    }
  }
  async function revoke(id: string) {
    await call("DELETE", `account/tokens/${encodeURIComponent(id)}`, okSchema).catch(() => undefined);
    await reload();
    setMessage({ kind: "ok", text: t("auth.account.tokens.revoked") });
  }
  return (
    <section aria-labelledby="tokens">
      <h2 id="tokens">{t("auth.account.tokens.title")}</h2>
      <p>{t("auth.account.tokens.intro")}</p>
      {account.tokens.length === 0 ? <p className="auth-meta">{t("auth.account.tokens.none")}</p> : null}
      <ul className="auth-list">
        {account.tokens.map((token) => (
          <li key={token.id}>
            <div>
              <strong>{token.name}</strong>
              <div className="auth-meta">
                {t("auth.account.tokens.details", {
                  prefix: token.prefix,
                  scopes: token.scopes.map((s) => t(`auth.account.tokens.scope-${s}`)).join(", "),
                  date: formatWhen(token.created_at, locale),
                })}
                {token.expires_at
                  ? ` · ${t("auth.account.tokens.expires", { date: formatWhen(token.expires_at, locale) })}`
                  : ""}
                {" · "}
                {token.last_used_at
                  ? t("auth.account.tokens.used", { date: formatWhen(token.last_used_at, locale) })
                  : t("auth.account.tokens.never-used")}
              </div>
            </div>
            <button type="button" className="auth-button auth-button-danger" onClick={() => revoke(token.id)}>
              {t("auth.account.tokens.revoke", { name: token.name })}
            </button>
          </li>
        ))}
      </ul>
      {created ? (
        <div role="status">
          <p>{t("auth.account.tokens.created")}</p>
          <label className="auth-label" htmlFor="new-token">
            {t("auth.account.tokens.value")}
          </label>
          <input id="new-token" className="auth-secret" readOnly value={created} onFocus={(e) => e.target.select()} />
        </div>
      ) : null}
      {message ? <Status kind={message.kind}>{message.text}</Status> : null}
      <form method="post" onSubmit={create}>
        <div className="auth-inline-form">
          <Field
            label={t("auth.account.tokens.name")}
            name="token-name"
            required
            value={name}
            onChange={setName}
            maxLength={120}
          />
          <Field
            label={t("auth.account.tokens.days")}
            name="token-days"
            type="number"
            value={days}
            onChange={setDays}
          />
        </div>
        <fieldset className="auth-fieldset">
          <legend>{t("auth.account.tokens.scopes")}</legend>
          <label className="auth-check">
            <input type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} />
            {t("auth.account.tokens.scope-read")}
          </label>
          <label className="auth-check">
            <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} />
            {t("auth.account.tokens.scope-write")}
          </label>
        </fieldset>
        <button type="submit" className="auth-button" disabled={!read && !write}>
          {t("auth.account.tokens.create")}
        </button>
      </form>
    </section>
  );
}
