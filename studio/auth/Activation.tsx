/**
 * A one-time link's page (first-run setup, invitation, password reset). The token travels in
 * the URL's fragment, which browsers never send to a server or put in a Referer: the page
 * reads it and posts it.
 */
import "../../renderer/messages/auth";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { authPath, studioPath } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/locales";
import { AuthApiError, call, linkInfoSchema, signedInSchema } from "./client";
import { AuthFrame, Field, problemText, Status } from "./ui";

type Info = ReturnType<typeof linkInfoSchema.parse>;

export function Activation({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [token, setToken] = useState("");
  const [info, setInfo] = useState<Info | null | undefined>(undefined);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const value = window.location.hash.slice(1);
    setToken(value);
    if (!/^[A-Za-z0-9_-]{43}$/.test(value)) return setInfo(null);
    call("POST", "links/inspect", linkInfoSchema, { token: value }).then(setInfo, () => setInfo(null));
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setError("");
    try {
      await call("POST", "links/complete", signedInSchema, {
        token,
        password,
        ...(info?.kind === "setup" ? { name, email } : {}),
      });
      // The link is used: leave it out of the history, and go to the account page (passkeys).
      window.location.replace(info?.kind === "setup" ? authPath("account", locale) : studioPath(locale));
    } catch (caught) {
      if (caught instanceof AuthApiError && caught.status === 404) setInfo(null);
      else if (caught instanceof AuthApiError && Object.keys(caught.errors).length) setErrors(caught.errors);
      else setError(t("auth.error"));
      setBusy(false);
    }
  }

  const title =
    info?.kind === "invite"
      ? t("auth.activation.title-invite")
      : info?.kind === "reset"
        ? t("auth.activation.title-reset")
        : t("auth.activation.title-setup");
  return (
    <AuthFrame title={title}>
      {info === undefined ? <p role="status">{t("auth.activation.checking")}</p> : null}
      {info === null ? <Status kind="error">{t("auth.activation.invalid")}</Status> : null}
      {info ? (
        <>
          <p>
            {info.kind === "setup"
              ? t("auth.activation.intro-setup")
              : t(`auth.activation.intro-${info.kind}`, {
                  name: info.editor?.name ?? "",
                  email: info.editor?.email ?? "",
                })}
          </p>
          <Status kind="error">{error}</Status>
          <form method="post" onSubmit={submit}>
            {info.kind === "setup" ? (
              <>
                <Field
                  label={t("auth.activation.name")}
                  name="name"
                  autoComplete="name"
                  required
                  value={name}
                  onChange={setName}
                  error={problemText(t, "name", errors.name)}
                  maxLength={120}
                />
                <Field
                  label={t("auth.activation.email")}
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={setEmail}
                  error={problemText(t, "email", errors.email)}
                  maxLength={320}
                />
              </>
            ) : (
              <input type="hidden" name="username" autoComplete="username" value={info.editor?.email ?? ""} />
            )}
            <Field
              label={t("auth.activation.password")}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              value={password}
              onChange={setPassword}
              hint={t("auth.activation.password-hint")}
              error={problemText(t, "password", errors.password)}
            />
            <button type="submit" className="auth-button auth-button-primary auth-wide-button" disabled={busy}>
              {busy
                ? t("auth.busy")
                : info.kind === "setup"
                  ? t("auth.activation.submit")
                  : t("auth.activation.submit-password")}
            </button>
          </form>
        </>
      ) : null}
    </AuthFrame>
  );
}
