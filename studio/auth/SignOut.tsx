/** The sign-out page: one button (a write, so it is a POST, never a link a third party could trigger). */
import "../../renderer/messages/auth";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { signInUrl } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/locales";
import { call, okSchema } from "./client";
import { AuthFrame, Status } from "./ui";

export function SignOut({ locale, signedIn }: { locale: Locale; signedIn: boolean }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(!signedIn);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // The button works by script: disabled until the page has hydrated, so a press made before
  // is not lost in silence (the browser shows it is not ready yet, and a test waits for it).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  async function signOut() {
    setBusy(true);
    try {
      await call("POST", "sign-out", okSchema, {});
      setDone(true);
    } catch {
      setError(t("auth.error"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <AuthFrame title={t("auth.sign-out.title")}>
      <Status kind="error">{error}</Status>
      {done ? (
        <>
          <Status kind="ok">{t("auth.sign-out.done")}</Status>
          <p className="auth-links">
            <a href={signInUrl(locale)}>{t("auth.sign-out.sign-in-again")}</a>
          </p>
        </>
      ) : (
        <>
          <p>{t("auth.sign-out.question")}</p>
          <button type="button" className="auth-button auth-button-primary" onClick={signOut} disabled={busy || !ready}>
            {t("auth.sign-out.submit")}
          </button>
        </>
      )}
    </AuthFrame>
  );
}
