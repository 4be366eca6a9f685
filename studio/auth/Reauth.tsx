/**
 * Sudo mode's dialog (GitHub's "Confirm access"): a sensitive action of the account page
 * (inviting, roles, API tokens, passkeys…) answered `reauth_required` opens it; the editor types
 * their password or uses a passkey, and the action is sent again (client.ts `call`). Nothing a
 * script could do alone: the password is not readable, a passkey needs the person.
 */
import "../../renderer/messages/auth";
import { useEffect, useRef, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { AuthApiError, call, okSchema, onReauthRequired } from "./client";
import { confirmWithPasskey, passkeysSupported, wasCancelled } from "./passkeys";
import { Field, Status } from "./ui";

export function ReauthDialog({ hasPassword, hasPasskeys }: { hasPassword: boolean; hasPasskeys: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | undefined>(undefined);
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(hasPasskeys && passkeysSupported()), [hasPasskeys]);

  useEffect(() => {
    onReauthRequired(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setPassword("");
          setError("");
          setOpen(true);
        }),
    );
    return () => onReauthRequired(undefined);
  }, []);

  function finish(confirmed: boolean) {
    setOpen(false);
    setBusy(false);
    settle.current?.(confirmed);
    settle.current = undefined;
  }

  async function withPassword(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      await call("POST", "reauth", okSchema, { password });
      finish(true);
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof AuthApiError && caught.status === 429
          ? t("auth.sign-in.throttled", { seconds: caught.retryAfter ?? 60 })
          : caught instanceof AuthApiError && caught.errors.password
            ? t("auth.reauth.wrong")
            : t("auth.error"),
      );
    }
  }

  async function withPasskey() {
    setBusy(true);
    setError("");
    try {
      await confirmWithPasskey();
      finish(true);
    } catch (caught) {
      setBusy(false);
      setError(wasCancelled(caught) ? t("auth.sign-in.passkey-cancelled") : t("auth.reauth.passkey-failed"));
    }
  }

  return (
    <ModalOverlay className="auth-modal" isOpen={open} onOpenChange={(next) => !next && finish(false)} isDismissable>
      <Modal className="auth-modal-box">
        <Dialog className="auth-dialog">
          <Heading slot="title">{t("auth.reauth.title")}</Heading>
          <p>{t("auth.reauth.intro")}</p>
          {hasPassword ? (
            <form method="post" onSubmit={withPassword}>
              <Field
                label={t("auth.account.password.current")}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={setPassword}
                // The dialog opened for this one field.
                autoFocus
              />
              <button type="submit" className="auth-button auth-button-primary auth-wide-button" disabled={busy}>
                {t("auth.reauth.confirm")}
              </button>
            </form>
          ) : null}
          {passkeys ? (
            <>
              {hasPassword ? <p className="auth-divider">{t("auth.reauth.or")}</p> : null}
              <button type="button" className="auth-button auth-wide-button" disabled={busy} onClick={withPasskey}>
                {t("auth.reauth.passkey")}
              </button>
            </>
          ) : null}
          <Status kind="error">{error}</Status>
          <div className="auth-actions auth-dialog-actions">
            <button type="button" className="auth-button" onClick={() => finish(false)}>
              {t("auth.reauth.cancel")}
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
