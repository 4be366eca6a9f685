/**
 * "Créer une alerte" (issue 32): the search page's dialog saving the current filters and map area
 * as an alert. An e-mail, a frequency, and an unticked box whose sentence (from the server, the
 * words recorded as the proof) says the purpose, who asks, their contact and that consent can be
 * withdrawn. The self-hosted captcha is solved on sending. Nothing is sent to the address but the
 * confirmation (double opt-in), which the success view says. A react-aria dialog (SiteModal):
 * focus trapped and restored, Escape closes; full screen on a phone.
 */
import "../../messages/alerts";
import "../../messages/properties";
import "../../messages/forms";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  type SavedSearch,
  summarizeSearch,
} from "../../../schema/alerts-shared";
import { useSite } from "../../lib/site";
import { SiteModal } from "../../ui/shell/SiteModal";
import { CheckboxField, PrivacyNote, RadioGroupField, TextField } from "../forms/fields";
import { useCaptcha } from "../forms/useCaptcha";
import { postAlert } from "./api";
import "../forms/forms.css";
import "./alerts.css";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AlertDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  search: SavedSearch;
  /** The search page's path (the "see all" link of the e-mails replays the search there). */
  page: string;
  consent: string;
  /** Names of the chosen cities, by code. */
  cityName: (code: string) => string | undefined;
}

type Errors = Partial<Record<"email" | "consent" | "form", string>>;

export function AlertDialog(props: AlertDialogProps) {
  const { t } = useTranslation();
  const site = useSite();
  const { locale } = site;
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const captcha = useCaptcha(formRef, "alert");
  const [email, setEmail] = useState("");
  const [frequency, setFrequency] = useState<AlertFrequency>("instant");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>();

  const summary = summarizeSearch(
    props.search,
    locale,
    (k, o) => t(k, o),
    (code) => t(`properties.types.${code}`),
    props.cityName,
  );

  const close = (open: boolean) => {
    props.onOpenChange(open);
    if (!open && sentTo) {
      setSentTo(undefined);
      setConsent(false);
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found: Errors = {};
    const address = email.trim();
    if (!address) found.email = t("alerts.dialog.errors.email-required");
    else if (!EMAIL.test(address)) found.email = t("alerts.dialog.errors.email-invalid");
    if (!consent) found.consent = t("alerts.dialog.errors.consent-required");
    setErrors(found);
    if (found.email || found.consent) {
      const first = found.email ? "email" : "consent";
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      return;
    }
    setSending(true);
    try {
      const token = await captcha.token();
      const answer = await postAlert(site, {
        email: address,
        frequency,
        locale,
        search: props.search,
        page: props.page,
        consent: true,
        consent_text: props.consent,
        recaptcha_response: token,
      });
      if (answer.status === 200) {
        setSentTo(address);
        return;
      }
      const code =
        answer.status === 429
          ? "rate-limited"
          : answer.status === 403
            ? "captcha"
            : answer.status === 404
              ? "unavailable"
              : answer.status === 409 && answer.errors.consent_text
                ? "stale"
                : answer.status === 409 && answer.errors.email
                  ? "limit"
                  : answer.status === 400 && answer.errors.email
                    ? undefined
                    : "generic";
      setErrors(
        code ? { form: t(`alerts.dialog.errors.${code}`) } : { email: t("alerts.dialog.errors.email-invalid") },
      );
    } catch {
      setErrors({ form: t("alerts.dialog.errors.generic") });
    } finally {
      captcha.reset();
      setSending(false);
    }
  }

  return (
    <SiteModal
      isOpen={props.isOpen}
      onOpenChange={close}
      title={sentTo ? t("alerts.dialog.success-title") : t("alerts.dialog.title")}
      className="alert-dialog"
      locale={locale}
    >
      {sentTo ? (
        <div className="alert-dialog__body">
          <p role="status">{t("alerts.dialog.success-text", { email: sentTo })}</p>
          <div className="alert-dialog__footer">
            <button type="button" className="btn btn-primary" onClick={() => close(false)}>
              {t("alerts.dialog.close")}
            </button>
          </div>
        </div>
      ) : (
        <form ref={formRef} className="alert-dialog__body" onSubmit={submit} noValidate>
          <p className="alert-dialog__intro">{t("alerts.dialog.intro")}</p>
          <section className="alert-dialog__search" aria-labelledby={`${uid}-search`}>
            <h3 id={`${uid}-search`} className="alert-dialog__subtitle">
              {t("alerts.dialog.search")}
            </h3>
            <ul className="alert-summary">
              {summary.map((part) => (
                <li key={part}>{part}</li>
              ))}
            </ul>
            {props.search.bounds ? <p className="alert-dialog__note">{t("alerts.dialog.area-note")}</p> : null}
          </section>
          <TextField
            id={`${uid}-email`}
            name="email"
            type="email"
            label={t("alerts.dialog.email")}
            value={email}
            onChange={(value) => {
              setEmail(value);
              if (errors.email) setErrors(({ email: _gone, ...rest }) => rest);
            }}
            autoComplete="email"
            inputMode="email"
            error={errors.email}
            required
          />
          <RadioGroupField
            id={`${uid}-frequency`}
            name="frequency"
            legend={t("alerts.dialog.frequency")}
            value={frequency}
            onChange={(value) => setFrequency(value as AlertFrequency)}
            options={ALERT_FREQUENCIES.map((f) => ({ value: f, label: t(`alerts.frequencies.${f}`) }))}
          />
          <CheckboxField
            id={`${uid}-consent`}
            name="consent"
            label={props.consent}
            checked={consent}
            onChange={(checked) => {
              setConsent(checked);
              if (errors.consent) setErrors(({ consent: _gone, ...rest }) => rest);
            }}
            error={errors.consent}
            required
          />
          <PrivacyNote href={site.privacyPolicyPath} />
          {errors.form ? (
            <p className="form-field__error alert-dialog__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="alert-dialog__footer">
            <button type="button" className="btn btn-secondary" onClick={() => close(false)}>
              {t("alerts.dialog.cancel")}
            </button>
            <button type="submit" className="btn btn-primary" disabled={sending} aria-disabled={sending}>
              {sending ? t("alerts.dialog.submitting") : t("alerts.dialog.submit")}
            </button>
          </div>
        </form>
      )}
    </SiteModal>
  );
}
