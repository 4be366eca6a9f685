/**
 * The sign-in page: passkey first (one button, the browser offers the passkeys it holds for
 * this site), password below. Wrong credentials and unknown accounts get the same message;
 * throttling says how long to wait.
 */
import "../../renderer/messages/auth";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { authPath } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/locales";
import { AuthApiError, call, signedInSchema } from "./client";
import { passkeysSupported, signInWithPasskey, wasCancelled } from "./passkeys";
import { AuthFrame, Field, Status } from "./ui";

/** What the route's action answered when the form was posted without its script. */
export interface PostedSignIn {
  failure: "wrong" | "throttled" | "unavailable" | "failed";
  email: string;
  retryAfter: number;
}

export function SignIn({
  locale,
  next,
  expired,
  posted,
}: {
  locale: Locale;
  next: string;
  expired?: boolean;
  posted?: PostedSignIn;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(() =>
    !posted
      ? ""
      : posted.failure === "wrong"
        ? t("auth.sign-in.wrong")
        : posted.failure === "throttled"
          ? t("auth.sign-in.throttled", { seconds: posted.retryAfter })
          : posted.failure === "unavailable"
            ? t("auth.sign-in.unavailable")
            : t("auth.error"),
  );
  // Unknown until the page's script runs: the passkey button needs it, so it stays disabled until
  // then rather than taking a click that does nothing (the password form posts without it).
  const [canPasskey, setCanPasskey] = useState<boolean | null>(null);
  useEffect(() => setCanPasskey(passkeysSupported()), []);

  const done = () => {
    // A full load: the studio's loader runs with the new cookie.
    window.location.assign(next);
  };
  const failed = (caught: unknown) => {
    if (caught instanceof AuthApiError && caught.status === 429)
      return setError(t("auth.sign-in.throttled", { seconds: caught.retryAfter ?? 60 }));
    if (caught instanceof AuthApiError && caught.status === 401) return setError(t("auth.sign-in.wrong"));
    if (caught instanceof AuthApiError && caught.status === 503) return setError(t("auth.sign-in.unavailable"));
    setError(t("auth.error"));
  };

  // The fields are read from the form, not from state: what a password manager or a quick
  // visitor typed before the page hydrated is in the inputs, and hydration keeps it there.
  async function withPassword(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError("");
    try {
      await call("POST", "sign-in", signedInSchema, {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
      });
      done();
    } catch (caught) {
      failed(caught);
      setBusy(false);
    }
  }

  async function withPasskey() {
    setBusy(true);
    setError("");
    try {
      await signInWithPasskey();
      done();
    } catch (caught) {
      if (wasCancelled(caught)) setError(t("auth.sign-in.passkey-cancelled"));
      else if (caught instanceof AuthApiError && caught.status === 429) failed(caught);
      else setError(t("auth.sign-in.passkey-failed"));
      setBusy(false);
    }
  }

  return (
    <AuthFrame title={t("auth.sign-in.title")}>
      {expired ? <Status kind="ok">{t("auth.signed-out-now")}</Status> : null}
      <p>{t("auth.sign-in.intro")}</p>
      <Status kind="error">{error}</Status>
      {canPasskey !== false ? (
        <button
          type="button"
          className="auth-button auth-button-primary auth-wide-button"
          onClick={withPasskey}
          disabled={busy || canPasskey === null}
        >
          {t("auth.sign-in.passkey")}
        </button>
      ) : (
        <p className="auth-meta">{t("auth.sign-in.passkey-unsupported")}</p>
      )}
      <p className="auth-divider">{t("auth.sign-in.or")}</p>
      {/* method="post": posted before the script runs, the route's action signs in (never a GET with the password in the URL). */}
      <form method="post" onSubmit={withPassword}>
        <Field
          label={t("auth.sign-in.email")}
          name="email"
          type="email"
          autoComplete="username webauthn"
          required
          defaultValue={posted?.email ?? ""}
          maxLength={320}
        />
        <Field
          label={t("auth.sign-in.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
        />
        <button type="submit" className="auth-button auth-wide-button" disabled={busy}>
          {busy ? t("auth.busy") : t("auth.sign-in.submit")}
        </button>
      </form>
      <p className="auth-meta" style={{ marginTop: 16 }}>
        {t("auth.sign-in.help")}
      </p>
      <p className="auth-links">
        <a href={authPath("sign-in", locale === "fr" ? "en" : "fr")} lang={locale === "fr" ? "en" : "fr"}>
          {locale === "fr" ? "English" : "Français"}
        </a>
      </p>
    </AuthFrame>
  );
}
